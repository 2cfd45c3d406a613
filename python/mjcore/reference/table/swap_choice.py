"""换三张 for the efficiency bot, as the Rust ``bots::swap_choice``: it passes its weakest suit — the one it
would name void (``void_choice.weakness``) among those the table lets it pass, counted on the hand less its
picks — and in it the least useful tile first, one pick at a time: the lowest ``worth``, ties to the tile
farther from the suit's middle (5), then the lower kind."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from ...table.types import Action, Observation
from .void_choice import weakness

__all__ = ["choose_swap", "worth"]


def choose_swap(observation: Observation, legal: list[Action]) -> Optional[Action]:
    """The tile to pick when ``legal`` offers 换三张 picks, else None (the decision is another one)."""
    picks = [action.tile for action in legal if action.kind == "swap"]
    if not picks:
        return None
    passing = observation.passing or (0,) * len(observation.hand)
    left = [max(held - picked, 0) for held, picked in zip(observation.hand, passing)]
    suit = min({tile // 9 for tile in picks}, key=lambda s: weakness(left, s))
    return Action("swap", min((tile for tile in picks if tile // 9 == suit),
                              key=lambda tile: (worth(left, tile), -abs(tile % 9 - 4), tile)))


def worth(left: Sequence[int], kind: int) -> int:
    """What a held tile of suited ``kind`` does for the hand ``left``: 3 for each other copy (pairs and
    pungs), 2 for each tile one away and 1 for each two away in its suit (runs and their waits)."""
    place = kind % 9

    def at(offset: int) -> int:
        return left[kind + offset] if 0 <= place + offset < 9 else 0

    return 3 * max(at(0) - 1, 0) + 2 * (at(-1) + at(1)) + at(-2) + at(2)
