"""Seeded differential play of issue 27's last folk options (slow tier: the twin's efficiency bots take tens of
seconds): 789's horse_buyers with horses mirroring flower money, and 老章's 数胡尾 — the twin simulator gives every
per-deal column the engine gives."""

from __future__ import annotations

import warnings

import mjcore
from mjcore.rules.placeholders import PlaceholderWarning

from tests.support.twin import assert_simulate_alike

with warnings.catch_warnings():
    warnings.simplefilter("ignore", PlaceholderWarning)
    GD789 = mjcore.load_ruleset("gd-789")
    LAOZHANG = mjcore.load_ruleset("laozhang")
HU_TAIL = LAOZHANG.with_options(loser_settlement="hu_tail")


def test_the_twin_simulates_some_buyers_and_flower_mirroring_horses_as_the_engine_does() -> None:
    """Seeded play (the differential check): every per-deal column alike, the horse money moving."""
    rules = GD789.with_options(horses_per_seat=3, horse_buyers=[0, 2], horse_mirrors="hand_and_flowers")
    native = assert_simulate_alike(rules, 12, 7, ("efficiency",) * 4, where="789 some buyers")
    assert native["horse_money"].any()


def test_the_twin_simulates_hu_tail_as_the_engine_does() -> None:
    """Seeded play (the differential check): every per-deal column alike, and the 数胡尾 money moving (the
    payments differ from the same deals without it, only in deals won on a discard)."""
    native = assert_simulate_alike(HU_TAIL, 24, 11, ("efficiency",) * 4, where="laozhang hu_tail")
    plain = mjcore.simulate(LAOZHANG, 24, seed=11, bots=("efficiency",) * 4, threads=1)
    moved = (native["payments"] != plain["payments"]).any(axis=1)
    assert moved.any(), "some deal's losers held sets"
    assert not (moved & native["self_drawn"]).any() and not (moved & native["exhaustive_draw"]).any()
