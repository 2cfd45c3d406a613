"""More seeded deals of the ``advisor`` bot on both engines, every family it serves (the twin asks the readable
advisor for each candidate: seconds to minutes a deal)."""

from __future__ import annotations

import pytest

from tests.twin.test_advisor_bot_twin import assert_advisor_deals_alike


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "tdh", "mcr"])
def test_seeded_deals_go_alike_on_both_engines(ruleset: str) -> None:
    assert_advisor_deals_alike(ruleset, range(0, 6))
