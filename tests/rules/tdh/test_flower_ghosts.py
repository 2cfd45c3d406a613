"""推倒胡's 四花鬼 / 八花鬼 at the table (issue 11): the 4 or 8 flowers are added to the set and are the ghosts. A
flower dealt or drawn is not set aside and replaced: it stays in the hand as a wild; a seat may discard one
(``discard_flower``), and nobody may claim it; a drawn flower may be the winning tile; four flowers held after
an own draw win as 四鬼胡 under 四花鬼. Every case is played through ``Table`` from an explicit wall on both
backends (the native table and the pure-Python twin), whose logs must be identical; then many simulated deals:
zero-sum, the same per-deal arrays on both backends, deterministic for any thread count."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import mjcore
from mjcore import _core, reference
from mjcore.reference.table import Table as TwinTable
from mjcore.table import Table
from mjcore.table.types import Action

TDH = mjcore.load_ruleset("tdh")
FIRST_FLOWER = 34
TABLES = [Table, TwinTable]


def codes(text: str) -> list[int]:
    """mpsz text as wall codes, flowers ``1f``..``8f`` as 34..41."""
    out = []
    for digits, suit in re.findall(r"([0-9]+)([mpszf])", text):
        if suit == "f":
            out += [FIRST_FLOWER + int(d) - 1 for d in digits]
        else:
            out += list(_core.parse_tiles(digits + suit))
    return out


def code(tile: str) -> int:
    (one,) = codes(tile)
    return one


def flower_wall(hands: list[str], head: str, flowers: int = 4) -> list[int]:
    """The set with ``flowers`` flowers: ``hands`` dealt (13 each, from the dealer), then ``head`` in draw
    order; the other tiles fill the rest in kind order, the flowers not named last."""
    order: list[int] = []
    for text in hands:
        tiles = codes(text)
        assert len(tiles) == 13, text
        order += tiles
    order += codes(head)
    assert all(order.count(k) <= 4 for k in range(34)) and all(order.count(f) <= 1 for f in range(34, 42))
    rest = [k for k in range(34) for _ in range(4 - order.count(k))]
    rest += [f for f in range(FIRST_FLOWER, FIRST_FLOWER + flowers) if f not in order]
    return order + rest


def drive(table, script: dict[int, Action]) -> None:
    """Plays to the end: the scripted action at the numbered decision, else a seat passes every claim and
    discards what it drew (a drawn flower too)."""
    step = 0
    while table.to_act() is not None:
        legal = table.legal_actions()
        if step in script:
            action = script[step]
        elif Action("pass") in legal:
            action = Action("pass")
        elif Action("win") in legal:
            action = Action("win")
        else:
            drawn = table.observation(table.to_act()).drawn
            kind = "discard_flower" if drawn is not None and drawn >= FIRST_FLOWER else "discard"
            action = next((a for a in legal if a == Action(kind, drawn)), legal[0])
        assert action in legal, (step, action, legal)
        table.step(action)
        step += 1


def dealt(table_class, ghosts: str, hands: list[str], head: str, flowers: int = 4, **options):
    table = table_class(ruleset=TDH.with_options(ghosts=ghosts, **options))
    table.reset(1, 0, wall=flower_wall(hands, head, flowers))
    return table


def events(table) -> list[dict]:
    return [json.loads(line) for line in table.log()]


# The dealer waits on 3p or 5s once it holds a ghost: 123m 456m 789m 12p 5s (9s goes). The others hold nothing.
HANDS = ["1m2m3m4m5m6m7m8m9m1p2p5s9s", "1z1z2z3z4z5z6z7z1s2s3s4s6s", "2m3m4m5p6p7p8p8p2z3z4z7s8s",
         "5m6m7m3s4s6s7s8s1z5z6z7z9p"]  # fmt: skip


@pytest.mark.parametrize("table_class", TABLES, ids=["native", "twin"])
def test_a_drawn_flower_stays_in_the_hand_and_wins_as_a_ghost(table_class) -> None:
    table = dealt(table_class, "flowers4", HANDS, "1f 9p9p9p 3p")
    view = table.observation(0)
    assert view.drawn == code("1f") and view.flower_ghosts == (0,) and view.flowers_are_ghosts
    assert sum(view.hand) == 13 and view.flowers == ((), (), (), ())  # held, not set aside
    legal = table.legal_actions()
    assert Action("win") not in legal and legal[-1] == Action("discard_flower", code("1f"))
    drive(table, {0: Action("discard", code("9s"))})
    (winner,) = table.outcome()
    assert (winner.seat, winner.tile, winner.from_seat) == (0, code("3p"), None)
    assert not any(e["type"] == "flower" for e in events(table))
    draw = events(table)[1]
    assert draw == {"type": "draw", "seat": 0, "tile": code("1f"), "replacement": False}
    scored = mjcore.score("123m456m789m12p5s*", "3p", ruleset=TDH.with_options(ghosts="flowers4"), seat_wind=0,
                          self_drawn=True)  # fmt: skip
    assert table.payments() == scored.net == (6, -2, -2, -2)


@pytest.mark.parametrize("table_class", TABLES, ids=["native", "twin"])
def test_a_self_drawn_flower_is_the_winning_tile(table_class) -> None:
    # The dealer draws 5s and lets 9s go: it waits on 3p, and a flower completes it as a ghost.
    table = dealt(table_class, "flowers4", HANDS, "5s 9p9p9p 2f")
    drive(table, {0: Action("discard", code("9s"))})
    (winner,) = table.outcome()
    assert (winner.seat, winner.tile, winner.from_seat) == (0, code("2f"), None)
    scored = mjcore.score("123m456m789m12p5s5s", "2f", ruleset=TDH.with_options(ghosts="flowers4"), seat_wind=0,
                          self_drawn=True)  # fmt: skip
    assert table.payments() == scored.net
    assert events(table)[-2] == {"type": "win", "seat": 0, "tile": code("2f"), "from": None,
                                 "robbing_kong": False, "fan": winner.fan}  # fmt: skip


@pytest.mark.parametrize("table_class", TABLES, ids=["native", "twin"])
def test_a_discarded_flower_is_never_claimed(table_class) -> None:
    """Seat 1 waits on anything (a ghost completes it) and 点炮可胡 is on: the dealer's discarded flower still
    goes by — seat 1 simply draws."""
    hands = ["1m2m3m4m5m6m7m8m9m1p2p3p9s", "1s2s3s4s5s6s7s8s9s2m3m4m3f", HANDS[2], HANDS[3]]
    table = dealt(table_class, "flowers4", hands, "1f 9p", discard_wins=True)
    table.step(Action("discard_flower", code("1f")))
    assert table.to_act() == 1
    view = table.observation(1)
    assert view.offered is None and view.drawn == code("9p")
    assert view.discarded_flowers == ((0,), (), (), ()) and view.flower_ghosts == (2,)
    assert view.discards[0] == ()  # a flower is not among the tile discards


@pytest.mark.parametrize("table_class", TABLES, ids=["native", "twin"])
@pytest.mark.parametrize("ghosts, four_ghosts", [("flowers4", True), ("flowers8", False)])
def test_four_flowers_win_as_four_ghosts_under_four_flower_ghosts_only(table_class, ghosts: str,
                                                                       four_ghosts: bool) -> None:
    """四鬼胡 (OC-50, OC-TDH-1): the dealer is dealt three flowers and draws the fourth; its other tiles complete
    nothing. Under 八花鬼 (eight ghosts) four are no win."""
    hands = ["1f2f3f1m4m7m1p4p7p2s5s8s1z", HANDS[1], HANDS[2], HANDS[3]]
    table = dealt(table_class, ghosts, hands, "4f", flowers=4 if ghosts == "flowers4" else 8)
    view = table.observation(0)
    assert view.flower_ghosts == (0, 1, 2, 3) and sum(view.hand) == 10
    assert (Action("win") in table.legal_actions()) == four_ghosts
    if four_ghosts:
        table.step(Action("win"))
        (winner,) = table.outcome()
        assert (winner.seat, winner.tile) == (0, code("4f"))
        assert table.payments() == (6, -2, -2, -2)  # 四鬼胡 (T23): share 2b, no 无鬼加倍


def test_a_flower_discard_needs_a_held_flower() -> None:
    table = dealt(Table, "flowers4", HANDS, "9p")
    with pytest.raises(mjcore.IllegalActionError):
        table.step(Action("discard_flower", code("1f")))
    with pytest.raises(mjcore.MjcoreError, match="discard_flower"):
        table.step(Action("discard_flower", 3))


@pytest.mark.parametrize("ghosts", ["flowers4", "flowers8"])
def test_both_backends_log_every_flower_deal_alike(ghosts: str) -> None:
    """Flowers drawn, discarded and won on occur, and the logs, winners and money agree."""
    rules = TDH.with_options(ghosts=ghosts, horses=2)
    seen = {"drawn": 0, "discarded": 0, "won_on": 0, "horse": 0}
    for seed in range(12):
        for bots in (("random",) * 4, ("efficiency",) * 4):
            native, twin = Table(ruleset=rules), TwinTable(ruleset=rules)
            for table in (native, twin):
                table.reset(seed, 0)
                table.play(bots)
            assert native.log() == twin.log(), (seed, bots)
            assert native.outcome() == twin.outcome() and native.payments() == twin.payments()
            for e in events(native):
                seen["drawn"] += e["type"] == "draw" and e["tile"] >= FIRST_FLOWER
                seen["discarded"] += e["type"] == "act" and e["action"] == "discard_flower"
                seen["won_on"] += e["type"] == "win" and e["tile"] >= FIRST_FLOWER
    assert seen["drawn"] and seen["discarded"] and seen["won_on"], seen


@pytest.mark.parametrize("ghosts", ["flowers4", "flowers8"])
@pytest.mark.parametrize("bots", [("random",) * 4, ("efficiency",) * 4, ("efficiency", "random") * 2])
def test_simulate_is_zero_sum_and_the_twin_gives_the_same_arrays(ghosts: str, bots) -> None:
    rules = TDH.with_options(ghosts=ghosts, horses=4, follow_dealer=True, discard_wins=True)
    native = mjcore.simulate(rules, 24, seed=9, bots=bots, threads=1)
    twin = reference.simulate(rules, 24, seed=9, bots=bots)
    for column in native.per_deal:
        np.testing.assert_array_equal(twin[column], native[column], err_msg=column)
    assert (native["payments"].sum(axis=1) == 0).all()
    assert native["winner_ghosts"].sum() > 0


@pytest.mark.parametrize("ghosts", ["flowers4", "flowers8"])
def test_simulate_with_flower_ghosts_is_the_same_for_any_thread_count(ghosts: str) -> None:
    rules = TDH.with_options(ghosts=ghosts)
    for bots in (("random",) * 4, ("efficiency",) * 4):
        one = mjcore.simulate(rules, 400, seed=3, bots=bots, threads=1)
        two = mjcore.simulate(rules, 400, seed=3, bots=bots, threads=2)
        for column in one.per_deal:
            np.testing.assert_array_equal(one[column], two[column], err_msg=column)
        assert (one["payments"].sum(axis=1) == 0).all()


def test_the_efficiency_bot_keeps_its_flower_ghosts() -> None:
    """It never discards a flower while it holds another tile (as for the other ghost modes)."""
    from mjcore.reference.table.efficiency import EfficiencyBot

    rules = TDH.with_options(ghosts="flowers8")
    bot = EfficiencyBot()
    decisions = 0
    for seed in range(6):
        table = Table(ruleset=rules)
        table.reset(seed, 0)
        while table.to_act() is not None:
            seat, legal = table.to_act(), table.legal_actions()
            view = table.observation(seat)
            action = bot.choose(view, legal)
            if action.kind == "discard_flower":
                assert sum(view.hand) == 0, (seed, view)
            decisions += bool(view.flower_ghosts) and view.offered is None
            table.step(action)
    assert decisions > 20
