"""Taiwan's ``score_batch``: its columns, five meld slots (16-tile hands declare up to five sets); its count keys
are its 台 rows in engine order."""

from __future__ import annotations

from typing import Any

from ..batch_columns import FLAG, OPTIONAL_SEAT, SEAT, STREAK, FamilyBatch


def _keys(rules: Any) -> tuple[str, ...]:
    return tuple(row.key for row in rules.rows)


BATCH = FamilyBatch(
    columns={
        "seat": SEAT, "dealer": SEAT, "streak": STREAK, "round_wind": SEAT, "self_drawn": FLAG,
        "discarder": OPTIONAL_SEAT, "robbing_kong": FLAG, "kong_bloom": FLAG, "last_tile": FLAG,
        "heavenly": FLAG, "earthly": FLAG, "human": FLAG,
    },
    keys=_keys, native_situation=lambda where: where.native(), native="mjcore._core:taiwan_score_batch",
    meld_slots=5,
)  # fmt: skip
