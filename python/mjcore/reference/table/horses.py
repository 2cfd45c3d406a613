"""买马 at the twin's table, what every family with horses shares — the twin of the Rust ``table::horses``: the
horses are reserved at the wall's tail (the wall stops when only the reserve is left) and turned from the tail
end, the last code first, when a deal is won. Who a horse belongs to and what it pays is the family's (推倒胡: the
winner's hits; 789: a mirror bet of the buyer on the seat it picks)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

from ...table.types import SEATS
from .wall import FIRST_FLOWER

__all__ = ["buyer", "scorer_name", "turned"]


def turned(undrawn: Sequence[int], count: int) -> tuple[int, ...]:
    """The first ``count`` horses of the undrawn wall (head to tail): the tail end first, as replacements are."""
    return tuple(islice(reversed(undrawn), count))


def buyer(index: int, per_seat: int, dealer: int, buyers: Sequence[int] = range(SEATS)) -> int:
    """The buyer of horse ``index`` when each seat of ``buyers`` (789's "有些玩家买马": only some seats buy) buys
    ``per_seat``: the first buyer from the dealer on in turn order first, then the next buyer, and so on."""
    in_order = [seat for seat in ((dealer + offset) % SEATS for offset in range(SEATS)) if seat in buyers]
    if not in_order:
        return dealer
    return in_order[index // max(per_seat, 1) % len(in_order)]


def scorer_name(code: int) -> int | str:
    """A horse as the scorers take it: a kind, or a flower's name (``'3f'``)."""
    return code if code < FIRST_FLOWER else f"{code - FIRST_FLOWER + 1}f"
