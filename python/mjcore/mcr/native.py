"""MCR scoring backed by the Rust core: one win, or a numpy corpus of wins on all cores."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from ..analysis import parse_hand
from ..batch_input import meld_slots, row_column, seat_column
from ..hand import HandLike, as_hand
from .result import FanScore, McrScore
from .ruleset import McrRuleset
from .situation import Situation

__all__ = ["score", "score_batch"]


def _flower_bits(flowers: tuple[int, ...]) -> int:
    return sum(1 << (f - 1) for f in flowers)


def score(hand: HandLike, win_tile: int, situation: Situation, rules: McrRuleset) -> McrScore:
    """The native twin of ``mjcore.reference.mcr.score`` (the same result and errors)."""
    h = as_hand(hand, parse_hand)
    s = situation
    flags = (s.self_drawn, s.last_copy, s.kong_replacement, s.robbing_kong, s.wall_last)
    row = _core.mcr_score(rules.compiled, bytes(h.concealed), [m.as_tuple() for m in h.melds], h.wilds,
                          _flower_bits(h.flowers), win_tile, flags, s.seat_wind, s.prevalent_wind,
                          s.opening)  # fmt: skip
    if row is None:
        return McrScore(fans=(), total=0, minimum=rules.minimum)
    fans, total, _ = row
    return McrScore(fans=tuple(FanScore(*fan) for fan in fans), total=total, minimum=rules.minimum)


def score_batch(concealed: np.ndarray, win_tiles: Any, rules: McrRuleset, *, melds: Any, flowers: Any,
                self_drawn: Any, last_copy: Any, kong_bloom: Any, robbing_kong: Any, last_tile: Any,
                seat_wind: Any, round_wind: Any) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """See ``mjcore.score_batch``: (total int32, −1 where not a win; fan counts uint8 (N, len(rules.fan_keys))).
    Rows have no first-go-around situation (天和/地和/人和/天听)."""
    n = concealed.shape[0]
    flags = np.stack([row_column(value, n, name) for name, value in (
        ("self_drawn", self_drawn), ("last_copy", last_copy), ("kong_bloom", kong_bloom),
        ("robbing_kong", robbing_kong), ("last_tile", last_tile))])  # fmt: skip
    return _core.mcr_score_batch(rules.compiled, concealed, meld_slots(melds, n), row_column(flowers, n, "flowers"),
                                 row_column(win_tiles, n, "win_tiles"), flags, seat_column(seat_wind, n, "seat_wind"),
                                 seat_column(round_wind, n, "round_wind"))  # fmt: skip
