"""The wall of one deal: the table's tile set shuffled from (seed, deal index); draws from the head, kong and
flower replacements from the tail; the last ``reserved_tail`` tiles are never drawn (none by default: no dead
wall, RULES.md §1.3, OC-16). A position holds a wall code: 0..33 a tile kind, 34..41 the flowers 1f..8f."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Optional

from ...errors import InvalidArgumentError
from ...rules.table_rules import DEFAULT_TABLE_RULES, TableRules
from ...tiles import NUM_KINDS
from .rng import WALL_STREAM, Rng

__all__ = ["FIRST_FLOWER", "Wall", "WALL_SIZE", "tile_set"]

WALL_SIZE = NUM_KINDS * 4
FIRST_FLOWER = NUM_KINDS
_SUIT_BASES = {"m": 0, "p": 9, "s": 18}


def tile_set(rules: TableRules) -> list[int]:
    """The sorted set of ``rules``: each kind of the set four times, in kind order, then the flowers."""
    kinds = {base + n for suit, base in _SUIT_BASES.items() if suit in rules.suits for n in range(9)}
    if rules.honours:
        kinds |= set(range(27, NUM_KINDS))
    return [kind for kind in sorted(kinds) for _ in range(4)] + [FIRST_FLOWER + f for f in range(rules.flowers)]


class Wall:
    def __init__(self, tiles: Sequence[int], rules: TableRules = DEFAULT_TABLE_RULES) -> None:
        """A wall in a given order: exactly the tile set of ``rules`` (136 tiles, four of each kind by default)."""
        tiles = list(tiles)
        expected = tile_set(rules)
        if len(tiles) != len(expected):
            raise InvalidArgumentError(f"a wall holds {len(expected)} tiles, not {len(tiles)}")
        have, want = Counter(tiles), Counter(expected)
        for code in sorted(set(have) | set(want)):
            if have[code] != want[code]:
                raise InvalidArgumentError(f"a wall holds the ruleset's tile set, but wall code {code} appears "
                                           f"{have[code]} times instead of {want[code]}")  # fmt: skip
        self.order = tuple(tiles)
        self._head = 0
        self._tail = len(tiles)
        self._reserved = rules.reserved_tail

    @classmethod
    def for_deal(cls, seed: int, deal: int, rules: TableRules = DEFAULT_TABLE_RULES) -> Wall:
        """The sorted set shuffled with the deal's wall stream."""
        tiles = tile_set(rules)
        Rng(seed, deal, WALL_STREAM).shuffle(tiles)
        return cls(tiles, rules)

    @property
    def remaining(self) -> int:
        return max(self._tail - self._head - self._reserved, 0)

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
