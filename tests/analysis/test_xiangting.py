"""Shanten against an independent implementation: xiangting (PyPI), on 100,000 seeded random hands.

xiangting returns the replacement number (our shanten + 1) as the minimum over the standard form, seven pairs
and thirteen orphans, with Japanese seven pairs (four identical tiles are NOT two pairs). Our matching call is
``shanten(..., Forms.DEFAULT, seven_pairs_quads=False)``; with our default (quads count as two pairs, RULES.md
OC-44) the answers differ only on hands holding a quad, which the last test pins down.
"""

from __future__ import annotations

import numpy as np
import xiangting

import mjcore
from mjcore import Forms

from tests.support.strategies import random_hands

FOUR = xiangting.PlayerCount.FOUR


def test_agreement_on_100000_random_hands():
    for size, seed in ((13, 1), (14, 2)):
        hands = random_hands(50_000, size, seed)
        ours = mjcore.shanten_batch(hands, Forms.DEFAULT, seven_pairs_quads=False).astype(np.int64) + 1
        theirs = np.array([xiangting.calculate_replacement_number(row.tolist(), FOUR) for row in hands])
        bad = np.flatnonzero(ours != theirs)
        assert bad.size == 0, [(mjcore.Hand(tuple(hands[i])).mpsz(), ours[i], theirs[i]) for i in bad[:5]]


def test_agreement_on_seven_pairs_and_orphans_shapes():
    rng = np.random.default_rng(7)
    hands = []
    for _ in range(5000):
        counts = np.zeros(34, dtype=np.uint8)
        if rng.random() < 0.5:  # pair-heavy hands, toward seven pairs
            for k in rng.choice(34, 6, replace=False):
                counts[k] = 2
            counts[rng.integers(34)] += 1
        else:  # terminal/honour-heavy hands, toward thirteen orphans
            orphans = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
            np.add.at(counts, rng.choice(orphans, 11), 1)
            np.add.at(counts, rng.choice(34, 2), 1)
        if counts.max() <= 4:
            hands.append(counts)
    arr = np.array(hands, dtype=np.uint8)
    ours = mjcore.shanten_batch(arr, Forms.DEFAULT, seven_pairs_quads=False).astype(np.int64) + 1
    theirs = np.array([xiangting.calculate_replacement_number(row.tolist(), FOUR) for row in arr])
    assert np.array_equal(ours, theirs)


def test_quads_are_the_documented_difference():
    hand = "1111m2233p44556s"  # six pairs if a quad is two pairs (our default), five if not (xiangting)
    counts = list(mjcore.parse_hand(hand).concealed)
    assert xiangting.calculate_replacement_number(counts, FOUR) - 1 == mjcore.shanten(hand, seven_pairs_quads=False)
    assert mjcore.shanten(hand) == 0 < mjcore.shanten(hand, seven_pairs_quads=False)
