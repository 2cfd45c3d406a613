"""Random-bot deals of the table engine with the shipped 鸡平胡 win check: Rust (one deal per call, and the
parallel driver) and the pure-Python reference."""

from __future__ import annotations

import pytest

import mjcore.sim
from mjcore.reference import sim as reference_sim

pytestmark = pytest.mark.benchmark(group="sim")


def test_rust_random_deals(benchmark):
    play = mjcore.sim.play_random_deal
    benchmark(lambda: [play(0, deal) for deal in range(200)])


def test_rust_simulate_one_thread(benchmark):
    simulate = mjcore.sim.simulate_random
    benchmark.pedantic(lambda: simulate(0, range(20_000), threads=1), rounds=3, iterations=1)


def test_reference_random_deals(benchmark):
    play = reference_sim.play_random_deal
    benchmark.pedantic(lambda: [play(0, deal) for deal in range(5)], rounds=3, iterations=1)
