"""Batch shanten of hands with ghosts (issue 11) beside the same batch read without them: dealt rows pushed to
hold 0..4 白 in turn (``tests.support.strategies.ghost_rows``), ``ghosts="tdh"`` with and without a ghost as a fifth
copy. Run: ``pytest benches/bench_ghost_batch.py --benchmark-enable``; compare the group's means (the issue asks
for the ghost batch at half the speed of the plain one or better). Nothing is asserted about times.
"""

from __future__ import annotations

import numpy as np
import pytest

import mjcore
from benches.conftest import BATCH
from tests.support.strategies import ghost_rows

pytestmark = pytest.mark.benchmark(group="ghost batch shanten")


@pytest.fixture(scope="module")
def rows() -> np.ndarray:
    return ghost_rows(BATCH, seed=11)


def test_batch_without_ghosts(benchmark, rows):
    benchmark(mjcore.shanten_batch, rows)


@pytest.mark.parametrize("fifth", [True, False], ids=["fifth copy", "no fifth copy"])
def test_batch_with_ghosts(benchmark, rows, fifth):
    result = benchmark(mjcore.shanten_batch, rows, ghosts="tdh", wild_fifth_copy=fifth)
    assert (result <= mjcore.shanten_batch(rows)).all()  # the ghosts only help
