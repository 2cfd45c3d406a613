"""The twin simulates the 789 horses as the native table, per-deal arrays and totals equal (slow tier: twin
table runs)."""

from __future__ import annotations

import numpy as np
import pytest

import mjcore
from mjcore import reference

from tests.rules.folk.test_789_horses import HORSES


@pytest.mark.parametrize("bots", [("random",) * 4, ("efficiency",) * 4], ids=["random", "efficiency"])
def test_the_twin_gives_the_native_per_deal_arrays_with_horses(bots) -> None:
    deals, seeds = ((24, (1, 2, 3)) if bots[0] == "random" else (4, (1, 2)))  # the twin's efficiency bot is slow
    paid = 0
    for seed in seeds:
        native = mjcore.simulate(HORSES, deals, seed=seed, bots=bots, threads=1)
        paid += int(native["horse_money"].any(axis=1).sum())
        twin = reference.simulate(HORSES, deals, seed=seed, bots=bots)
        assert native.per_deal.keys() == twin.per_deal.keys()
        for column in native.per_deal:
            np.testing.assert_array_equal(twin[column], native[column], err_msg=f"seed {seed}: {column}")
        assert twin.totals == native.totals
    # Random bots seldom win at a table without chi (their deals check the reserve and the draws); efficiency
    # bots win, so their horse money is compared.
    assert paid > 0 or bots[0] == "random", "deals with horse money are compared"
