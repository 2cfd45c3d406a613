"""Benchmark inputs: seeded random hands, the same for every backend so the ratios compare like with like."""

from __future__ import annotations

import numpy as np
import pytest

from tests.strategies import complete_hands, random_hands

BATCH = 200_000  # rows per batch call
SINGLE = 100  # hands per single-call round, the same hands for every backend


@pytest.fixture(scope="session")
def hands13() -> np.ndarray:
    return random_hands(BATCH, 13, seed=13)


@pytest.fixture(scope="session")
def hands14() -> np.ndarray:
    return random_hands(BATCH, 14, seed=14)


@pytest.fixture(scope="session")
def wins14() -> np.ndarray:
    return np.array(complete_hands(BATCH, seed=41), dtype=np.uint8)


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
