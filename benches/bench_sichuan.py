"""Sichuan scoring (group "sichuan"): the Rust core one call at a time against the pure-Python reference, on the
same seeded winning hands (tests/regional_corpus.py). No time is asserted; compare the two rows of one run:

    pytest benches/bench_sichuan.py --benchmark-columns=mean,ops
"""

from __future__ import annotations

import random

import pytest

import mjcore
import mjcore.reference
from tests.regional_corpus import sichuan_hand

pytestmark = pytest.mark.benchmark(group="sichuan")

SINGLE = 300  # hands per round


@pytest.fixture(scope="module")
def corpus():
    rng = random.Random(12)
    return [sichuan_hand(rng) for _ in range(SINGLE)]


def _score_all(score, corpus):
    rules = mjcore.load_ruleset("sichuan")
    results = []
    for hand, win, situation in corpus:
        try:
            results.append(score(hand, win, ruleset=rules, **situation))
        except mjcore.MjcoreError:  # a generated situation the hand contradicts
            results.append(None)
    return results


def test_rust_single(benchmark, corpus):
    results = benchmark(_score_all, mjcore.score, corpus)
    assert sum(r is not None and r.is_win for r in results) > SINGLE * 0.9


def test_reference_single(benchmark, corpus):
    results = benchmark.pedantic(_score_all, args=(mjcore.reference.score, corpus), rounds=3, iterations=1)
    assert sum(r is not None and r.is_win for r in results) > SINGLE * 0.9
