"""Exhaustive agreement over every one-suit concealed hand of up to 14 tiles (about 405,000 count vectors):
is_win on all of them, shanten on every small hand and on a seeded sample of the large ones (the full shanten
sweep is in scripts/long_checks.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import mjcore
import mjcore.reference as ref
from mjcore import Forms

from tests.support.exhaustive import one_suit_hands


@pytest.fixture(scope="module")
def all_hands() -> np.ndarray:
    return one_suit_hands()


def test_count_of_hands(all_hands):
    # 0..14 tiles in one suit with at most four copies make 405,350 vectors; 312,732 of them have a hand size
    # (3n+1 or 3n+2).
    sizes = all_hands.sum(axis=1)
    assert set(np.unique(sizes) % 3) == {1, 2}
    assert len(all_hands) == 312_732


def test_is_win_every_one_suit_hand(all_hands):
    complete = all_hands[all_hands.sum(axis=1) % 3 == 2]
    for forms in (Forms.STANDARD, Forms.DEFAULT):
        native = mjcore.is_win_batch(complete, forms)
        expected = np.array([ref.is_win(row.tolist(), forms) for row in complete])
        mismatches = np.flatnonzero(native != expected)
        assert mismatches.size == 0, [mjcore.Hand(tuple(complete[i])).mpsz() for i in mismatches[:5]]


def test_shanten_small_one_suit_hands_and_a_sample(all_hands):
    sizes = all_hands.sum(axis=1)
    rng = random.Random(2026)
    large = np.flatnonzero(sizes > 8)
    chosen = np.concatenate([np.flatnonzero(sizes <= 8), np.array(sorted(rng.sample(list(large), 4000)))])
    subset = np.ascontiguousarray(all_hands[chosen])
    native = mjcore.shanten_batch(subset, Forms.DEFAULT)
    expected = np.array([ref.shanten(row.tolist(), Forms.DEFAULT) for row in subset])
    mismatches = np.flatnonzero(native != expected)
    assert mismatches.size == 0, [(mjcore.Hand(tuple(subset[i])).mpsz(), native[i], expected[i]) for i in mismatches[:5]]
