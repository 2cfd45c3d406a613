"""食替 ban (Taiwan B.3, OC-T17), the twin of the Rust ``table::deal::claim_swap``: right after a chi or pon the
claimant may not discard the claimed kind (現物), nor, for a chow claimed at one end, the kind that completes the
chow's two other tiles the other way (claimed 3m onto 45m: neither 3m nor 6m). Where every tile in hand is so
banned, the ban lifts for that discard (OC-T-X8). Played where the deal's hooks say ``no_swap_discard``."""

from __future__ import annotations

from typing import Optional

from ...hand import Meld, MeldKind

__all__ = ["allowed_after_claim"]


def _banned_after(meld: Meld) -> set[int]:
    if meld.claimed is None:
        return set()
    banned = {meld.claimed}
    if meld.kind == MeldKind.CHI:
        low = meld.tile
        if meld.claimed == low and low % 9 <= 5:
            banned.add(low + 3)
        elif meld.claimed == low + 2 and low % 9 >= 1:
            banned.add(low - 1)
    return banned


def allowed_after_claim(discardable: list[int], claimed: Optional[Meld]) -> list[int]:
    """``discardable`` less the kinds the ban forbids after the seat's last meld ``claimed`` (its claim), unless
    that would leave nothing to discard."""
    banned = set() if claimed is None else _banned_after(claimed)
    kept = [k for k in discardable if k not in banned]
    return kept or discardable
