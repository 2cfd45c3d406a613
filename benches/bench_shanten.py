"""Shanten: Rust single call, Rust batch, pure-Python reference, and xiangting (PyPI) on the same hands.

Every function here computes the minimum over the standard form, seven pairs and thirteen orphans (xiangting's
definition). Run: ``pytest benches --benchmark-enable``. Each single-call benchmark handles the same ``SINGLE``
hands per round; the batch benchmark ``BATCH`` rows per call (divide for a per-hand figure).
"""

from __future__ import annotations

import pytest
import xiangting

FOUR = xiangting.PlayerCount.FOUR

import mjcore
import mjcore.reference

pytestmark = pytest.mark.benchmark(group="shanten")


def test_rust_single(benchmark, single13):
    shanten = mjcore.shanten
    benchmark(lambda: [shanten(h) for h in single13])


def test_rust_batch(benchmark, hands13):
    result = benchmark(mjcore.shanten_batch, hands13)
    assert result.shape == (hands13.shape[0],)


def test_xiangting_single(benchmark, single13):
    calc = xiangting.calculate_replacement_number
    benchmark(lambda: [calc(h, FOUR) for h in single13])


def test_reference_single(benchmark, single13):
    shanten = mjcore.reference.analysis.shanten
    benchmark.pedantic(lambda: [shanten(h) for h in single13], rounds=3, iterations=1)
