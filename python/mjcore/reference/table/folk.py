"""The folk tables at the twin's table, the twin of the Rust ``rules::folk::at_table``: the 789 folk table (144
tiles, no chi, 截胡 — of several winners on one discard only the biggest hand wins, the nearest on a tie) and
老章 (136 tiles, the dealer doubling). A hand wins when the folk scorer reads it; the win pays its hand row
(and, at 789, the winner's flowers from each other seat). At the 789 table every kong pays its owner
``kong_stake`` from each other seat when declared (OC-37), as the kong's event. No seat buys a horse."""

from __future__ import annotations

from typing import Any, Optional

from ...hand import Forms, Hand
from ...rules.folk.ruleset import GD789_HANDS
from ...rules.folk.situation import Gd789Situation, LaozhangSituation
from ...table.types import SEATS, WinCheck, WinSituation
from ..rules.folk import score_789, score_laozhang
from .aim import Aim
from .deal_hooks import DealHooks, PayingEvent
from .taiwan import with_flowers

__all__ = ["FolkHooks", "folk_aim", "folk_win_check", "settle_folk_win"]


def folk_aim(rules: Any) -> Aim:
    """The table's winning forms: 789 has thirteen orphans, 老章 the standard shape only."""
    return Aim(Forms.STANDARD | Forms.THIRTEEN_ORPHANS if rules.family == "gd789" else Forms.STANDARD)


def _scored(rules: Any, hand: Hand, s: WinSituation):
    if rules.family == "gd789":
        where = Gd789Situation(seat=s.winner, dealer=s.dealer, self_drawn=s.self_drawn, discarder=s.from_seat)
        scored = score_789(with_flowers(hand, s), s.tile, where, rules)
    else:
        where = LaozhangSituation(seat=s.winner, dealer=s.dealer, self_drawn=s.self_drawn, discarder=s.from_seat)
        scored = score_laozhang(with_flowers(hand, s), s.tile, where, rules)
    return scored if scored.is_win else None


def folk_win_check(rules: Any) -> WinCheck:
    def check(hand: Hand, s: WinSituation) -> Optional[int]:
        scored = _scored(rules, hand, s)
        return None if scored is None else max(scored.total, 0)

    return check


def settle_folk_win(rules: Any, hand: Hand, s: WinSituation) -> tuple[int, list[int], Optional[int]]:
    """The hand's ladder row (789; 老章's rows add up: none) and what the hand (and at 789 the flowers) pay."""
    scored = _scored(rules, hand, s)
    paid = list(scored.money["win"])
    if rules.family == "gd789":
        paid = [p + f for p, f in zip(paid, scored.money["flowers"])]
        return GD789_HANDS.index(scored.entries[0].key), paid, None
    return -1, paid, None


class FolkHooks(DealHooks):
    def __init__(self, rules: Any) -> None:
        self.stake = rules["kong_stake"] if rules.family == "gd789" else 0

    def settle(self, event: PayingEvent, dealer: int) -> Optional[list[int]]:
        """789: each kong pays its owner ``kong_stake`` from each other seat (OC-37)."""
        if event.kind != "kong" or not self.stake:
            return None
        return [3 * self.stake if seat == event.seat else -self.stake for seat in range(SEATS)]
