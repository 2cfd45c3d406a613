"""The twin plays 血流成河 as the native table, deal for deal and step by step (slow tier: twin table runs)."""

from __future__ import annotations

import random

import mjcore
import pytest
from mjcore.reference.table import Table as TwinTable

from tests.rules.sichuan.test_xueliu import XUELIU, simulates_alike
from tests.support.twin import step_alike


@pytest.mark.parametrize("seed", (3, 20))
def test_the_twin_plays_xueliu_as_natively(seed: int) -> None:
    for bots, deals in ((("random",) * 4, 60), (("efficiency",) * 4, 3)):
        simulates_alike(XUELIU, deals, seed, bots)
    native, twin = mjcore.Table(ruleset=XUELIU), TwinTable(ruleset=XUELIU)
    for deal in (1, 6):
        step_alike(native, twin, seed, deal, random.Random(deal + seed), f"deal {deal}")
