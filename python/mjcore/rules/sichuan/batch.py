"""Sichuan's ``score_batch``: its columns; its count keys are its fan rows in engine order."""

from __future__ import annotations

from typing import Any

from ..batch_columns import FLAG, OPTIONAL_SEAT, SEAT, FamilyBatch, int_column, named, optional
from .situation import suit_index

_suit = named(suit_index, 2)  # suits 0..2 or 'm' 'p' 's'


def _keys(rules: Any) -> tuple[str, ...]:
    return tuple(row.key for row in rules.rows)


BATCH = FamilyBatch(
    columns={
        "seat": SEAT, "void_suit": (optional(_suit), None), "self_drawn": FLAG, "discarder": OPTIONAL_SEAT,
        "robbing_kong": FLAG, "kong_bloom": FLAG, "kong_fed_by": OPTIONAL_SEAT, "kong_discard": FLAG,
        "last_tile": FLAG, "heavenly": FLAG, "earthly": FLAG, "dealer": SEAT,
        "kong_money": (int_column(1_000_000), int), "winners_on_discard": (int_column(3), int),
    },
    keys=_keys, native_situation=lambda where: where.native(), native="mjcore._core:sichuan_score_batch",
)  # fmt: skip
