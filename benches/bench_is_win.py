"""Win detection: Rust single call, Rust batch (random and winning hands), pure-Python reference."""

from __future__ import annotations

import pytest

import mjcore
import mjcore.reference

pytestmark = pytest.mark.benchmark(group="is_win")


def test_rust_single(benchmark, single14):
    is_win = mjcore.is_win
    benchmark(lambda: [is_win(h) for h in single14])


def test_rust_batch_random(benchmark, hands14):
    benchmark(mjcore.is_win_batch, hands14)


def test_rust_batch_winning(benchmark, wins14):
    result = benchmark(mjcore.is_win_batch, wins14, mjcore.Forms.STANDARD)
    assert result.all()


def test_reference_single(benchmark, single14):
    is_win = mjcore.reference.is_win
    benchmark.pedantic(lambda: [is_win(h) for h in single14], rounds=3, iterations=1)
