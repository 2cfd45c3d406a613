"""The twin of the Rust ``table::shape_rules``: the table's built-in win check — the hand completes in the
standard shape or as thirteen orphans (鸡平胡 has no seven pairs, RULES.md §2.1), every win worth 0 fan."""

from __future__ import annotations

from ...hand import Forms, Hand
from ...table.types import WinSituation
from ..analysis.decompose import is_win

__all__ = ["CHICKEN_FORMS", "chicken_win_check"]

CHICKEN_FORMS = Forms.STANDARD | Forms.THIRTEEN_ORPHANS


def chicken_win_check(hand: Hand, situation: WinSituation) -> bool:
    return is_win(hand, CHICKEN_FORMS)
