"""What a family adds to the twin's deal beyond deciding wins — the twin of the native ``Adjudicator``'s other
methods and of the ``TableRules`` fields a family sets itself: 定缺 (the void suit named at the start,
必须打缺), money paid by events other than wins (kongs, flowers, the end), the money of a whole finished deal
(Sichuan: 呼叫转移, 退税, 查花猪, 查大叫) and wins the flowers alone make (Taiwan). The defaults do nothing,
so a family without table extras (Guangdong, MCR) plays exactly as before.

A family option the native table gains later (换三张, 血流成河, 眼牌, 买马) belongs here as one more hook."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...hand import Meld, MeldKind
from ...table.types import Winner

__all__ = ["DealHooks", "FinalHand", "FinishedDeal", "FlowerWin", "NO_HOOKS", "PayingEvent", "SettledWin"]


@dataclass(frozen=True)
class PayingEvent:
    """An event that may pay besides a win: ``kind`` "kong" (``seat`` completed a kong of ``meld_kind``,
    ``feeder`` who fed its claimed tile), "flower" (``seat`` set ``flower`` 0..7 aside) or "end" (the deal is
    over; ``winners`` the seats that won)."""

    kind: str
    seat: int = 0
    meld_kind: Optional[MeldKind] = None
    feeder: Optional[int] = None
    flower: int = 0
    winners: frozenset[int] = frozenset()


@dataclass(frozen=True)
class SettledWin:
    """A win as its settlement says: the pattern row (-1: none), payments by table seat, the liable seat."""

    pattern: int
    payments: tuple[int, ...]
    liable: Optional[int] = None


@dataclass(frozen=True)
class FlowerWin:
    """A win the flowers alone make: the winner, who pays as a discarder would (None: every other seat), its
    fan and what it pays."""

    winner: int
    payer: Optional[int]
    fan: int
    settled: SettledWin


@dataclass(frozen=True)
class FinalHand:
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    discards: tuple[int, ...]
    void: Optional[int]


@dataclass(frozen=True)
class FinishedDeal:
    """A finished deal as a whole-deal settlement reads it: the log (event dicts), the wins in order, each
    seat's final hand, the dealer, and whether the wall ran out short of enough winners (流局 checks)."""

    events: list[dict]
    winners: list[Winner]
    hands: tuple[FinalHand, ...]
    dealer: int
    wall_exhausted: bool


class DealHooks:
    """The defaults: no 定缺, no paying events, no whole-deal settlement, no flower wins."""

    void_suit = False  # 定缺: each seat names a void suit before the dealer's first discard
    must_discard_void = False  # 必须打缺: while holding its void suit a seat discards only that suit

    def settle(self, event: PayingEvent, dealer: int) -> Optional[list[int]]:
        """What ``event`` pays each seat (zero-sum), or None: nothing."""
        return None

    def settle_deal(self, deal: FinishedDeal) -> Optional[tuple[list[list[int]], list[int], list[int]]]:
        """Each win's payments (in order), the deal's other money and the kong money among it, replacing what
        the wins' own settlement and ``settle`` said; None: keep them."""
        return None

    def flower_win(self, flowers: list[set[int]], dealer: int) -> Optional[FlowerWin]:
        """A win the seats' flowers make (asked each time a flower is set aside), or None."""
        return None


NO_HOOKS = DealHooks()
