"""The wall of one deal: 136 tiles shuffled from (seed, deal index); draws from the head, kong replacements
from the tail, no dead wall (RULES.md §1.3, OC-16)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from ...errors import InvalidArgumentError
from ...tiles import NUM_KINDS
from .rng import WALL_STREAM, Rng

__all__ = ["Wall", "WALL_SIZE"]

WALL_SIZE = NUM_KINDS * 4


class Wall:
    def __init__(self, tiles: Sequence[int]) -> None:
        """A wall in a given order: 136 tiles, four of each kind."""
        tiles = list(tiles)
        if len(tiles) != WALL_SIZE:
            raise InvalidArgumentError(f"a wall holds {WALL_SIZE} tiles, not {len(tiles)}")
        for kind in range(NUM_KINDS):
            if tiles.count(kind) != 4:
                raise InvalidArgumentError(
                    f"a wall holds each kind 4 times, but kind {kind} appears {tiles.count(kind)} times"
                )
        self.order = tuple(tiles)
        self._head = 0
        self._tail = len(tiles)

    @classmethod
    def for_deal(cls, seed: int, deal: int) -> Wall:
        """The sorted set (kind 0 four times, then kind 1, …) shuffled with the deal's wall stream."""
        tiles = [kind for kind in range(NUM_KINDS) for _ in range(4)]
        Rng(seed, deal, WALL_STREAM).shuffle(tiles)
        return cls(tiles)

    @property
    def remaining(self) -> int:
        return self._tail - self._head

    def draw(self) -> Optional[int]:
        if self.remaining == 0:
            return None
        self._head += 1
        return self.order[self._head - 1]

    def draw_replacement(self) -> Optional[int]:
        if self.remaining == 0:
            return None
        self._tail -= 1
        return self.order[self._tail]

    def undrawn(self) -> tuple[int, ...]:
        return self.order[self._head : self._tail]
