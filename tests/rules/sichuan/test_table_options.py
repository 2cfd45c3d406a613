"""Sichuan options played at the table (no longer refused there): 回头杠无分 (OC-S11 ``returned_kong_pays = false``),
地胡 on the dealer's first discard and 天胡 after the dealer's 暗杠 (OC-S7), a kong on an empty wall (OC-S21), play
resuming after the discarder (OC-S22) and the free 血流成河 hand (OC-S17 ``locked_after_win = false``). Each is
played by an explicit wall on both backends (same log, same money) whose outcome differs from the default as the
option says, and by bots: the twin's simulate arrays equal the native ones, any thread count gives the same
arrays, the money is zero-sum, and the env's mask is the table's legal actions."""

from __future__ import annotations

import json
import random
from typing import Optional

import numpy as np
import pytest

import mjcore
from mjcore import _core
from mjcore.reference.table import Table as TwinTable
from mjcore.table.types import Action

from tests.support.twin import step_alike
from tests.rules.sichuan.test_table import _end_hand, played, sichuan_wall, twin_settlement
from tests.rules.sichuan.test_xueliu import env_decisions

# The scripted deals choose their discards freely: 必须打缺 off.
SICHUAN = mjcore.load_ruleset("sichuan").with_options(must_discard_void=False)
TABLES = [mjcore.Table, TwinTable]


def tile(text: str) -> int:
    return _core.parse_tiles(text)[0]


def with_tail(wall: list[int], tail: str) -> list[int]:
    """``wall`` with the tiles of ``tail`` moved to its end (the kong replacements, drawn from the end first:
    ``tail``'s last tile is the first replacement)."""
    moved = list(_core.parse_tiles(tail))
    order = list(wall)
    for code in moved:
        order.reverse()
        order.remove(code)  # the last copy: the tiles of the dealt hands and of the head stay in place
        order.reverse()
    return order + moved


def play(table, wall: list[int], voids: dict[int, int], wanted: list[tuple[int, Action]],
         dealer: int = 0) -> dict[str, list]:
    """Plays the deal of ``wall`` to its end: each (seat, action) of ``wanted`` is taken, in order, the first time
    it is legal; otherwise a seat names its void from ``voids``, passes every claim (and never wins) and discards
    its drawn tile (after a claim, its lowest). Returns each seat's legal actions at each of its decisions."""
    table.reset(0, 0, dealer=dealer, wall=wall)
    seen: dict[str, list] = {"turns": [[] for _ in range(4)], "claims": [[] for _ in range(4)]}
    wanted = list(wanted)
    while (seat := table.to_act()) is not None:
        legal, view = table.legal_actions(), table.observation(seat)
        if wanted and wanted[0][0] == seat and wanted[0][1] in legal:
            table.step(wanted.pop(0)[1])
            continue
        if legal[0].kind == "void":
            table.step(Action("void", voids[seat]))
        elif view.offered is not None:
            seen["claims"][seat].append(legal)
            table.step(Action("pass"))
        else:
            seen["turns"][seat].append((view.drawn, legal))
            drawn = Action("discard", view.drawn)
            table.step(drawn if drawn in legal else next(a for a in legal if a.kind == "discard"))
    assert not wanted, f"never legal: {wanted}"
    return seen


def both(rules: mjcore.Ruleset, wall: list[int], voids: dict[int, int], wanted: list[tuple[int, Action]],
         dealer: int = 0) -> tuple[list[dict], tuple[int, ...], tuple[int, ...], dict]:
    """The scripted deal on both backends: their logs, payments and kong money must agree. Returns the log (as
    dicts), the payments, the kong money and what the native table offered."""
    results = []
    for table_class in TABLES:
        table = table_class(ruleset=rules)
        seen = play(table, wall, voids, wanted, dealer)
        results.append((table.log(), table.payments(), table.kong_money(), seen))
    (log, payments, kong, seen), twin = results
    assert twin[0] == log
    assert twin[1:3] == (payments, kong)
    assert sum(payments) == 0 and sum(kong) == 0
    return [json.loads(line) for line in log], payments, kong, seen


def wins(log: list[dict]) -> list[tuple[int, Optional[int], int]]:
    return [(e["seat"], e["from"], e["fan"]) for e in log if e["type"] == "win"]


# ---------------------------------------------------------------------------------- 回头杠无分 (OC-S11)
# E (dealer) discards its 14th tile 5m; S pons it — holding three 5m (a) or two (b) — and discards 9p; W, N and E
# discard their draws; S then draws 7p (a: it adds its kept 5m, a 回头杠) or the fourth 5m (b: an ordinary 补杠).
RETURNED_HANDS = {
    "a": ["1m2m3m4m6m7m8m9m1p2p3p4p6p", "5m5m5m9p1s1s2s3s4s6s7s8s9s", "1m2m3m4m6m7m8m9m1p2p3p4p6p",
          "1m2m3m4m6m7m8m9m5p5p5p7p8p"],
    "b": ["1m2m3m4m6m7m8m9m1p2p3p4p6p", "5m5m8p9p1s1s2s3s4s6s7s8s9s", "1m2m3m4m6m7m8m9m1p2p3p4p6p",
          "1m2m3m4m6m7m8m9m5p5p5p7p8p"],
}
RETURNED_HEADS = {"a": "5m2s3s6s7p", "b": "5m2s3s6s5m"}
RETURNED_VOIDS = {0: 2, 1: 1, 2: 2, 3: 2}
RETURNED_PLAY = [(1, Action("pon")), (1, Action("discard", tile("9p"))), (1, Action("added_kong", tile("5m")))]


@pytest.mark.parametrize("case", ["a", "b"])
def test_a_returned_kong_earns_nothing_where_returned_kongs_do_not_pay(case: str) -> None:
    wall = sichuan_wall(RETURNED_HANDS[case], RETURNED_HEADS[case])
    results = {}
    for pays in (True, False):
        log, _, kong, _ = both(SICHUAN.with_options(returned_kong_pays=pays), wall, RETURNED_VOIDS, RETURNED_PLAY)
        added = [e for e in log if e["type"] == "meld" and e["kind"] == "added_kong"]
        assert [(e["seat"], e["tile"]) for e in added] == [(1, tile("5m"))]
        # The log marks the 回头杠 where the table plays it, so that a reader can settle the deal again.
        assert added[0].get("returned", False) == (case == "a" and not pays)
        results[pays] = kong
    # 补杠: 1 底 from each of the three others (OC-S11), unless it is a 回头杠 and those earn nothing.
    assert results[True] == (-1, 3, -1, -1)
    assert results[False] == ((0, 0, 0, 0) if case == "a" else (-1, 3, -1, -1))


def test_a_reader_of_the_log_settles_returned_kongs_as_the_table() -> None:
    """The log carries what settling 回头杠无分 again needs: random deals, read independently, pay as the table."""
    rules = mjcore.load_ruleset("sichuan").with_options(returned_kong_pays=False)
    returned = 0
    for index in range(80):
        table, voids = played(index, "random", rules)
        ends = {seat: _end_hand(table.observation(seat), voids[seat]) for seat in range(4)}
        assert table.payments() == twin_settlement(table, ends, rules), index
        returned += sum('"returned":true' in line for line in table.log())
    assert returned, "some random 补杠 are 回头杠"


# ---------------------------------------------------------------------------------- 地胡 and 天胡 (OC-S7)
# W (void s) waits on 5p (平胡): E discards its 14th tile, 5p, and W wins on it.
FIRST_DISCARD_HANDS = ["1m1m2m2m3m3m6m7m8m9m7p8p9p", "4m4m1s2s3s4s5s6s7s8s9s9s9s", "1m2m3m4m5m6m7m8m9m1p2p3p5p",
                       "2p3p4p6p6p7p7p8p8p1s2s3s4s"]
FIRST_DISCARD_VOIDS = {0: 2, 1: 1, 2: 2, 3: 0}


@pytest.mark.parametrize("resume_after", ["winner", "discarder"])
def test_a_win_on_the_dealers_first_discard_is_earthly_under_first_discard(resume_after: str) -> None:
    wall = sichuan_wall(FIRST_DISCARD_HANDS, "5p")
    fans = {}
    for earthly in ("first_draw", "first_discard"):
        rules = SICHUAN.with_options(earthly_hand=earthly, resume_after=resume_after)
        log, payments, _, _ = both(rules, wall, FIRST_DISCARD_VOIDS, [(2, Action("win"))])
        assert wins(log)[0][:2] == (2, 0)
        fans[earthly] = wins(log)[0][2]
        # OC-S22: the next draw is N's, after the winner W, or S's, after the discarder E.
        after = log.index(next(e for e in log if e["type"] == "win"))
        draw = next(e for e in log[after:] if e["type"] == "draw")
        assert draw["seat"] == (3 if resume_after == "winner" else 1)
    # 平胡 on a discard: 0 fan; 地胡 = the cap (4, OC-S7 "cap").
    assert fans == {"first_draw": 0, "first_discard": 4}


# S (void p) wins by its first self-draw, 9m: 地胡 under "first_draw", only 平胡 + 自摸 under "first_discard".
FIRST_DRAW_HANDS = ["1m2m3m4m5m6m7m8m9m1p2p3p5p", "1m2m3m4m5m6m7m8m1s1s2s3s4s", "1p1p2p2p3p3p6p7p8p9p7s8s9s",
                    "2p3p4p6p6p7p7p8p8p2s3s5s6s"]


def first_win_fans(option: str, values: tuple[str, str], wall: list[int], voids: dict[int, int],
                   wanted: list[tuple[int, Action]]) -> dict[str, tuple[int, Optional[int], int]]:
    """The scripted deal's first win (seat, from, fan) under each of ``values`` of ``option``."""
    return {value: wins(both(SICHUAN.with_options(**{option: value}), wall, voids, wanted)[0])[0]
            for value in values}  # fmt: skip


def test_a_non_dealers_first_self_draw_is_earthly_only_under_first_draw() -> None:
    fans = first_win_fans("earthly_hand", ("first_draw", "first_discard"), sichuan_wall(FIRST_DRAW_HANDS, "7s9m"),
                          {0: 2, 1: 1, 2: 0, 3: 0}, [(1, Action("win"))])
    # 地胡 = the cap; otherwise 平胡 + 自摸.
    assert fans == {"first_draw": (1, None, 4), "first_discard": (1, None, 1)}


# E (dealer, void s) holds four 1m: it declares the 暗杠 before its first discard and wins on the replacement 4p.
HEAVENLY_HANDS = ["1m1m1m1m2m3m4m5m6m7m1p1p2p", "4m4m1s2s3s4s5s6s7s8s9s9s9s", "3m3m5m5m6m6m8m8m9m9m7p8p9p",
                  "5p5p6p6p7p7p8p8p9p1s2s3s4s"]


def test_the_dealers_kong_keeps_heavenly_only_where_allowed() -> None:
    wall = with_tail(sichuan_wall(HEAVENLY_HANDS, "3p"), "4p")
    fans = first_win_fans("heavenly_after_kong", ("void", "allowed"), wall, {0: 2, 1: 1, 2: 2, 3: 0},
                          [(0, Action("concealed_kong", tile("1m"))), (0, Action("win"))])
    # Voided: 平胡 + 自摸 + 杠上花 + 根 (the kong), 3 fan; allowed: 天胡 = the cap.
    assert fans == {"void": (0, None, 3), "allowed": (0, None, 4)}


# ---------------------------------------------------------------------------------- a kong on the last tile (OC-S21)
# Everyone discards its draw; N holds three 9s and the wall's last tile (N's last draw) is the fourth.
LAST_TILE_HANDS = ["1m2m3m4m6m7m8m9m1p2p3p4p6p", "1m2m3m4m6m7m8m9m1p2p3p4p6p", "1m2m3m4m6m7m8m9m1p2p3p4p6p",
                   "9s9s9s5m5m5m5p5p5p7p7p8p8p"]


def test_a_kong_on_the_last_tile_is_played_only_where_allowed() -> None:
    wall = sichuan_wall(LAST_TILE_HANDS, "")
    assert wall[-1] == tile("9s") and (len(wall) - 52) % 4 == 0, "N draws the wall's last tile"
    kong = Action("concealed_kong", tile("9s"))
    for allowed in (False, True):
        rules = SICHUAN.with_options(kong_on_empty_wall=allowed)
        log, payments, kong_money, seen = both(rules, wall, {0: 2, 1: 2, 2: 2, 3: 1}, [(3, kong)] if allowed else [])
        last_drawn, last_legal = seen["turns"][3][-1] if not allowed else (None, None)
        melds = [(e["seat"], e["kind"]) for e in log if e["type"] == "meld"]
        assert log[-1]["type"] == "end" and log[-1]["exhaustive"] and log[-1]["wall_left"] == 0
        if allowed:
            # 下雨: 2 底 from each of the others; no replacement is drawn and the deal ends there.
            assert melds == [(3, "concealed_kong")]
            assert kong_money == (-2, -2, -2, 6)
            assert log[-2] == {"type": "meld", "seat": 3, "kind": "concealed_kong", "tile": tile("9s"),
                               "claimed": None, "from": None}
        else:
            assert last_drawn == tile("9s") and kong not in last_legal
            assert melds == [] and kong_money == (0, 0, 0, 0)


# ---------------------------------------------------------------------------------- the free 血流 hand (OC-S17)
# E (dealer, void s) wins by its opening 14 tiles (天胡) under 血流成河, its hand back to 11m 234m 567m 123p 55p (waiting
# on 1m and 5p); S then draws and discards 1m.
FREE_HANDS = ["1m1m2m3m4m5m6m7m1p2p3p5p5p", "1m2m3m4m5m6m7m8m9m1s2s3s4s", "2p3p4p6p6p7p7p8p8p2s3s5s6s",
              "2p3p4p6p7p8p5s6s7s8s9s9s9s"]


def test_a_free_xueliu_winner_plays_on_as_before_its_win() -> None:
    wall = sichuan_wall(FREE_HANDS, "5p")
    for locked in (True, False):
        rules = SICHUAN.with_options(mode="xueliu", locked_after_win=locked)
        log, _, _, seen = both(rules, wall, {0: 2, 1: 1, 2: 0, 3: 0}, [(0, Action("win")), (1, Action("discard", 0))])
        assert wins(log)[0] == (0, None, 4)
        # E's first claim window after its win: S's 1m, which wins; a free hand may also pon it.
        want = [Action("win"), Action("pass")] if locked else [Action("win"), Action("pon"), Action("pass")]
        assert sorted(seen["claims"][0][0], key=Action.sort_key) == sorted(want, key=Action.sort_key)
        # E's first turn after its win: a locked hand discards its draw; a free one any tile it holds.
        drawn, legal = seen["turns"][0][0]
        discards = [a for a in legal if a.kind == "discard"]
        if locked:
            assert discards == [Action("discard", drawn)]
        else:
            assert len(discards) > 1 and any(a.tile != drawn for a in discards)


def test_the_dealers_heavenly_hand_is_offered_after_the_voids() -> None:
    # Natively the dealer's 14 tiles were screened as a waiting hand after 定缺: its 天胡 was never offered.
    for mode in ("xuezhan", "xueliu"):
        log, _, _, _ = both(SICHUAN.with_options(mode=mode), sichuan_wall(FREE_HANDS, "5p"), {0: 2, 1: 1, 2: 0, 3: 0},
                            [(0, Action("win"))])
        assert wins(log)[0] == (0, None, 4)


# ---------------------------------------------------------------------------------- bots on both backends
FULL = mjcore.load_ruleset("sichuan")
OPTION_SETS = [
    dict(returned_kong_pays=False),
    dict(earthly_hand="first_discard", heavenly_after_kong="allowed"),
    dict(kong_on_empty_wall=True),
    dict(resume_after="discarder"),
    dict(mode="xueliu", locked_after_win=False),
    dict(mode="xueliu", locked_after_win=False, kong_on_empty_wall=True, resume_after="discarder",
         returned_kong_pays=False, swap_three="three"),
]


def test_every_option_value_is_played_at_the_table() -> None:
    for options in OPTION_SETS:
        rules = FULL.with_options(**options)
        for table_class in TABLES:
            table = table_class(ruleset=rules)
            table.reset(1, 0)
            table.play(("random",) * 4)
            assert sum(table.payments()) == 0
        assert mjcore.simulate(rules, 4, bots=("efficiency",) * 4).totals is not None


@pytest.mark.parametrize(("options", "column"), [
    (dict(returned_kong_pays=False), "kong_money"),  # some 补杠 are 回头杠 and earn nothing
    (dict(kong_on_empty_wall=True), "kongs"),  # some kongs are made on the last tile
    (dict(resume_after="discarder"), "payments"),  # the deal goes on from another seat after a discard win
    (dict(mode="xueliu", locked_after_win=False), "payments"),  # free winners pon, kong and discard at will
])
def test_each_option_changes_some_deals_of_a_simulation(options: dict, column: str) -> None:
    """The option changes some of 300 deals; the first few it changes play alike on both backends."""
    default = FULL.with_options(mode=options.get("mode", "xuezhan"))
    rules = FULL.with_options(**options)
    for bots in (("random",) * 4, ("efficiency",) * 4):
        plain = mjcore.simulate(default, 300, seed=8, bots=bots)
        played = mjcore.simulate(rules, 300, seed=8, bots=bots)
        changed = np.flatnonzero((plain[column] != played[column]).reshape(300, -1).any(axis=1))
        assert len(changed), (options, bots)
        for deal in changed[:3 if bots[0] == "random" else 1]:
            tables = [table_class(ruleset=rules) for table_class in TABLES]
            for table in tables:
                table.reset(8, int(deal), dealer=int(deal) % 4)
                table.play(bots)
            native, twin = tables
            assert twin.log() == native.log()
            assert twin.payments() == native.payments() == tuple(played["payments"][deal])


def test_a_free_xueliu_winner_melds_and_wins_again_with_the_bots() -> None:
    rules = FULL.with_options(mode="xueliu", locked_after_win=False)
    melds_after_a_win = again = 0
    table = mjcore.Table(ruleset=rules)
    for deal in range(30):
        table.reset(5, deal, dealer=deal % 4)
        table.play(("efficiency",) * 4)
        won: set[int] = set()
        for event in map(json.loads, table.log()):
            if event["type"] == "win":
                again += event["seat"] in won
                won.add(event["seat"])
            elif event["type"] == "meld" and event["seat"] in won:
                melds_after_a_win += 1
        assert table.observation(0).wall_remaining == 0, "only the wall ends a 血流 deal"
    assert melds_after_a_win and again


def test_simulate_with_the_options_is_deterministic_for_any_thread_count() -> None:
    rules = FULL.with_options(**OPTION_SETS[-1])
    for bots in (("random",) * 4, ("efficiency",) * 4):
        one = mjcore.simulate(rules, 200, seed=5, bots=bots, threads=1)
        two = mjcore.simulate(rules, 200, seed=5, bots=bots, threads=2)
        assert one.totals == two.totals
        for column in one.per_deal:
            np.testing.assert_array_equal(one[column], two[column], err_msg=column)
        assert (one["payments"].sum(axis=1) == 0).all()


@pytest.mark.parametrize("options", [OPTION_SETS[-1], dict(kong_on_empty_wall=True, earthly_hand="first_discard")])
def test_the_env_masks_exactly_the_tables_legal_actions(options: dict) -> None:
    free_turns = 0
    for table, legal, won in env_decisions(FULL.with_options(**options)):
        free_turns += table.to_act() in won and len([a for a in legal if a.kind == "discard"]) > 1
    assert free_turns or options.get("locked_after_win", True), "the env reached a free winner's turn"


def test_the_twin_steps_a_free_xueliu_deal_as_natively() -> None:
    rules = FULL.with_options(**OPTION_SETS[-1])
    native, twin = mjcore.Table(ruleset=rules), TwinTable(ruleset=rules)
    for deal in (1, 6):
        step_alike(native, twin, 4, deal, random.Random(deal), f"deal {deal}")
