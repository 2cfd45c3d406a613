"""Decomposition of complete hands: Rust and the pure-Python reference."""

from __future__ import annotations

import pytest

import mjcore
import mjcore.reference

pytestmark = pytest.mark.benchmark(group="decompose")


@pytest.fixture(scope="module")
def wins(wins14):
    return [row.tolist() for row in wins14[:100]]


def test_rust_single(benchmark, wins):
    decompose = mjcore.decompose
    benchmark(lambda: [decompose(h) for h in wins])


def test_reference_single(benchmark, wins):
    decompose = mjcore.reference.analysis.decompose
    benchmark.pedantic(lambda: [decompose(h) for h in wins], rounds=3, iterations=1)
