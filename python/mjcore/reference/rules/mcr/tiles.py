"""Tile facts the MCR fans are defined on.

Tiles are kinds 0..33 (0-8 m, 9-17 p, 18-26 s, 27-30 winds E S W N, 31 白, 32 发, 33 中). Wherever the scorer
must pick the first of several equal candidates it walks tiles in ``REFERENCE_ORDER`` — pymahjonggb's order
(万, 条, 饼, E S W N, 中 发 白) — so that its ties break the same way.
"""

from __future__ import annotations

__all__ = [
    "REFERENCE_ORDER",
    "ORDER_KEY",
    "WINDS",
    "DRAGONS",
    "suit",
    "rank",
    "is_numbered",
    "is_honor",
    "is_wind",
    "is_dragon",
    "is_terminal",
    "is_terminal_or_honor",
    "GREEN",
    "REVERSIBLE",
    "THIRTEEN_ORPHANS",
    "KNITTED_STRAIGHTS",
]

WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
REFERENCE_ORDER = (*range(0, 9), *range(18, 27), *range(9, 18), 27, 28, 29, 30, 33, 32, 31)
ORDER_KEY = {tile: position for position, tile in enumerate(REFERENCE_ORDER)}


def suit(tile: int) -> int:
    """0 m, 1 p, 2 s, 3 honours."""
    return tile // 9 if tile < 27 else 3


def rank(tile: int) -> int:
    """1..9 for suited tiles, 0 for honours."""
    return tile % 9 + 1 if tile < 27 else 0


def is_numbered(tile: int) -> bool:
    return tile < 27


def is_honor(tile: int) -> bool:
    return tile >= 27


def is_wind(tile: int) -> bool:
    return 27 <= tile <= 30


def is_dragon(tile: int) -> bool:
    return tile >= 31


def is_terminal(tile: int) -> bool:
    return tile < 27 and tile % 9 in (0, 8)


def is_terminal_or_honor(tile: int) -> bool:
    return tile >= 27 or tile % 9 in (0, 8)


GREEN = frozenset((19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 s and 发
REVERSIBLE = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))  # 1234589p 245689s 白
THIRTEEN_ORPHANS = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


def _knitted_straights() -> tuple[frozenset[int], ...]:
    """The six 组合龙: 147, 258 and 369 each in a different suit."""
    from itertools import permutations

    return tuple(
        frozenset(s * 9 + start + step for s, start in zip(suits, range(3)) for step in (0, 3, 6))
        for suits in permutations(range(3))
    )


KNITTED_STRAIGHTS = _knitted_straights()
