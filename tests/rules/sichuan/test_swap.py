"""换三张 at the Sichuan table (OC-S1, ``options.swap_three``): after the deal and before 定缺, each seat picks
three (or four) tiles of one suit it holds that many of, one pick per decision from the dealer on; then every
seat's picks pass at once, the direction (1..3 seats on) drawn for the whole table from the deal's own stream
and logged; the bots pick; the log replays."""

from __future__ import annotations

import json

import pytest

import mjcore
from mjcore import _core
from mjcore.table.types import Action

from tests.rules.sichuan.test_table import sichuan_wall

SICHUAN = mjcore.load_ruleset("sichuan")


def pick_all(table: mjcore.Table, tiles: int, choose) -> tuple[list[list[int]], list[list[int]]]:
    """Every seat's picks by ``choose(seat, legal)``, checking the legal picks; the hands before and the picks."""
    before = [list(table.observation(seat).hand) for seat in range(4)]
    picks = [[0] * 34 for _ in range(4)]
    for turn in range(4 * tiles):
        seat, legal = table.to_act(), table.legal_actions()
        assert seat == turn // tiles  # seat 0 deals
        left = [before[seat][k] - picks[seat][k] for k in range(34)]
        chosen = next((k // 9 for k in range(27) if picks[seat][k]), None)
        suits = [chosen] if chosen is not None else [s for s in range(3) if sum(before[seat][9 * s: 9 * s + 9]) >= tiles]
        assert legal == [Action("swap", k) for k in range(27) if k // 9 in suits and left[k] > 0]
        assert list(table.observation(seat).passing) == picks[seat]
        action = choose(seat, legal)
        picks[seat][action.tile] += 1
        table.step(action)
    return before, picks


def direction_of(table: mjcore.Table) -> int:
    (swap,) = [e for e in map(json.loads, table.log()) if e["type"] == "swap"]
    return swap["direction"]


@pytest.mark.parametrize("tiles, option", [(3, "three"), (4, "four")])
def test_each_seat_passes_its_picks_in_the_tables_direction_then_names_a_void(tiles: int, option: str) -> None:
    rules = SICHUAN.with_options(swap_three=option)
    hands = ["1m1m5m6m1s2s3s4s5s6s7s7s7s", "2m3m1m2m3m7m8m9m7p8p9p9p9p", "1p2p3p4p5p6p1s1s2s2s3s3s9s",
             "4m6m6m8m8m4s4s6s6s8s8s9s9s"]  # fmt: skip
    table = mjcore.Table(ruleset=rules)
    table.reset(0, 0, wall=sichuan_wall(hands, "2p5p7p5s9m"))
    # Seat 0 holds 4 m and 9 s (its 14th tile is 2p): only m and s can go; seat 3 holds no p.
    assert {a.tile // 9 for a in table.legal_actions()} == {0, 2}
    before, picks = pick_all(table, tiles, lambda seat, legal: legal[-1])
    direction = direction_of(table)
    assert direction in (1, 2, 3)
    for seat in range(4):
        giver = (seat - direction) % 4
        want = [before[seat][k] - picks[seat][k] + picks[giver][k] for k in range(34)]
        assert list(table.observation(seat).hand) == want
        assert sum(picks[seat]) == tiles and len({k // 9 for k in range(34) if picks[seat][k]}) == 1
    assert table.to_act() == 0 and table.legal_actions()[0].kind == "void"
    table.play()
    assert sum(table.payments()) == 0
    replayed = mjcore.Table(ruleset=rules)
    replayed.replay(table.log())
    assert replayed.log() == table.log()


def test_the_direction_comes_from_the_deal_and_varies() -> None:
    rules = SICHUAN.with_options(swap_three="three")
    seen = set()
    for deal in range(12):
        table = mjcore.Table(ruleset=rules)
        table.reset(9, deal)
        pick_all(table, 3, lambda seat, legal: legal[0])
        again = mjcore.Table(ruleset=rules)
        again.reset(9, deal)
        pick_all(again, 3, lambda seat, legal: legal[-1])
        assert direction_of(table) == direction_of(again), "the picks never change the direction"
        seen.add(direction_of(table))
    assert seen == {1, 2, 3}


def test_the_efficiency_bot_passes_the_weakest_suits_loosest_tiles() -> None:
    # Seat 0: 1m 5m 9m, 11234p, 56789s and its 14th tile 1s: m is the weakest suit and none of its tiles
    # touches another, so they go farthest from the middle first, then the lower kind: 1m, 9m, 5m.
    hands = ["1m5m9m1p1p2p3p4p5s6s7s8s9s", "2m3m4m6m6m7m8m5p6p7p8p2s2s", "2m3m4m7m9p9p1s2s3s4s6s7s8s",
             "3m4m7m8m3p4p5p6p7p9p3s4s5s"]  # fmt: skip
    table = mjcore.Table(ruleset=SICHUAN.with_options(swap_three="three"))
    table.reset(0, 0, wall=sichuan_wall(hands, "1s"))
    table.play(("efficiency",) * 4)
    log = [json.loads(line) for line in table.log()]
    picks = [e["tile"] for e in log if e["type"] == "act" and e["action"] == "swap" and e["seat"] == 0]
    assert picks == [_core.parse_tiles(t)[0] for t in ("1m", "9m", "5m")]


def test_simulate_with_swaps_is_zero_sum_and_thread_independent() -> None:
    rules = SICHUAN.with_options(swap_three="three")
    for bots in (("random",) * 4, ("efficiency",) * 4):
        one = mjcore.simulate(rules, 200, seed=4, bots=bots, threads=1)
        two = mjcore.simulate(rules, 200, seed=4, bots=bots, threads=2)
        assert one.totals == two.totals
        assert (one["payments"] == two["payments"]).all()
        assert (one["payments"].sum(axis=1) == 0).all()
    plain = mjcore.simulate(SICHUAN, 200, seed=4, bots=("efficiency",) * 4, threads=1)
    assert (plain["payments"] != one["payments"]).any(), "the swaps change the deals"


def test_swap_three_is_validated() -> None:
    with pytest.raises(mjcore.RulesetError, match="swap_three"):
        SICHUAN.with_options(swap_three="five")
