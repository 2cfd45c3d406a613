"""Scoring backed by the Rust core: ``score`` for one win, ``score_batch`` for many, under a Guangdong or an
MCR (``ruleset="mcr"``, see ``mjcore.rules.mcr``) ruleset.

``mjcore.reference.score`` is the pure-Python twin with the same signature and results.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from ..analysis.batch_input import flag_column, meld_slots, row_column, seat_column
from ..errors import ArgumentTypeError, InvalidArgumentError
from .families import FAMILIES, entries
from .guangdong.situation import DISCARD, ROBBED_KONG, SELF_DRAWN
from .mcr import McrRuleset
from .mcr import scorer as mcr_scorer
from .registry import RulesetLike, load_ruleset
from .score_signature import score_function

__all__ = ["score", "score_batch"]


# The families whose rows score_batch reads (the others: ``score``, one hand at a time).
BATCH_FAMILIES = ("guangdong", "mcr")

score = score_function(entries("native_score"), __name__)


def score_batch(
    concealed: np.ndarray,
    win_tiles: np.ndarray,
    *,
    ruleset: RulesetLike = "gd-cgc5",
    self_drawn: Any = False,
    seat_wind: Any = 0,
    round_wind: Any = 0,
    kong_bloom: Any = False,
    last_tile: Any = False,
    melds: Any = None,
    flowers: Any = 0,
    last_copy: Any = False,
    robbing_kong: Any = False,
) -> tuple[np.ndarray, np.ndarray]:
    """Scores many winning hands at once, on all cores without the GIL.

    concealed: uint8 (N, 34) concealed counts without the winning tile; ``melds``: uint8 (N, 4, 2) of
    (MeldKind + 1, lowest tile), kind 0 for an empty slot (None: no melds); win_tiles: (N,) kinds; the flags
    (``self_drawn``, ``robbing_kong``, ``kong_bloom``, ``last_tile``) and seats (0..3 or wind names) are scalars
    or (N,) arrays; discard wins need no discarder here. Rows are checked in the core, and the first bad row is
    named. Returns (total fan int8, −1 where the row is not a win; points int64, 0 there).

    Under an MCR ruleset rows are the 13 tiles before the winning tile: ``melds`` (uint8 (N, 4, 2) of
    (MeldKind + 1, lowest tile), kind 0 for an empty slot; None for no melds) holds the declared melds,
    ``flowers`` the number of flowers, ``last_copy`` 和绝张, ``robbing_kong`` 抢杠和, ``kong_bloom`` 杠上开花,
    ``last_tile`` the wall's last tile. Returns (total int32 with flowers, −1 where the row is not a win;
    fan counts uint8 (N, len(rules.fan_keys)), columns in that order: ``mjcore.rules.mcr.MCR_FAN_KEYS``, then
    ``MCR_FOLK_FAN_KEYS`` when the ruleset scores the folk fans; batch rows carry no 天和/地和/人和/天听)."""
    rules = load_ruleset(ruleset)
    if rules.family not in BATCH_FAMILIES:
        raise InvalidArgumentError(f"score_batch does not score {FAMILIES[rules.family].signature.title} rulesets "
                                   f"({rules.name!r}) yet: it takes Guangdong (gd-cgc5, gd-guigang, gd-qq3) and MCR "
                                   "rulesets; score these hands one at a time with score()")  # fmt: skip
    if not isinstance(concealed, np.ndarray) or concealed.dtype != np.uint8:
        raise ArgumentTypeError("concealed must be a numpy uint8 array of shape (N, 34)")
    if concealed.ndim != 2 or concealed.shape[1] != 34:
        raise InvalidArgumentError(f"concealed must have shape (N, 34), not {concealed.shape}")
    counts = np.ascontiguousarray(concealed)
    if isinstance(rules, McrRuleset):
        return mcr_scorer.score_batch(counts, win_tiles, rules, melds=melds, flowers=flowers, self_drawn=self_drawn,
                                      last_copy=last_copy, kong_bloom=kong_bloom, robbing_kong=robbing_kong,
                                      last_tile=last_tile, seat_wind=seat_wind, round_wind=round_wind)  # fmt: skip
    n = counts.shape[0]
    if np.any(row_column(flowers, n, "flowers", 8)) or np.any(flag_column(last_copy, n, "last_copy")):
        raise InvalidArgumentError("flowers and last_copy are MCR batch inputs")
    wins = row_column(win_tiles, n, "win_tiles", 33)
    drawn, robbing = flag_column(self_drawn, n, "self_drawn") != 0, flag_column(robbing_kong, n, "robbing_kong") != 0
    source = np.where(drawn, SELF_DRAWN, np.where(robbing, ROBBED_KONG, DISCARD)).astype(np.uint8)
    seats = [seat_column(seat_wind, n, "seat_wind"), seat_column(round_wind, n, "round_wind")]
    return _core.score_batch(rules.compiled, counts, meld_slots(melds, n), wins, source, *seats,
                             flag_column(kong_bloom, n, "kong_bloom"), flag_column(last_tile, n, "last_tile"))  # fmt: skip
