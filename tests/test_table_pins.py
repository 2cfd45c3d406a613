"""What stays the same (issue 10, item 5): the per-deal arrays of random-bot and efficiency-bot deals of the
shipped Guangdong tables equal those recorded from the build before the table rules became data
(``scripts/record_table_pins.py`` wrote ``tests/data/table_pins.json``)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import mjcore

from scripts.record_table_pins import RAW_VALUES, pins_of

ZERO_AT_GUANGDONG = ("kong_money", "horse_hits", "ghosts", "winner_ghosts")
PINS = json.loads((Path(__file__).parent / "data" / "table_pins.json").read_text())


@pytest.mark.parametrize("pin", PINS, ids=lambda p: f"{p['ruleset']}-{p['bot']}-{p['seed']}")
def test_per_deal_arrays_are_unchanged(pin: dict) -> None:
    now = pins_of(pin["ruleset"], pin["bot"], pin["seed"], pin["deals"])
    # Issue 11 added columns that a Guangdong table leaves at zero (tests/test_tdh_table.py checks them).
    assert sorted(set(now["sha256"]) - set(pin["sha256"])) == sorted(ZERO_AT_GUANGDONG), "the same columns"
    run = mjcore.simulate(pin["ruleset"], pin["deals"], seed=pin["seed"], bots=(pin["bot"],) * 4, threads=1)
    assert all(not run[column].any() for column in ZERO_AT_GUANGDONG)
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
