"""Shared fixtures: every behavioural test runs on both backends through the ``backend`` fixture."""

from __future__ import annotations

import random

import pytest

import mjcore
import mjcore.reference


@pytest.fixture(params=["rust", "reference"])
def backend(request):
    """The native-backed ``mjcore`` module or its pure-Python twin ``mjcore.reference``: same names, same
    signatures, same results."""
    return mjcore if request.param == "rust" else mjcore.reference


def random_counts(rng: random.Random, size: int, kinds: range = range(34)) -> list[int]:
    """Counts of ``size`` tiles drawn without replacement from a full set restricted to ``kinds``."""
    wall = [k for k in kinds for _ in range(4)]
    counts = [0] * 34
    for t in rng.sample(wall, size):
        counts[t] += 1
    return counts
