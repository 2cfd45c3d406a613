"""Scoring throughput: one hand through the Rust core, a numpy batch through the Rust core, one hand through
the reference (group "score"). Run with ``pytest benches/bench_score.py --benchmark-enable``; the batch
figure per core comes from ``RAYON_NUM_THREADS=1``."""

from __future__ import annotations

import random

import numpy as np
import pytest

import mjcore
from mjcore import reference

BATCH = 200_000


def winning_rows(count: int, seed: int = 7) -> tuple[np.ndarray, np.ndarray]:
    """Random concealed winning hands (four sets and a pair, no melds), split into the hand and its winning
    tile."""
    rng = random.Random(seed)
    counts = np.zeros((count, 34), dtype=np.uint8)
    wins = np.zeros(count, dtype=np.uint8)
    row = 0
    while row < count:
        tiles = []
        for _ in range(4):
            if rng.random() < 0.5:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        if max(tiles.count(t) for t in tiles) > 4:
            continue
        wins[row] = tiles.pop(rng.randrange(14))
        np.add.at(counts[row], tiles, 1)
        row += 1
    return counts, wins


@pytest.fixture(scope="module")
def rows():
    return winning_rows(BATCH)


@pytest.fixture(scope="module")
def hand():
    return mjcore.parse_hand("123m456m78p234s99s"), 14


@pytest.mark.benchmark(group="score")
def test_rust_single(benchmark, hand):
    counts, win = hand
    result = benchmark(mjcore.score, counts, win, self_drawn=True, seat_wind=1)
    assert result.total_fan == 3


@pytest.mark.benchmark(group="score")
def test_rust_batch(benchmark, rows):
    counts, wins = rows
    fans, _ = benchmark(mjcore.score_batch, counts, wins, self_drawn=True, seat_wind=1)
    assert (fans >= 0).all()


@pytest.mark.benchmark(group="score")
def test_reference_single(benchmark, hand):
    counts, win = hand
    result = benchmark(reference.score, counts, win, self_drawn=True, seat_wind=1)
    assert result.total_fan == 3
