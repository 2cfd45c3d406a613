"""The twin simulates every Taiwan table option as the native one, per-deal arrays equal (slow tier: twin table
runs)."""

from __future__ import annotations

import numpy as np
import pytest

import mjcore
from mjcore import reference

from tests.rules.taiwan.test_table_options import ALL_ON, OPTIONS, TAIWAN


@pytest.mark.parametrize("option", [*OPTIONS, "all"])
def test_the_twin_gives_the_native_per_deal_arrays_with_the_option_on(option: str) -> None:
    rules = TAIWAN.with_options(**(ALL_ON if option == "all" else OPTIONS[option]))
    # The twin is slow (its efficiency bot above all): a few deals per option, more with all of them on.
    runs = ((("random",) * 4, 6, 5), (("efficiency",) * 4, 2, 7)) if option == "all" else \
        ((("random",) * 4, 4, 11 + len(option)), (("efficiency",) * 4, 1, 3 + len(option)))
    for bots, deals, seed in runs:
        native = mjcore.simulate(rules, deals, seed=seed, bots=bots, threads=1)
        assert (native["payments"].sum(axis=1) == 0).all()
        two = mjcore.simulate(rules, deals, seed=seed, bots=bots, threads=2)
        twin = reference.simulate(rules, deals, seed=seed, bots=bots)
        for column in native.per_deal:
            np.testing.assert_array_equal(two[column], native[column], err_msg=f"threads: {column}")
            np.testing.assert_array_equal(twin[column], native[column], err_msg=f"{option}: {column}")
