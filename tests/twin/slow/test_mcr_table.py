"""The pure-Python twin plays MCR at the table exactly as the native engine: the same event logs (who may win,
and for what, under 8番起和 with 和绝张, 妙手回春 / 海底捞月, 杠上开花, 抢杠和 read from the table), the same
payments, the same per-deal arrays of ``simulate``."""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pytest

import mjcore
from mjcore import reference
from mjcore.reference.table import Table as TwinTable
from mjcore.reference.table.families import twin_family
from mjcore.table import Table
from tests.support.twin import assert_simulate_alike

MCR = mjcore.load_ruleset("mcr")


def _greedy_deal(table, seed: int, deal: int) -> None:
    """Plays a deal taking every win offered, else a seeded random legal action: random play seldom reaches
    8 fan, so the wins the tables offer are what this drives towards (the same choices on both tables as
    long as their legal actions agree)."""
    table.reset(seed, deal, dealer=deal % 4, round_wind=(deal // 4) % 4)
    choice = random.Random(seed * 1000 + deal)
    while table.to_act() is not None:
        legal = [tuple(a) for a in table.legal_actions()]
        table.step(("win", None) if ("win", None) in legal else legal[choice.randrange(len(legal))])


@pytest.mark.parametrize("seed", [1, 2])
def test_random_bot_mcr_deals_have_identical_logs_and_payments(seed: int) -> None:
    native, twin = Table(ruleset="mcr"), TwinTable(ruleset="mcr")
    for deal in range(60):
        for table in (native, twin):
            table.reset(seed, deal, dealer=deal % 4, round_wind=(deal // 4) % 4)
            table.play(("random",) * 4)
        assert twin.log() == native.log(), f"seed {seed} deal {deal}"
        assert twin.payments() == native.payments(), f"seed {seed} deal {deal}"


def test_deals_taking_every_win_have_identical_logs_and_payments() -> None:
    native, twin = Table(ruleset="mcr"), TwinTable(ruleset="mcr")
    wins = 0
    for deal in range(60):
        for table in (native, twin):
            _greedy_deal(table, 7, deal)
        assert twin.log() == native.log(), f"deal {deal}"
        assert twin.payments() == native.payments(), f"deal {deal}"
        assert twin.outcome() == native.outcome(), f"deal {deal}"
        wins += bool(native.outcome())
    assert wins > 0, "some deal ends in a win, so that the fan and payments are compared"


@pytest.mark.parametrize("ruleset", [MCR, MCR.with_options(several_winners="all")])
def test_reference_simulate_gives_the_native_per_deal_arrays(ruleset) -> None:
    assert_simulate_alike(ruleset, 40, 3, ("random",) * 4, offset=5)


@pytest.mark.parametrize("bots", [("efficiency",) * 4, ("efficiency", "random", "efficiency", "random")])
def test_efficiency_bots_aim_by_the_table_alike(bots: tuple[str, ...]) -> None:
    """The bots of ``simulate`` play for the table's aim (every MCR form, waits judged by 8番起和): the twin's
    choices, wins and payments are the engine's."""
    native = mjcore.simulate("mcr", 16, seed=11, bots=bots, threads=1, deal_offset=30)
    twin = reference.simulate("mcr", 16, seed=11, bots=bots, deal_offset=30)
    for column in native.per_deal:
        np.testing.assert_array_equal(twin[column], native[column], err_msg=column)
    assert native["winners"].any(axis=1).sum() >= 4, "wins are compared, not only draws"


def test_table_play_gives_identical_efficiency_deals() -> None:
    """``Table.play`` gives its efficiency bots the table's aim on both engines (MCR: legal waits only), so a
    deal played by ``reset`` + ``play`` is the one ``simulate`` plays."""
    native, twin = Table(ruleset="mcr"), TwinTable(ruleset="mcr")
    run = mjcore.simulate("mcr", 4, seed=5, bots=("efficiency",) * 4, threads=1)
    for deal in range(4):
        for table in (native, twin):
            table.reset(5, deal, dealer=deal % 4)  # simulate's dealer; deals 0..3 are in the East round
            table.play(("efficiency",) * 4)
        assert twin.log() == native.log(), f"deal {deal}"
        assert twin.payments() == native.payments(), f"deal {deal}"
        assert list(native.payments()) == run["payments"][deal].tolist(), f"deal {deal}: the deal simulate played"


def test_the_twin_refuses_families_it_does_not_play_by_name() -> None:
    with pytest.raises(mjcore.errors.RulesetError, match="pure-Python table plays guangdong, mcr.*'folk'"):
        twin_family(SimpleNamespace(name="folk", family="folk"))
