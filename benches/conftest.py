"""Benchmark inputs: seeded random hands, the same for every backend so the ratios compare like with like."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.strategies import random_hands

BATCH = 200_000  # rows per batch call
SINGLE = 100  # hands per single-call round, the same hands for every backend


def winning_hands(n: int, seed: int) -> np.ndarray:
    """``n`` complete 14-tile standard hands (4 sets + pair), as uint8 counts."""
    rng = random.Random(seed)
    out = np.zeros((n, 34), dtype=np.uint8)
    row = 0
    while row < n:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                t = rng.choice([s * 9 + k for s in range(3) for k in range(7)])
                for k in (t, t + 1, t + 2):
                    counts[k] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            out[row] = counts
            row += 1
    return out


@pytest.fixture(scope="session")
def hands13() -> np.ndarray:
    return random_hands(BATCH, 13, seed=13)


@pytest.fixture(scope="session")
def hands14() -> np.ndarray:
    return random_hands(BATCH, 14, seed=14)


@pytest.fixture(scope="session")
def wins14() -> np.ndarray:
    return winning_hands(BATCH, seed=41)


@pytest.fixture(scope="session")
def single13(hands13) -> list[list[int]]:
    return [row.tolist() for row in hands13[:SINGLE]]


@pytest.fixture(scope="session")
def single14(hands14) -> list[list[int]]:
    return [row.tolist() for row in hands14[:SINGLE]]


@pytest.fixture(scope="session", autouse=True)
def warm_tables(wins14):
    """Build the native lookup tables (generated at first use) before anything is timed."""
    import mjcore

    hand = wins14[0].tolist()
    mjcore.is_win(hand), mjcore.shanten(hand), mjcore.decompose(hand)
