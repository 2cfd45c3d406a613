"""定缺 for the built-in bots, as the Rust ``sim::void_choice``: the suit to name void is the one the hand holds
fewest of (ties: fewest pairs and sets to break, then the lower suit), since it is discarded first (必须打缺)
and must be gone before the hand can win."""

from __future__ import annotations

from typing import Optional

from ...table.types import Action, Observation

__all__ = ["choose_void"]


def choose_void(observation: Observation, legal: list[Action]) -> Optional[Action]:
    """The void to name when ``legal`` offers the choice, else None (the decision is another one)."""
    voids = [action for action in legal if action.kind == "void"]

    def key(action: Action) -> tuple[int, int, int]:
        counts = observation.hand[9 * action.tile:9 * action.tile + 9]
        return sum(counts), sum(1 for c in counts if c >= 2), action.tile

    return min(voids, key=key, default=None)
