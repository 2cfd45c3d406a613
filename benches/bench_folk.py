"""Folk scoring (group "folk"): the 789 folk table and 老章, the Rust core one call at a time and the
pure-Python reference, on the same seeded corpus of calls (tests/support/folk_corpus.py):

    pytest benches/bench_folk.py --benchmark-columns=mean,ops
"""

from __future__ import annotations

import random

import pytest

import mjcore
from tests.support.folk_corpus import random_call

pytestmark = pytest.mark.benchmark(group="folk")

SINGLE = 500  # calls per round


@pytest.fixture(scope="module", params=["gd-789", "laozhang"])
def calls(request):
    rng = random.Random(11)
    picked = []
    while len(picked) < SINGLE:
        call = random_call(rng)
        if call.rules.name == request.param:
            picked.append(call)
    return picked


def test_rust_single(benchmark, calls):
    results = benchmark(lambda: [call.run(mjcore.score) for call in calls])
    assert sum(r.is_win for r in results) > SINGLE // 2


def test_reference(benchmark, calls):
    results = benchmark.pedantic(lambda: [call.run(mjcore.reference.score) for call in calls], rounds=3,
                                 iterations=1)  # fmt: skip
    assert sum(r.is_win for r in results) > SINGLE // 2
