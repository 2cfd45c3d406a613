"""One twin-parity smoke per family at the table, in the default tier: a few deals of every shipped ruleset
played natively and by the pure-Python twin give the same per-deal arrays, with random bots and with an efficiency
seat. The long parity runs (more seeds, options, games, step-by-step driving) are in ``tests/twin/slow/``."""

from __future__ import annotations

import pytest

from scripts.record_table_pins import SHIPPED
from tests.support.twin import assert_simulate_alike

pytestmark = pytest.mark.filterwarnings("ignore::mjcore.rules.folk.PlaceholderWarning")


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_a_few_deals_give_the_native_per_deal_arrays(ruleset: str) -> None:
    assert_simulate_alike(ruleset, 6, 31, ("random",) * 4, offset=3, where=f"{ruleset} random")
    mixed = ("efficiency", "random", "random", "random")
    assert_simulate_alike(ruleset, 1, 32, mixed, offset=1, where=f"{ruleset} efficiency seat")
