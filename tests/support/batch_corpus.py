"""Seeded batches for ``score_batch`` of the families that settle money (推倒胡, Sichuan, Taiwan, 789, 老章): the
families' winning-hand corpora (random complete hands with a win tile split off) as batch rows, some rows given
another winning tile (mostly not a win), every keyword a per-row column, grouped by ruleset.

A ``Batch`` holds the arrays ``score_batch`` takes and, per row, the keywords a single ``score`` takes for it:
checking the batch against the single call row by row is then one loop (``single_rows``)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import mjcore
import numpy as np
from mjcore.errors import MjcoreError
from mjcore.notation import win_tile_index
from mjcore.rules.families import FAMILIES
from mjcore.rules.family_batch import (
    BATCH_KEYWORDS,
    batch_keys,
    batch_row,
    read_column,
    row_hand,
)

from . import folk_corpus, regional_corpus, tdh_corpus

# The rulesets ``score_batch`` is tested under, by family.
FAMILY_RULESETS = {"tdh": "tdh", "sichuan": "sichuan", "taiwan": "taiwan", "gd789": "gd-789", "laozhang": "laozhang"}


@dataclass
class Batch:
    rules: Any
    concealed: np.ndarray
    melds: np.ndarray
    flower_bits: np.ndarray
    wins: np.ndarray
    columns: dict[str, np.ndarray]  # each keyword as an (N,) column, −1 for None
    rows: list[dict[str, Any]]  # each row's keywords as the single score takes them

    def call(self, score_batch: Callable[..., Any], **extra: Any) -> Any:
        return score_batch(self.concealed, self.wins, ruleset=self.rules, melds=self.melds,
                           flower_bits=self.flower_bits, **self.columns, **extra)  # fmt: skip


def _calls(family: str, rng: random.Random) -> tuple[Any, Any, Any, dict[str, Any]]:
    """(rules, hand, win tile, keywords) of one winning call of the family."""
    if family == "tdh":
        call = tdh_corpus.random_call(rng)
        return call.rules, call.hand, call.win, call.keywords
    if family in ("gd789", "laozhang"):
        while True:
            call = folk_corpus.random_call(rng)
            if call.rules.family == family:
                return call.rules, call.hand, call.win, call.keywords
    hand, win, keywords = (regional_corpus.sichuan_hand if family == "sichuan" else regional_corpus.taiwan_hand)(rng)
    return mjcore.load_ruleset(family), hand, win, keywords


def _defaults(family: str) -> dict[str, Any]:
    kind = FAMILIES[family].signature.situation_type
    return {f.name: f.default for f in dataclasses.fields(kind) if f.name in BATCH_KEYWORDS[family]}


def family_batches(family: str, seed: int, count: int, other_win: float = 0.25, rules: Any = None) -> list[Batch]:
    """About ``count`` rows of ``family``, as batches (one per ruleset the corpus drew, or every row under
    ``rules``). Calls whose rules need a list keyword (推倒胡 horses) are skipped; list keywords are dropped (the
    batch does not take them)."""
    override = rules
    rng = random.Random(seed)
    groups: dict[int, tuple[Any, list]] = {}
    rulesets: dict[Any, Any] = {}
    for _ in range(count):
        rules, hand, win, keywords = _calls(family, rng)
        if family == "tdh" and (rules["horses"] or rules["streak_horses"]):
            continue
        if hand.wilds:
            continue
        try:
            win = win_tile_index(win)
        except MjcoreError:
            continue
        all_counts = hand.all_counts()
        if rng.random() < other_win:
            win = rng.choice([k for k in range(34) if all_counts[k] + (k == win) < 4] or [win])
        keywords = {k: v for k, v in keywords.items() if k in BATCH_KEYWORDS[family]}
        if override is not None:
            rules = override
            if family == "tdh" and not rules.needs_indicator:
                keywords.pop("ghost_indicator", None)
        key = rulesets.setdefault(repr(rules), rules)
        groups.setdefault(id(key), (key, []))[1].append((hand, win, keywords))
    return [_batch(family, rules, rows) for rules, rows in groups.values()]


def _batch(family: str, rules: Any, calls: list) -> Batch:
    n, slots = len(calls), 5 if family == "taiwan" else 4
    concealed = np.array([hand.concealed for hand, _, _ in calls], dtype=np.uint8).reshape(n, 34)
    melds = np.zeros((n, slots, 3), np.uint8)
    for i, (hand, _, _) in enumerate(calls):
        for m, meld in enumerate(hand.melds):
            melds[i, m] = (int(meld.kind) + 1, meld.tile, meld.from_offset or 0)
    defaults = _defaults(family)
    rows = [{**defaults, **keywords} for _, _, keywords in calls]
    columns = {name: np.array([-1 if row[name] is None else row[name] for row in rows],
                              dtype=object if any(isinstance(row[name], str) for row in rows) else np.int64)
               for name in defaults}  # fmt: skip
    return Batch(rules, concealed, melds, np.array([h.flower_bits for h, _, _ in calls], np.uint8),
                 np.array([w for _, w, _ in calls], np.uint8), columns, rows)  # fmt: skip


def numeric(batch: Batch) -> Batch:
    """The batch with every keyword column as int64 codes (names such as ``'s'`` or ``'3p'`` read)."""
    family, n = batch.rules.family, len(batch.rows)
    columns = {name: read_column(family, name, column, n) for name, column in batch.columns.items()}
    return dataclasses.replace(batch, columns=columns)


def single_rows(batch: Batch, score: Callable[..., Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
    """Each row through a single ``score`` (the same hand as the batch reads it): (total, counts, net) and the
    rows the single call refused (their rows stay zero)."""
    n, keys = len(batch.rows), batch_keys(batch.rules)
    total, counts, net = np.zeros(n, np.int64), np.zeros((n, len(keys)), np.uint8), np.zeros((n, 4), np.int64)
    refused = []
    for i, keywords in enumerate(batch.rows):
        hand = row_hand(batch.concealed[i], batch.melds[i], int(batch.flower_bits[i]))
        try:
            result = score(hand, int(batch.wins[i]), ruleset=batch.rules, **keywords)
        except MjcoreError:
            refused.append(i)
            continue
        total[i], counts[i], net[i] = batch_row(result, keys, batch.rules.family)
    return total, counts, net, refused


def without(batch: Batch, rows: list[int]) -> Batch:
    """The batch without ``rows``."""
    return taken(batch, np.setdiff1d(np.arange(len(batch.rows)), rows))


def repeated(batch: Batch, rows: int) -> Batch:
    """The batch's rows over and over, ``rows`` of them."""
    return taken(batch, np.resize(np.arange(len(batch.rows)), rows))


def taken(batch: Batch, keep: np.ndarray) -> Batch:
    """The batch's rows ``keep``, in that order."""
    return Batch(batch.rules, np.ascontiguousarray(batch.concealed[keep]), batch.melds[keep], batch.flower_bits[keep],
                 batch.wins[keep], {k: v[keep] for k, v in batch.columns.items()},
                 [batch.rows[i] for i in keep])  # fmt: skip
