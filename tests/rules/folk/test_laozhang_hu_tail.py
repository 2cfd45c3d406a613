"""老章's 数胡尾 (issue 27; seed 000 "当有人吃胡时，其余三家要数胡尾定输赢，数胡尾就是点算手牌的胡数以决大小", RULES.md
§6): ``options.loser_settlement = "hu_tail"`` — after a discard win the losers settle their hands' 胡数 among
themselves, every two by the difference × ``hu_tail_unit`` (a placeholder, as the point values that count a 胡
are). Explicit walls on the native table and the twin; off by default; self-draws settle nothing."""

from __future__ import annotations

import warnings

import pytest

import mjcore
from mjcore import _core
from mjcore.errors import RulesetError
from mjcore.reference.table import Table as TwinTable
from mjcore.rules.placeholders import PlaceholderWarning
from mjcore.table import Table
from mjcore.table.types import Action

with warnings.catch_warnings():
    warnings.simplefilter("ignore", PlaceholderWarning)
    LAOZHANG = mjcore.load_ruleset("laozhang")
HU_TAIL = LAOZHANG.with_options(loser_settlement="hu_tail")

# E (dealer) 111z 999m 555m 2p3p7s8s; S 234m567m345p678p 5s, waiting on 5s; W 222z 666p 123s 4s6s9p9s;
# N 3z3z 7p7p 1p4p 2s5s8s 4m7m 6z7z (no three of a kind).
HANDS = ["1z1z1z9m9m9m5m5m5m2p3p7s8s", "234m567m345p678p5s", "2z2z2z6p6p6p1s2s3s4s6s9p9s",
         "3z3z7p7p1p4p2s5s8s4m7m6z7z"]  # fmt: skip


def wall(head: str) -> list[int]:
    order: list[int] = []
    for text in HANDS:
        tiles = _core.parse_tiles(text)
        assert len(tiles) == 13, text
        order += tiles
    order += _core.parse_tiles(head)
    return order + [k for k in range(34) for _ in range(4 - order.count(k))]


def play(table, head: str) -> None:
    """E discards the tile it draws; S wins as soon as it may; every other claim is passed."""
    table.reset(0, 0, wall=wall(head))
    while table.to_act() is not None:
        seat, legal = table.to_act(), table.legal_actions()
        view = table.observation(seat)
        if seat == 1 and Action("win") in legal:
            table.step(Action("win"))
        elif view.offered is not None:
            table.step(Action("pass"))
        else:
            table.step(Action("discard", view.drawn))


# The win: S's 234m567m345p678p55s scores 门清 + 平 + 断 + 将 = 4 fan (every value a placeholder of 1), base 1 ×
# 2^4 = 16, paid by the discarder E, the dealer, doubled ("闲家赢，则庄家输双"): E −32, S +32.
# 数胡尾 (the default point values pung 2, ×2 幺九, ×2 concealed, ×4 kong): E holds 111z (2×2×2 = 8), 999m (8),
# 555m (2×2 = 4): 20; W 222z (8), 666p (4): 12; N nothing: 0. W pays E 20 − 12 = 8; N pays E 20; N pays W 12:
# E +28, W +4, N −32. With the win: E −4, S +32, W +4, N −32.
@pytest.mark.parametrize("engine", [Table, TwinTable], ids=["native", "twin"])
def test_after_a_discard_win_the_losers_settle_their_hu_among_themselves(engine) -> None:
    plain = engine(ruleset=LAOZHANG)
    play(plain, "5s")
    (won,) = plain.outcome()
    assert (won.seat, won.from_seat, won.fan) == (1, 0, 4)
    assert tuple(plain.payments()) == (-32, 32, 0, 0), "off by default: the winner's hand alone"

    table = engine(ruleset=HU_TAIL)
    play(table, "5s")
    assert tuple(table.payments()) == (-4, 32, 4, -32)

    doubled = engine(ruleset=HU_TAIL.with_options(hu_tail_unit=3))
    play(doubled, "5s")
    assert tuple(doubled.payments()) == (-32 + 3 * 28, 32, 3 * 4, -3 * 32)


@pytest.mark.parametrize("engine", [Table, TwinTable], ids=["native", "twin"])
def test_a_self_draw_settles_no_hu(engine) -> None:
    """E draws and discards 9s (nobody claims it); S self-draws 5s: "当有人吃胡时" — no discard win, no 数胡尾."""
    plain, table = engine(ruleset=LAOZHANG), engine(ruleset=HU_TAIL)
    play(plain, "9s5s")
    play(table, "9s5s")
    (won,) = table.outcome()
    assert (won.seat, won.from_seat) == (1, None)
    assert table.payments() == plain.payments() and sum(table.payments()) == 0


def test_the_unit_is_a_placeholder_and_the_option_is_checked_by_name() -> None:
    assert "options.hu_tail_unit" in LAOZHANG.placeholders
    assert LAOZHANG["loser_settlement"] == "none"
    with pytest.raises(RulesetError, match="loser_settlement"):
        LAOZHANG.with_options(loser_settlement="every_seat")
    with pytest.raises(RulesetError, match="hu_tail_unit"):
        LAOZHANG.with_options(hu_tail_unit=-1)
