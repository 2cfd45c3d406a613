"""The hand a family's scorer takes for a win at the twin's table: without its winning tile, with the winner's
flowers (the families that count flowers in the hand: Taiwan, the folk tables)."""

from __future__ import annotations

from ...hand import Hand
from ...table.types import WinSituation

__all__ = ["with_flowers"]


def with_flowers(hand: Hand, s: WinSituation) -> Hand:
    """The hand without its winning tile, as the scorers take it, with the winner's flowers (1..8)."""
    waiting = list(hand.concealed)
    waiting[s.tile] -= 1
    return Hand(tuple(waiting), hand.melds, flowers=tuple(f + 1 for f in s.flowers))
