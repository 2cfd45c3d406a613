"""The Rust core and the pure-Python twin agree on a seeded corpus of folk calls (tests/support/folk_corpus.py):
results equal field by field, or the same error type; every win's money is zero-sum per kind."""

from __future__ import annotations

import random

import pytest

import mjcore
from tests.support.folk_corpus import random_call

CALLS = 3000


def outcome(call, score):
    try:
        return call.run(score)
    except (mjcore.MjcoreError, TypeError) as error:
        return type(error)


@pytest.mark.parametrize("seed", [1, 2])
def test_backends_agree_on_a_seeded_corpus(seed):
    rng = random.Random(seed)
    wins = families = 0
    seen = set()
    for _ in range(CALLS // 2):
        call = random_call(rng)
        native, reference = outcome(call, mjcore.score), outcome(call, mjcore.reference.score)
        assert native == reference, call
        if isinstance(native, mjcore.rules.folk.FolkScore) and native.is_win:
            wins += 1
            seen.add((native.family, native.entries[0].key))
            for seats in native.money.values():
                assert sum(seats) == 0
        families += 1
    assert wins > CALLS // 4  # most calls win, so the comparison covers the scoring
    assert {key for family, key in seen if family == "gd789"} >= {"ji_hu", "za_se", "qing_yi_se", "da_ge",
                                                                   "shi_san_yao"}  # fmt: skip
