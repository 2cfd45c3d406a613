"""十二张落地 (RULES.md §2.6 trigger 3, OC-14), the twin of the Rust ``table::twelve_tiles``: the claimed meld that
puts a seat's twelve tiles down, which the deal records for 包先不包后 and the scorer names as the trigger — one
function for both, so they cannot disagree. "claimed_melds" (the default): the fourth claimed meld; concealed
kongs do not count. "exposed_tiles": the meld at which the claimed melds' tiles reach twelve, a kong counting
four (three claimed kongs are enough). Melds are read in the hand's order, an added kong at its pon's place with
its pon's feeder."""

from __future__ import annotations

from typing import Optional, Sequence

from ..hand import Meld, MeldKind

__all__ = ["twelve_tiles_trigger"]

_KONGS = (MeldKind.KONG, MeldKind.ADDED_KONG)


def twelve_tiles_trigger(melds: Sequence[Meld], count: str, hand: int = 13) -> Optional[int]:
    """The index in ``melds`` of the claimed meld at which a ``hand``-tile hand has its tiles down under
    ``count``; None before then."""
    needed, down = hand // 3, 0
    for index, meld in enumerate(melds):
        if meld.kind == MeldKind.CONCEALED_KONG:
            continue
        down += 1 if count == "claimed_melds" else (4 if meld.kind in _KONGS else 3)
        if (down == needed) if count == "claimed_melds" else (down >= 3 * needed):
            return index
    return None
