"""Waits / useful tiles (13 tiles) and the discard table (14 tiles): Rust and the pure-Python reference."""

from __future__ import annotations

import pytest

import mjcore
import mjcore.reference

pytestmark = pytest.mark.benchmark(group="waits")


def test_rust_waits13(benchmark, single13):
    waits = mjcore.waits
    benchmark(lambda: [waits(h) for h in single13])


def test_rust_discards14(benchmark, single14):
    waits = mjcore.waits
    benchmark(lambda: [waits(h) for h in single14])


def test_reference_waits13(benchmark, single13):
    waits = mjcore.reference.analysis.waits
    benchmark.pedantic(lambda: [waits(h) for h in single13], rounds=1, iterations=1)
