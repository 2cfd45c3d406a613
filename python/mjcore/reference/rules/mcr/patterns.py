"""Fan detectors on sets: the chow fans, the pung fans and the kong fans, with the combination principles
that pymahjonggb applies among sets (套算一次, 不得相同).

Chows are given by their middle tile, pungs and kongs by their tile, each list sorted by ``ORDER_KEY``.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from .tiles import WINDS, is_dragon, is_numbered, is_wind, rank, suit

__all__ = ["chow_fans", "pung_fans", "kong_fans", "concealed_pung_fan"]

# The pairwise chow fans, in the order pymahjonggb prefers them when only one may count.
_PAIRWISE_CHOW_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")


def _same_suit(tiles: tuple[int, ...]) -> bool:
    return len({suit(t) for t in tiles}) == 1


def _steps(tiles: tuple[int, ...], step: int) -> bool:
    """Same suit, ranks rising by ``step`` in the given order."""
    return _same_suit(tiles) and all(rank(b) - rank(a) == step for a, b in zip(tiles, tiles[1:]))


def _four_chows_fan(mids: tuple[int, ...]) -> str | None:
    if _steps(mids, 2) or _steps(mids, 1):
        return "four_pure_shifted_chows"
    if len(set(mids)) == 1:
        return "quadruple_chow"
    return None


def _three_chows_fan(mids: tuple[int, ...]) -> str | None:
    ranks = sorted(rank(t) for t in mids)
    if len({suit(t) for t in mids}) == 3:
        if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            return "mixed_shifted_chows"
        if ranks[0] == ranks[2]:
            return "mixed_triple_chow"
        if ranks == [2, 5, 8]:
            return "mixed_straight"
        return None
    if _steps(mids, 3):
        return "pure_straight"
    if _steps(mids, 2) or _steps(mids, 1):
        return "pure_shifted_chows"
    if len(set(mids)) == 1:
        return "pure_triple_chow"
    return None


def _two_chows_fan(a: int, b: int) -> str | None:
    if suit(a) != suit(b):
        return "mixed_double_chow" if rank(a) == rank(b) else None
    if abs(a - b) == 3:
        return "short_straight"
    if {rank(a), rank(b)} == {2, 8}:
        return "two_terminal_chows"
    if a == b:
        return "pure_double_chow"
    return None


def _limit_pairwise(found: list[str], limit: int) -> Counter:
    """套算一次 as pymahjonggb counts it: keep at most ``limit`` pairwise fans, dropping repeats first and,
    among equals, the later fans of ``_PAIRWISE_CHOW_FANS`` first."""
    counts = Counter(found)
    total = len(found)
    for keep in (1, 0):
        for fan in reversed(_PAIRWISE_CHOW_FANS):
            while counts[fan] > keep and total > limit:
                counts[fan] -= 1
                total -= 1
    return +counts


def _extra_chow_fan(triple: tuple[int, ...], extra: int) -> str | None:
    """With a three-chow fan, the fourth chow may add one pairwise fan with any of the three."""
    found = {_two_chows_fan(t, extra) for t in triple}
    return next((fan for fan in _PAIRWISE_CHOW_FANS if fan in found), None)


def chow_fans(mids: list[int]) -> Counter:
    mids_t = tuple(mids)
    if len(mids_t) == 4:
        fan = _four_chows_fan(mids_t)
        if fan:
            return Counter({fan: 1})
        for extra_index in (3, 2, 1, 0):  # the triples 012, 013, 023, 123 in turn
            triple = tuple(m for i, m in enumerate(mids_t) if i != extra_index)
            fan = _three_chows_fan(triple)
            if fan:
                result = Counter({fan: 1})
                extra = _extra_chow_fan(triple, mids_t[extra_index])
                if extra:
                    result[extra] = 1
                return result
        pairs = {(i, j): _two_chows_fan(mids_t[i], mids_t[j]) for i, j in combinations(range(4), 2)}
        related = sum(any(fan for (i, j), fan in pairs.items() if k in (i, j)) for k in range(4))
        limit = related - 1  # each chow combines once: n related chows make at most n-1 fans
        return _limit_pairwise([f for f in pairs.values() if f], limit) if limit > 0 else Counter()
    if len(mids_t) == 3:
        fan = _three_chows_fan(mids_t)
        if fan:
            return Counter({fan: 1})
        return _limit_pairwise([f for a, b in combinations(mids_t, 2) if (f := _two_chows_fan(a, b))], 2)
    if len(mids_t) == 2:
        fan = _two_chows_fan(*mids_t)
        return Counter({fan: 1}) if fan else Counter()
    return Counter()


def _four_pungs_fan(tiles: tuple[int, ...]) -> str | None:
    if all(is_numbered(t) for t in tiles) and _steps(tiles, 1):
        return "four_pure_shifted_pungs"
    if set(tiles) == set(WINDS):
        return "big_four_winds"
    return None


def _three_pungs_fan(tiles: tuple[int, ...]) -> str | None:
    if all(is_numbered(t) for t in tiles):
        ranks = sorted(rank(t) for t in tiles)
        if len({suit(t) for t in tiles}) == 3:
            if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
                return "mixed_shifted_pungs"
            if ranks[0] == ranks[2]:
                return "triple_pung"
            return None
        return "pure_shifted_pungs" if _steps(tiles, 1) else None
    if all(is_wind(t) for t in tiles):
        return "big_three_winds"
    if all(is_dragon(t) for t in tiles):
        return "big_three_dragons"
    return None


def _two_pungs_fan(a: int, b: int) -> str | None:
    if is_numbered(a) and is_numbered(b):
        return "double_pung" if rank(a) == rank(b) else None
    if is_dragon(a) and is_dragon(b):
        return "two_dragons_pungs"
    return None


def pung_fans(tiles: list[int]) -> Counter:
    """Fans among the pungs and kongs (taken together)."""
    tiles_t = tuple(tiles)
    result: Counter = Counter()
    if len(tiles_t) == 4:
        fan = _four_pungs_fan(tiles_t)
        if fan:
            return Counter({fan: 1})
        for free in (3, 2, 1, 0):
            triple = tuple(t for i, t in enumerate(tiles_t) if i != free)
            fan = _three_pungs_fan(triple)
            if fan:
                result[fan] = 1
                # 套算一次: the free pung combines with one of the three at most
                pairwise = next((f for t in triple if (f := _two_pungs_fan(t, tiles_t[free]))), None)
                if pairwise:
                    result[pairwise] += 1
                return result
    elif len(tiles_t) == 3:
        fan = _three_pungs_fan(tiles_t)
        if fan:
            return Counter({fan: 1})
    for a, b in combinations(tiles_t, 2):
        fan = _two_pungs_fan(a, b)
        if fan:
            result[fan] += 1
    return result


def concealed_pung_fan(concealed: int) -> str | None:
    return {2: "two_concealed_pungs", 3: "three_concealed_pungs", 4: "four_concealed_pungs"}.get(concealed)


def kong_fans(melded: int, concealed: int, mixed_pair_fan: bool) -> Counter:
    """The kong fans. With ``mixed_pair_fan`` one concealed and one melded kong score 明暗杠 (pymahjonggb);
    otherwise 明杠 + 暗杠 (the book)."""
    total = melded + concealed
    if total >= 3:
        return Counter({"three_kongs" if total == 3 else "four_kongs": 1})
    name = {
        (1, 0): ("melded_kong",),
        (0, 1): ("concealed_kong",),
        (2, 0): ("two_melded_kongs",),
        (0, 2): ("two_concealed_kongs",),
        (1, 1): ("concealed_kong_and_melded_kong",) if mixed_pair_fan else ("melded_kong", "concealed_kong"),
    }.get((melded, concealed), ())
    return Counter({fan: 1 for fan in name})
