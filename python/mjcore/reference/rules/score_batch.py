"""The twin's ``score_batch``: every row through the twin's single ``score`` (slow and plain, for differential
tests), with the native batch's signature, checks and results (``mjcore.score_batch``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...analysis.batch_input import flag_column, meld_slots, row_column, seat_column
from ...errors import MjcoreError
from ...rules.families import entries
from ...rules.family_batch import (
    BATCH_KEYWORDS,
    batch_keyword_check,
    read_batch,
    row_hand,
    score_rows_by_loop,  # fmt: skip
)
from ...rules.mcr import McrRuleset
from ...rules.registry import RulesetLike, load_ruleset
from .score import score

__all__ = ["score_batch"]

_CORES = entries("twin_score")


def score_batch(concealed: np.ndarray, win_tiles: Any, *, ruleset: RulesetLike = "gd-cgc5", melds: Any = None,
                flowers: Any = 0, flower_bits: Any = 0, **keywords: Any) -> Any:  # fmt: skip
    """See ``mjcore.score_batch``."""
    rules = load_ruleset(ruleset)
    given = batch_keyword_check(rules, concealed, flowers, flower_bits, keywords)
    if rules.family in BATCH_KEYWORDS:
        return score_rows_by_loop(rules, read_batch(rules, concealed, win_tiles, melds, flower_bits, keywords),
                                  _CORES[rules.family])  # fmt: skip
    n = concealed.shape[0]
    is_mcr = isinstance(rules, McrRuleset)
    columns = {name: flag_column(value, n, name) for name, value in given.items() if name not in ("seat_wind",
                                                                                                "round_wind")}
    columns.update({name: seat_column(given[name], n, name) for name in ("seat_wind", "round_wind")})
    flower_counts = row_column(flowers, n, "flowers", 8)
    wins, slots = row_column(win_tiles, n, "win_tiles", 33), meld_slots(melds, n)
    keys = rules.fan_keys if is_mcr else ()
    totals = np.zeros(n, np.int32 if is_mcr else np.int8)
    second = np.zeros((n, len(keys)), np.uint8) if is_mcr else np.zeros(n, np.int64)
    for i in range(n):
        row = {name: (int if name.endswith("wind") else bool)(column[i]) for name, column in columns.items()}
        if not is_mcr:
            row.pop("last_copy")
            if not row["self_drawn"]:  # a fan never depends on who discarded: any other seat will do
                row["discarder"] = (row["seat_wind"] + 1) % 4
        try:
            hand = row_hand(concealed[i], slots[i], (1 << int(flower_counts[i])) - 1)
            result = score(hand, int(wins[i]), ruleset=rules, **row)
        except MjcoreError as error:
            raise type(error)(f"row {i}: {error}") from None
        if not result.is_win:
            totals[i] = -1
        elif is_mcr:
            totals[i] = result.total
            for fan in result.fans:
                second[i, keys.index(fan.key)] = fan.count
        else:
            totals[i], second[i] = result.total_fan, result.points if result.legal else 0
    return totals, second
