"""The discard advisor's one-player model (docs/advisor.md), checked for exactness: the closed form of ready
hands, small hands whose probabilities are derived by hand below, monotonicity in the number of draws, and the
discard table's shanten and useful tiles against the analysis calls."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mjcore
import mjcore.reference
from mjcore import Forms, Hand
from mjcore.errors import InvalidArgumentError, InvalidHandError
from mjcore.tiles import tile_name
from tests.support.fuzz import fuzz_settings
from tests.support.strategies import complete_hands, winning_hands


@pytest.fixture(scope="module", params=["rust", "reference"])
def advise(request):
    """The advisor of each backend: the native ``mjcore.advise`` and its twin."""
    return mjcore.advise if request.param == "rust" else mjcore.reference.advise


def ready_curve(n: int, wall: int, draws: int) -> list[float]:
    """The closed form: P(win within d draws) = 1 − Π_{k<d} (1 − N/(wall − k))."""
    return [1 - math.prod(1 - n / (wall - k) for k in range(d)) for d in range(draws + 1)]


def near_complete(seed: int, swaps: int) -> list[int]:
    """A complete 14-tile hand with ``swaps`` tiles replaced by random others (so shanten ≤ swaps − 1)."""
    rng = random.Random(seed)
    counts = complete_hands(1, seed)[0]
    for _ in range(swaps):
        out = rng.choice([k for k in range(34) if counts[k]])
        into = rng.choice([k for k in range(34) if counts[k] < 4 and k != out])
        counts[out] -= 1
        counts[into] += 1
    return counts


# ---- ready hands: the closed form -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, seen, winning_copies",
    [
        ("123m456p789s1122z", None, 4),  # 对对: 1z ×2 + 2z ×2
        ("123m456p789s1122z", "1z2z2z", 1),
        ("1112345678999m", None, 23),  # 九莲宝灯: nine waits
        ("19m19p19s1234567z", "1m1m", 37),  # 十三幺 13-sided: 39 copies, two 1m seen
        ("123m456p789s111z2z", None, 3),  # 单骑 2z
        ("1133557799m113p", None, 3),  # 七对 on 3p
        ("123456789m123p45p77s", None, 3 + 4),  # 16 tiles (Taiwan): 45p waits on 3p (one held) and 6p
    ],
)
@pytest.mark.parametrize("draws, wall", [(0, None), (1, None), (18, None), (25, 70), (5, 41)])
def test_ready_hands_follow_the_closed_form(advise, hand, seen, winning_copies, draws, wall) -> None:
    advice = advise(hand, draws=draws, seen=seen, wall=wall)
    (row,) = advice.rows
    assert row.tile is None and row.shanten == 0
    assert sum(n for _, n in row.useful) == winning_copies
    expected_wall = 136 - len(mjcore.parse_hand(hand).tiles()) - (0 if seen is None else len(seen) // 2)
    assert advice.wall == (expected_wall if wall is None else wall)
    expected = ready_curve(winning_copies, advice.wall, draws)
    np.testing.assert_allclose(row.win_probability, expected, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(row.expected_value, row.win_probability)  # ruleset=None: every win is worth 1
    np.testing.assert_array_equal(row.ready_probability, np.ones(draws + 1))


@given(seed=st.integers(0, 2**32 - 1), draws=st.integers(0, 24), extra_wall=st.integers(0, 40))
@fuzz_settings(40)
def test_the_closed_form_on_seeded_ready_hands(advise, seed, draws, extra_wall) -> None:
    """A complete hand less one tile is ready; each row that stays ready follows the closed form with its own
    winning copies (the discard counted as seen)."""
    counts = complete_hands(1, seed)[0]
    wall = draws + extra_wall + 40
    advice = advise(counts, draws=draws, wall=wall)
    ready_rows = [r for r in advice.rows if r.shanten == 0]
    assert ready_rows
    for row in ready_rows:
        n = sum(c for _, c in row.useful)
        np.testing.assert_allclose(row.win_probability, ready_curve(n, wall, draws), rtol=0, atol=1e-14)


# ---- small hands by hand ----------------------------------------------------------------------------------

# 123m456p789s 11z 2z 3z is 1-shanten (three sets, the pair 11z, and 2z 3z to make a set). Its useful draws:
#   1z (2 copies left): 111z 2z 3z, keep either single — a 单骑 on the other with 3 copies;
#   2z (3 copies):      11z 22z 3z, throw 3z — a 对对 on 1z/2z with 2 + 2 = 4 copies;
#   3z (3 copies):      likewise a 对对 on 1z/3z with 4 copies.
# So 8 useful copies, and with T_N(j, k) = 1 − Π_{m=j}^{k−1} (1 − N/(W − m)) the chance a ready hand with N
# copies held from draw j wins by draw k:
#   V(j; k) = 2/(W−j)·T_3(j+1, k) + 6/(W−j)·T_4(j+1, k) + (1 − 8/(W−j))·V(j+1; k),  V(k; k) = 0.
# Within two draws: both must be useful then winning, 2/W·3/(W−1) + 6/W·4/(W−1) = 30/(W(W−1)).
ONE_SHANTEN = "123m456p789s112z3z"


def by_hand(wall: int, draws: int) -> list[float]:
    def t(n: int, j: int, k: int) -> float:
        return 1 - math.prod(1 - n / (wall - m) for m in range(j, k))

    def v(j: int, k: int) -> float:
        if j == k:
            return 0.0
        p = 1 / (wall - j)
        return 2 * p * t(3, j + 1, k) + 6 * p * t(4, j + 1, k) + (1 - 8 * p) * v(j + 1, k)

    return [v(0, k) for k in range(draws + 1)]


def test_a_one_shanten_hand_by_hand(advise) -> None:
    advice = advise(ONE_SHANTEN, draws=12)
    (row,) = advice.rows
    assert advice.wall == 123 and row.shanten == 1
    assert row.useful == (("1z", 2), ("2z", 3), ("3z", 3))
    assert row.win_probability[1] == 0.0  # one draw cannot win from 1-shanten
    assert row.win_probability[2] == pytest.approx(30 / (123 * 122), abs=1e-16)
    np.testing.assert_allclose(row.win_probability, by_hand(123, 12), rtol=0, atol=1e-15)
    # Ready within k draws: the first useful draw of the k (useful copies 8 each time, the hand staying put).
    ready = [1 - math.prod(1 - 8 / (123 - m) for m in range(k)) for k in range(13)]
    np.testing.assert_allclose(row.ready_probability, ready, rtol=0, atol=1e-15)


def test_a_row_is_the_hand_after_its_discard_with_the_discard_seen(advise) -> None:
    """Adding 9m to the 1-shanten hand: the 9m row is that hand with 9m seen, from a wall of 136 − 14."""
    advice = advise(ONE_SHANTEN + "9m", draws=10, seen="5p")
    assert advice.wall == 136 - 14 - 1
    row = advice.row("9m")
    alone = advise(ONE_SHANTEN, draws=10, seen="5p9m", wall=advice.wall).best
    assert row.useful == alone.useful and row.shanten == alone.shanten
    np.testing.assert_array_equal(row.win_probability, alone.win_probability)
    np.testing.assert_allclose(row.win_probability, by_hand(121, 10), rtol=0, atol=1e-15)


def test_seen_copies_lower_the_weights(advise) -> None:
    """With both remaining 1z seen the hand keeps only 2z and 3z: 6/W·4/(W−1) within two draws."""
    row = advise(ONE_SHANTEN, draws=2, seen="1z1z").best
    assert row.useful == (("1z", 0), ("2z", 3), ("3z", 3))
    # after 2z: 11z 22z, but no 1z is left, so the 对对 has only the 2 copies of 2z
    assert row.win_probability[2] == pytest.approx(6 / 121 * 2 / 120, abs=1e-16)


def test_a_complete_hand_counts_as_ready_and_the_best_discard_keeps_it(advise) -> None:
    advice = advise("123m456p789s11222z", draws=3)
    assert advice.best.shanten == 0
    np.testing.assert_array_equal(advice.best.ready_probability, [1.0] * 4)


def test_seven_pairs_quads_option_changes_the_outcome(advise) -> None:
    """1111m 3355m 77p 99p + 2z (13 tiles, seven pairs only): with quads as two pairs the hand waits on 2z;
    without, 1111m is one pair: five pairs and six kinds, 2-shanten, and nothing wins within two draws."""
    hand = "11113355m7799p2z"
    with_quads = advise(hand, draws=4, forms=Forms.SEVEN_PAIRS).best
    without = advise(hand, draws=4, forms=Forms.SEVEN_PAIRS, seven_pairs_quads=False).best
    assert with_quads.shanten == 0 and without.shanten == 2
    np.testing.assert_allclose(with_quads.win_probability, ready_curve(3, 136 - 13, 4), atol=1e-15)
    assert without.win_probability[-1] < with_quads.win_probability[-1]
    assert list(without.win_probability[:3]) == [0.0, 0.0, 0.0]


def test_melds_are_fixed_and_take_their_copies(advise) -> None:
    """123m456p789s 2z with the pon [111z]: a 单骑 on 2z (3 copies); the pon's tiles count in the wall's 136 − 13."""
    advice = advise("123m456p789s2z [111z]", draws=6)
    (row,) = advice.rows
    assert row.useful == (("2z", 3),)
    assert advice.wall == 136 - 13
    np.testing.assert_allclose(row.win_probability, ready_curve(3, 123, 6), atol=1e-15)


# ---- the model's shape ------------------------------------------------------------------------------------


@given(seed=st.integers(0, 2**32 - 1), swaps=st.integers(1, 2), draws=st.integers(0, 6))
@fuzz_settings(15)
def test_curves_are_probabilities_rising_with_the_draws(advise, seed, swaps, draws) -> None:
    advice = advise(near_complete(seed, swaps), draws=draws)
    for row in advice.rows:
        for curve in (row.win_probability, row.ready_probability):
            assert curve.shape == (draws + 1,)
            assert np.all(curve >= -1e-15) and np.all(curve <= 1 + 1e-15)
            assert np.all(np.diff(curve) >= -1e-15)
        assert row.win_probability[0] == 0.0
        assert row.ready_probability[0] == (1.0 if row.shanten == 0 else 0.0)
        assert np.all(row.ready_probability >= row.win_probability - 1e-15)
        assert np.all(row.win_probability[: row.shanten + 1] == 0.0)  # a win needs shanten + 1 useful draws
    # best first: EV, win, ready over every draw (to 1e-12, where the backends agree), then shanten, useful copies
    keys = [(-round(r.expected_value[-1], 12), -round(r.win_probability[-1], 12),
             -round(r.ready_probability[-1], 12), r.shanten, -r.useful_total) for r in advice.rows]
    assert keys == sorted(keys)


@given(seed=st.integers(0, 2**32 - 1), swaps=st.integers(1, 3), seen_seed=st.integers(0, 2**32 - 1))
@fuzz_settings(25)
def test_the_table_shanten_and_useful_tiles_are_the_analysis_calls(advise, seed, swaps, seen_seed) -> None:
    counts = near_complete(seed, swaps)
    rng = random.Random(seen_seed)
    seen = [rng.randint(0, 4 - c) if rng.random() < 0.2 else 0 for c in counts]
    advice = advise(counts, draws=1, seen=seen)
    table = {tile_name(c.discard): c for c in mjcore.waits(counts, visible=seen)}
    assert sorted(r.tile for r in advice.rows) == sorted(table)
    for row in advice.rows:
        choice = table[row.tile]
        assert row.shanten == choice.shanten
        assert row.useful == tuple((tile_name(t), n) for t, n in choice.tiles)


def test_a_16_tile_hand_works(advise) -> None:
    """Taiwan: 123456789m 123p 45p 7s7s + 1z: the best discard is 1z, ready on 3p/6p (3 + 4 copies)."""
    advice = advise("123456789m12345p77s1z", draws=5)
    assert advice.best.tile == "1z"
    assert advice.best.useful == (("3p", 3), ("6p", 4))
    np.testing.assert_allclose(advice.best.win_probability, ready_curve(7, 136 - 17, 5), atol=1e-15)


# ---- arguments --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"draws": -1}, InvalidArgumentError),
        ({"draws": 2.0}, TypeError),
        ({"draws": True}, TypeError),
        ({"draws": 10, "wall": 9}, InvalidArgumentError),
        ({"seen": "1m1m1m1m"}, InvalidHandError),  # the hand holds a 1m: five copies
        ({"forms": Forms.THIRTEEN_ORPHANS, "draws": 2}, None),
    ],
)
def test_bad_arguments_are_refused(advise, kwargs, error) -> None:
    hand = "123m456p789s1122z"
    if error is None:
        assert advise(hand, **kwargs).best.shanten > 0
        return
    with pytest.raises(error):
        advise(hand, **kwargs)


def test_a_wall_smaller_than_the_useful_copies_is_refused(advise) -> None:
    """九莲宝灯 has 23 winning copies: a wall of 24 holds them at the first two draws, not at the third."""
    assert advise("1112345678999m", draws=2, wall=24).best.win_probability[-1] > 0
    with pytest.raises(InvalidArgumentError, match="too small"):
        advise("1112345678999m", draws=3, wall=24)


def test_what_is_not_there_yet_is_refused_by_name(advise) -> None:
    for kwargs in ({"hand_changes": True}, {"shanten_down": True}, {"ruleset": "taiwan"}):  # taiwan: not valued yet
        with pytest.raises(NotImplementedError):
            advise("123m456p789s1122z", **kwargs)
    with pytest.raises(InvalidArgumentError, match="wild"):
        advise("123m456p789s112z*")


# ---- the native advisor against its twin ------------------------------------------------------------------


@st.composite
def advisor_cases(draw):
    """A complete hand (13+1, or 16+1; melds sometimes declared) with 1..3 concealed tiles swapped for others,
    some tiles seen, a horizon and sometimes a smaller wall."""
    sets = draw(st.sampled_from([4, 4, 5]))
    complete = draw(winning_hands(max_melds=2, sets=sets))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    concealed = list(complete.concealed)
    totals = list(complete.all_counts())
    swaps = draw(st.integers(1, 3))
    for _ in range(swaps):
        out = rng.choice([k for k in range(34) if concealed[k]])
        into = rng.choice([k for k in range(34) if totals[k] < 4 and k != out])
        concealed[out] -= 1
        totals[out] -= 1
        concealed[into] += 1
        totals[into] += 1
    if draw(st.booleans()):  # a 3n+1 hand: one row
        concealed[rng.choice([k for k in range(34) if concealed[k]])] -= 1
    hand = Hand(tuple(concealed), complete.melds)
    seen = [rng.randint(0, 4 - c) if rng.random() < 0.15 else 0 for c in hand.all_counts()]
    draws = draw(st.integers(0, 3 if swaps == 3 else 7))
    wall = draw(st.one_of(st.none(), st.integers(60, 100)))
    return hand, seen, draws, wall


@given(case=advisor_cases())
@fuzz_settings(30)
def test_the_native_advisor_equals_its_twin(case) -> None:
    hand, seen, draws, wall = case
    try:
        twin = mjcore.reference.advise(hand, draws=draws, seen=seen, wall=wall)
    except InvalidArgumentError as refused:  # a wall below the useful copies: both refuse, in the same words
        with pytest.raises(InvalidArgumentError) as native_refused:
            mjcore.advise(hand, draws=draws, seen=seen, wall=wall)
        assert str(native_refused.value) == str(refused)
        return
    native = mjcore.advise(hand, draws=draws, seen=seen, wall=wall)
    assert native.wall == twin.wall and native.draws == twin.draws == draws
    assert [r.tile for r in native.rows] == [r.tile for r in twin.rows]
    for mine, theirs in zip(native.rows, twin.rows):
        assert (mine.shanten, mine.useful) == (theirs.shanten, theirs.useful)
        for field in ("win_probability", "ready_probability", "expected_value"):
            np.testing.assert_allclose(getattr(mine, field), getattr(theirs, field), rtol=0, atol=1e-12)


@pytest.mark.parametrize("forms, quads", [(Forms.ALL, True), (Forms.SEVEN_PAIRS, False),
                                          (Forms.THIRTEEN_ORPHANS | Forms.STANDARD, True)])
def test_the_backends_agree_on_every_form(forms, quads) -> None:
    for text in ("1133557799m113p5z", "19m19p19s123456z9m", "147m258p369s1234z", "11112233m5577p2z"):
        native = mjcore.advise(text, draws=3, forms=forms, seven_pairs_quads=quads)
        twin = mjcore.reference.advise(text, draws=3, forms=forms, seven_pairs_quads=quads)
        assert [(r.tile, r.shanten, r.useful) for r in native.rows] == [(r.tile, r.shanten, r.useful)
                                                                        for r in twin.rows]
        for mine, theirs in zip(native.rows, twin.rows):
            np.testing.assert_allclose(mine.win_probability, theirs.win_probability, rtol=0, atol=1e-12)
            np.testing.assert_allclose(mine.ready_probability, theirs.ready_probability, rtol=0, atol=1e-12)
