"""What stays the same (issue 10, item 5): the per-deal arrays of random-bot and efficiency-bot deals of the
shipped Guangdong tables equal those recorded from the build before the table rules became data
(``scripts/record_table_pins.py`` wrote ``tests/data/table_pins.json``). One deliberate change since: 贵港's
efficiency bots aim at 七对 (its two efficiency pins re-recorded; docs/decisions.md has the before/after)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from scripts.record_table_pins import ADDED_AFTER_EVERY_RULESET_PINS, RAW_VALUES, SHIPPED, pins_of
from tests.support.paths import DATA

PINS = json.loads((DATA / "table_pins.json").read_text())
# Issue 25: every shipped ruleset, every column, from the build before the re-layering.
EVERY_RULESET_PINS = json.loads((DATA / "every_ruleset_pins.json").read_text())


def pin_id(pin: dict) -> str:
    return f"{pin['ruleset']}-{pin['bot']}-{pin['seed']}"


@pytest.mark.parametrize("pin", PINS + EVERY_RULESET_PINS, ids=pin_id)
def test_per_deal_arrays_are_unchanged(pin: dict) -> None:
    # For the first pins `pins_of` checks that the columns added since (UNPINNED) are all zero at a Guangdong
    # table; the later pins hold every column.
    now = pins_of(pin["ruleset"], pin["bot"], pin["seed"], pin["deals"], every_column=pin in EVERY_RULESET_PINS)
    added = set(ADDED_AFTER_EVERY_RULESET_PINS) - set(pin["sha256"])
    assert sorted(set(now["sha256"]) - added) == sorted(pin["sha256"]), "the same columns"
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


def test_the_later_pins_cover_every_shipped_ruleset_both_bots_and_every_column() -> None:
    import mjcore

    shipped = {path.stem for path in (Path(mjcore.__file__).parent / "rulesets").glob("*.toml")}
    assert set(SHIPPED) == shipped
    covered = {(p["ruleset"], p["bot"]) for p in EVERY_RULESET_PINS}
    assert covered == {(r, b) for r in SHIPPED for b in ("random", "efficiency")}
    for pin in EVERY_RULESET_PINS:
        assert set(pin["sha256"]) >= {"payments", "winners", "fan", "kong_money", "flowers", "ghosts"}, pin_id(pin)
    for ruleset in SHIPPED:  # not trivial: at every ruleset some pinned first rows hold a paid deal
        assert any(np.asarray(p["head"]["payments"]).any() for p in EVERY_RULESET_PINS if p["ruleset"] == ruleset)
