"""What a family's table does besides judging a hand — the twin of the Rust ``Adjudicator``'s defaulted
methods and of the ``TableRules`` fields a family sets (ghosts, 跟庄, 流局算杠, the winner deals). A plain win
check (a ``WinCheck``) plays with the defaults: no ghosts, no money outside the wins. A family with more to say
(推倒胡) subclasses ``TableHooks``; the deal asks it through ``table_hooks``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...hand import Hand, MeldKind
from ...table.types import SEATS, WinCheck, WinSituation, win_fan

__all__ = ["DealContext", "Declared", "TableHooks", "from_each", "table_hooks"]


@dataclass(frozen=True)
class DealContext:
    """What a question about a win may read of the deal besides the hand, as the Rust ``DealContext``."""

    ghosts: frozenset[int]  # the deal's wild kinds
    indicator: Optional[int]  # the 翻鬼 indicator, if the ghosts were flipped
    undrawn: tuple[int, ...]  # the wall codes not drawn yet, head to tail (the reserved tail included)
    dealer_streak: int  # the dealer's 连庄 count, set by the game


@dataclass(frozen=True)
class Declared:
    """A declared win as its family settles it: the fan the log records, the pattern row, the payments by
    table seat, the liable seat and the horses (买马) that hit the winner."""

    fan: int
    pattern: int
    payments: tuple[int, ...]
    liable: Optional[int]
    horse_hits: int = 0


class TableHooks:
    """The defaults: the deal's wins decided by a plain ``WinCheck``; no ghosts; no kong money or 跟庄."""

    follow_dealer = False  # 跟庄 is settled after the fourth discard of an uninterrupted first go-around
    kong_money_on_draw = True  # kong money stands at a 流局 (there is none by default)
    winner_deals = False  # the first winner deals next (else the table's dealer_stays)
    ghost_melds = False  # ghosts may be ponged and konged

    def __init__(self, win_check: Optional[WinCheck] = None) -> None:
        self._check = win_check

    def flips(self) -> bool:
        """Whether a 翻鬼 indicator is turned from the wall's tail before the deal."""
        return False

    def ghost_kinds(self, indicator: Optional[int]) -> frozenset[int]:
        """The wild kinds of a deal whose indicator (under 翻鬼) is ``indicator``."""
        return frozenset()

    def judge(self, hand: Hand, situation: WinSituation, context: DealContext) -> Optional[int]:
        """The fan if ``hand`` (its winning tile included) is a legal win, else None."""
        assert self._check is not None
        return win_fan(self._check(hand, situation))

    def declare(self, hand: Hand, situation: WinSituation, context: DealContext) -> Optional[Declared]:
        """The declared win as the family settles it there and then (horses drawn), or None where the win
        is settled after the deal from its hand and situation (``families.settled_wins``)."""
        return None

    def settle_kong(self, seat: int, kind: MeldKind, feeder: Optional[int]) -> Optional[list[int]]:
        """What a kong pays when it is made (None: nothing)."""
        return None

    def settle_follow_dealer(self, dealer: int) -> Optional[list[int]]:
        """What 跟庄 pays (None: nothing)."""
        return None

    def __call__(self, hand: Hand, situation: WinSituation) -> Optional[int]:
        """A hooks object is a win check too (the ghosts of its mode, no deal context)."""
        context = DealContext(self.ghost_kinds(None), None, (), 0)
        return self.judge(hand, situation, context)


def table_hooks(win_check: WinCheck) -> TableHooks:
    """The hooks of a deal decided by ``win_check``: the check itself when it is a family's hooks."""
    return win_check if isinstance(win_check, TableHooks) else TableHooks(win_check)


def from_each(seat: int, amount: int) -> list[int]:
    """``seat`` receives ``amount`` from each other seat."""
    return [amount * (SEATS - 1) if s == seat else -amount for s in range(SEATS)]
