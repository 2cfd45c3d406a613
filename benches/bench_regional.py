"""Sichuan and Taiwan scoring (groups "sichuan", "taiwan"): the Rust core one call at a time against the
pure-Python reference, on the same seeded winning hands (tests/support/regional_corpus.py). No time is asserted; compare
the rows of one group in one run:

    pytest benches/bench_regional.py --benchmark-columns=mean,ops
"""

from __future__ import annotations

import random

import pytest

import mjcore
import mjcore.reference
from tests.support.regional_corpus import sichuan_hand, taiwan_hand

SINGLE = 300  # hands per round
HANDS = {"sichuan": sichuan_hand, "taiwan": taiwan_hand}


@pytest.fixture(scope="module", params=list(HANDS))
def family(request):
    rng = random.Random(12)
    return request.param, [HANDS[request.param](rng) for _ in range(SINGLE)]


def _score_all(score, ruleset, corpus):
    rules = mjcore.load_ruleset(ruleset)
    results = []
    for hand, win, situation in corpus:
        try:
            results.append(score(hand, win, ruleset=rules, **situation))
        except mjcore.MjcoreError:  # a generated situation the hand contradicts
            results.append(None)
    return results


def test_rust_single(benchmark, family):
    ruleset, corpus = family
    benchmark.group = ruleset
    results = benchmark(_score_all, mjcore.score, ruleset, corpus)
    assert sum(r is not None and r.is_win for r in results) > SINGLE * 0.9


def test_reference_single(benchmark, family):
    ruleset, corpus = family
    benchmark.group = ruleset
    results = benchmark.pedantic(_score_all, args=(mjcore.reference.score, ruleset, corpus), rounds=3,
                                 iterations=1)  # fmt: skip
    assert sum(r is not None and r.is_win for r in results) > SINGLE * 0.9
