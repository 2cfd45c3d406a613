"""Benchmark inputs: seeded random hands, the same for every backend so the ratios compare like with like."""

from __future__ import annotations

import numpy as np
import pytest

from tests.support.strategies import complete_hands, random_hands

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


@pytest.fixture(scope="session")
def single_rows(hands13, hands14, wins14) -> dict[str, np.ndarray]:
    """``SINGLE`` hands of each kind: winning 14-tile, random 14-tile, random 13-tile."""
    return {"winning14": wins14[:SINGLE], "random14": hands14[:SINGLE], "random13": hands13[:SINGLE]}
