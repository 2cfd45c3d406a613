"""Sichuan 血流成河 at the table (issue 12, OC-S19 "xueliu", OC-S17 "locked"): a winner stays in, its winning tile
set aside and its hand locked — each turn it draws and wins again, makes a kong of the drawn tile that keeps its
waits, or discards the drawn tile; on others' discards it may only win — and only the wall's end ends the deal,
whose end checks (查花猪, 查大叫, 退税) look at the seats that never won. Both backends play it alike."""

from __future__ import annotations

from collections.abc import Iterator

import json

import numpy as np
import pytest

import mjcore
from mjcore import reference
from mjcore.reference.table import Table as TwinTable
from mjcore.table.types import Action

from tests.rules.sichuan.test_table import sichuan_wall

XUELIU = mjcore.load_ruleset("sichuan").with_options(mode="xueliu")

# E (dealer, void s) waits on 5p alone (平胡); S, W (void p, holding none) and N (void p, holding p: 花猪 at the
# end) are far from ready and only ever discard their draw. E discards its 14th tile 9s, then draws the head's
# 5th and 9th tiles: the two 5p, a self-drawn win each; its third locked turn draws 1m.
S_W_N = ["3m6m9m9m1s4s7s2s5s8s3s6s9s", "3m6m8m8m1s4s7s2s5s8s3s6s9s", "4p4p6p6p7p7p8p8p9p9p1s4s7s"]
HEAD = "9s" + "2s3s4s" + "5p" + "6s7s8s" + "5p" + "2s3s6s" + "1m"
VOIDS = {0: 2, 1: 1, 2: 1, 3: 1}
# The 花猪 must keep its void suit: 必须打缺 off.
RULES = XUELIU.with_options(must_discard_void=False)


def _play(table, east: str, head: str = HEAD, on_locked_turn=None) -> list[int]:
    """Plays the scripted deal to its end: E wins its first two chances, everyone else (and E after that) passes
    every claim and discards the drawn tile. Returns the seats of the wins, in order."""
    wins_wanted = 2
    table.reset(0, 0, wall=sichuan_wall([east] + S_W_N, head))
    wins: list[int] = []
    while (seat := table.to_act()) is not None:
        legal, view = table.legal_actions(), table.observation(seat)
        if legal[0].kind == "void":
            table.step(Action("void", VOIDS[seat]))
        elif view.offered is not None:
            table.step(Action("pass"))
        else:
            if seat == 0 and wins and on_locked_turn is not None:
                on_locked_turn(view, legal)
            if Action("win") in legal and seat == 0 and len(wins) < wins_wanted:
                wins.append(seat)
                table.step(Action("win"))
            else:
                table.step(Action("discard", view.drawn))
    return wins


@pytest.mark.parametrize("table_class", [mjcore.Table, TwinTable])
def test_a_seat_wins_twice_and_the_end_checks_only_the_seats_that_never_won(table_class) -> None:
    table = table_class(ruleset=RULES)
    locked_turns: list[list[Action]] = []
    wins = _play(table, "1m2m3m4m5m6m7m8m9m1p2p3p5p", on_locked_turn=lambda view, legal: locked_turns.append(legal))
    assert wins == [0, 0]
    outcome = table.outcome()
    assert [w.seat for w in outcome] == [0, 0]
    # 平胡 + 自摸 (OC-S4 "fan"): 1 fan, 2 from each of the three others (血流: every other seat pays), twice.
    assert table.observation(0).wall_remaining == 0, "only the wall ends a 血流 deal"
    # The end: N holds its void suit (花猪) and pays 底 × 2^cap = 16 to each non-花猪 seat checked, S and W — not
    # to E, which won (a checked E, ready, would also collect 查大叫 and 花猪 money).
    assert table.payments() == (12, -4 + 16, -4 + 16, -4 - 32)
    # E's locked turns: the second 5p wins again or goes; every other draw goes (no other discard, no kong).
    assert locked_turns[0] == [Action("discard", 13), Action("win")]
    assert len(locked_turns) > 5
    assert all(legal in ([Action("discard", legal[0].tile)], [Action("discard", 13), Action("win")])
               for legal in locked_turns)
    # Its hand stays the ready 13 tiles; both 5p it won lie face up with its discards.
    assert sum(table.observation(0).hand) == 13
    assert table.observation(0).discards[0].count(13) == 2


@pytest.mark.parametrize("table_class", [mjcore.Table, TwinTable])
@pytest.mark.parametrize(("east", "kong"), [
    ("1m1m1m4m5m6m7m8m9m1p2p3p5p", True),   # 111m + 5p waits on 5p; after the kong of 1m still on 5p
    ("1m1m1m2m4m5m6m7m8m9m1p2p3p", False),  # 1112m waits on 2m and 3m; after the kong of 1m on 2m only
])
def test_a_locked_winner_may_kong_its_draw_only_when_the_kong_keeps_its_waits(table_class, east, kong) -> None:
    head = HEAD if kong else HEAD.replace("5p", "2m")
    seen: list[list[Action]] = []

    def record(view, legal):
        if view.drawn == 0:  # the 1m of E's third turn
            seen.append(legal)

    # E wins twice, then its third locked turn draws its 4th 1m.
    assert _play(table_class(ruleset=RULES), east, head, on_locked_turn=record) == [0, 0]
    assert seen, "E's locked turn drew 1m"
    want = [Action("discard", 0)] + ([Action("concealed_kong", 0)] if kong else [])
    assert seen[0] == want


def simulates_alike(rules: mjcore.Ruleset, deals: int, seed: int, bots: tuple[str, ...]) -> None:
    """The twin's ``simulate`` gives the native per-deal arrays and totals; the money is zero-sum."""
    native = mjcore.simulate(rules, deals, seed=seed, bots=bots)
    twin = reference.simulate(rules, deals, seed=seed, bots=bots)
    for column in native.per_deal:
        np.testing.assert_array_equal(twin[column], native[column], err_msg=column)
    assert twin.totals == native.totals
    assert (native["payments"].sum(axis=1) == 0).all()
    assert (native["kong_money"].sum(axis=1) == 0).all()


def test_efficiency_bots_win_again_and_simulate_is_deterministic_for_any_thread_count() -> None:
    one = mjcore.simulate(XUELIU, 200, seed=5, bots=("efficiency",) * 4, threads=1)
    two = mjcore.simulate(XUELIU, 200, seed=5, bots=("efficiency",) * 4, threads=2)
    assert one.totals == two.totals
    for column in one.per_deal:
        np.testing.assert_array_equal(one[column], two[column], err_msg=column)
    assert (one["payments"].sum(axis=1) == 0).all()
    table = mjcore.Table(ruleset=XUELIU)
    again = 0
    for deal in range(20):
        table.reset(5, deal, dealer=deal % 4)
        table.play(("efficiency",) * 4)
        seats = [w.seat for w in table.outcome()]
        again += len(seats) > len(set(seats))
        assert table.observation(0).wall_remaining == 0
    assert again, "efficiency bots win twice in some deals"


def env_decisions(rules: mjcore.Ruleset, steps: int = 1500) -> Iterator[tuple[mjcore.Table, list[Action], set[int]]]:
    """Steps a two-table env by random actions; at each decision checks that its mask is exactly the legal
    actions of a table replaying its log, and yields that table, its legal actions and the seats that have won."""
    from mjcore.env import VectorEnv

    env = VectorEnv(rules, 2, seed=5, opponents=None)
    for _ in range(steps):
        for i in range(env.num_envs):
            table = mjcore.Table(ruleset=rules)
            table.replay(env.log(i))
            legal = sorted(table.legal_actions(), key=Action.sort_key)
            masked = sorted((env.decode(a) for a in np.flatnonzero(env.masks[i])), key=Action.sort_key)
            assert masked == legal
            yield table, legal, {e["seat"] for e in map(json.loads, table.log()) if e["type"] == "win"}
        env.step(env.sample_actions())


def test_the_env_masks_a_locked_winners_turn_to_its_legal_actions() -> None:
    locked_turns = 0
    for table, legal, won in env_decisions(XUELIU):
        seat = table.to_act()
        if seat in won and table.observation(seat).offered is None:
            locked_turns += 1
            assert all(a.kind in ("discard", "concealed_kong", "added_kong", "win") for a in legal)
            assert len([a for a in legal if a.kind == "discard"]) == 1
    assert locked_turns > 0, "the env reached a locked winner's turn"
