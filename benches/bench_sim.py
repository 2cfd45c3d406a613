"""Random-bot deals of the table engine: Rust and the pure-Python reference. The win check is a Python
function on both sides (no hand wins), so this measures the engines plus the per-check callback."""

from __future__ import annotations

import pytest

import mjcore.sim
from mjcore.reference import sim as reference_sim

pytestmark = pytest.mark.benchmark(group="sim")


def no_wins(hand, situation):
    return None


def test_rust_random_deals(benchmark):
    play = mjcore.sim.play_random_deal
    benchmark(lambda: [play(0, deal, no_wins) for deal in range(20)])


def test_reference_random_deals(benchmark):
    play = reference_sim.play_random_deal
    benchmark.pedantic(lambda: [play(0, deal, no_wins) for deal in range(5)], rounds=3, iterations=1)
