"""The MCR winning forms of a 14-tile hand: the standard divisions (4 sets + a pair, declared melds included),
seven pairs, thirteen orphans, the honours-and-knitted forms, the knitted straight form and nine gates.

``standing`` is always the 34 counts of the concealed tiles with the winning tile added.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from .tiles import KNITTED_STRAIGHTS, ORDER_KEY, REFERENCE_ORDER, THIRTEEN_ORPHANS, is_honor, rank, suit

__all__ = [
    "Group",
    "standard_divisions",
    "completes_standard",
    "is_seven_pairs",
    "is_seven_shifted_pairs",
    "is_thirteen_orphans",
    "honors_and_knitted",
    "knitted_straight_of",
    "nine_gates_rank",
]

CHOW, PUNG, KONG, PAIR = "chow", "pung", "kong", "pair"


class Group(NamedTuple):
    """A set or the pair. ``tile`` is the lowest tile; ``melded`` marks a set claimed from a discard (a
    concealed kong is declared but not melded)."""

    kind: str
    tile: int
    melded: bool = False

    @property
    def is_pung_like(self) -> bool:
        return self.kind in (PUNG, KONG)

    @property
    def middle(self) -> int:
        """The tile the chow/pung fans compare: the middle tile of a chow, the tile of anything else."""
        return self.tile + 1 if self.kind == CHOW else self.tile

    def tiles(self) -> tuple[int, ...]:
        if self.kind == CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * {PUNG: 3, KONG: 4, PAIR: 2}[self.kind]


def _set_order(group: Group) -> tuple[int, int]:
    # A pung of a tile sorts before a chow starting on it, as pymahjonggb enumerates them.
    return (ORDER_KEY[group.tile], 0 if group.kind == PUNG else 1)


def _concealed_sets(counts: list[int], sets: int, floor: tuple[int, int]) -> Iterator[list[Group]]:
    """Every way to take ``sets`` sets then a pair from ``counts``, sets in non-decreasing order."""
    if sets == 0:
        rest = [t for t in REFERENCE_ORDER if counts[t]]
        if len(rest) == 1 and counts[rest[0]] == 2:
            yield [Group(PAIR, rest[0])]
        return
    for tile in REFERENCE_ORDER:
        if not counts[tile]:
            continue
        for group in (Group(PUNG, tile), Group(CHOW, tile)):
            if _set_order(group) < floor:
                continue
            needed = group.tiles()
            if group.kind == CHOW and (is_honor(tile) or rank(tile) > 7):
                continue
            if any(counts[t] < needed.count(t) for t in set(needed)):
                continue
            for t in needed:
                counts[t] -= 1
            for rest in _concealed_sets(counts, sets - 1, _set_order(group)):
                yield [group, *rest]
            for t in needed:
                counts[t] += 1


def standard_divisions(standing: list[int], melds: list[Group], sets: int = 4) -> list[list[Group]]:
    """The divisions into the declared melds + concealed sets + the pair (``sets`` sets in all), in
    pymahjonggb's order."""
    concealed = sets - len(melds)
    if concealed < 0 or sum(standing) != 3 * concealed + 2:
        return []
    return [melds + division for division in _concealed_sets(list(standing), concealed, (-1, 0))]


def completes_standard(counts: list[int]) -> bool:
    """The counts alone form sets + a pair."""
    total = sum(counts)
    if total % 3 != 2:
        return False
    return next(_concealed_sets(list(counts), total // 3, (-1, 0)), None) is not None


def is_seven_pairs(standing: list[int]) -> bool:
    """Fourteen concealed tiles in pairs; four of a kind counts as two pairs."""
    return sum(standing) == 14 and all(c % 2 == 0 for c in standing)


def is_seven_shifted_pairs(standing: list[int], win_tile: int) -> bool:
    """连七对: seven consecutive pairs of the winning tile's suit."""
    if is_honor(win_tile):
        return False
    base = suit(win_tile) * 9
    paired = [standing[base + r] == 2 for r in range(9)]
    return any(all(paired[start : start + 7]) for start in range(3))


def is_thirteen_orphans(standing: list[int]) -> bool:
    present = {t for t, c in enumerate(standing) if c}
    return sum(standing) == 14 and present == THIRTEEN_ORPHANS


def honors_and_knitted(standing: list[int]) -> tuple[bool, int] | None:
    """全不靠/七星不靠: 14 different tiles, the suited ones inside one knitted straight. Returns (all seven
    honours?, number of suited tiles) or None."""
    present = [t for t, c in enumerate(standing) if c]
    if sum(standing) != 14 or len(present) != 14:
        return None
    suited = frozenset(t for t in present if not is_honor(t))
    if not 7 <= len(suited) <= 9 or not any(suited <= straight for straight in KNITTED_STRAIGHTS):
        return None
    return len(present) - len(suited) == 7, len(suited)


def knitted_straight_of(standing: list[int]) -> frozenset[int] | None:
    """The knitted straight (组合龙) the concealed tiles contain, if any (at most one fits in 14 tiles)."""
    for straight in KNITTED_STRAIGHTS:
        if all(standing[t] for t in straight):
            return straight
    return None


def nine_gates_rank(standing: list[int], win_tile: int) -> int | None:
    """九莲宝灯: 1112345678999 of one suit waiting on the winning tile. Returns the winning tile's rank."""
    if is_honor(win_tile) or sum(standing) != 14:
        return None
    base = suit(win_tile) * 9
    waiting = standing[base : base + 9]
    waiting[win_tile - base] -= 1
    if sum(waiting) != 13 or waiting != [3, 1, 1, 1, 1, 1, 1, 1, 3]:
        return None
    return rank(win_tile)
