"""The comparisons the twin table tests make: ``simulate`` natively and in the pure-Python twin on the same
arguments (every per-deal array, the totals and the pattern keys equal), and a deal stepped on both tables."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

import mjcore
from mjcore import reference


def assert_simulate_alike(ruleset: Any, deals: int, seed: int, bots: tuple[str, ...], offset: int = 0,
                          where: str = "") -> mjcore.SimulationResult:
    """Plays ``deals`` deals on both engines and asserts they agree column by column; returns the native run."""
    native = mjcore.simulate(ruleset, deals, seed=seed, bots=bots, threads=1, deal_offset=offset)
    twin = reference.simulate(ruleset, deals, seed=seed, bots=bots, deal_offset=offset)
    assert native.per_deal.keys() == twin.per_deal.keys(), where
    for column in native.per_deal:
        np.testing.assert_array_equal(twin[column], native[column], err_msg=f"{where}: {column}")
    assert twin.totals == native.totals, where
    assert twin.pattern_keys == native.pattern_keys, where
    return native


def same_state(native, twin, where: str) -> None:
    assert twin.to_act() == native.to_act(), where
    assert twin.legal_actions() == native.legal_actions(), where
    for seat in range(4):
        assert twin.observation(seat) == native.observation(seat), f"{where}, seat {seat}"


def step_alike(native, twin, seed: int, deal: int, chooser: random.Random, where: str) -> None:
    """Plays deal ``deal`` of ``seed`` on both tables, each step chosen by ``chooser`` among the native legal
    actions: the states agree at every step, and the logs, outcomes and payments at the end."""
    for table in (native, twin):
        table.reset(seed, deal, dealer=deal % 4)
    steps = 0
    while native.to_act() is not None:
        same_state(native, twin, f"{where} step {steps}")
        assert twin.payments() is None
        action = chooser.choice(native.legal_actions())
        native.step(action)
        twin.step(action)
        steps += 1
    same_state(native, twin, f"{where}: over")
    assert twin.log() == native.log()
    assert twin.outcome() == native.outcome()
    assert twin.payments() == native.payments()
