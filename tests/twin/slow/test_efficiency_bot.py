"""The native ``efficiency`` bot and its pure-Python twin make identical choices: event logs over seeded deals,
four efficiency bots and efficiency bots mixed with random ones."""

from __future__ import annotations

import pytest

import mjcore.table
from mjcore.reference import table as ref
from tests.support.sim_helpers import bot_deal

EFFICIENCY = ("efficiency",) * 4
MIXED = (("random", "efficiency", "random", "efficiency"), ("efficiency", "efficiency", "efficiency", "random"))


@pytest.mark.parametrize("chunk", range(4))
def test_four_efficiency_bots_play_identical_deals(chunk: int) -> None:
    for deal in range(chunk * 25, chunk * 25 + 25):
        dealer, round_wind = deal % 4, deal // 4 % 4
        native = bot_deal(mjcore.table, 3, deal, EFFICIENCY, dealer, round_wind)
        assert native == bot_deal(ref, 3, deal, EFFICIENCY, dealer, round_wind), f"deal {deal}"


@pytest.mark.parametrize("bots", MIXED)
def test_mixed_seats_play_identical_deals(bots: tuple[str, ...]) -> None:
    for deal in range(20):
        assert bot_deal(mjcore.table, 5, deal, bots) == bot_deal(ref, 5, deal, bots), f"deal {deal}"
