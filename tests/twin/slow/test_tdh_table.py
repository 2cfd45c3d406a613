"""The pure-Python twin plays 推倒胡 at the table exactly as the native engine (issue 11: the twin is the
baseline of ``simulate("tdh")``): every per-deal array of ``simulate`` (payments, kong money, horse hits, the
ghost kinds, the ghosts a winner held …) over several seeds and option sets — each ghost mode with its
indicator (四花鬼 / 八花鬼 with their flowers held as ghosts), horses, 点炮可胡, the tile sets, 跟庄, 流局算杠 —
with random and efficiency bots; and whole games (the winner deals, 节节高 and 买马节节高 read the dealer's 连庄
count) with identical logs and money."""

from __future__ import annotations

import numpy as np
import pytest

import mjcore
from mjcore.reference.table import Table as TwinTable
from mjcore.table import Table
from tests.support.twin import assert_simulate_alike

TDH = mjcore.load_ruleset("tdh")

OPTION_SETS = [
    {},  # 白板做鬼
    {"ghosts": "none", "seven_pairs": True, "thirteen_orphans": True, "discard_wins": True},
    {"ghosts": "red", "horses": 2, "discard_wins": True},
    {"ghosts": "flip", "tiles": "no_characters", "seven_pairs": True, "horses": 4, "horse_follows_win": True},
    {"ghosts": "flip_two", "flip_honour_cycle": "seven", "follow_dealer": True, "kong_money_on_draw": True},
    {"ghosts": "flip", "tiles": "no_honours", "rob_melded_kong": True, "discard_wins": True,
     "discarder_pays": "three"},
    {"horses": 1, "one_horse": True, "horse_follows_kong": True, "base": 5, "ghost_fifth_copy": False},
    {"horses": 8, "last_tile_double": True, "kong_bloom_double": True, "robbing_kong_double": True},
    {"ghosts": "flowers4", "horses": 4, "follow_dealer": True},  # the flowers held as ghosts
    {"ghosts": "flowers8", "discard_wins": True, "horses": 2, "tiles": "no_honours"},
]  # fmt: skip
BOTS = [("random",) * 4, ("efficiency",) * 4, ("efficiency", "random", "efficiency", "random")]


def _same_arrays(ruleset, deals: int, seed: int, bots) -> mjcore.SimulationResult:
    return assert_simulate_alike(ruleset, deals, seed, bots)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
@pytest.mark.parametrize("bots", BOTS, ids=["random", "efficiency", "mixed"])
def test_simulate_gives_the_native_per_deal_arrays(options: dict, bots) -> None:
    ruleset = TDH.with_options(**options)
    # The efficiency bot without ghosts weighs every form in plain Python: fewer deals there.
    slow = options.get("ghosts") == "none" and "efficiency" in bots
    for seed in (5,) if slow else (5, 21):
        _same_arrays(ruleset, 6 if slow else 16, seed, bots)


def test_the_compared_deals_pay_every_kind_of_money() -> None:
    """The comparison above is not of empty columns: kong money, horse hits, 跟庄 and flipped ghosts occur."""
    seen = {"kong_money": 0, "horse_hits": 0, "wins": 0, "flipped": 0}
    for options in OPTION_SETS:
        result = mjcore.simulate(TDH.with_options(**options), 16, seed=5, bots=BOTS[2], threads=1)
        seen["kong_money"] += int(np.abs(result["kong_money"]).sum())
        seen["horse_hits"] += int(result["horse_hits"].sum())
        seen["wins"] += int(result["winners"].any(axis=1).sum())
        seen["flipped"] += len(set(result["ghosts"].tolist()))
    assert all(seen.values()), seen


def _play_game(table, seed: int, bots) -> list[tuple]:
    table.reset_game(seed, wind_rounds=1, max_deals=12)
    played = []
    while True:
        table.play(bots)
        played.append((table.log(), table.outcome(), table.payments(), table.kong_money()))
        if not table.next_deal():
            return played


@pytest.mark.parametrize("options", [
    {"dealer_rule": "winner", "streak_bonus": True, "horses": 2, "streak_horses": True},
    {"ghosts": "flip", "streak_bonus": True, "follow_dealer": True},
])  # fmt: skip
@pytest.mark.parametrize("bots", [("efficiency",) * 4, ("random", "efficiency", "efficiency", "random")])
def test_whole_games_are_identical(options: dict, bots) -> None:
    """Over a game the dealer's 连庄 count reaches the scorer (节节高, 买马节节高) and the winner deals next."""
    rules = TDH.with_options(**options)
    native, twin = _play_game(Table(ruleset=rules), 3, bots), _play_game(TwinTable(ruleset=rules), 3, bots)
    assert len(native) > 1
    for number, (ours, theirs) in enumerate(zip(twin, native)):
        assert ours == theirs, f"deal {number}"
    assert len(twin) == len(native)


def test_a_set_dealer_streak_draws_more_horses_on_both_tables() -> None:
    rules = TDH.with_options(horses=2, streak_horses=True, streak_bonus=True)
    for seed in range(6):
        paid = []
        for table in (Table(ruleset=rules), TwinTable(ruleset=rules)):
            table.reset(seed, 0)
            table.set_dealer_streak(3)
            table.play(("efficiency",) * 4)
            paid.append((table.log(), table.payments(), table.kong_money()))
        assert paid[0] == paid[1], seed


def test_the_twin_refuses_a_bad_streak() -> None:
    table = TwinTable(ruleset="tdh")
    table.reset(1, 0)
    with pytest.raises(mjcore.errors.InvalidArgumentError, match="streak"):
        table.set_dealer_streak(-1)
