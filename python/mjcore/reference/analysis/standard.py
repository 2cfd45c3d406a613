"""The standard form: n sets (chows 顺子, pungs 刻子) and one pair (将/雀头) from the concealed part.

Two questions are answered here for any concealed counts:

- ``standard_groups``: every way to split the tiles (wilds filling any gaps) into the sets and the pair;
- ``standard_missing``: the fewest tiles missing from the nearest complete target, the heart of shanten.

>>> from mjcore.hand import Hand
>>> nine_gates = Hand.from_tiles([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 4])  # 1112345678999m + 5m
>>> len(list(standard_groups(nine_gates.concealed, 0, 4)))
1
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from ...tiles import NUM_KINDS
from .suit_distance import combine, suit_table

__all__ = ["ConcealedGroup", "Shape", "standard_groups", "standard_missing", "SUIT_RANGES"]

# A concealed group before wilds are placed: (group kind, tiles).
ConcealedGroup = tuple[str, tuple[int, ...]]
# The concealed part read as groups of tile kinds (a candidate reading, wilds not yet placed).
Shape = tuple[ConcealedGroup, ...]

# (first kind, number of kinds, whether chows exist) for man, pin, sou and the honours.
SUIT_RANGES = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))

_CHOW_STARTS = tuple(k for k in range(27) if k % 9 <= 6)
_ALL_SETS: Shape = tuple(("pung", (k, k, k)) for k in range(NUM_KINDS)) + tuple(
    ("chow", (k, k + 1, k + 2)) for k in _CHOW_STARTS
)
_ALL_PAIRS: Shape = tuple(("pair", (k, k)) for k in range(NUM_KINDS))


def standard_missing(counts: tuple[int, ...], caps: tuple[int, ...], sets: int, max_excess: int) -> int | None:
    """The fewest tiles a target of ``sets`` sets and one pair lacks from ``counts`` (None if no target
    fits the caps and the allowed excess), combining the four suits' distance tables.

    >>> from mjcore.reference import parse_hand
    >>> standard_missing(parse_hand("1111m333p222s444z").concealed, (4,) * 34, 4, 0)  # no fifth 1m to wait on
    2
    """
    tables = [suit_table(counts[first:first + length], caps[first:first + length], chows, sets, max_excess)
              for first, length, chows in SUIT_RANGES]
    joined = tables[0]
    for table in tables[1:]:
        joined = combine(joined, table, sets, max_excess)
    candidates = [missing for (s, pairs, _), missing in joined.items() if s == sets and pairs == 1]
    return min(candidates, default=None)


def _groups_holding(kind: int, sets: int, pairs: int) -> Iterator[ConcealedGroup]:
    """The groups that could hold a tile of ``kind``."""
    if pairs:
        yield "pair", (kind, kind)
    if sets:
        yield "pung", (kind, kind, kind)
        for start in (kind - 2, kind - 1, kind):
            if start in _CHOW_STARTS and start // 9 == kind // 9:
                yield "chow", (start, start + 1, start + 2)


def _take(remaining: tuple[int, ...], tiles: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """Removes a group's tiles from ``remaining``, real tiles first; returns what is left and how many
    wilds must fill the rest."""
    left = list(remaining)
    wilds = 0
    for kind in tiles:
        if left[kind]:
            left[kind] -= 1
        else:
            wilds += 1
    return tuple(left), wilds


def standard_groups(counts: tuple[int, ...], wilds: int, sets: int) -> Iterator[Shape]:
    """Every way (possibly repeated) to read ``counts`` plus ``wilds`` wild tiles as ``sets`` sets and one pair.

    The lowest real tile left must belong to some group: try each group that holds it, filling that
    group's gaps with wilds. Once no real tile is left, the remaining wilds form whole groups of any kind.
    Different orders can reach the same groups; callers deduplicate.
    """
    yield from _split(counts, wilds, sets, 1, ())


def _split(remaining: tuple[int, ...], wilds: int, sets: int, pairs: int,
           chosen: Shape) -> Iterator[Shape]:
    lowest = next((k for k, n in enumerate(remaining) if n), None)
    if lowest is None:
        for tail in _wild_only_groups(sets, pairs):
            yield chosen + tail
        return
    for group in _groups_holding(lowest, sets, pairs):
        kind, tiles = group
        left, filled = _take(remaining, tiles)
        if filled <= wilds:
            is_pair = kind == "pair"
            yield from _split(left, wilds - filled, sets - (not is_pair), pairs - is_pair, chosen + (group,))


def _wild_only_groups(sets: int, pairs: int) -> Iterator[Shape]:
    """Groups made of wild tiles alone: any multiset of ``sets`` sets and ``pairs`` pairs."""
    for set_groups in combinations_with_replacement(_ALL_SETS, sets):
        for pair_groups in combinations_with_replacement(_ALL_PAIRS, pairs):
            yield set_groups + pair_groups
