"""The text view of an observation: what ``render()`` of the environments shows. Drawn from the planes alone (the
compact rows, which lead both encodings), so it shows exactly what the seat sees and documents the planes by use."""

from __future__ import annotations

from typing import Optional

import numpy as np

from ..tiles import tile_name
from .action_layout import ActionLayout

__all__ = ["render_text"]

_SEATS = ("self", "下家 +1", "对家 +2", "上家 +3")
_WINDS = "ESWN"
_DECISIONS = ("own turn after a draw", "own turn after a chi or pon (discard only)", "answer a discard",
              "rob a kong?")
# Row indices of the compact planes (docs/env.md).
_HAND, _DRAWN, _OFFERED, _DISCARDS, _CLAIMED, _MELDS, _KONGS, _INFO = 0, 4, 5, 6, 10, 14, 18, 23


def _tiles(counts: np.ndarray) -> str:
    """Tiles of a 34-count row, in kind order: ``1m1m5p7z``."""
    return " ".join(tile_name(k) for k in range(34) for _ in range(int(counts[k]))) or "-"


def render_text(obs: np.ndarray, mask: Optional[np.ndarray] = None, layout: Optional[ActionLayout] = None) -> str:
    """The table as the observing seat sees it; with ``mask`` and ``layout``, its legal actions too."""
    planes = np.asarray(obs)
    info = planes[_INFO]
    hand = planes[_HAND:_HAND + 4].sum(axis=0)
    lines = [f"round {_WINDS[info[1]]}, seat wind {_WINDS[info[2]]}, dealer {_SEATS[info[3]]}, "
             f"{info[0]} tiles left; {_DECISIONS[info[4]]}"]
    if planes[_OFFERED].any():
        lines.append(f"on offer: {_tiles(planes[_OFFERED])} from {_SEATS[info[5]]}")
    drawn = f"  (drawn {_tiles(planes[_DRAWN])})" if planes[_DRAWN].any() else ""
    lines.append(f"hand: {_tiles(hand)}{drawn}")
    for rel, name in enumerate(_SEATS):
        score = int(info[10 + rel]) - 128
        flowers = bin(int(info[6 + rel])).count("1")
        won = "  won" if info[22 + rel] else ""
        lines.append(f"{name:8} score {score:+d}, flowers {flowers}{won}")
        lines.append(f"{'':8} melds: {_tiles(planes[_MELDS + rel])}")
        lines.append(f"{'':8} discards: {_tiles(planes[_DISCARDS + rel])}; claimed from them: "
                     f"{_tiles(planes[_CLAIMED + rel])}")
    if mask is not None and layout is not None:
        legal = [layout.action(int(i)) for i in np.flatnonzero(mask)]
        lines.append("legal: " + ", ".join(a.kind if a.tile is None else f"{a.kind} {tile_name(a.tile)}"
                                           for a in legal))
    return "\n".join(lines)
