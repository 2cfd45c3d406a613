"""MCR scoring backed by the Rust core: one win, or a numpy corpus of wins on all cores."""

from __future__ import annotations

from typing import Any

import numpy as np

from ... import _core
from ...analysis.batch_input import flag_column, meld_slots, row_column, seat_column
from ...hand import HandLike, native_form
from .result import McrScore
from .ruleset import McrRuleset
from .situation import Situation

__all__ = ["score", "score_batch"]


def score(hand: HandLike, win_tile: int, situation: Situation, rules: McrRuleset) -> McrScore:
    """The native twin of ``mjcore.reference.rules.mcr.score`` (the same result and errors): the core reads the
    hand and the situation and makes the result itself."""
    return _core.mcr_score(rules.compiled, native_form(hand), win_tile, situation)


def score_batch(concealed: np.ndarray, win_tiles: Any, rules: McrRuleset, *, melds: Any, flowers: Any,
                self_drawn: Any, last_copy: Any, kong_bloom: Any, robbing_kong: Any, last_tile: Any,
                seat_wind: Any, round_wind: Any) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """See ``mjcore.score_batch``: (total int32, −1 where not a win; fan counts uint8 (N, len(rules.fan_keys))).
    Rows have no first-go-around situation (天和/地和/人和/天听)."""
    n = concealed.shape[0]
    flags = np.stack([flag_column(value, n, name) for name, value in (
        ("self_drawn", self_drawn), ("last_copy", last_copy), ("kong_bloom", kong_bloom),
        ("robbing_kong", robbing_kong), ("last_tile", last_tile))])  # fmt: skip
    return _core.mcr_score_batch(rules.compiled, concealed, meld_slots(melds, n), row_column(flowers, n, "flowers", 8),
                                 row_column(win_tiles, n, "win_tiles", 33), flags, seat_column(seat_wind, n, "seat_wind"),
                                 seat_column(round_wind, n, "round_wind"))  # fmt: skip
