"""The order of value that breaks ties between discards equally good for speed, as the Rust
``bots::discard_order`` — after seed 000's first article (《广东麻将自摸推倒胡技巧》):

1. Early on, 熟张 before 生张: a kind another seat has discarded goes first ("牌局初期先跟打熟张"; "到了一入听时,
   不妨打生张"), while the hand stays 2-shanten or worse after the discard.
2. By class, weakest first ("先打风,再19,28,456,最后才是37"): plain winds, then the honours a pung of which
   scores (dragons, the seat wind, the round wind — our choice), terminals, 2/8, 4/5/6, and 3/7 last.
3. Among honours, 先打最晚出现的风牌: the kind whose latest copy on the table came out most recently goes first;
   a kind never discarded goes last. A discard is timed by (its place in the seat's discards, the seat's turn
   order from the dealer) — exact while nobody has claimed, an estimate afterwards.
4. The lowest kind index.
"""

from __future__ import annotations

from typing import Optional

from ...table.types import Observation
from .deal import SEATS

__all__ = ["tie_break"]

_EARLY_SHANTEN = 2  # 熟张 are preferred before the hand is 一入听 (1-shanten)
_FIRST_HONOUR = 27
_DRAGONS = range(31, 34)

# Sort key among equally fast discards: (early and 生张, class, latest appearance first, kind).
TieBreak = tuple[bool, int, tuple[int, tuple[int, int]], int]


def tie_break(observation: Observation, tile: int, shanten: int) -> TieBreak:
    """The tie-break key of discarding ``tile`` and leaving a hand of ``shanten``: smaller goes first."""
    early_and_live = shanten >= _EARLY_SHANTEN and not _discarded_by_others(observation, tile)
    latest = _latest_appearance(observation, tile) if tile >= _FIRST_HONOUR else None
    # Latest first, never-discarded last (as Rust's Reverse(Option)).
    recency = (1, (0, 0)) if latest is None else (0, (-latest[0], -latest[1]))
    return early_and_live, _value_class(observation, tile), recency, tile


def _value_class(observation: Observation, tile: int) -> int:
    """0 plain wind, 1 scoring honour, 2 terminal, 3 two/eight, 4 four to six, 5 three/seven."""
    if tile >= _FIRST_HONOUR:
        wind = tile - _FIRST_HONOUR
        scoring = tile in _DRAGONS or wind in (observation.seat_wind(observation.seat), observation.round_wind)
        return int(scoring)
    number = tile % 9 + 1
    if number in (1, 9):
        return 2
    if number in (2, 8):
        return 3
    return 4 if 4 <= number <= 6 else 5


def _discarded_by_others(observation: Observation, tile: int) -> bool:
    return any(tile in observation.discards[seat] for seat in range(SEATS) if seat != observation.seat)


def _latest_appearance(observation: Observation, tile: int) -> Optional[tuple[int, int]]:
    """When ``tile`` was last discarded: (place in its seat's discards, seat's turn order from the dealer)."""
    times = [
        (place, (seat - observation.dealer) % SEATS)
        for seat in range(SEATS)
        for place, discarded in enumerate(observation.discards[seat])
        if discarded == tile
    ]
    return max(times, default=None)
