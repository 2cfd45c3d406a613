"""Every shipped ruleset plays at the table with both built-in bots (issue 10, item 4): the native engine checks
each action against the legal ones, so a whole run without an error is legal play; money is zero-sum per deal,
and the deals depend on the seed alone."""

from __future__ import annotations

import numpy as np
import pytest

import mjcore

BOTS = {"random": ("random",) * 4, "efficiency": ("efficiency",) * 4, "mixed": ("efficiency", "random") * 2}


@pytest.mark.parametrize("bots", list(BOTS))
@pytest.mark.parametrize("name", mjcore.rulesets())
def test_every_shipped_ruleset_plays_with_the_built_in_bots(name: str, bots: str) -> None:
    run = mjcore.simulate(name, 60, seed=11, bots=BOTS[bots], threads=2)
    assert run.deals == 60
    payments = run["payments"]
    assert (payments.sum(axis=1) == 0).all(), "each deal's money is zero-sum"
    if bots != "random":  # random bots seldom reach a table's minimum
        assert run["winners"].any(axis=1).sum() >= 10, "the efficiency bots win at every table"
    again = mjcore.simulate(name, 60, seed=11, bots=BOTS[bots], threads=1)
    np.testing.assert_array_equal(again["payments"], payments)
