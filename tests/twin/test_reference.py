"""Unit tests of the pure-Python reference (``mjcore.reference``) on its own: hand-written hands of every form,
the parser's errors, and checks of the exact shanten against independent definitions (a brute force over
every target, the win test, and the ``xiangting`` package)."""

from __future__ import annotations

import ast
import doctest
import importlib
import inspect
import random
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest
import xiangting
from hypothesis import given
from hypothesis import strategies as st

import mjcore
from mjcore import reference as ref
from mjcore.analysis.calls import __all__ as PUBLIC_FUNCTIONS
from mjcore.errors import InvalidArgumentError, InvalidHandError, InvalidTileError, NotationError
from mjcore.hand import Forms, Hand, Meld, MeldKind
from mjcore.reference.analysis.knitted import KNITTED_PATTERNS
from mjcore.analysis.results import DiscardChoice, Group, Waits
from mjcore.tiles import TERMINALS_AND_HONOURS as ORPHANS
from tests.support.fuzz import fuzz_settings

# Every set of tiles: the 34 pungs and the 21 chows.
SETS = [(k, k, k) for k in range(34)] + [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]


def kinds(text: str) -> list[int]:
    return ref.parse_tiles(text)


# --- random hands -------------------------------------------------------------------------------------------


def random_hand(rng: random.Random, *, sets: int | None = None, melds: int = 0, wilds: int = 0,
                complete: bool | None = None) -> Hand:
    """A random valid hand: ``melds`` declared melds, then a concealed part of 3n+1 or 3n+2 tiles (``wilds``
    of them wild) drawn from what the melds left of the 136-tile set."""
    left = [4] * 34
    declared = []
    while len(declared) < melds:
        kind = rng.choice(list(MeldKind))
        tile = rng.randrange(27 if kind == MeldKind.CHI else 34)
        meld = Meld(kind, tile) if kind != MeldKind.CHI or tile % 9 <= 6 else None
        if meld and all(left[t] >= meld.tiles.count(t) for t in meld.tiles):
            for t in meld.tiles:
                left[t] -= 1
            declared.append(meld)
    if sets is None:
        sets = rng.randint(0, 5 - melds)
    if complete is None:
        complete = rng.random() < 0.5
    size = 3 * sets + (2 if complete else 1) - wilds
    wall = [k for k in range(34) for _ in range(left[k])]
    counts = [0] * 34
    for k in rng.sample(wall, size):
        counts[k] += 1
    return Hand(tuple(counts), tuple(declared), wilds)


def random_complete_hand(rng: random.Random, sets: int) -> Hand:
    """A random complete concealed hand: ``sets`` random sets and a pair, within four copies of each kind."""
    while True:
        counts = [0] * 34
        for group in rng.choices(SETS, k=sets) + [(rng.randrange(34),) * 2]:
            for t in group:
                counts[t] += 1
        if max(counts) <= 4:
            return Hand(tuple(counts))


# --- brute force: the replacement number by its definition ------------------------------------------------

def _targets(sets: int) -> np.ndarray:
    """Count vectors of every standard target with ``sets`` sets and a pair (possibly over four copies)."""
    rows = []
    for chosen in combinations_with_replacement(SETS, sets):
        for pair in range(34):
            row = [0] * 34
            for group in chosen:
                for t in group:
                    row[t] += 1
            row[pair] += 2
            rows.append(row)
    return np.array(rows, dtype=np.int16)


_TARGETS = {sets: _targets(sets) for sets in range(3)}


def brute_force_standard_shanten(hand: Hand, wild_fifth_copy: bool) -> int:
    """min over targets of (tiles the target lacks − wilds) − 1, a target's copies beyond four (melds
    counted) needing wilds (when allowed at all)."""
    targets = _TARGETS[hand.sets_needed]
    locked = np.array(hand.all_counts(), dtype=np.int16) - np.array(hand.concealed, dtype=np.int16)
    lacking = np.maximum(targets - np.array(hand.concealed, dtype=np.int16), 0).sum(axis=1)
    excess = np.maximum(targets + locked - 4, 0).sum(axis=1)
    allowed = excess <= (hand.wilds if wild_fifth_copy else 0)
    return int(max(0, lacking[allowed].min() - hand.wilds)) - 1


@pytest.mark.parametrize("fifth", [True, False])
def test_standard_shanten_matches_brute_force_on_small_hands(fifth):
    rng = random.Random(7 if fifth else 8)
    for _ in range(400):
        sets = rng.randint(0, 2)
        melds = rng.randint(0, 5 - sets)
        wilds = rng.choice([0, 0, 1, 2, 3])
        hand = random_hand(rng, sets=sets, melds=melds, wilds=min(wilds, 3 * sets + 1))
        expected = brute_force_standard_shanten(hand, fifth)
        assert ref.shanten(hand, "standard", wild_fifth_copy=fifth) == expected, hand


def test_standard_shanten_matches_brute_force_on_crowded_one_suit_hands():
    # Hands piled on a few kinds, where the four-copy limit bites.
    rng = random.Random(11)
    for _ in range(300):
        counts = [0] * 34
        size = rng.choice([4, 5, 7, 8])
        while sum(counts) < size:
            k = rng.randrange(4)
            if counts[k] < 4:
                counts[k] += 1
        hand = Hand(tuple(counts))
        assert ref.shanten(hand, "standard") == brute_force_standard_shanten(hand, True), hand


def test_shanten_matches_xiangting():
    # xiangting: standard, seven pairs of distinct kinds, thirteen orphans; it returns the replacement number.
    rng = random.Random(2024)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(1500):
        counts = [0] * 34
        for k in rng.sample(wall, rng.choice([13, 14])):
            counts[k] += 1
        expected = xiangting.calculate_replacement_number(counts, xiangting.PlayerCount.FOUR) - 1
        assert ref.shanten(counts, seven_pairs_quads=False) == expected, counts


def test_complete_exactly_when_shanten_is_minus_one():
    # Two independent paths: the decomposition search and the distance tables.
    rng = random.Random(5)
    for _ in range(600):
        hand = random_hand(rng, melds=rng.randint(0, 2), wilds=rng.choice([0, 0, 1, 2]), complete=True)
        fifth = rng.random() < 0.5
        forms = rng.choice([Forms.STANDARD, Forms.DEFAULT, Forms.ALL])
        assert ref.is_win(hand, forms, wild_fifth_copy=fifth) == (
            ref.shanten(hand, forms, wild_fifth_copy=fifth) == -1
        ), hand


def assert_shanten_recurrence(hand: Hand, **options) -> None:
    """The replacement number is fixed by: 0 for a win; for a 3n+1 hand, one more than after the best draw
    (a kind not already held four times); for a 3n+2 hand that is not a win, the best discard of a real tile.
    Checks that step for ``hand``, with the win test as the base case."""
    value = ref.shanten(hand, **options)
    if hand.is_complete_size:
        if ref.is_win(hand, **options):
            assert value == -1, hand
        else:
            assert value == min(ref.shanten(hand.without_tile(k), **options) for k in set(hand.tiles())), hand
    else:
        held = hand.all_counts()
        assert value == 1 + min(ref.shanten(hand.with_tile(k), **options) for k in range(34) if held[k] < 4), hand


def test_shanten_obeys_the_draw_and_discard_recurrence():
    rng = random.Random(12)
    for _ in range(120):
        melds = rng.choice([0, 0, 1, 2])
        hand = random_hand(rng, sets=rng.randint(1, 5 - melds), melds=melds, wilds=rng.choice([0, 0, 1, 2]))
        assert_shanten_recurrence(hand, forms=Forms.ALL, wild_fifth_copy=rng.random() < 0.5,
                                  seven_pairs_quads=rng.random() < 0.5)


def _near_special_hand(rng: random.Random, form: str) -> Hand:
    """A hand drawn mostly from the tiles ``form`` is made of, with 0-2 wilds."""
    pattern = rng.choice(KNITTED_PATTERNS)
    pools = {"knitted": list(pattern) + list(range(27, 34)), "thirteen_orphans": list(ORPHANS),
             "seven_pairs": rng.sample(range(34), 8) * 2}
    # 组合龙 may have its set declared: then the concealed part holds 10 or 11 tiles.
    melds = (Meld(MeldKind.PON, rng.randrange(34)),) if form == "knitted" and rng.random() < 0.3 else ()
    wilds = rng.choice([0, 0, 1, 2])
    size = rng.choice([13, 14]) - 3 * len(melds) - wilds
    counts = [0] * 34
    while sum(counts) < size:
        kind = rng.choice(pools[form]) if rng.random() < 0.8 else rng.randrange(34)
        if counts[kind] + sum(m.tiles.count(kind) for m in melds) < 4:
            counts[kind] += 1
    return Hand(tuple(counts), melds, wilds)


@pytest.mark.parametrize("form", ["seven_pairs", "thirteen_orphans", "knitted"])
def test_special_form_shanten_obeys_the_recurrence(form):
    rng = random.Random(len(form))
    for _ in range(60):
        assert_shanten_recurrence(_near_special_hand(rng, form), forms=form, seven_pairs_quads=rng.random() < 0.5)


def test_wild_readings_are_the_readings_of_every_substitution():
    # A wild may stand for any kind: the readings of a hand with wilds are those of the hands where the
    # wilds are replaced by real tiles, each substitution tagged as the wilds' kinds. (Fifth copies are
    # refused here, so every substituted hand is a real hand.)
    rng = random.Random(13)
    for _ in range(25):
        wilds = rng.choice([1, 2])
        counts = list(random_complete_hand(rng, sets=rng.randint(1, 4)).concealed)
        for _ in range(wilds):
            counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        hand = Hand(tuple(counts), wilds=wilds)
        expected = set()
        for stood_for in combinations_with_replacement(range(34), wilds):
            try:
                real = Hand.from_tiles(hand.tiles() + list(stood_for))
            except InvalidHandError:
                continue
            for reading in ref.decompose(real, Forms.ALL):
                expected.add((reading.form, tuple((g.kind, g.tiles) for g in reading.groups), stood_for))
        found = {(d.form, tuple((g.kind, g.tiles) for g in d.groups), d.wild_tiles)
                 for d in ref.decompose(hand, Forms.ALL, wild_fifth_copy=False)}
        assert found == expected, hand


def test_winning_tiles_are_the_tiles_that_complete_the_hand():
    rng = random.Random(9)
    for _ in range(40):
        complete = random_complete_hand(rng, sets=rng.randint(1, 4))
        hand = complete.without_tile(rng.choice(complete.tiles()))
        result = ref.waits(hand)
        held = hand.all_counts()
        completing = [k for k in range(34) if held[k] < 4 and ref.is_win(hand.with_tile(k))]
        assert result.shanten == 0 and list(result.kinds) == completing


# --- known hands --------------------------------------------------------------------------------------------


def test_nine_gates_waits_on_all_nine():
    result = ref.waits("1112345678999m")
    assert result == Waits(0, ((0, 1), (1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 3), (8, 1)))
    for extra in range(9):
        assert ref.is_win(Hand.from_tiles(kinds("1112345678999m") + [extra]))


def test_a_fifth_copy_cannot_be_waited_on():
    assert ref.shanten("1111m333p222s444z") == 1
    assert ref.shanten("1112m333p222s444z") == 0
    # Melds count: with a pon of 1m declared, the lone 1m cannot find its partner either.
    assert ref.shanten("1m333p222s444z [111m]") == 1
    assert ref.waits("2m333p222s444z (1111m)") == Waits(0, ((1, 3),))


def test_thirteen_orphans_thirteen_sided_wait():
    result = ref.waits("19m19p19s1234567z")
    assert result.shanten == 0 and result.kinds == ORPHANS and result.total == 39
    assert ref.shanten_by_form("19m19p19s1234567z", "thirteen_orphans") == {"thirteen_orphans": 0}
    [reading] = ref.decompose("19m19p19s1234567z9s")
    assert reading.form == "thirteen_orphans"
    assert reading.groups[0] == Group("pair", (26, 26)) and {g.kind for g in reading.groups[1:]} == {"single"}
    assert len(reading.groups) == 13


def test_seven_pairs_with_and_without_quads():
    hand = "1111m2233p4455s66z"
    assert ref.is_win(hand, "seven_pairs") and not ref.is_win(hand, "seven_pairs", seven_pairs_quads=False)
    assert ref.shanten(hand, "seven_pairs", seven_pairs_quads=False) == 1  # the two extra 1m must go
    [reading] = ref.decompose(hand, "seven_pairs")
    assert [g.tiles for g in reading.groups][:2] == [(0, 0), (0, 0)]
    assert ref.shanten_by_form("1111m2233p4455s6z", "seven_pairs", seven_pairs_quads=False) == {"seven_pairs": 2}
    assert ref.shanten_by_form("1111m2233p4455s6z", "seven_pairs") == {"seven_pairs": 0}
    # Melds rule seven pairs out.
    assert ref.shanten_by_form("2233p4455s66z [1111m]", "seven_pairs") == {"seven_pairs": None}
    with pytest.raises(InvalidArgumentError):
        ref.shanten("2233p4455s66z [1111m]", "seven_pairs")


def test_lesser_and_greater_honors_and_knitted():
    lesser = "147m258p36s123456z"
    assert not ref.is_win(lesser) and ref.is_win(lesser, "knitted")
    assert [d.form for d in ref.decompose(lesser, "knitted")] == ["lesser_honors_knitted"]
    greater = "147m258p9s1234567z"
    assert [d.form for d in ref.decompose(greater, Forms.ALL)] == ["greater_honors_knitted"]
    assert ref.shanten_by_form("147m258p369s1234z", "knitted") == {"knitted": 0}
    assert ref.shanten_by_form("147m258p369s123z1m", "knitted") == {"knitted": 1}


def test_knitted_straight_with_set_and_pair():
    [reading] = ref.decompose("147m258p369s234s55z", "knitted")
    assert reading.form == "knitted_straight"
    assert [g.kind for g in reading.groups] == ["chow", "knitted", "pair"]  # kinds by name
    assert reading.groups[1].tiles == (0, 3, 6, 10, 13, 16, 20, 23, 26)
    # The set may be a declared meld; two melds rule the form out.
    [with_meld] = ref.decompose("147m258p369s55z [777z]", "knitted")
    assert with_meld.form == "knitted_straight" and with_meld.groups[-1] == Group("pung", (33,) * 3, (), Meld(1, 33))
    assert ref.shanten_by_form("147m258p36s55z [777z]", "knitted") == {"knitted": 0}
    assert ref.shanten_by_form("147m258p55z [777z] [123s]", "knitted") == {"knitted": None}


def test_knitted_straight_needs_a_wild_fifth_copy_beside_a_kong_of_its_tile():
    hand = "47m258p369s55z* (1111m)"  # all four 1m sit in the kong: the pattern's 1m can only be a wild
    assert ref.is_win(hand, "knitted") and ref.shanten(hand, "knitted") == -1
    assert not ref.is_win(hand, "knitted", wild_fifth_copy=False)
    assert ref.shanten(hand, "knitted", wild_fifth_copy=False) > 0


def test_wilds_stand_for_tiles_and_copies():
    readings = ref.decompose("123m456p789s111z2z*")
    assert [str(d) for d in readings] == ["standard: 123m 456p 789s 22z(*=2z) 111z"]
    assert readings[0].wild_tiles == (28,)
    # Where the wild sits makes distinct decompositions: in the pair, in the chow, or as 4m.
    assert [d.groups for d in ref.decompose("1123m*")] == [
        (Group("chow", (0, 1, 2)), Group("pair", (0, 0), (0,))),
        (Group("chow", (0, 1, 2), (0,)), Group("pair", (0, 0))),
        (Group("chow", (1, 2, 3), (3,)), Group("pair", (0, 0))),
    ]
    # A wild as the fifth 1m: allowed by default, refused with wild_fifth_copy=False.
    assert ref.is_win("1111m*") and not ref.is_win("1111m*", wild_fifth_copy=False)
    assert ref.shanten("1111m*", wild_fifth_copy=False) == 0
    assert ref.is_win("**") and len(ref.decompose("**")) == 34


def test_sixteen_and_seventeen_tile_hands():
    assert ref.is_win("123456789m123p111z55s")
    assert ref.shanten("123456789m123p111z5s") == 0
    assert ref.waits("123456789m123p111z5s").kinds == (22,)
    assert ref.shanten_by_form("123456789m123p111z5s") == {
        "standard": 0, "seven_pairs": None, "thirteen_orphans": None, "knitted": None}
    readings = ref.decompose("111222333m456p789s11z")
    assert {tuple(g.kind for g in d.groups) for d in readings} == {
        ("chow", "chow", "chow", "chow", "chow", "pair"), ("chow", "chow", "pair", "pung", "pung", "pung")}


def test_decompositions_account_for_every_tile_in_canonical_order():
    rng = random.Random(3)
    found = 0
    while found < 80:
        hand = random_hand(rng, sets=rng.randint(1, 4), melds=rng.randint(0, 1), wilds=rng.choice([0, 1, 2]),
                           complete=True)
        readings = ref.decompose(hand, Forms.ALL)
        keys = []
        for reading in readings:
            concealed = [(g.kind, g.tiles, g.wilds) for g in reading.groups if g.meld is None]
            assert concealed == sorted(concealed)
            held_and_stood_for = sorted(hand.tiles() + list(reading.wild_tiles))
            assert sorted(t for _, tiles, _ in concealed for t in tiles) == held_and_stood_for
            assert [g.meld for g in reading.groups[len(concealed):]] == list(hand.melds)
            keys.append((reading.form, concealed))
        assert keys == sorted(keys) and len(set(readings)) == len(readings)
        found += bool(readings)


def test_decompositions_are_sorted_and_distinct():
    readings = ref.decompose("11223344556677m")
    assert [d.form for d in readings] == ["seven_pairs"] + ["standard"] * 3  # forms by name
    # 111 222 333 444 55, 123 123 123 444 55, 234 234 234 111 55, 234 345 345 111 22
    assert len(ref.decompose("11122233344455m")) == 4


def test_is_win_rejects_a_waiting_hand():
    with pytest.raises(InvalidHandError, match="3n\\+2"):
        ref.is_win("123m456p789s1122z")
    with pytest.raises(InvalidHandError):
        ref.decompose("1m")


# --- waits and the discard table ----------------------------------------------------------------------------


def test_useful_tiles_of_a_hand_that_is_not_ready():
    result = ref.waits("13m58p379s123456z")
    assert result.shanten > 0
    for tile, _ in result.tiles:
        assert ref.shanten(Hand.from_tiles(kinds("13m58p379s123456z") + [tile])) == result.shanten - 1


def test_visible_tiles_lower_the_counts_and_too_many_is_an_error():
    visible = [0] * 34
    visible[1] = 3
    result = ref.waits("1112345678999m", visible=visible)
    assert dict(result.tiles)[1] == 0
    visible[0] = 2
    with pytest.raises(InvalidHandError, match="1m"):
        ref.waits("1112345678999m", visible=visible)


def test_discard_table_is_sorted_best_first():
    table = ref.waits("123m456p789s1122z7z")
    assert table[0] == DiscardChoice(33, 0, ((27, 2), (28, 2)))
    keys = [(c.shanten, -c.total, c.discard) for c in table]
    assert keys == sorted(keys)
    assert {c.discard for c in table} == set(kinds("123m456p789s1122z7z"))
    # Wilds are never listed as discards: one row per real kind.
    assert sorted(c.discard for c in ref.waits("123m456p789s11z2z**")) == sorted(set(kinds("123m456p789s11z2z")))


# --- notation -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "123m456p789s1122z",
    "19m19p19s1234567z1m",
    "123m45p**13f [555z] {1111s} [234s:3s<3]",
    "123m45p (9999p) [1111z:1z<2]",
    "1m [123p:2p<3] [1111z:1z<2]",
])
def test_round_trip(text):
    hand = ref.parse_hand(text)
    assert ref.parse_hand(hand.mpsz()) == hand
    assert ref.parse_hand(hand.mpsz()).mpsz() == hand.mpsz()


def test_chinese_and_unicode_spellings():
    assert ref.parse_hand("一万二万三万 五筒 九条九索 东东 中发白") == ref.parse_hand("123m5p99s11567z")
    assert ref.parse_hand("🀇🀈🀉🀝🀘🀘🀀🀀🀄🀅🀆") == ref.parse_hand("123m5p99s11567z")
    assert ref.parse_hand("春梅🀪*1m2m").flowers == (1, 5) and ref.parse_hand("春梅🀪*1m2m").wilds == 2
    assert ref.parse_tile("白") == 31 and ref.parse_tile("🀄\ufe0f") == 33


@pytest.mark.parametrize("text, position, words", [
    ("123x", 3, "followed by a suit"),
    ("8z", 0, "8z is not a tile"),
    ("12345", 5, "found the end of the text"),
    ("11111m", 0, "1m appears more than 4 times"),
    ("1m ]", 3, "unmatched ']'"),
    ("[124m]", 0, "is not a meld"),
    ("1m [123m", 3, "never closed"),
    ("(1111m:1m)", 6, "concealed kong has no claimed tile"),
    ("[123m:5m]", 0, "not part of the meld"),
    ("[123m<2]", 0, "only be claimed from the 上家"),
    ("[123m<4]", 6, "'<' must be followed by the feeder"),
    ("[12*m]", 3, "numbers must be followed by a suit"),
    ("[1m*]", 3, "only playing tiles"),
    ("1f1f", 2, "flower 1f appears twice"),
    ("9f", 0, "not a flower"),
    ("?", 0, "unexpected character '?'"),
])
def test_notation_errors_name_the_position(text, position, words):
    with pytest.raises(NotationError) as caught:
        ref.parse_hand(text)
    assert caught.value.position == position
    assert words in str(caught.value) and str(caught.value).endswith(f"(at position {position})")


_NOTATION_CHARACTERS = list("0123456789mpszf*[](){}:<, ") + list("一二三五九两万筒条索东南西北中发白春梅花") + [
    "🀇", "🀄", "🀪", "\ufe0f", "\u3000", "x", "\t", "\""]


@fuzz_settings(500)
@given(st.lists(st.sampled_from(_NOTATION_CHARACTERS), max_size=30).map("".join))
def test_any_text_parses_to_a_hand_or_raises_an_mjcore_error(text):
    try:
        hand = ref.parse_hand(text)
    except NotationError as error:
        assert 0 <= error.position <= len(text)
    except InvalidHandError:
        pass
    else:
        assert ref.parse_hand(hand.mpsz()) == hand


def test_hand_errors_after_parsing():
    with pytest.raises(InvalidHandError, match="1m appears 5 times counting melds"):
        ref.parse_hand("1m [1111m]")
    with pytest.raises(InvalidHandError, match="3n\\+1 or 3n\\+2"):
        ref.parse_hand("123m")
    with pytest.raises(InvalidTileError, match="not one tile"):
        ref.parse_tile("12m")
    with pytest.raises(NotationError):
        ref.parse_tiles("1m*")
    with pytest.raises(TypeError):
        ref.parse_hand(b"123m")


@pytest.mark.parametrize("module", ["notation", "standard", "seven_pairs", "thirteen_orphans", "knitted",
                                    "suit_distance", "decompose", "shanten", "waits", "batch"])
def test_documentation_examples(module):
    package = "mjcore" if module == "notation" else "mjcore.reference.analysis"
    failures, tried = doctest.testmod(importlib.import_module(f"{package}.{module}"))
    assert tried > 0 and failures == 0


def _stub_annotations(name: str) -> list[tuple[str, str | None]]:
    """(parameter, annotation) of a function in the _core.pyi stubs, the return annotation last."""
    stubs = ast.parse((Path(mjcore.__file__).parent / "_core.pyi").read_text(encoding="utf-8"))
    (stub,) = [node for node in stubs.body if isinstance(node, ast.FunctionDef) and node.name == name]
    arguments = stub.args.posonlyargs + stub.args.args + stub.args.kwonlyargs
    return [(a.arg, ast.unparse(a.annotation)) for a in arguments] + [("return", ast.unparse(stub.returns))]


def test_same_names_and_signatures_as_the_native_functions():
    for name in PUBLIC_FUNCTIONS:
        native, twin = getattr(mjcore, name), inspect.signature(getattr(ref, name))
        if not inspect.isbuiltin(native):
            assert twin == inspect.signature(native), name
            continue
        # A native function itself: its text signature holds names, kinds and defaults but cannot hold
        # annotations, which live in its _core.pyi stub.
        bare = [p.replace(annotation=p.empty) for p in twin.parameters.values()]
        assert twin.replace(parameters=bare, return_annotation=twin.empty) == inspect.signature(native), name
        annotations = [(p.name, p.annotation) for p in twin.parameters.values()] + [("return", twin.return_annotation)]
        assert _stub_annotations(name) == annotations, name


# --- batch --------------------------------------------------------------------------------------------------


def test_batch_answers_every_row():
    rng = random.Random(4)
    hands = [random_hand(rng, sets=4, complete=bool(i % 2)) for i in range(20)]
    rows = np.array([h.concealed for h in hands], dtype=np.uint8)
    assert ref.shanten_batch(rows).tolist() == [ref.shanten(h) for h in hands]
    assert ref.shanten_batch(rows).dtype == np.int8
    complete = rows[1::2].copy()
    assert ref.is_win_batch(complete).tolist() == [ref.is_win(h) for h in hands[1::2]]
    assert ref.is_win_batch(np.zeros((0, 34), dtype=np.uint8)).shape == (0,)


def test_batch_validation():
    good = np.zeros((3, 34), dtype=np.uint8)
    good[:, 0] = 2
    with pytest.raises(TypeError):
        ref.shanten_batch(good.tolist())
    with pytest.raises(TypeError):
        ref.shanten_batch(good.astype(np.int32))
    with pytest.raises(InvalidArgumentError):
        ref.shanten_batch(good[:, :33])
    with pytest.raises(InvalidArgumentError):
        ref.shanten_batch(np.zeros((34, 6), dtype=np.uint8).T)
    bad = good.copy()
    bad[2, 5] = 5
    with pytest.raises(InvalidHandError, match="row 2: count of 6m"):
        ref.shanten_batch(bad)
    waiting = good.copy()
    waiting[1, 0] = 1
    assert ref.shanten_batch(waiting).tolist() == [-1, 0, -1]
    with pytest.raises(InvalidHandError, match="row 1"):
        ref.is_win_batch(waiting)
    # A row no selected form can apply to is a bad row too.
    with pytest.raises(InvalidHandError, match="row 0: none of the selected forms"):
        ref.shanten_batch(good, "seven_pairs")
