"""换三张 (Sichuan OC-S1), the twin of the Rust ``table::deal::swap``: after the deal and the dealer's first draw,
before 定缺, every seat sets aside three (or four) tiles of one suit holding at least that many, one pick per
decision from the dealer on, without seeing the others' picks; once all have picked, every seat's tiles pass at
once in the direction drawn for the whole table (``swap_direction``). The picks stay in the picker's hand until
the pass (every invariant holds between decisions); ``Observation.passing`` shows a seat its own picks."""

from __future__ import annotations

from collections.abc import Sequence

from ...table.types import Action
from .rng import Rng

__all__ = ["SWAP_STREAM", "pass_swapped", "swap_choices", "swap_direction"]

SWAP_STREAM = 5  # the deal's own stream of the direction, as the Rust ``rng::SWAP_STREAM``
_SEATS = 4


def swap_direction(seed: int, deal: int) -> int:
    """Where the deal's tiles go: 1, 2 or 3 seats on in turn order (to the 下家, across, to the 上家),
    uniformly, from the deal's own stream."""
    return 1 + Rng(seed, deal, SWAP_STREAM).below(3)


def swap_choices(hand: Sequence[int], passing: Sequence[int], tiles: int) -> list[Action]:
    """The kinds a seat may pick next: before its first pick, any of a suit it holds ``tiles`` of at least;
    then only its picked suit, as long as copies are left in hand."""
    picked = next((kind // 9 for kind in range(27) if passing[kind]), None)
    suits = [picked] if picked is not None else [s for s in range(3) if sum(hand[9 * s:9 * s + 9]) >= tiles]
    return [Action("swap", kind) for suit in suits for kind in range(9 * suit, 9 * suit + 9)
            if hand[kind] > passing[kind]]  # fmt: skip


def pass_swapped(hands: list[list[int]], passing: Sequence[Sequence[int]], direction: int, dealer: int,
                 drawn: int) -> int:
    """Passes every seat's picks at once (``hands`` changed in place); returns the dealer's first draw after
    it: the drawn kind, or, where the dealer no longer holds it, the lowest kind it received."""
    for giver, tiles in enumerate(passing):
        taker = (giver + direction) % _SEATS
        for kind, copies in enumerate(tiles):
            hands[giver][kind] -= copies
            hands[taker][kind] += copies
    if hands[dealer][drawn]:
        return drawn
    giver = (dealer - direction) % _SEATS
    return next(kind for kind, copies in enumerate(passing[giver]) if copies)
