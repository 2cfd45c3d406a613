"""Seed 002's own 地和 (issue 27): "{地和} 158番 庄家出第一张后下家自摸即是地和，牌型不限" — only the dealer's 下家,
self-drawing after the dealer's first discard — as ``options.earthly_next_seat_only`` of MCR's folk rows, in
scoring and at the table, on the native engine and the twin. Off (the default), any non-dealer's first
self-draw of an uninterrupted first go-around is 地和 (docs/mcr.md)."""

from __future__ import annotations

import pytest

import mjcore
from mjcore import InvalidArgumentError, _core, parse_hand
from mjcore.reference.rules.mcr import Situation
from mjcore.reference.rules.mcr import score as reference_score
from mjcore.rules.mcr import scorer as mcr_native
from mjcore.reference.table import Table as TwinTable
from mjcore.table.types import Action

FOLK = mjcore.load_ruleset("mcr").with_options(folk_fans=True)
SEED_002 = FOLK.with_options(earthly_next_seat_only=True)

STRAIGHT = "123m456m789m234p5s"  # 清龙 waiting on its 5s pair
JUNK = ["1z1z2z2z3z3z4z4z1p9p1s9s9s", "5z5z6z6z1p1p9p9p6p6p7p8p8s", "1m1m9m9m2s2s3s3s7s7s4s6s8s"]


def wall(waiting_seat: int) -> list[int]:
    """``waiting_seat`` (1 or 2) holds STRAIGHT, the others junk; the dealer draws and discards 7z, seat 1 (when
    it is not the waiting seat) draws and discards 7z, then the waiting seat draws 5s: its first draw, nobody
    having claimed anything."""
    hands = JUNK[:waiting_seat] + [STRAIGHT] + JUNK[waiting_seat:]
    order: list[int] = []
    for text in hands:
        tiles = list(_core.parse_tiles(text))
        assert len(tiles) == 13, text
        order += tiles
    order += _core.parse_tiles("7z" * waiting_seat + "5s")
    rest = [k for k in range(34) for _ in range(4 - order.count(k))] + list(range(34, 42))
    return order + rest


def play(table, waiting_seat: int) -> None:
    """The waiting seat takes a win when offered; every claim is passed and every drawn tile discarded."""
    while table.to_act() is not None:
        seat = table.to_act()
        view = table.observation(seat)
        if seat == waiting_seat and Action("win") in table.legal_actions():
            table.step(Action("win"))
        elif view.offered is not None:
            table.step(Action("pass"))
        else:
            table.step(Action("discard", view.drawn))


def scored(seat_wind: int, earthly: bool) -> int:
    return mjcore.score(STRAIGHT, "5s", ruleset=FOLK, self_drawn=True, seat_wind=seat_wind, earthly=earthly).total


@pytest.mark.parametrize("make", [mjcore.Table, TwinTable], ids=["native", "twin"])
@pytest.mark.parametrize(("ruleset", "waiting_seat", "is_earthly"), [
    (FOLK, 1, True), (FOLK, 2, True),          # ours: any non-dealer's first self-draw
    (SEED_002, 1, True), (SEED_002, 2, False),  # seed 002: the dealer's 下家 alone
], ids=["ours-xiajia", "ours-duijia", "seed002-xiajia", "seed002-duijia"])  # fmt: skip
def test_earthly_hand_at_the_table(make, ruleset, waiting_seat: int, is_earthly: bool) -> None:
    table = make(ruleset=ruleset)
    table.reset(0, 0, wall=wall(waiting_seat))
    play(table, waiting_seat)
    (won,) = table.outcome()
    assert (won.seat, won.from_seat) == (waiting_seat, None)
    # 地和 158 replaces 自摸, 不求人 and 门前清 (docs/mcr.md); the 对家's hand without it is still 清龙 and more.
    expected = scored(waiting_seat, is_earthly)
    assert won.fan == expected
    assert (won.fan >= 158) == is_earthly
    value = 8 + expected  # a self-draw takes 8 + fan from each other seat (MCR competition payments)
    assert tuple(table.payments()) == tuple(3 * value if s == waiting_seat else -value for s in range(4))


def test_the_scorer_refuses_another_seats_earthly_hand_under_the_seed_reading() -> None:
    hand, win = parse_hand(STRAIGHT), mjcore.tile_index("5s")
    backends = [lambda s, rules: mcr_native.score(hand, win, s, rules),
                lambda s, rules: reference_score(hand, win, s, rules.table)]  # fmt: skip
    for score in backends:
        xiajia = score(Situation(self_drawn=True, seat_wind=1, earthly=True), SEED_002)
        assert "blessing_of_earth" in {f.key for f in xiajia.fans}
        with pytest.raises(InvalidArgumentError, match="earthly_next_seat_only"):
            score(Situation(self_drawn=True, seat_wind=2, earthly=True), SEED_002)
        assert score(Situation(self_drawn=True, seat_wind=2, earthly=True), FOLK).total == scored(2, True)


def test_the_option_must_be_a_flag() -> None:
    with pytest.raises(mjcore.RulesetError, match="earthly_next_seat_only"):
        FOLK.with_options(earthly_next_seat_only="yes")
