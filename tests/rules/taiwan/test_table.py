"""Taiwan 16-tile at the table (issue 12): 144 tiles with flowers replaced from the tail, 16-tile hands, the
16-tile reserve (OC-T7), 拦和 (T19: the nearest declarer wins whatever the value), 過水, the flower wins (T16,
T17), wins paid 底 + 台 × 台價 by the Taiwan scoring."""

from __future__ import annotations

import json
import random

import pytest

import mjcore
from mjcore import _core
from mjcore.table.types import Action

TAIWAN = mjcore.load_ruleset("taiwan")
FLOWERS = list(range(34, 42))


def taiwan_wall(hands: list[str], head: str, tail_flowers: bool = True) -> list[int]:
    """A 144-tile wall dealing ``hands`` (16 each, the dealer = seat 0 first), then ``head`` in draw order;
    the other tiles follow in kind order, the eight flowers last (inside the reserve, never drawn)."""
    order: list[int] = []
    for text in hands:
        tiles = _core.parse_tiles(text)
        assert len(tiles) == 16, text
        order += tiles
    order += _core.parse_tiles(head)
    return order + [k for k in range(34) for _ in range(4 - order.count(k))] + FLOWERS


# T19 (dealer E): E discards 9s, N pons it; E discards 4z and W discards 6z, S pons both; W then discards 5p,
# on which N ([999s] 123m456m789m34p77s, 0 台) and S ([444z][666z] 111p678p22p55p, 发 + 混一色 = 5) both win.
T19_HANDS = ["9s4z23m56m89m12s34s56s8s5z", "111p678p22p55p44z66z2z3z", "6z147m2345678s999p77z",
             "123m456m789m34p77s99s1z"]  # fmt: skip
T19_HEAD = "3m6m2m5p"
T19_SCRIPT = {0: ["9s", "4z"], 1: ["2z", "3z"], 2: ["6z", "5p"], 3: ["1z"]}
T19_PONS = {(3, 26), (1, 30), (1, 32)}  # (seat, tile) pons: N the 9s, S the 4z and the 6z


def play_t19(north_passes: bool) -> mjcore.Table:
    table = mjcore.Table(ruleset=TAIWAN)
    table.reset(0, 0, wall=taiwan_wall(T19_HANDS, T19_HEAD))
    script = {seat: [_core.parse_tiles(t)[0] for t in tiles] for seat, tiles in T19_SCRIPT.items()}
    while table.to_act() is not None:
        seat, legal = table.to_act(), table.legal_actions()
        offered = table.observation(seat).offered
        if offered is None:
            table.step(Action("discard", script[seat].pop(0)))
        elif (seat, offered.tile) in T19_PONS:
            table.step(Action("pon"))
        elif Action("win") in legal:
            table.step(Action("pass" if seat == 3 and north_passes else "win"))
        else:
            table.step(Action("pass"))
    return table


@pytest.mark.parametrize(("north_passes", "winner", "paid"), [(False, 3, 30), (True, 1, 80)])
def test_t19_the_nearest_declarer_wins_regardless_of_value(north_passes: bool, winner: int, paid: int) -> None:
    table = play_t19(north_passes)
    (won,) = table.outcome()
    assert (won.seat, won.from_seat, won.tile) == (winner, 2, 13)
    expected = [0, 0, -paid, 0]
    expected[winner] = paid
    assert table.payments() == tuple(expected)


def test_flowers_are_replaced_and_the_reserve_is_never_drawn() -> None:
    flowers_seen = 0
    for index in range(40):
        table = mjcore.Table(ruleset=TAIWAN)
        table.reset(3, index, dealer=index % 4)
        assert sum(table.observation(table.to_act()).hand) == 17, "the dealer's 17 after its first draw"
        rng = random.Random(index)
        while table.to_act() is not None:
            table.step(rng.choice(table.legal_actions()))
        log = [json.loads(line) for line in table.log()]
        flowers_seen += sum(e["type"] == "flower" for e in log)
        assert table.observation(0).wall_remaining == 0 or table.outcome()
        drawn = sum(e["type"] == "draw" for e in log)
        assert 4 * 16 + drawn + 16 <= 144, "16 tiles stay in the reserve"
        assert sum(table.payments()) == 0
    assert flowers_seen > 0


def test_simulate_plays_taiwan_deterministically() -> None:
    for bots in (("random",) * 4, ("efficiency",) * 4):
        one = mjcore.simulate("taiwan", 200, seed=2, bots=bots, threads=1)
        two = mjcore.simulate("taiwan", 200, seed=2, bots=bots, threads=2)
        assert one.totals == two.totals and (one["payments"] == two["payments"]).all()
        assert (one["payments"].sum(axis=1) == 0).all() and one["winners"].sum(axis=1).max() <= 1
    assert not one["exhaustive_draw"].all()


def test_options_the_table_does_not_play_are_refused_by_name() -> None:
    with pytest.raises(mjcore.RulesetError, match="options.priority_lost_by"):  # a clock (test_taiwan_table_options)
        mjcore.Table(ruleset=TAIWAN.with_options(priority_lost_by="timing"))
    several = mjcore.Table(ruleset=TAIWAN.with_options(several_winners="all"))  # 一炮多響, a table option
    several.reset(0, 0)


def flower_wall(hands: list[str], flowers: list[int], head: list[int]) -> list[int]:
    """A wall dealing ``hands`` with ``flowers[s]`` of the flowers (1f on) added to seat s's, then ``head``
    (codes); the other tiles follow in kind order."""
    order: list[int] = []
    for text, count in zip(hands, flowers):
        first = 34 + len([code for code in order if code >= 34])
        order += list(_core.parse_tiles(text)) + list(range(first, first + count))
    order += head
    return order + [k for k in range(34) for _ in range(4 - order.count(k))]


def passive(wall: list[int]) -> mjcore.Table:
    """Every claim passed, every drawn tile discarded."""
    table = mjcore.Table(ruleset=TAIWAN)
    table.reset(0, 0, wall=wall)
    while table.to_act() is not None:
        view = table.observation(table.to_act())
        table.step(Action("pass") if view.offered is not None else Action("discard", view.drawn))
    return table


def test_t16_eight_immortals_pay_as_a_self_draw() -> None:
    hands = ["123456789m123456p7z", "789p123s456s", "777s888s999s1z1z2z2z3z4z4z", "111m222m333m444m5z5z5z6z"]
    table = passive(flower_wall(hands, [0, 7, 0, 0], [7, 41]))  # S holds 1f..7f and draws 8f
    (winner,) = table.outcome()
    assert (winner.seat, winner.from_seat, winner.fan) == (1, None, TAIWAN.value("ba_xian_guo_hai"))
    assert table.payments() == (-120, 340, -110, -110)


def test_t17_seven_rob_one_is_paid_by_the_single_flower() -> None:
    hands = ["123456789m123456p7z", "789p123s456s1z1z2z2z3z4z4z", "777s888s999s", "111m222m333m444m5z5z5z6z"]
    table = passive(flower_wall(hands, [0, 0, 7, 0], [7, 8, 13, 41]))  # W holds 1f..7f, N draws 8f
    (winner,) = table.outcome()
    assert (winner.seat, winner.from_seat, winner.fan) == (2, 3, TAIWAN.value("qi_qiang_yi"))
    assert table.payments() == (0, 0, 110, -110)


# T20 (眼牌, seed; dealer E = seat 0): S (seat 1) holds 678m 123p456p789p 11s23s, ready on 1s or 4s. E discards
# 7z; S draws 9m and declares 眼牌 with it (or, in the control deal, only discards it). N later discards 4s: a
# locked S is not asked. b) E then discards 6z and W wins on it (333z 234m345m567p888p, waiting on 6z): S pays W
# the 眼牌费 on top. c) E discards 5z instead and S self-draws 1s: the winner pays no fee to itself.
T20_HANDS = ["1m2m5m9m1p2p5p9p1s5s9s1z2z3z4z7z", "678m123p456p789p11s23s", "333z234m345m567p888p6z",
             "1m2m3m6m7m8m3p7p2p6p4s6s8s2z4z5z"]  # fmt: skip
T20_SCRIPT = {0: ["7z", "6z"], 1: ["9m"], 2: ["5z"], 3: ["4s"]}


def play_t20(declare: bool, variant: str, table=None) -> tuple[mjcore.Table, list[list[Action]]]:
    """Plays T20 (``variant`` "b" or "c") on ``table`` (a fresh native Taiwan table by default); returns the
    table and S's legal actions each time it was asked."""
    head = "9s9m5z7z6z" if variant == "b" else "9s9m5z7z5z1s"
    script = {seat: [_core.parse_tiles(t)[0] for t in tiles] for seat, tiles in T20_SCRIPT.items()}
    if variant == "c":
        script[0][1] = _core.parse_tiles("5z")[0]
    table = mjcore.Table(ruleset=TAIWAN) if table is None else table
    table.reset(0, 0, wall=taiwan_wall(T20_HANDS, head))
    asked: list[list[Action]] = []
    while table.to_act() is not None:
        seat, legal = table.to_act(), table.legal_actions()
        if seat == 1:
            asked.append(legal)
        if table.observation(seat).offered is not None:
            table.step(Action("win") if seat == 2 and Action("win") in legal else Action("pass"))
        elif Action("win") in legal:
            table.step(Action("win"))
        else:
            tile = script[seat].pop(0)
            table.step(Action("eye" if declare and seat == 1 else "discard", tile))
    return table, asked


def test_t20_a_locked_eye_seat_wins_only_by_self_draw_and_pays_other_winners_its_fee() -> None:
    declared, asked = play_t20(True, "b")
    control, control_asked = play_t20(False, "b")
    nine_m = _core.parse_tiles("9m")[0]
    assert Action("eye", nine_m) in asked[0], "ready after discarding 9m: S may declare"
    # a) after declaring, S is never offered N's 4s (nor anything else); undeclared, it may win on it.
    assert len(asked) == 1 and any(Action("win") in legal for legal in control_asked)
    # b) W wins on E's 6z either way; S pays the 眼牌费 (1 × 台價 = 10) only when it declared.
    assert [w.seat for w in declared.outcome()] == [2] == [w.seat for w in control.outcome()]
    extra = [a - b for a, b in zip(declared.payments(), control.payments())]
    assert extra == [0, -10, 10, 0]
    # c) S self-draws 1s: no fee when the 眼牌 seat itself wins.
    won, _ = play_t20(True, "c")
    plain, _ = play_t20(False, "c")
    assert [w.seat for w in won.outcome()] == [1] and won.payments() == plain.payments()
    assert won.payments()[1] > 0


def test_a_declared_eye_discard_is_in_the_discard_history() -> None:
    from mjcore import reference

    nine_m = _core.parse_tiles("9m")[0]
    for table in (None, reference.Table(ruleset=TAIWAN)):
        declared, _ = play_t20(True, "b", table)
        history = declared.observation(0).discard_history[1]
        assert history and history[0].tile == nine_m, "S's 眼牌 discard is its first discard"
        assert [d.tile for d in history] == list(declared.observation(0).discards[1])
