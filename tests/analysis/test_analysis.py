"""Known answers for win detection, decomposition, shanten and waits, on both backends."""

from __future__ import annotations

import pytest

from mjcore import Forms
from mjcore.errors import InvalidHandError
from mjcore.notation import tile_index


def t(name: str) -> int:
    return tile_index(name)


# ---- is_win ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, forms, expected",
    [
        ("1112345678999m5m", Forms.STANDARD, True),  # 九莲宝灯
        ("123m456p789s11222z", Forms.STANDARD, True),
        ("123m456p789s11223z", Forms.ALL, False),
        ("1133557799m1133p", Forms.STANDARD, False),
        ("1133557799m1133p", Forms.SEVEN_PAIRS, True),  # 七对
        ("19m19p19s1234567z1m", Forms.THIRTEEN_ORPHANS, True),  # 十三幺
        ("19m19p19s1234567z1m", Forms.STANDARD | Forms.SEVEN_PAIRS, False),
        ("147m258p369s12345z", Forms.KNITTED, True),  # 全不靠
        ("147m258p369s12345z", Forms.DEFAULT, False),
        ("147m258p3s1234567z", Forms.KNITTED, True),  # 七星不靠
        ("147m258p233469s55z", Forms.KNITTED, True),  # 组合龙 + 234s + 55z
        ("147m258p233469s55z", Forms.STANDARD, False),
        ("123m456m789m123p456p11z", Forms.STANDARD, True),  # 17 tiles: five sets and a pair
        ("11z", Forms.STANDARD, True),
        ("12z [123m] [456m] [789m] [111p]", Forms.STANDARD, False),
        ("11z [123m] [456m] [789m] [111p]", Forms.STANDARD, True),
        ("123m456p789s1z*", Forms.STANDARD, True),
        ("123m456p789s**", Forms.STANDARD, True),
    ],
)
def test_is_win(backend, hand, forms, expected):
    assert backend.is_win(hand, forms) is expected


def test_seven_pairs_with_a_quad(backend):
    hand = "1111m2233p445566s"
    assert backend.is_win(hand, Forms.SEVEN_PAIRS)
    assert not backend.is_win(hand, Forms.SEVEN_PAIRS, seven_pairs_quads=False)
    assert not backend.is_win(hand, Forms.STANDARD)


def test_seven_pairs_needs_a_concealed_hand(backend):
    assert not backend.is_win("113355m11337p [999p]", Forms.SEVEN_PAIRS)
    assert not backend.is_win("113355m11337p (9999p)", Forms.SEVEN_PAIRS)


def test_is_win_refuses_a_waiting_size(backend):
    with pytest.raises(InvalidHandError, match="3n\\+2"):
        backend.is_win("123m456p789s1122z")


# ---- decompose -------------------------------------------------------------------------------------------


def test_decompose_nine_gates_all_readings(backend):
    found = backend.decompose("11122233344455m")
    assert len(found) >= 3
    assert all(d.form == "standard" for d in found)
    assert len(set(found)) == len(found)
    for d in found:
        assert sum(len(g.tiles) for g in d.groups) == 14
        assert d.pair is not None


def test_decompose_forms_and_groups(backend):
    (orphans,) = backend.decompose("19m19p19s1234567z1m", Forms.THIRTEEN_ORPHANS)
    assert orphans.form == "thirteen_orphans"
    assert [g.kind for g in orphans.groups].count("single") == 12
    assert orphans.pair.tiles == (0, 0)

    (pairs,) = backend.decompose("1111m2233p445566s", Forms.SEVEN_PAIRS)
    assert pairs.form == "seven_pairs" and [g.tiles for g in pairs.groups].count((0, 0)) == 2

    (lesser,) = backend.decompose("147m258p369s12345z", Forms.KNITTED)
    assert lesser.form == "lesser_honors_knitted"
    (greater,) = backend.decompose("147m258p3s1234567z", Forms.KNITTED)
    assert greater.form == "greater_honors_knitted"
    (dragon,) = backend.decompose("147m258p233469s55z", Forms.KNITTED)
    assert dragon.form == "knitted_straight"
    assert sorted(g.kind for g in dragon.groups) == ["chow", "knitted", "pair"]


def test_decompose_melds_are_groups(backend):
    (d,) = backend.decompose("11z [123m] [456m] (7777p) {1111s}")
    kinds = [(g.kind, g.meld is not None) for g in d.groups]
    assert ("kong", True) in kinds and ("chow", True) in kinds and ("pair", False) in kinds


def test_decompose_wilds_say_what_they_stand_for(backend):
    (d,) = backend.decompose("123m456p789s1z*")
    assert d.wild_tiles == (t("1z"),)
    found = backend.decompose("123m456p789s**")
    # The two wilds make a pair of any of the 34 kinds, or complete a set whose displaced tile pairs with the
    # other wild (123m(*=1m) 11m(*=1m), 345p(*=3p) 66p(*=6p), ...): 13 more readings.
    pair_readings = [d for d in found if any(g.kind == "pair" and g.wilds == g.tiles for g in d.groups)]
    assert {d.wild_tiles for d in pair_readings} == {(k, k) for k in range(34)}
    assert len(found) == 47 and all(len(d.wild_tiles) == 2 for d in found)


def test_decompose_not_a_win_is_empty(backend):
    assert backend.decompose("123m456p789s11223z") == []


# ---- shanten ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, forms, expected",
    [
        ("1111m333p222s444z", Forms.STANDARD, 1),  # no waiting on a tile held four times
        ("123m456p789s1122z", Forms.STANDARD, 0),
        ("123m456p789s11222z", Forms.STANDARD, -1),
        ("19m19p19s1234567z", Forms.THIRTEEN_ORPHANS, 0),
        ("19m19p19s1234567z", Forms.STANDARD, 8),  # 13 unrelated tiles: 4 sets + pair need 9 more, minus 1
        ("1133557799m113p", Forms.SEVEN_PAIRS, 0),
        ("1111m2233p44556s", Forms.SEVEN_PAIRS, 0),
        ("147m258p369s1234z", Forms.KNITTED, 0),
        ("1z", Forms.STANDARD, 0),
        ("1m [111m] [222m] [333m] [444m]", Forms.STANDARD, 1),  # 1m is gone: needs another tile and a pair
        ("123m456m789m12345p11z", Forms.STANDARD, 0),  # 16 tiles
        ("123m456m789m123p4p11z9s", Forms.STANDARD, 1),
        ("123m456p789s1z*", Forms.STANDARD, -1),
        ("123m456p789s*", Forms.STANDARD, 0),
    ],
)
def test_shanten(backend, hand, forms, expected):
    assert backend.shanten(hand, forms) == expected


def test_shanten_by_form(backend):
    result = backend.shanten_by_form("19m19p19s1234567z")
    assert result["thirteen_orphans"] == 0 and result["standard"] == 8
    assert set(result) == {"standard", "seven_pairs", "thirteen_orphans", "knitted"}
    with_meld = backend.shanten_by_form("123m456p789s1z [111m]")
    assert with_meld["seven_pairs"] is None and with_meld["thirteen_orphans"] is None


def test_shanten_seven_pairs_quads_option(backend):
    # Five distinct pairs and six kinds: 6 - 5 + (7 - 6) = 2.
    assert backend.shanten("1111m2233p44556s", Forms.SEVEN_PAIRS, seven_pairs_quads=False) == 2


def test_shanten_fifth_copy_option(backend):
    # 1111m + a wild: the wild as a fifth 1m would make 111m + 11m.
    hand = "1111m123p456p789p*"
    assert backend.shanten(hand, Forms.STANDARD) == -1
    assert backend.is_win(hand, Forms.STANDARD)
    # Without a fifth copy the wild must make a chow with a drawn tile: 11m + 1m*3m, one tile away.
    assert backend.shanten(hand, Forms.STANDARD, wild_fifth_copy=False) == 0
    assert not backend.is_win(hand, Forms.STANDARD, wild_fifth_copy=False)


# ---- waits -----------------------------------------------------------------------------------------------


def test_waits_nine_gates(backend):
    w = backend.waits("1112345678999m")
    assert w.ready and w.shanten == 0
    assert w.kinds == tuple(range(9))
    assert dict(w.tiles) == {0: 1, 1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 3, 8: 1}
    assert w.total == 23


def test_waits_thirteen_sided(backend):
    w = backend.waits("19m19p19s1234567z", Forms.THIRTEEN_ORPHANS)
    assert len(w.tiles) == 13 and w.total == 39


def test_waits_counts_visible_tiles(backend):
    visible = [0] * 34
    visible[t("5m")] = 3
    w = backend.waits("1112345678999m", visible=visible)
    assert dict(w.tiles)[t("5m")] == 0
    visible[t("5m")] = 4
    with pytest.raises(InvalidHandError, match="5m"):
        backend.waits("1112345678999m", visible=visible)


@pytest.mark.parametrize("text", ["1m5p9s1234567z19m9p", "13579m2468p135s7z", "1258m3469p1357s1z"])
def test_useful_tiles_are_exactly_the_draws_that_lower_shanten(backend, text):
    hand = backend.parse_hand(text)
    w = backend.waits(hand)
    assert w.shanten >= 1
    held = hand.all_counts()
    expected = tuple(
        (tile, 4 - held[tile])
        for tile in range(34)
        if held[tile] < 4 and backend.shanten(hand.with_tile(tile)) < w.shanten
    )
    assert w.tiles == expected and expected


def test_discard_table(backend):
    rows = backend.waits("1112345678999m1p")
    assert rows[0].discard == t("1p") and rows[0].shanten == 0 and rows[0].total == 23
    assert len({r.discard for r in rows}) == len(rows) == 10
    keys = [(r.shanten, -r.total, r.discard) for r in rows]
    assert keys == sorted(keys)
