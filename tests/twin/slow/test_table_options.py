"""The pure-Python twin plays every table option of the data-driven table rules as the native engine does: event
logs of every variant and the per-deal arrays of one, deal for deal."""

from __future__ import annotations

import random

import numpy as np
import pytest

import mjcore
from mjcore import reference
from mjcore import table as rust
from mjcore.reference import table as ref


from tests.twin.test_sim_parity import greedy_then_random
from tests.table.test_table_rules import BASE, SEED, VARIANTS


def played_alike(rules: mjcore.Ruleset, deals: int) -> list[list[str]]:
    """Deals driven step by step on both engines with the same choices (a win whenever one is legal, else
    random: wins are then frequent); the legal actions and the logs must agree throughout."""
    logs = []
    for deal in range(deals):
        native, twin = rust.Table(ruleset=rules), ref.Table(ruleset=rules)
        native.reset(SEED, deal, dealer=deal % 4)
        twin.reset(SEED, deal, dealer=deal % 4)
        rng = random.Random(deal)
        while twin.to_act() is not None:
            assert native.legal_actions() == twin.legal_actions(), f"deal {deal}"
            action = greedy_then_random(twin.legal_actions(), rng)
            native.step(action)
            twin.step(action)
        assert native.to_act() is None
        assert native.log() == twin.log(), f"deal {deal}"
        assert native.outcome() == twin.outcome()
        logs.append(native.log())
    return logs


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_twin_plays_every_table_option_alike(variant: str) -> None:
    """The twin checks every invariant (each tile of the set accounted for, flowers included; hand sizes) after
    every step, so identical logs carry those checks over to the native deal."""
    rules = BASE.with_options(minimum=0, **VARIANTS[variant])
    logs = played_alike(rules, 12)
    events = [line for log in logs for line in log]
    # Random play seldom wins: efficiency bots on both engines, compared by their per-deal arrays.
    native = mjcore.simulate(rules, 8, seed=SEED, bots=("efficiency",) * 4, threads=1)
    twin = reference.simulate(rules, 8, seed=SEED, bots=("efficiency",) * 4)
    for column in native.per_deal:
        np.testing.assert_array_equal(native[column], twin[column], err_msg=column)
    assert native["winners"].any(), "some deals are won"
    if "flowers" in variant:
        assert any('"type":"flower"' in line for line in events)
    if "no chi" in variant or "no pon" in variant:
        assert not any(f'"kind":"{"chi" if "chi" in variant else "pon"}"' in line for line in events)
    if "three winners" in variant:
        assert (native["winners"].sum(axis=1) > 1).any(), "some deal plays on past its first win"


def test_per_deal_arrays_of_a_variant_match_the_twin() -> None:
    rules = BASE.with_options(winners=3, flowers=8, minimum=0)
    native = mjcore.simulate(rules, 16, seed=SEED, bots=("efficiency",) * 4, threads=1)
    twin = reference.simulate(rules, 16, seed=SEED, bots=("efficiency",) * 4)
    for column in native.per_deal:
        np.testing.assert_array_equal(native[column], twin[column], err_msg=column)
    assert (native["winners"].sum(axis=1) > 1).any(), "some deal plays on to several winners"
    assert (native["payments"].sum(axis=1) == 0).all(), "payments are zero-sum"
