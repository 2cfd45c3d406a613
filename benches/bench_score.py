"""Guangdong scoring: Rust single call, Rust batch (200k winning hands), pure-Python reference (group
"score"). Per-core batch throughput: run with ``RAYON_NUM_THREADS=1``."""

from __future__ import annotations

import numpy as np
import pytest

import mjcore
import mjcore.reference

pytestmark = pytest.mark.benchmark(group="score")

SINGLE = 200  # hands per single-call round, as in the other benches


@pytest.fixture(scope="session")
def waiting_wins(wins14) -> tuple[np.ndarray, np.ndarray]:
    """The winning hands split into the 13 tiles before the win and the winning tile (the lowest kind)."""
    wins = (wins14 > 0).argmax(axis=1).astype(np.uint8)
    hands = wins14.copy()
    hands[np.arange(len(hands)), wins] -= 1
    return hands, wins


@pytest.fixture(scope="session")
def single_wins(waiting_wins) -> list[tuple[list[int], int]]:
    hands, wins = waiting_wins
    return [(hands[i].tolist(), int(wins[i])) for i in range(SINGLE)]


def test_rust_single(benchmark, single_wins):
    score = mjcore.score
    results = benchmark(lambda: [score(h, w, self_drawn=True, seat_wind=1) for h, w in single_wins])
    assert all(r.is_win for r in results)


def test_rust_single_text(benchmark, single_wins):
    """The same hands as text: the core parses them."""
    score = mjcore.score
    texts = [(mjcore.Hand(tuple(h)).mpsz(), w) for h, w in single_wins]
    results = benchmark(lambda: [score(h, w, self_drawn=True, seat_wind=1) for h, w in texts])
    assert all(r.is_win for r in results)


def test_rust_batch(benchmark, waiting_wins):
    hands, wins = waiting_wins
    fans, _ = benchmark(mjcore.score_batch, hands, wins, self_drawn=True, seat_wind=1)
    assert (fans >= 0).all()


def test_reference_single(benchmark, single_wins):
    score = mjcore.reference.score
    results = benchmark.pedantic(lambda: [score(h, w, self_drawn=True, seat_wind=1) for h, w in single_wins],
                                 rounds=3, iterations=1)  # fmt: skip
    assert all(r.is_win for r in results)
