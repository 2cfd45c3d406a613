"""Scoring backed by the Rust core: ``score`` for one win, ``score_batch`` for many, under a ruleset of any
family (the families with a ``FamilyRow.batch`` read their rows in ``family_batch``).

``mjcore.reference.score`` is the pure-Python twin with the same signature and results.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from ..analysis.batch_input import flag_column, meld_slots, row_column, seat_column
from ..errors import InvalidArgumentError
from .families import FAMILIES, entries, entry
from .family_batch import (
    BATCH_KEYWORDS,
    BatchInput,
    FamilyScores,
    batch_keyword_check,
    native_situation,
    read_batch,
)
from .guangdong.situation import DISCARD, ROBBED_KONG, SELF_DRAWN
from .mcr import McrRuleset
from .mcr import scorer as mcr_scorer
from .registry import RulesetLike, load_ruleset
from .score_signature import score_function

__all__ = ["score", "score_batch"]


score = score_function(entries("native_score"), __name__)


def _native_rows(rules: Any, batch: BatchInput) -> FamilyScores:
    """The Rust core's batch of a family of ``family_batch``."""
    family = rules.family
    situations = [native_situation(family, where) for where in batch.situations]
    function = _NATIVE_BATCH[family]
    total, counts, net = function(rules.compiled, list(batch.keys), batch.concealed, batch.melds, batch.flowers,
                                  batch.wins, situations, batch.which)  # fmt: skip
    return FamilyScores(total, counts, net, batch.keys)


# Each family's native batch function (``FamilyRow.batch.native``), resolved once.
_NATIVE_BATCH = {name: entry(row.batch.native) for name, row in FAMILIES.items() if row.batch}


def score_batch(concealed: np.ndarray, win_tiles: Any, *, ruleset: RulesetLike = "gd-cgc5", melds: Any = None,
                flowers: Any = 0, flower_bits: Any = 0, **keywords: Any) -> Any:  # fmt: skip
    """Scores many hands at once, on all cores without the GIL (Ctrl-C stops it between blocks of rows).

    Every family: ``concealed`` uint8 (N, 34), the concealed counts without the winning tile; ``win_tiles`` (N,)
    kinds; ``melds`` uint8 (N, 4, 2) of (MeldKind + 1, lowest tile), kind 0 for an empty slot (None: no
    melds); every other input a scalar or an (N,) array of any integer dtype, bools or Python ints, each value
    checked against its column's range and refused with the column and the row, never wrapped. Bad rows are
    refused naming the first one.

    Guangdong (gd-cgc5, gd-guigang, gd-qq3): keywords ``self_drawn``, ``robbing_kong``, ``kong_bloom``,
    ``last_tile`` (flags) and ``seat_wind``, ``round_wind`` (0..3 or wind names); discard wins need no
    discarder here. Returns (total fan int8, −1 where the row is not a win; points int64, 0 there and where the
    fan is below the ruleset's 起和 ``minimum``: a complete hand that may not be declared is paid nothing).

    MCR: rows are the 13 tiles before the winning tile; ``flowers`` the number of flowers, ``last_copy`` 和绝张,
    ``robbing_kong`` 抢杠和, ``kong_bloom`` 杠上开花, ``last_tile`` the wall's last tile, and the Guangdong
    keywords. Returns (total int32 with flowers, −1 where the row is not a win; fan counts uint8 (N,
    len(rules.fan_keys)), columns in that order: ``mjcore.rules.mcr.MCR_FAN_KEYS``, then ``MCR_FOLK_FAN_KEYS``
    when the ruleset scores the folk fans; batch rows carry no 天和/地和/人和/天听).

    推倒胡, Sichuan, Taiwan, 789 and 老章: the situation keywords of the family's single ``score``
    (``mjcore.rules.family_batch.BATCH_KEYWORDS``), each a scalar or an (N,) array, −1 in an array for a
    keyword's None (``discarder``, ``kong_fed_by``, ``ghost_indicator``, ``void_suit``); each distinct
    situation is checked as ``score`` checks it (a mistake names the first row that has it). The keywords that
    are lists in ``score`` — 推倒胡 ``horses``/``other_kongs``, Sichuan ``still_in``, Taiwan ``eye_seats``, 789
    ``other_kongs``/``horses`` — are refused by name (a ruleset that draws horses cannot be batch-scored).
    ``flower_bits``: the flowers held, bit n − 1 for flower nf (0..255). A 推倒胡 row holds its ghosts by their
    faces; Taiwan rows are 16 tiles before the win (``melds`` (N, 5, 2) for five sets). ``melds`` may have a third
    field, the meld's feeder (``Meld.from_offset`` 1..3, 0 for none: 推倒胡 needs it for a melded kong).
    Returns a ``FamilyScores`` (total int64, −1 where not a win; counts uint8 (N, len(keys)); net int64 (N, 4);
    keys): row by row what the single ``score`` answers — its headline, its breakdown and each seat's money."""
    rules = load_ruleset(ruleset)
    given = batch_keyword_check(rules, concealed, flowers, flower_bits, keywords)
    if rules.family in BATCH_KEYWORDS:
        return _native_rows(rules, read_batch(rules, concealed, win_tiles, melds, flower_bits, keywords))
    n = concealed.shape[0]
    self_drawn, seat_wind, round_wind, kong_bloom, last_tile, last_copy, robbing_kong = given.values()
    counts = np.ascontiguousarray(concealed)
    if isinstance(rules, McrRuleset):
        return mcr_scorer.score_batch(counts, win_tiles, rules, melds=melds, flowers=flowers, self_drawn=self_drawn,
                                      last_copy=last_copy, kong_bloom=kong_bloom, robbing_kong=robbing_kong,
                                      last_tile=last_tile, seat_wind=seat_wind, round_wind=round_wind)  # fmt: skip
    if np.any(row_column(flowers, n, "flowers", 8)) or np.any(flag_column(last_copy, n, "last_copy")):
        raise InvalidArgumentError("flowers and last_copy are MCR batch inputs")
    wins = row_column(win_tiles, n, "win_tiles", 33)
    drawn, robbing = flag_column(self_drawn, n, "self_drawn") != 0, flag_column(robbing_kong, n, "robbing_kong") != 0
    source = np.where(drawn, SELF_DRAWN, np.where(robbing, ROBBED_KONG, DISCARD)).astype(np.uint8)
    seats = [seat_column(seat_wind, n, "seat_wind"), seat_column(round_wind, n, "round_wind")]
    return _core.score_batch(rules.compiled, counts, meld_slots(melds, n), wins, source, *seats,
                             flag_column(kong_bloom, n, "kong_bloom"), flag_column(last_tile, n, "last_tile"))  # fmt: skip

