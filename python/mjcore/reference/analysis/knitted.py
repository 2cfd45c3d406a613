"""The knitted forms of the Chinese Official rules (MCR), all built on a knitted pattern (组合龙 tiles): 1-4-7 of
one suit, 2-5-8 of another and 3-6-9 of the third — six patterns, one per assignment of the suits.

- 全不靠 (lesser honours and knitted tiles, ``lesser_honors_knitted``): fourteen different tiles taken from one
  knitted pattern and the seven honours, concealed, read as fourteen singles.
- 七星不靠 (greater honours and knitted tiles, ``greater_honors_knitted``): the same with all seven honours; such
  a hand is reported as 七星不靠 instead of 全不靠.
- 组合龙 (knitted straight, ``knitted_straight``): the nine tiles of one pattern, plus one set and a pair; the
  set may be a declared meld.

>>> from mjcore.hand import Hand
>>> lesser = Hand.from_tiles([0, 3, 6, 10, 13, 16, 20, 23, 27, 28, 29, 30, 31, 32])  # 147m258p36s123456z
>>> [form for form, _ in honors_knitted_groups(lesser.concealed)]
['lesser_honors_knitted']
>>> straight = Hand.from_tiles([0, 3, 6, 10, 13, 16, 20, 23, 26, 19, 20, 21, 31, 31])  # 147m258p369s 234s 55z
>>> [[kind for kind, _ in groups] for _, groups in knitted_straight_groups(straight.concealed, 0, 4)]
[['knitted', 'chow', 'pair']]
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations

from .standard import Shape, standard_groups, standard_missing

__all__ = ["KNITTED_PATTERNS", "HONOURS", "honors_knitted_groups", "honors_knitted_missing",
           "knitted_straight_groups", "knitted_straight_missing"]

HONOURS = tuple(range(27, 34))
KNITTED_PATTERNS = tuple(
    tuple(sorted(9 * suit + offset + step for suit, offset in zip(suits, range(3)) for step in (0, 3, 6)))
    for suits in permutations(range(3))
)
_SINGLES = 14


def honors_knitted_missing(counts: tuple[int, ...]) -> int:
    """The fewest tiles missing from the nearest 全不靠 (七星不靠 is one of them): fourteen minus the distinct
    tiles held among one pattern's nine and the seven honours, at best."""
    return min(_SINGLES - min(_SINGLES, sum(counts[kind] > 0 for kind in pattern + HONOURS))
               for pattern in KNITTED_PATTERNS)


def honors_knitted_groups(counts: tuple[int, ...]) -> Iterator[tuple[str, Shape]]:
    """Every 全不靠 / 七星不靠 holding all the real tiles of a 14-tile concealed part: fourteen of the sixteen
    kinds of a pattern and the honours, the two left out chosen among the kinds not held."""
    held = {kind for kind, n in enumerate(counts) if n}
    if any(n > 1 for n in counts):
        return
    for pattern in KNITTED_PATTERNS:
        pool = pattern + HONOURS
        if not held <= set(pool):
            continue
        for left_out in combinations(sorted(set(pool) - held), len(pool) - _SINGLES):
            kinds = sorted(set(pool) - set(left_out))
            form = "greater_honors_knitted" if set(HONOURS) <= set(kinds) else "lesser_honors_knitted"
            yield form, tuple(("single", (kind,)) for kind in kinds)


def _beside_pattern(pattern: tuple[int, ...], counts: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The real tiles left once the pattern has taken one of each kind it holds, and the number of pattern
    kinds missing."""
    rest = list(counts)
    missing = 0
    for kind in pattern:
        if rest[kind]:
            rest[kind] -= 1
        else:
            missing += 1
    return tuple(rest), missing


def knitted_straight_missing(counts: tuple[int, ...], caps: tuple[int, ...], sets: int, max_excess: int) -> int | None:
    """The fewest tiles missing from the nearest 组合龙 whose concealed part has ``sets`` sets' worth of tiles
    (the pattern counts as three) and a pair; None if no pattern fits the copy limit.

    The pattern takes a held tile of each of its kinds (the rest of the target can only need more of a kind
    than the hand holds, never less), so the missing tiles split into the pattern's gaps plus a standard
    distance for one set and a pair from what is left, under caps lowered by the pattern's copy.
    """
    best = None
    for pattern in KNITTED_PATTERNS:
        rest, missing = _beside_pattern(pattern, counts)
        rest_caps = list(caps)
        excess = 0  # a pattern kind whose four copies sit in a declared kong needs a wild fifth copy
        for kind in pattern:
            excess += max(0, 1 - caps[kind])
            rest_caps[kind] = max(0, caps[kind] - 1)
        if excess > max_excess:
            continue
        rest_missing = standard_missing(rest, tuple(rest_caps), sets - 3, max_excess - excess)
        if rest_missing is not None and (best is None or missing + rest_missing < best):
            best = missing + rest_missing
    return best


def knitted_straight_groups(counts: tuple[int, ...], wilds: int, sets: int) -> Iterator[tuple[str, Shape]]:
    """Every 组合龙 reading of the concealed part: a pattern (its gaps filled by wilds), then ``sets − 3``
    concealed sets and the pair from what is left."""
    for pattern in KNITTED_PATTERNS:
        rest, filled = _beside_pattern(pattern, counts)
        if filled > wilds:
            continue
        for groups in standard_groups(rest, wilds - filled, sets - 3):
            yield "knitted_straight", (("knitted", pattern),) + groups
