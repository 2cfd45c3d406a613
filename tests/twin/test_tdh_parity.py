"""The Rust core and the pure-Python reference agree on a seeded random corpus of 推倒胡 scoring calls (every
ghost mode and option, melds, kongs, horses, robbed kongs, refusals): the same result, field by field, or the
same exception with the same message."""

from __future__ import annotations

import random

import pytest

import mjcore
from mjcore import _core
from mjcore.rules.tdh.names import FORMS, MULTIPLIERS

from tests.support.tdh_corpus import random_call, spoiled_call

CALLS = 3000


def _outcome(call, score):
    try:
        return call.run(score)
    except mjcore.MjcoreError as error:
        return type(error), str(error)


@pytest.mark.parametrize("block", range(6))
def test_backends_agree_on_a_random_corpus(block: int) -> None:
    rng = random.Random(1100 + block)
    outcomes = []
    for _ in range(CALLS // 6):
        call = random_call(rng)
        native, reference = _outcome(call, mjcore.score), _outcome(call, mjcore.reference.score)
        assert native == reference, (call, native, reference)
        outcomes.append(native)
    wins = [o for o in outcomes if isinstance(o, mjcore.TdhScore) and o.is_win]
    # The corpus exercises what it claims to: wins with ghosts, horses that hit, kong money, liability, refusals.
    assert len(wins) > len(outcomes) // 3
    assert any(w.horse_hits for w in wins) and any(w.kong_payments for w in wins)
    assert any(w.liable is not None for w in wins) and any(w.multipliers for w in wins)
    assert {w.form.key for w in wins} >= {"standard", "seven_pairs"}
    assert any(isinstance(o, mjcore.TdhScore) and not o.is_win for o in outcomes)
    assert all(sum(w.net) == 0 for w in wins)


def test_engine_codes_match_the_names() -> None:
    forms, multipliers = _core.tdh_keys()
    assert forms == [key for key, _, _ in FORMS]
    assert multipliers == [key for key, _, _ in MULTIPLIERS]


def test_backends_refuse_impossible_calls_alike() -> None:
    rng = random.Random(1199)
    errors = set()
    for _ in range(600):
        call = spoiled_call(rng)
        native, reference = _outcome(call, mjcore.score), _outcome(call, mjcore.reference.score)
        assert native == reference, (call, native, reference)
        if isinstance(native, tuple):
            errors.add(native[0])
    assert errors >= {mjcore.InvalidHandError, mjcore.InvalidArgumentError}
