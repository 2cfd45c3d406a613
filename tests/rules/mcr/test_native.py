"""The Rust MCR scorer (``mjcore.score(..., ruleset="mcr")``, ``score_batch``) against the pure-Python reference
and pymahjonggb: every fan hand, the refused inputs, generated winning situations, random hands, the batch."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

import mjcore
from mjcore import InvalidArgumentError, InvalidHandError, MjcoreError, load_ruleset
from mjcore.rules.mcr import MCR_FAN_KEYS, FanTable, McrRuleset, McrScore
from mjcore.rules.mcr import scorer as mcr_native
from mjcore.reference.rules.mcr import Situation
from mjcore.reference.rules.mcr import score as reference_score

from tests.rules.mcr import test_reference as reference_tests
from tests.support.mcr_corpus import batch_arrays, cases
from tests.support.mcr_pymahjonggb import gb_score
from tests.rules.mcr.test_reference import FAN_HANDS, _random_situation_case, _score

RULES = load_ruleset("mcr")


def native(hand, win_tile: int, situation: Situation, table: FanTable | None = None) -> McrScore:
    """The Rust scorer with the reference's signature (``table``: another fan table than the shipped one)."""
    rules = RULES if table is None else McrRuleset(table.name, "mcr", "test table", table.minimum, table)
    return mcr_native.score(hand, win_tile, situation, rules)


def _fans(result: McrScore) -> Counter | None:
    return Counter({f.key: f.count for f in result.fans}) if result.is_win else None


@pytest.mark.parametrize("fan, text, win, flags", FAN_HANDS, ids=[row[0] for row in FAN_HANDS])
def test_fan_hands_score_as_the_reference(fan, text, win, flags):
    case = _score(text, win, flags)
    result = native(*case)
    assert fan in _fans(result)
    assert result == reference_score(*case)


# The reference's hand-written checks of the combination principles, flowers, the minimum and refused input,
# run again with the Rust scorer in place of the reference.
HAND_WRITTEN = [
    reference_tests.test_flowers_add_one_point_each_but_not_towards_the_minimum,
    reference_tests.test_no_repeat_three_wind_pungs_score_no_terminal_pungs,
    reference_tests.test_no_repeat_a_seat_wind_pung_is_not_also_a_terminal_pung,
    reference_tests.test_no_splitting_a_triple_chow_gives_no_double_chow,
    reference_tests.test_once_only_each_chow_combines_once,
    reference_tests.test_never_the_same_fan_twice_from_one_chow,
    reference_tests.test_take_the_highest_reading,
    reference_tests.test_implied_fans_are_not_counted,
    reference_tests.test_a_discard_completing_a_pung_makes_it_exposed,
    reference_tests.test_wait_fans_need_a_unique_wait,
    reference_tests.test_the_book_reading_of_two_mixed_kongs,
    reference_tests.test_the_minimum_is_the_table_value,
    reference_tests.test_not_a_win_is_a_value,
    reference_tests.test_last_copy_with_a_concealed_copy_is_refused,
]


@pytest.mark.parametrize("check", HAND_WRITTEN, ids=[check.__name__[5:] for check in HAND_WRITTEN])
def test_hand_written_checks_hold_in_rust(check, monkeypatch):
    monkeypatch.setattr(reference_tests, "score", native)
    check()


def test_score_takes_the_shared_situation_keywords():
    by_keywords = mjcore.score("456p789s345s1z [1111m]", "1z", ruleset="mcr", self_drawn=True, kong_bloom=True,
                               seat_wind="S", round_wind="E")  # fmt: skip
    shared = mjcore.Situation(self_drawn=True, kong_bloom=True, seat_wind=1)
    assert mjcore.score("456p789s345s1z [1111m]", "1z", shared, ruleset="mcr") == by_keywords
    assert "out_with_replacement_tile" in _fans(by_keywords)
    assert mjcore.reference.score("456p789s345s1z [1111m]", "1z", ruleset="mcr", self_drawn=True,
                                  kong_bloom=True, seat_wind="S") == by_keywords  # fmt: skip
    last = mjcore.score("123m456p789s34s11z", "5s", ruleset="mcr", last_copy=True)
    assert "last_tile" in _fans(last)


def test_a_situation_and_keywords_are_not_mixed():
    shared = mjcore.Situation(self_drawn=True)
    with pytest.raises(TypeError, match="not both"):
        mjcore.score("123m456p789s345s1z", "1z", shared, ruleset="mcr", seat_wind=1)
    with pytest.raises(TypeError, match="not both"):
        mjcore.score("123m456p789s345s1z", "1z", Situation(), ruleset="mcr", last_copy=True)


def test_guangdong_only_situations_are_refused_for_mcr_and_last_copy_for_guangdong():
    with pytest.raises(InvalidArgumentError, match="heavenly"):
        mjcore.score("123m456p789s345s1z", "1z", ruleset="mcr", self_drawn=True, heavenly=True)
    with pytest.raises(InvalidArgumentError, match="last_copy"):
        mjcore.score("123m456p789s345s1z", "1z", self_drawn=True, last_copy=True)


@pytest.mark.parametrize(
    "text, win, flags, error",
    [
        ("1111m456p789s345s1z", "1m", {}, InvalidHandError),  # a fifth copy (pymahjonggb scores it)
        ("1m456p789s345s [111m]", "1m", {}, InvalidHandError),  # a fifth copy counting a meld
        ("123m456p789s345s", "1z", {}, InvalidHandError),  # 12 tiles
        ("123m456p789s345s11z", "1z", {}, InvalidHandError),  # 14 tiles
        ("123m456p789s345s1z*", "1z", {}, InvalidHandError),  # MCR has no wild tiles
        ("123m456p789s345s1z", "1z", {"robbing_kong": True}, InvalidArgumentError),  # a copy is held
        ("123m456p789s34s55s", "5s", {"last_copy": True}, InvalidArgumentError),  # a copy is held
        ("123m456p789s345s1z", "1z", {"self_drawn": True, "kong_replacement": True}, InvalidArgumentError),
    ],
)
def test_refused_like_the_reference(text, win, flags, error):
    for backend in (reference_score, native):
        with pytest.raises(error):
            backend(*_score(text, win, flags))


def test_generated_wins_agree_with_the_reference_and_pymahjonggb():
    corpus = list(cases(3000, seed=21))
    hits: Counter = Counter()
    for case in corpus:
        mine = native(*case)
        assert mine == reference_score(*case), case
        assert _fans(mine) == gb_score(*case), case
        hits.update(f.key for f in mine.fans)
    assert len(hits) >= 75, sorted(set(MCR_FAN_KEYS) - set(hits))  # the sample reaches (nearly) every fan


def test_random_hands_are_scored_or_refused_like_the_reference():
    rng = random.Random(29)
    for _ in range(3000):
        case = _random_situation_case(rng)
        try:
            expected = reference_score(*case)
        except MjcoreError as error:
            with pytest.raises(type(error)):
                native(*case)
            continue
        assert native(*case) == expected, case


def _batch(corpus, **changes):
    arrays = {**batch_arrays(corpus), **changes}
    return mjcore.score_batch(arrays.pop("concealed"), arrays.pop("win_tiles"), ruleset="mcr", **arrays)


def test_batch_matches_single_scores():
    corpus = list(cases(1500, seed=33))
    totals, fans = _batch(corpus)
    assert totals.dtype == np.int32 and fans.shape == (len(corpus), len(MCR_FAN_KEYS))
    for row, case in enumerate(corpus):
        single = native(*case)
        assert totals[row] == single.total
        assert dict(zip(MCR_FAN_KEYS, fans[row].tolist())) == {k: _fans(single).get(k, 0) for k in MCR_FAN_KEYS}


def test_batch_marks_non_wins_and_names_bad_rows():
    corpus = list(cases(4, seed=1))
    arrays = batch_arrays(corpus)
    wins = arrays["win_tiles"].copy()
    hand = corpus[2].hand
    wins[2] = next(t for t in range(34) if hand.all_counts()[t] == 0 and not reference_score(
        hand, t, Situation()).is_win)  # fmt: skip
    totals, fans = _batch(corpus, win_tiles=wins, last_copy=0, robbing_kong=0, kong_bloom=0)
    assert totals[2] == -1 and not fans[2].any() and (totals[[0, 1, 3]] > 0).all()
    concealed = arrays["concealed"].copy()
    concealed[3, 0] = 5
    with pytest.raises(InvalidHandError, match="row 3"):
        _batch(corpus, concealed=concealed)
    with pytest.raises(InvalidArgumentError, match="melds"):
        _batch(corpus, melds=np.zeros((4, 3, 2), dtype=np.uint8))
    with pytest.raises(TypeError):
        _batch(corpus, concealed=arrays["concealed"].astype(np.int64))
