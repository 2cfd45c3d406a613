"""定缺 for the built-in bots, as the Rust ``bots::void_choice``: the suit to name void is the one the hand holds
fewest of (ties: fewest pairs and sets to break, then the lower suit), since it is discarded first (必须打缺)
and must be gone before the hand can win."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from ...table.types import Action, Observation

__all__ = ["choose_void", "weakness"]


def weakness(hand: Sequence[int], suit: int) -> tuple[int, int, int]:
    """How little of suit 0..2 ``hand`` holds, smallest first: its tiles, then its kinds held twice or more,
    then the suit (the lower first). The bots name this suit void and pass it at 换三张."""
    counts = hand[9 * suit:9 * suit + 9]
    return sum(counts), sum(1 for c in counts if c >= 2), suit


def choose_void(observation: Observation, legal: list[Action]) -> Optional[Action]:
    """The void to name when ``legal`` offers the choice, else None (the decision is another one)."""
    voids = [action for action in legal if action.kind == "void"]
    return min(voids, key=lambda action: weakness(observation.hand, action.tile), default=None)
