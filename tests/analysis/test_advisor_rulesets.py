"""The discard advisor under a ruleset (docs/advisor.md, "A winning hand and its value"): a win is a legal win
of the ruleset's table (MCR's 8-fan minimum refuses complete hands), worth the settlement the winner receives
for the self-draw, placed by the situation keywords (seat, dealer, round wind); the native advisor equals its
twin to 1e-12 on seeded hands."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mjcore
import mjcore.reference
from tests.analysis.test_advisor import ready_curve
from mjcore.errors import InvalidArgumentError
from tests.analysis.test_advisor import advisor_cases, near_complete
from tests.support.fuzz import fuzz_settings

RULESETS = ["gd-cgc5", "mcr", "tdh"]


@pytest.fixture(scope="module", params=["rust", "reference"])
def advise(request):
    return mjcore.advise if request.param == "rust" else mjcore.reference.advise


def mcr_self_draw_value(hand: str, tile: str, seat_wind: int, round_wind: int) -> int:
    """What an MCR self-draw pays its winner: 8 + fan from each of the three others (competition rules)."""
    scored = mjcore.score(hand, tile, ruleset="mcr", self_drawn=True, seat_wind=seat_wind, round_wind=round_wind)
    return 3 * (8 + scored.total)


@pytest.mark.parametrize("seat, dealer, round_wind", [(0, 0, 0), (1, 0, 0), (2, 3, 1)])
def test_a_single_wait_is_worth_its_settlement(advise, seat, dealer, round_wind) -> None:
    """单骑 5p: every win is the same hand, so the value curve is the win curve times what the scorer pays."""
    hand, draws = "123m456p789s111z5p", 5
    seat_wind = (seat - dealer) % 4
    gd = mjcore.score(hand, "5p", ruleset="gd-cgc5", self_drawn=True, seat_wind=seat_wind, round_wind=round_wind)
    expected = {"gd-cgc5": gd.payments[seat_wind], "mcr": mcr_self_draw_value(hand, "5p", seat_wind, round_wind)}
    plain = advise(hand, draws=draws).best
    for ruleset, value in expected.items():
        row = advise(hand, ruleset=ruleset, draws=draws, seat=seat, dealer=dealer, round_wind=round_wind).best
        np.testing.assert_array_equal(row.win_probability, plain.win_probability)  # every wait is a legal win
        np.testing.assert_allclose(row.expected_value, value * plain.win_probability, rtol=1e-14, atol=0)
    # 1z is the seat's wind only for the East seat: its pung adds a fan, so the values differ.
    assert expected["gd-cgc5"] > 0 and expected["mcr"] >= 3 * 16


@pytest.mark.parametrize("hand", ["234m567p345s789m5z", "234m567p345s78m55z", "223344m567p78s55z"])
def test_a_complete_hand_under_mcrs_minimum_is_not_a_win(advise, hand) -> None:
    """These ready hands' waits complete only 平和 / 单钓 readings below 8 fan (checked by the scorer): no draw wins
    under MCR, although each wins by shape and under gd-cgc5 (起和 1, which a self-draw always reaches)."""
    row = advise(hand, ruleset="mcr", draws=4).best
    assert row.shanten == 0
    for tile, _ in row.useful:
        assert not mjcore.score(hand, tile, ruleset="mcr", self_drawn=True).meets_minimum
    assert row.win_probability[-1] == 0 and row.expected_value[-1] == 0
    assert row.ready_probability[-1] == 1  # still ready in shape: the model's "ready" is the shape's
    assert advise(hand, ruleset="gd-cgc5", draws=4).best.win_probability[-1] > 0


def test_mcrs_minimum_steers_the_discard(advise) -> None:
    """By shape alone the best discard is 7m (ready on 2m/5m, 8 copies); under MCR those waits make no 8 fan
    (no reading reaches it), so 7m wins nothing there, and the best discard is another."""
    hand = "346778m55p234s555z"
    plain = advise(hand, draws=6)
    mcr = advise(hand, ruleset="mcr", draws=6)
    assert plain.best.tile == "7m" and plain.best.shanten == 0
    by_tile = {r.tile: r for r in mcr.rows}
    assert by_tile["7m"].win_probability[-1] == 0
    assert mcr.best.tile != "7m" and mcr.best.win_probability[-1] > 0
    assert all(r.expected_value[-1] <= mcr.best.expected_value[-1] for r in mcr.rows)


@given(case=advisor_cases(), ruleset=st.sampled_from(RULESETS), seating=st.integers(0, 63))
@fuzz_settings(15)
def test_the_native_advisor_equals_its_twin_under_a_ruleset(case, ruleset, seating) -> None:
    hand, seen, draws, wall = case
    draws = min(draws, 4)  # the twin scores each winning hand in Python
    situation = {"seat": seating % 4, "dealer": seating // 4 % 4, "round_wind": seating // 16}
    kwargs = dict(ruleset=ruleset, draws=draws, seen=seen, wall=wall, **situation)
    try:
        twin = mjcore.reference.advise(hand, **kwargs)
    except InvalidArgumentError as refused:
        with pytest.raises(InvalidArgumentError) as native_refused:
            mjcore.advise(hand, **kwargs)
        assert str(native_refused.value) == str(refused)
        return
    native = mjcore.advise(hand, **kwargs)
    assert [(r.tile, r.shanten, r.useful) for r in native.rows] == [(r.tile, r.shanten, r.useful) for r in twin.rows]
    for mine, theirs in zip(native.rows, twin.rows):
        for field in ("win_probability", "ready_probability", "expected_value"):
            np.testing.assert_allclose(getattr(mine, field), getattr(theirs, field), rtol=1e-15, atol=1e-12)


def assert_the_backends_agree_on_the_corpus(ruleset: str, hands: int, draws: int) -> None:
    """A seeded corpus beside the hypothesis cases: complete 14-tile hands with one or two tiles swapped (ready
    after the right discard, or 1-shanten), every seating in turn."""
    for seed in range(hands):
        counts = near_complete(seed, 1 + seed % 2)
        situation = {"seat": seed % 4, "dealer": seed // 2 % 4, "round_wind": seed // 4 % 4}
        native = mjcore.advise(counts, ruleset=ruleset, draws=draws, **situation)
        twin = mjcore.reference.advise(counts, ruleset=ruleset, draws=draws, **situation)
        assert [r.tile for r in native.rows] == [r.tile for r in twin.rows]
        for mine, theirs in zip(native.rows, twin.rows):
            for field in ("win_probability", "ready_probability", "expected_value"):
                np.testing.assert_allclose(getattr(mine, field), getattr(theirs, field), rtol=1e-15, atol=1e-12)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_backends_agree_on_a_seeded_corpus(ruleset) -> None:
    assert_the_backends_agree_on_the_corpus(ruleset, hands=2, draws=3)  # tests/analysis/slow: 12 hands, 5 draws


def test_a_drawn_ghost_is_wild_and_the_closed_form_holds(advise) -> None:
    """推倒胡 (tdh: 白板 5z is the ghost): a ready hand waiting on 1z/2z (2 + 2 copies) also wins on any of the
    four ghosts, each winning draw ending the hand, so the closed form holds with 8 copies."""
    hand, draws = "123m456p789s1122z", 6
    row = advise(hand, ruleset="tdh", draws=draws).best
    assert dict(row.useful) == {"1z": 2, "2z": 2, "5z": 4}
    np.testing.assert_allclose(row.win_probability, ready_curve(8, 136 - 13, draws), rtol=0, atol=1e-15)
    assert np.all(row.expected_value[1:] > 0)


def test_a_held_ghost_counts_as_a_wild(advise) -> None:
    """With 5z wild, 123m456p789s112z5z is ready (2z + ghost as a pair or a set); by shape alone it is not."""
    hand = "123m456p789s112z5z"
    assert advise(hand, ruleset="tdh", draws=2).best.shanten == 0
    assert advise(hand, draws=2).best.shanten == 1


def test_the_registrys_advisor_flag_is_the_twin_tables_property() -> None:
    """A family is valued when one self-draw settles its win on its own: a per-win ``settle`` and no deal hooks,
    or a win check that is the deal's hooks and declares each win — read from the twin table, so the registry's
    flag cannot go stale."""
    from mjcore.reference.table.deal_hooks import DealHooks
    from mjcore.reference.table.families import twin_family
    from mjcore.rules.families import FAMILIES

    for name in mjcore.rulesets():
        rules = mjcore.load_ruleset(name)
        family = twin_family(rules)
        check = family.win_check(rules)
        settles_alone = family.settle is not None and family.hooks(rules) is None
        declares = isinstance(check, DealHooks) and family.hooks(rules) is None
        assert FAMILIES[rules.family].advisor == (settles_alone or declares), name


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"seat": 1}, InvalidArgumentError, "without a ruleset"),
        ({"ruleset": "mcr", "seat": 4}, InvalidArgumentError, "seat must be 0..3"),
        ({"ruleset": "mcr", "dealer": "East"}, TypeError, "dealer must be an int"),
        ({"ruleset": "mcr", "prevalent": 0}, TypeError, "unknown situation keyword"),
        ({"ruleset": "mcr", "forms": mjcore.Forms.ALL}, InvalidArgumentError, "the ruleset's"),
        ({"ruleset": "no-such-rules"}, mjcore.RulesetError, "no-such-rules"),
        ({"ruleset": "sichuan"}, NotImplementedError, "deal hooks change what a win is worth"),
    ],
)
def test_bad_situations_are_refused_by_name(advise, kwargs, error, words) -> None:
    with pytest.raises(error, match=words):
        advise("123m456p789s1122z", draws=2, **kwargs)


# ---- 翻鬼: the ghosts turned from an indicator -----------------------------------------------------------------


@pytest.mark.parametrize("hand, backend", [("123m456p78s1155z3z", "reference"), ("123m456p78s1155z3z", "rust"),
                                           ("1234m567p89s1525z6z", "rust"), ("233m346p1334568s5z", "rust")])
def test_a_flipped_ghost_advises_as_the_same_fixed_ghost(hand, backend) -> None:
    """RULES.md §4 (OC-27 "separate" cycle 中→发→白→中): indicator 发 (6z) makes 白 (5z) the ghost, so 翻鬼 with
    that indicator is 白板做鬼 with the indicator seen — the same wins, the same values, row for row. (The twin
    on the cheapest hand: the backends' agreement is the next test.)"""
    advise = mjcore.advise if backend == "rust" else mjcore.reference.advise
    flip = mjcore.load_ruleset("tdh").with_options(ghosts="flip")
    flipped = advise(hand, ruleset=flip, draws=4, indicator="6z", seen="6z", seat=2, dealer=1)
    fixed = advise(hand, ruleset="tdh", draws=4, seen="6z", seat=2, dealer=1)
    assert [r.tile for r in flipped.rows] == [r.tile for r in fixed.rows]
    for x, y in zip(flipped.rows, fixed.rows):
        np.testing.assert_array_equal(x.expected_value, y.expected_value)
        np.testing.assert_array_equal(x.win_probability, y.win_probability)
    # Another indicator makes another ghost: 5z (白) turns 7z (中) wild instead, and the answer changes.
    other = advise(hand, ruleset=flip, draws=4, indicator="5z", seen="5z", seat=2, dealer=1)
    assert [r.expected_value[-1] for r in other.rows] != [r.expected_value[-1] for r in fixed.rows]


@pytest.mark.parametrize("ghosts", ["flip", "flip_two"])
def test_flipped_ghosts_agree_between_the_backends(ghosts) -> None:
    rules = mjcore.load_ruleset("tdh").with_options(ghosts=ghosts)
    for hand, indicator in [("123m456p78s1155z3z", "3s"), ("233m346p1334568s5z", "9p"), ("1112345678999m5z", "2s")]:
        native = mjcore.advise(hand, ruleset=rules, draws=2, indicator=indicator, seen=indicator)
        twin = mjcore.reference.advise(hand, ruleset=rules, draws=2, indicator=indicator, seen=indicator)
        assert [r.tile for r in native.rows] == [r.tile for r in twin.rows]
        for x, y in zip(native.rows, twin.rows):
            for name in ("win_probability", "ready_probability", "expected_value"):
                np.testing.assert_allclose(getattr(x, name), getattr(y, name), rtol=0, atol=1e-12)


def test_the_indicator_is_asked_for_exactly_where_the_ghosts_flip(advise) -> None:
    flip = mjcore.load_ruleset("tdh").with_options(ghosts="flip")
    hand = "123m456p78s1155z3z"
    with pytest.raises(InvalidArgumentError, match=r"turns its ghosts from an indicator \(翻鬼\): give indicator="):
        advise(hand, ruleset=flip, draws=3)
    with pytest.raises(InvalidArgumentError, match="the indicator 4z is face up, so it is seen"):
        advise(hand, ruleset=flip, draws=3, indicator="4z")
    with pytest.raises(InvalidArgumentError, match="this one's are fixed"):
        advise(hand, ruleset="tdh", draws=3, indicator="4z", seen="4z")
    with pytest.raises(InvalidArgumentError, match="and none is given"):
        advise(hand, draws=3, indicator="4z", seen="4z")
    with pytest.raises(NotImplementedError, match="四花鬼 / 八花鬼"):
        advise(hand, ruleset=mjcore.load_ruleset("tdh").with_options(ghosts="flowers8"), draws=3)
