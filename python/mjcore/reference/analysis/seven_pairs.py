"""七对 (seven pairs): fourteen concealed tiles as seven pairs, no declared meld.

Where the ruleset allows it (``seven_pairs_quads``, RULES.md OC-44), four identical tiles count as two pairs
(龙七对); otherwise the seven pairs must be of seven different kinds.

>>> from mjcore.hand import Hand
>>> quads = Hand.from_tiles([0, 0, 0, 0, 1, 1, 9, 9, 10, 10, 18, 18, 27, 27])  # 1111m22m11p22p11s11z
>>> seven_pairs_missing(quads.concealed, True), seven_pairs_missing(quads.concealed, False)
(0, 2)
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from ...tiles import NUM_KINDS
from .standard import Shape

__all__ = ["PAIRS", "seven_pairs_groups", "seven_pairs_missing"]

PAIRS = 7


def _pairs_per_kind(seven_pairs_quads: bool) -> int:
    return 2 if seven_pairs_quads else 1


def seven_pairs_missing(counts: tuple[int, ...], seven_pairs_quads: bool) -> int:
    """The fewest tiles missing from the nearest seven pairs.

    Each pair slot of a kind is worth the real tiles it can use: the first pair ``min(count, 2)``, the
    second (four of a kind, when allowed) ``min(count − 2, 2)``. The best target takes the seven most
    valuable slots; a kind's second slot is never worth more than its first, so those seven can always be
    taken in order.
    """
    slots = [min(n, 2) for n in counts]
    if seven_pairs_quads:
        slots += [min(max(n - 2, 0), 2) for n in counts]
    return 2 * PAIRS - sum(sorted(slots, reverse=True)[:PAIRS])


def seven_pairs_groups(counts: tuple[int, ...], seven_pairs_quads: bool) -> Iterator[Shape]:
    """Every seven pairs that holds all the real tiles of a 14-tile concealed part, wilds filling the gaps.

    Each kind held needs ``ceil(count / 2)`` pairs; the wilds left over form extra pairs of any kind, as many
    per kind as the rule allows.
    """
    limit = _pairs_per_kind(seven_pairs_quads)
    needed = [(n + 1) // 2 for n in counts]
    if any(n > limit for n in needed) or sum(needed) > PAIRS:
        return
    open_kinds = [kind for kind in range(NUM_KINDS) if needed[kind] < limit]
    for extra in combinations_with_replacement(open_kinds, PAIRS - sum(needed)):
        pairs = list(needed)
        for kind in extra:
            pairs[kind] += 1
        if max(pairs) <= limit:
            yield tuple(("pair", (kind, kind)) for kind in range(NUM_KINDS) for _ in range(pairs[kind]))
