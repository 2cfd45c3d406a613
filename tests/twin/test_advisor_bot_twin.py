"""The ``advisor`` bot and its twin over ``mjcore.reference.advise`` make the same choices: seeded deals played
with it in seat 0 have identical event logs on both engines (the slow tier plays more deals of each family)."""

from __future__ import annotations

import pytest

from mjcore import table as native
from mjcore.reference import table as twin

from tests.support.sim_helpers import bot_deal

SEED = 29
ADVISOR_SEAT = ("advisor", "efficiency", "efficiency", "efficiency")


def assert_advisor_deals_alike(ruleset: str, deals: range) -> None:
    differ_from_efficiency = 0
    for deal in deals:
        log = bot_deal(native, SEED, deal, ADVISOR_SEAT, dealer=deal % 4, ruleset=ruleset)
        assert bot_deal(twin, SEED, deal, ADVISOR_SEAT, dealer=deal % 4, ruleset=ruleset) == log, f"deal {deal}"
        differ_from_efficiency += log != bot_deal(native, SEED, deal, ("efficiency",) * 4, dealer=deal % 4,
                                                  ruleset=ruleset)  # fmt: skip
    # The comparison covers the advisor's own choices, not only the moves it shares with the efficiency bot.
    assert differ_from_efficiency > 0


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "tdh"])
def test_a_deal_goes_alike_on_both_engines(ruleset: str) -> None:
    assert_advisor_deals_alike(ruleset, range(1, 2))
