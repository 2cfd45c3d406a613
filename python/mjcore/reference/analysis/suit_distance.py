"""Per-suit distances: how many tiles one suit lacks to hold a given number of sets and pairs.

The standard form is judged suit by suit. A target hand splits into per-suit patterns (the target's tiles of
that suit), and its missing tiles are the sum over suits of ``max(0, target count − held count)`` per kind. So
for each suit we want, for every (sets, pairs) it could contribute, the fewest missing tiles over all patterns
of that shape: the suit's *distance table*. The hand's distance is then a min-plus combination of four tables.

A pattern is enumerated kind by kind, left to right: at each kind we decide how many chows start here, how
many pungs and whether the pair sits here; chows started one and two kinds back also need a tile of this kind.
Patterns that agree on everything still to be decided are merged, keeping the fewest missing tiles (a dynamic
programme over the states ``(chows started at the previous kind, chows started two kinds back, sets, pairs,
excess)``).

Copies: a target may hold at most ``cap`` copies of a kind with real tiles (4 minus the copies in declared
melds). Tiles beyond the cap are *excess*: only a wild standing for a fifth copy can fill them, so the table
also records how many excess tiles a pattern needs, up to ``max_excess``.

>>> table = suit_table((1, 1, 1, 0, 0, 0, 0, 0, 0), (4,) * 9, True, 1, 0)
>>> table[1, 0, 0], table[1, 1, 0], table[0, 1, 0]
(0, 2, 1)
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["SuitTable", "suit_table", "combine"]

# (sets, pairs, excess) -> fewest missing tiles. Combinations that cannot be built are absent.
SuitTable = dict[tuple[int, int, int], int]


@lru_cache(maxsize=1 << 17)
def suit_table(counts: tuple[int, ...], caps: tuple[int, ...], chows: bool, max_sets: int,
               max_excess: int) -> SuitTable:
    """The distance table of one suit (9 kinds, or the 7 honours with ``chows`` False), for up to
    ``max_sets`` sets, at most one pair and at most ``max_excess`` tiles beyond the caps."""
    last_chow_start = len(counts) - 3 if chows else -1
    states: dict[tuple[int, int, int, int, int], int] = {(0, 0, 0, 0, 0): 0}
    for kind, (held, cap) in enumerate(zip(counts, caps)):
        next_states: dict[tuple[int, int, int, int, int], int] = {}
        for (started_prev, started_before, sets, pairs, excess), missing in states.items():
            carried = started_prev + started_before  # tiles of this kind that earlier chows need
            room = cap + max_excess - excess - carried  # more tiles of this kind the pattern may still take
            for new_chows, new_sets, pair, wanted in _choices(carried, max_sets - sets, 1 - pairs, room,
                                                              kind <= last_chow_start):
                key = (new_chows, started_prev, sets + new_sets, pairs + pair, excess + max(0, wanted - cap))
                cost = missing + max(0, wanted - held)
                if cost < next_states.get(key, cost + 1):
                    next_states[key] = cost
        states = next_states
    table: SuitTable = {}
    for (_, _, sets, pairs, excess), missing in states.items():
        table[sets, pairs, excess] = missing
    return table


@lru_cache(maxsize=None)
def _choices(carried: int, free_sets: int, free_pairs: int, room: int,
             may_start_chow: bool) -> tuple[tuple[int, int, int, int], ...]:
    """What a pattern can do at one kind, given ``carried`` tiles of it that earlier chows need and ``room``
    for more: (chows starting here, sets added, pairs added, tiles of the kind wanted in all)."""
    choices = []
    for new_chows in range(min(free_sets, room) + 1 if may_start_chow else 1):
        for pungs in range(min(free_sets - new_chows, (room - new_chows) // 3) + 1):
            for pair in range(min(free_pairs, (room - new_chows - 3 * pungs) // 2) + 1):
                choices.append((new_chows, new_chows + pungs, pair, carried + new_chows + 3 * pungs + 2 * pair))
    return tuple(choices)


def combine(first: SuitTable, second: SuitTable, max_sets: int, max_excess: int) -> SuitTable:
    """The table of two suits together: every split of the sets, the pair and the excess between them."""
    joined: SuitTable = {}
    for (sets_a, pairs_a, excess_a), missing_a in first.items():
        for (sets_b, pairs_b, excess_b), missing_b in second.items():
            sets, pairs, excess = sets_a + sets_b, pairs_a + pairs_b, excess_a + excess_b
            if sets > max_sets or pairs > 1 or excess > max_excess:
                continue
            key = (sets, pairs, excess)
            cost = missing_a + missing_b
            if cost < joined.get(key, cost + 1):
                joined[key] = cost
    return joined
