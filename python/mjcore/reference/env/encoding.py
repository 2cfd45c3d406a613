"""The pure-Python twin of the environment's observation planes (``mjcore.env``, docs/env.md), built from a
``mjcore.table.types.Observation`` as the documentation describes each row — written plainly, to check the native
encoder against. What the ``Observation`` does not carry (points so far, seats that have won) is passed in, by
absolute seat."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...hand import MeldKind
from ...table.types import Observation

__all__ = ["encode", "ROWS"]

ROWS = {"compact-v2": 26, "extended-v2": 182}
_EXTENDED = 26  # the first extended row: the compact rows come first
_KIND_CODES = {MeldKind.CHI: 1, MeldKind.PON: 2, MeldKind.KONG: 3, MeldKind.ADDED_KONG: 4,
               MeldKind.CONCEALED_KONG: 5}


def _meld_counts(meld) -> list[int]:
    counts = [0] * 34
    if meld.kind == MeldKind.CHI:
        for k in range(meld.tile, meld.tile + 3):
            counts[k] += 1
    else:
        counts[meld.tile] += 3 if meld.kind == MeldKind.PON else 4
    return counts


def _score_steps(points: int, score_unit: int) -> int:
    """``points / score_unit`` rounded toward zero, as the engine's integer division (not Python's floor)."""
    steps = abs(points) // score_unit
    return steps if points >= 0 else -steps


def _bits(flowers: Sequence[int]) -> int:
    return sum(1 << f for f in flowers)


def encode(view: Observation, encoding: str = "compact-v2", *, points: Sequence[int] = (0, 0, 0, 0),
           won: Sequence[bool] = (False,) * 4, score_unit: int = 1) -> np.ndarray:
    planes = np.zeros((ROWS[encoding], 34), dtype=np.uint8)
    me = view.seat
    seats = [view.absolute(rel) for rel in range(4)]
    seen = list(view.hand)
    for kind, count in enumerate(view.hand):
        for r in range(min(count, 4)):
            planes[r, kind] = 1
    if view.drawn is not None and view.drawn < 34:
        planes[4, view.drawn] = 1
    if view.offered is not None:
        planes[5, view.offered.tile] = 1
    info = planes[23]
    for rel, seat in enumerate(seats):
        for tile in view.discards[seat]:
            planes[6 + rel, tile] += 1
            seen[tile] += 1
        history = view.discard_history[seat]
        for d in history:
            if d.claimed_by is not None:
                planes[10 + rel, d.tile] += 1
        for meld in view.melds[seat]:
            for kind, n in enumerate(_meld_counts(meld)):
                planes[14 + rel, kind] += n
                seen[kind] += n
            if meld.kind in (MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG):
                planes[18 + rel, meld.tile] = 1
        info[6 + rel] = _bits(view.flowers[seat])
        info[10 + rel] = min(max(128 + _score_steps(points[seat], score_unit), 0), 255)
        info[14 + rel] = len(view.melds[seat])
        info[18 + rel] = min(len(history), 255)
        info[22 + rel] = int(bool(won[seat]))
        info[27 + rel] = _bits(view.discarded_flowers[seat])  # 四花鬼 / 八花鬼's flower ghosts
    info[26] = _bits(view.flower_ghosts)
    if view.drawn is not None and view.drawn >= 34:
        info[31] = 1 + view.drawn - 34
    planes[22] = [min(n, 4) for n in seen]
    info[0] = min(view.wall_remaining, 255)
    info[1] = view.round_wind
    info[2] = view.seat_wind(me)
    info[3] = view.relative(view.dealer)
    offered = view.offered
    # Own turn without a draw is a turn after a chi or pon — once a discard was made: before the first one the
    # seat to act names its void (定缺) or picks its tiles to pass (换三张), with no tile drawn either.
    after_claim = view.to_act == me and offered is None and view.drawn is None and any(view.discard_history)
    info[4] = (3 if offered.added_kong else 2) if offered is not None else int(after_claim)
    info[5] = 0 if offered is None else view.relative(offered.from_seat)
    for kind in view.ghosts:
        planes[24, kind] = 1
    if view.ghost_indicator is not None:
        planes[25, view.ghost_indicator] = 1
    if encoding == "extended-v2":
        order, claims, meld_tiles, meld_info = _EXTENDED, _EXTENDED + 128, _EXTENDED + 132, _EXTENDED + 152
        for rel, seat in enumerate(seats):
            shown = view.discard_history[seat][-32:]
            for k, d in enumerate(shown):
                planes[order + 32 * rel + k, d.tile] = 1
                if d.claimed_by is not None:
                    planes[claims + rel, k] = 1 + view.relative(d.claimed_by)
            for k, meld in enumerate(view.melds[seat][:5]):
                planes[meld_tiles + 5 * rel + k] = _meld_counts(meld)
                planes[meld_info + rel, k] = _KIND_CODES[meld.kind]
                if meld.from_offset is not None:
                    planes[meld_info + rel, 8 + k] = 1 + view.relative((seat + meld.from_offset) % 4)
                if meld.claimed is not None:
                    planes[meld_info + rel, 16 + k] = 1 + meld.claimed
    return planes
