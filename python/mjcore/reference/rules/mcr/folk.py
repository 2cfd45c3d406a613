"""The seed's folk fans (seed 002, rows marked *), scored only when the ruleset turns ``options.folk_fans`` on:
the first-go-around wins and 天听, 四方大发, the mixed-suit shifted sets and the two pair fans. docs/mcr.md
gives each definition and the readings behind it."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from .tiles import is_numbered, is_terminal_or_honor, rank, suit

__all__ = ["opening_fan", "division_folk_fans", "pair_fans"]

# Situation.opening codes → their fan: 天和, 地和, 人和, 天听.
_OPENING_FANS = ("blessing_of_heaven", "blessing_of_earth", "blessing_of_human", "heavenly_ready")
GREEN_DRAGON = 32


def opening_fan(opening: int) -> Counter:
    return Counter({_OPENING_FANS[opening - 1]: 1}) if opening else Counter()


def pair_fans(pair: int) -> Counter:
    """258将: a pair of 2, 5 or 8; 幺九头: a pair of a terminal or an honour."""
    if is_numbered(pair) and rank(pair) in (2, 5, 8):
        return Counter({"pair_of_2_5_8": 1})
    if is_terminal_or_honor(pair):
        return Counter({"terminal_or_honor_pair": 1})
    return Counter()


def _mixed_shift(tiles: tuple[int, ...], steps: tuple[int, ...]) -> bool:
    """Suited sets whose ranks rise by one of ``steps`` (a pung by its rank, a chow by its middle), in more
    than one suit: the one-suit shapes are the standard 一色 fans."""
    if not all(map(is_numbered, tiles)) or len({suit(t) for t in tiles}) == 1:
        return False
    ranks = sorted(rank(t) for t in tiles)
    return any(all(b - a == step for a, b in zip(ranks, ranks[1:])) for step in steps)


def _shifted_sets_fans(tiles: list[int], steps: tuple[int, ...], four: str, three: str) -> Counter:
    """The four-set fan if all four sets shift, the three-set fan once if any three do (the four-set fan's
    row excludes it: 不计 stays data)."""
    fans: Counter = Counter()
    if len(tiles) == 4 and _mixed_shift(tuple(tiles), steps):
        fans[four] = 1
    if any(_mixed_shift(triple, steps) for triple in combinations(tiles, 3)):
        fans[three] = 1
    return fans


def division_folk_fans(pair: int, chows: list[int], pungs: list[int], big_four_winds: bool) -> Counter:
    """The folk fans of one division: chows by their middle tile, pungs and kongs by their tile.
    混四节/混三节 shift by one rank; 混四步/混三步 by one or two, as 一色四步高 does."""
    fans = pair_fans(pair)
    fans += _shifted_sets_fans(pungs, (1,), "mixed_four_shifted_pungs", "mixed_three_shifted_pungs")
    fans += _shifted_sets_fans(chows, (1, 2), "mixed_four_shifted_chows", "mixed_three_shifted_chows")
    if big_four_winds and pair == GREEN_DRAGON:
        fans["big_four_winds_green_pair"] = 1
    return fans
