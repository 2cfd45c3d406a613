"""推倒胡 scoring (group "tdh"): the Rust core one call at a time and the pure-Python reference, on the same
seeded corpus of calls (every ghost mode and option, melds, kongs, horses; tests/support/tdh_corpus.py):

    pytest benches/bench_tdh.py --benchmark-columns=mean,ops
"""

from __future__ import annotations

import random

import pytest

import mjcore
from tests.support.tdh_corpus import random_call

pytestmark = pytest.mark.benchmark(group="tdh")

SINGLE = 500  # calls per round


@pytest.fixture(scope="module")
def calls():
    rng = random.Random(7)
    return [random_call(rng) for _ in range(SINGLE)]


def test_rust_single(benchmark, calls):
    results = benchmark(lambda: [call.run(mjcore.score) for call in calls])
    assert sum(r.is_win for r in results) > SINGLE // 2


def test_reference(benchmark, calls):
    results = benchmark.pedantic(lambda: [call.run(mjcore.reference.score) for call in calls], rounds=3,
                                 iterations=1)  # fmt: skip
    assert sum(r.is_win for r in results) > SINGLE // 2
