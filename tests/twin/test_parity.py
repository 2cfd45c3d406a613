"""Differential fuzzing: the Rust core and the pure-Python reference must agree on every seeded random hand."""

from __future__ import annotations

from hypothesis import given

import mjcore
import mjcore.reference as ref
from mjcore import Forms

from tests.support.strategies import HONOURS, hands, winning_hands
from tests.support.fuzz import fuzz_settings

FUZZ = fuzz_settings(150)


def assert_same_analysis(hand) -> None:
    assert mjcore.shanten(hand, Forms.ALL) == ref.shanten(hand, Forms.ALL), hand
    assert mjcore.shanten_by_form(hand) == ref.shanten_by_form(hand), hand
    assert mjcore.shanten(hand, Forms.DEFAULT, seven_pairs_quads=False, wild_fifth_copy=False) == ref.shanten(
        hand, Forms.DEFAULT, seven_pairs_quads=False, wild_fifth_copy=False
    ), hand
    if hand.is_complete_size:
        assert mjcore.is_win(hand, Forms.ALL) == ref.is_win(hand, Forms.ALL), hand
        assert mjcore.decompose(hand, Forms.ALL) == ref.decompose(hand, Forms.ALL), hand
    else:
        assert mjcore.waits(hand) == ref.waits(hand), hand


@FUZZ
@given(hands())
def test_random_hands(hand):
    assert_same_analysis(hand)


@FUZZ
@given(hands(sizes=(13, 14), kinds=tuple(range(9))))
def test_one_suit_hands(hand):
    assert_same_analysis(hand)


@FUZZ
@given(hands(sizes=(7, 8, 10, 11, 13, 14), kinds=HONOURS + tuple(range(9, 12))))
def test_honour_heavy_hands(hand):
    assert_same_analysis(hand)


@FUZZ
@given(hands(sizes=(13, 14), kinds=tuple(range(18)), max_melds=3))
def test_hands_with_melds(hand):
    assert_same_analysis(hand)


@FUZZ
@given(hands(sizes=(13, 14), kinds=tuple(range(9, 27)), max_wilds=4))
def test_hands_with_wilds(hand):
    assert_same_analysis(hand)


@FUZZ
@given(hands(sizes=(16, 17), max_melds=2))
def test_sixteen_tile_hands(hand):
    assert_same_analysis(hand)


@FUZZ
@given(winning_hands(max_melds=2, max_wilds=3))
def test_winning_hands_with_melds_and_wilds(hand):
    assert mjcore.is_win(hand) and ref.is_win(hand)
    assert mjcore.decompose(hand) == ref.decompose(hand)
    assert mjcore.shanten(hand) == ref.shanten(hand) == -1


@fuzz_settings(40)
@given(hands(sizes=(14,)))
def test_discard_tables(hand):
    assert mjcore.waits(hand) == ref.waits(hand)
