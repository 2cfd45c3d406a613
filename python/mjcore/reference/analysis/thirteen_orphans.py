"""十三幺 (thirteen orphans, 国士无双): one of each terminal and honour (幺九牌) and a second copy of one of them,
concealed, no declared meld. Read as twelve singles and a pair.

>>> from mjcore.hand import Hand
>>> orphans = Hand.from_tiles([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])  # 19m19p19s1234567z
>>> thirteen_orphans_missing(orphans.concealed)  # a 13-sided wait: any orphan completes it
1
"""

from __future__ import annotations

from collections.abc import Iterator

from ...tiles import TERMINALS_AND_HONOURS
from .standard import Shape

__all__ = ["thirteen_orphans_groups", "thirteen_orphans_missing"]

_ORPHANS = frozenset(TERMINALS_AND_HONOURS)
_TILES = 14  # the thirteen kinds and a second copy of one


def thirteen_orphans_missing(counts: tuple[int, ...]) -> int:
    """The fewest tiles missing: 14 minus the distinct orphans held, minus one more if one is held twice."""
    held = [counts[kind] for kind in TERMINALS_AND_HONOURS]
    return _TILES - sum(n > 0 for n in held) - any(n > 1 for n in held)


def thirteen_orphans_groups(counts: tuple[int, ...]) -> Iterator[Shape]:
    """Every 十三幺 that holds all the real tiles of a 14-tile concealed part (wilds fill the gaps): one per
    orphan that can be the pair."""
    if any(n and kind not in _ORPHANS for kind, n in enumerate(counts)):
        return
    doubled = [kind for kind in TERMINALS_AND_HONOURS if counts[kind] >= 2]
    if any(counts[kind] > 2 for kind in doubled) or len(doubled) > 1:
        return
    for pair in doubled or TERMINALS_AND_HONOURS:
        singles = tuple(("single", (kind,)) for kind in TERMINALS_AND_HONOURS if kind != pair)
        yield (("pair", (pair, pair)),) + singles
