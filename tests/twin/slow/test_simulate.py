"""`mjcore.simulate` against its pure-Python twin over longer runs: random-bot and efficiency-bot deals at the
Guangdong tables, column for column (the default tier has a few deals of every ruleset: tests/twin/test_table_smoke.py)."""

from __future__ import annotations


import mjcore
import mjcore.reference
from tests.sim.test_simulate import RANDOM, SEED, assert_same_deals


def test_random_bot_deals_match_the_twin_column_for_column() -> None:
    native = mjcore.simulate("gd-cgc5", 120, seed=SEED, bots=RANDOM)
    assert not native["exhaustive_draw"].all()
    assert_same_deals(native, mjcore.reference.simulate("gd-cgc5", 120, seed=SEED, bots=RANDOM))


def test_efficiency_bot_deals_match_the_twin() -> None:
    bots = ("efficiency", "random", "efficiency", "efficiency")
    native = mjcore.simulate("gd-qq3", 12, seed=SEED, bots=bots, deal_offset=40)
    assert native["winners"].any()
    assert_same_deals(native, mjcore.reference.simulate("gd-qq3", 12, seed=SEED, bots=bots, deal_offset=40))
