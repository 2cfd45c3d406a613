"""Whether a win was on a unique wait (独听), the condition for 边张, 嵌张 and 单钓将.

Like pymahjonggb, the waits are the tiles that complete the concealed part as sets + a pair (or, for 13 tiles,
as seven pairs) whether or not a copy is left to draw: 1111m alone waits on 1m only.
"""

from __future__ import annotations

from .forms import completes_standard, is_seven_pairs

__all__ = ["is_unique_wait", "completing_tiles"]


def completing_tiles(waiting: list[int]) -> list[int]:
    found = []
    for tile in range(34):
        waiting[tile] += 1
        if completes_standard(waiting) or is_seven_pairs(waiting):
            found.append(tile)
        waiting[tile] -= 1
    return found


def is_unique_wait(standing: list[int], win_tile: int) -> bool:
    """``standing`` holds the winning tile; the wait is that of the hand without it."""
    waiting = list(standing)
    waiting[win_tile] -= 1
    return len(completing_tiles(waiting)) == 1
