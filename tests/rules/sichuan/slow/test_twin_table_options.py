"""The twin table plays every Sichuan table option as the native one, deal for deal (slow tier: twin table runs)."""

from __future__ import annotations

import pytest

from tests.rules.sichuan.test_table_options import FULL, OPTION_SETS
from tests.rules.sichuan.test_xueliu import simulates_alike


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_the_twin_simulates_each_option_as_natively(options: dict) -> None:
    rules = FULL.with_options(**options)
    for seed, bots, deals in ((3, ("random",) * 4, 30), (20, ("random",) * 4, 30), (3, ("efficiency",) * 4, 2)):
        simulates_alike(rules, deals, seed, bots)
