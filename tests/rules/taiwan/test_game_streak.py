"""Taiwan 連莊 in a game (issue 27): the game's dealer streak reaches the Taiwan scorer, so a dealer who wins
twice is paid 連N拉N on the second win (SICHUAN_TAIWAN_RULES.md B.4 "連N拉N" 2N, B.5 D = 1 + 2N, B.7 the dealer
stays and N grows when the dealer wins), on the native table and the pure-Python twin alike."""

from __future__ import annotations

import pytest

import mjcore
from mjcore import _core
from mjcore.reference.table import Table as TwinTable
from mjcore.table.types import Action

TAIWAN = mjcore.load_ruleset("taiwan")
FLOWERS = list(range(34, 42))

# The dealer (seat 0, East) holds 234m 567m 345p 678p 99s 45s: concealed, ready on 3s / 6s (兩面). Draws in
# order: E 1z, S 2z, W 3z, N 4z, E 5z (each discarded at once), then S draws 6s and discards it — past the
# first go-around, so no 人胡 — and E wins on it. The eight flowers lie inside the 16-tile reserve: none drawn.
HANDS = ["234m567m345p678p99s45s", "1m1m1m8m8m8m9m9m9m1p1p1p2p2p2p9p", "1s1s1s2s2s2s7s7s7s8s8s8s9p9p9p6z",
         "6z6z6z7z7z7z3m3m3m6m6m6m4p4p5p5p"]  # fmt: skip
HEAD = "1z2z3z4z5z6s"


def wall() -> list[int]:
    order: list[int] = []
    for text in HANDS:
        tiles = _core.parse_tiles(text)
        assert len(tiles) == 16, text
        order += tiles
    order += _core.parse_tiles(HEAD)
    return order + [k for k in range(34) for _ in range(4 - order.count(k))] + FLOWERS


def play_out(table) -> None:
    """The dealer takes every win offered; every other claim is passed and every drawn tile discarded."""
    while table.to_act() is not None:
        seat = table.to_act()
        view = table.observation(seat)
        if view.offered is None:
            table.step(Action("discard", view.drawn))
        elif seat == 0 and Action("win") in table.legal_actions():
            table.step(Action("win"))
        else:
            table.step(Action("pass"))


# The hand's 台 (B.4): 門清 1 + 平胡 2 (five chows, no honour, no flower, won on a discard, a two-sided wait) = 3.
# The discarder S pays alone (B.5): 底 30 + (3 + D) × 台價 10, D = 1 + 2N as the dealer wins.
#   deal 1, N = 0: 30 + (3 + 1) × 10 = 70.
#   deal 2, the dealer stayed (B.7), N = 1 (連一拉一, 莊家 + 2 = 3 台): 30 + (3 + 3) × 10 = 90.
@pytest.mark.parametrize("make", [lambda: mjcore.Table(ruleset=TAIWAN), lambda: TwinTable(ruleset=TAIWAN)],
                         ids=["native", "twin"])
def test_a_dealer_winning_twice_in_a_game_is_paid_lian_zhuang_on_the_second_win(make) -> None:
    table = make()
    table.reset_game(5, wind_rounds=1, max_deals=4, wall=wall())
    play_out(table)
    (won,) = table.outcome()
    assert (won.seat, won.from_seat, won.tile, won.fan) == (0, 1, _core.parse_tiles("6s")[0], 3)
    assert tuple(table.payments()) == (70, -70, 0, 0)

    assert table.next_deal(wall=wall())
    play_out(table)
    (won,) = table.outcome()
    assert (won.seat, won.from_seat) == (0, 1)
    assert tuple(table.payments()) == (90, -90, 0, 0)


def test_a_lone_deal_has_no_streak_and_set_dealer_streak_gives_one() -> None:
    table = mjcore.Table(ruleset=TAIWAN)
    table.reset(5, 0, wall=wall())
    play_out(table)
    assert tuple(table.payments()) == (70, -70, 0, 0)
    table.reset(5, 0, wall=wall())
    table.set_dealer_streak(2)  # 連二拉二: D = 1 + 4 = 5, so 30 + (3 + 5) × 10 = 110
    play_out(table)
    assert tuple(table.payments()) == (110, -110, 0, 0)


def test_next_deal_refuses_a_wall_of_the_wrong_tile_set() -> None:
    table = mjcore.Table(ruleset=TAIWAN)
    table.reset_game(5, wind_rounds=1, max_deals=4, wall=wall())
    play_out(table)
    with pytest.raises(mjcore.MjcoreError):
        table.next_deal(wall=wall()[:-1])
