"""Bots, as the Rust ``table::policy``: a policy picks one of the legal actions from its seat's observation."""

from __future__ import annotations

from typing import Protocol

from ...table.types import Action, Observation
from .rng import Rng, bot_stream

__all__ = ["Policy", "RandomBot"]


class Policy(Protocol):
    def start_deal(self, seed: int, deal: int, seat: int) -> None:
        """Called before each deal, so that randomness can come from the deal alone."""

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        """One of ``legal`` (never empty when called)."""


class RandomBot:
    """Uniformly random among the legal actions in their sorted order: ``below(len)`` from the deal's stream
    ``bot_stream(seat)`` = 1 + seat."""

    def __init__(self) -> None:
        self._rng = Rng(0, 0, bot_stream(0))

    def start_deal(self, seed: int, deal: int, seat: int) -> None:
        self._rng = Rng(seed, deal, bot_stream(seat))

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        return legal[self._rng.below(len(legal))]
