"""What stays the same (issue 10, item 5): the per-deal arrays of random-bot and efficiency-bot deals of the
shipped Guangdong tables equal those recorded from the build before the table rules became data
(``scripts/record_table_pins.py`` wrote ``tests/data/table_pins.json``). One deliberate change since: 贵港's
efficiency bots aim at 七对 (its two efficiency pins re-recorded; docs/decisions.md has the before/after)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from scripts.record_table_pins import RAW_VALUES, pins_of

PINS = json.loads((Path(__file__).parent / "data" / "table_pins.json").read_text())


@pytest.mark.parametrize("pin", PINS, ids=lambda p: f"{p['ruleset']}-{p['bot']}-{p['seed']}")
def test_per_deal_arrays_are_unchanged(pin: dict) -> None:
    # `pins_of` checks that the columns added since (UNPINNED) are all zero at a Guangdong table.
    now = pins_of(pin["ruleset"], pin["bot"], pin["seed"], pin["deals"])
    assert sorted(now["sha256"]) == sorted(pin["sha256"]), "the same columns"
    for name, digest in pin["sha256"].items():
        # The raw head first: a mismatch then shows values, not only two digests.
        assert now["head"][name] == pin["head"][name], name
        assert now["sha256"][name] == digest, name


def test_the_pins_cover_every_guangdong_table_and_both_bots() -> None:
    covered = {(p["ruleset"], p["bot"]) for p in PINS}
    assert covered == {(r, b) for r in ("gd-cgc5", "gd-qq3", "gd-guigang") for b in ("random", "efficiency")}
    assert all(len(p["head"]["payments"]) == RAW_VALUES for p in PINS)
    # The pinned runs are not trivial: some deals are won, some paid.
    assert any(np.asarray(p["head"]["winners"]).any() for p in PINS)
