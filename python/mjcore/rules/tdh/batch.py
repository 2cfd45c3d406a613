"""推倒胡's ``score_batch``: its columns, its count keys (the form one-hot, then each multiplier) and its rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..batch_columns import FLAG, OPTIONAL_SEAT, SEAT, STREAK, FamilyBatch, named, optional
from .names import FLOWER_BASE, FORMS, MULTIPLIERS
from .situation import tile_code

# Tiles: kinds 0..33, flowers 34..41, or names ('3p', '2f'); robbing_kong: False/True (True = "added"), or
# "added", "melded", "concealed" (codes 1..3).
_ROBBED_CODES = {"added": 1, "melded": 2, "concealed": 3}
_robbed = named(lambda text, name: _ROBBED_CODES.get(text, text), 3, highest_number=1)
_tile = named(tile_code, FLOWER_BASE + 7)
_NONE = -1


def _keys(rules: Any) -> tuple[str, ...]:
    return tuple(f"form:{form[0]}" for form in FORMS) + tuple(m[0] for m in MULTIPLIERS)


def _native(where: Any) -> tuple:
    def code(seat: int | None) -> int:
        return _NONE if seat is None else seat

    return (where.seat_wind, where.dealer, where.source, code(where.discarder), where.kong_bloom,
            code(where.kong_fed_by), where.last_tile, code(where.ghost_indicator), where.dealer_streak)  # fmt: skip


def _row(result: Any, keys: Sequence[str]) -> tuple[int, list[int], tuple[int, int, int, int]]:
    counts = [0] * len(keys)
    if not result.is_win:
        return -1, counts, (0, 0, 0, 0)
    counts[keys.index(f"form:{result.form.key}")] = 1
    for m in result.multipliers:
        counts[len(FORMS) + [key for key, _, _ in MULTIPLIERS].index(m.key)] += 1
    return result.share, counts, result.net


BATCH = FamilyBatch(
    columns={
        "seat_wind": SEAT, "self_drawn": FLAG, "discarder": OPTIONAL_SEAT,
        "robbing_kong": (_robbed, lambda code: (False, True, "melded", "concealed")[code]),
        "kong_bloom": FLAG, "kong_fed_by": OPTIONAL_SEAT, "last_tile": FLAG,
        "ghost_indicator": (optional(_tile), None), "dealer": SEAT, "dealer_streak": STREAK,
    },
    keys=_keys, native_situation=_native, native="mjcore._core:tdh_score_batch", row_of=_row,
)  # fmt: skip
