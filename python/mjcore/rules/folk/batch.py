"""The folk tables' ``score_batch`` (789 and 老章 alike): who won and how; the count keys are the rows, then (789)
the flower and kong entries."""

from __future__ import annotations

from typing import Any

from ..batch_columns import FLAG, OPTIONAL_SEAT, SEAT, FamilyBatch
from ..regional.keywords import NO_SEAT
from .ruleset import FAMILIES


def _keys(rules: Any) -> tuple[str, ...]:
    """The batch's columns: the rows, then 789's flowers and kongs, or 老章's points when it counts them."""
    family = FAMILIES[rules.family]
    if family.name == "gd789":
        return family.row_keys + ("flowers", "kongs")
    counts_points = rules.options.get("arithmetic") == "points_then_fan"
    return family.row_keys + (("points",) if counts_points else ())


def _native(where: Any) -> tuple:
    return (where.seat, where.dealer, where.self_drawn, NO_SEAT if where.discarder is None else where.discarder)


BATCH = FamilyBatch(
    columns={"seat": SEAT, "dealer": SEAT, "self_drawn": FLAG, "discarder": OPTIONAL_SEAT},
    keys=_keys, native_situation=_native, native="mjcore._core:folk_score_batch",
)  # fmt: skip
