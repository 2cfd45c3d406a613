"""Abortive draws (Taiwan B.7, OC-T15), the twin of the Rust ``table::deal::abortive``: 四風連打, the four first
discards of an uninterrupted first go-around all one wind, ends the deal as that fourth wind is discarded, before
anyone may claim it (OC-T-X6); 四槓, a kong that brings the table to four kongs not all one seat's, ends it as the
kong stands (an added kong once nobody robbed it), before its replacement (OC-T-X7). The deal ends as a draw
with no winner, logged as an ``abortive`` event naming the reason before the ``end``. Played where the deal's
hooks say ``abortive_draws``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from ...hand import Meld

__all__ = ["FOUR_KONGS", "FOUR_WINDS", "four_kongs_by_several", "four_winds"]

FOUR_WINDS = "four_winds"
FOUR_KONGS = "four_kongs"
_WINDS = range(27, 31)


def four_winds(first_discards_alike: Optional[int]) -> bool:
    """四風連打, asked after the deal's fourth discard with the tile all four seats discarded first in an
    uninterrupted go-around (None: their first discards differ, or someone claimed or konged)."""
    return first_discards_alike in _WINDS


def four_kongs_by_several(melds: Sequence[Sequence[Meld]]) -> bool:
    """四槓, asked as a kong stands: four kongs (or more) on the table, made by more than one seat."""
    kongs = [sum(m.kind.is_kong for m in seat) for seat in melds]
    return sum(kongs) >= 4 and sum(n > 0 for n in kongs) > 1
