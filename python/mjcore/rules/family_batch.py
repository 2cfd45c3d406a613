"""``score_batch`` for the families that settle money per win (each family's ``FamilyRow.batch``: 推倒胡, Sichuan,
Taiwan, 789 and 老章), shared by both backends: the per-row columns read and checked by name, each distinct situation built and checked once by
the family's own single-``score`` builder, each row as a ``Hand``, and a single result as its batch row. The
backends differ only in who scores the rows (``mjcore.rules.score`` hands them to the Rust core; the twin,
``mjcore.reference``, loops its single ``score``).

A row is the hand before its winning tile: concealed counts (N, 34) uint8 (a 推倒胡 hand's ghosts by their
faces, as the single call reads them), ``melds`` (N, 4, 2 or 3) — Taiwan (N, 5, 2 or 3) — of (MeldKind + 1,
lowest tile[, feeder]), kind 0 for an empty slot, the feeder ``Meld.from_offset`` 1..3 (0 or no third field:
none; 推倒胡 needs it for a melded kong's money), ``flowers`` the flowers held as bits (bit n − 1 for
flower nf), and the winning tile. Every situation keyword of the family is a scalar or an (N,) array, except the
keywords that are lists in the single call (``LIST_KEYWORDS``), which a batch refuses by name. A keyword that may
be None in the single call (``discarder``, ``kong_fed_by``, ``ghost_indicator``, ``void_suit``) is −1 in an array
for None.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from ..analysis.batch_input import meld_slots, row_column
from ..errors import ArgumentTypeError, InvalidArgumentError, InvalidHandError, MjcoreError
from ..hand import Hand, Meld, MeldKind
from .batch_columns import FamilyBatch
from .families import FAMILIES

__all__ = ["BATCH_KEYWORDS", "LIST_KEYWORDS", "FamilyScores", "batch_keys", "batch_row", "read_batch", "row_hand"]


class FamilyScores(NamedTuple):
    """What ``score_batch`` returns for 推倒胡, Sichuan, Taiwan, 789 and 老章, row by row.

    total: int64 (N,), the family's headline — 推倒胡 the share (b), Sichuan the fan (before the cap), Taiwan the
    hand's 台, 789 the multiple, 老章 the fan — and −1 where the row is not a win. counts: uint8 (N, len(keys)),
    how many times each key scored (推倒胡: ``form:<key>`` one-hot, then each multiplier; Taiwan: the hand's 台,
    the dealer's 台 being in the money only). net: int64 (N, 4), each seat's money summed over the single
    result's kinds (its ``payments``; 推倒胡 ``net``), zeros where nothing moves. keys: the columns of counts."""

    total: np.ndarray
    counts: np.ndarray
    net: np.ndarray
    keys: tuple[str, ...]


# The situation keywords each family's batch takes, and those it refuses (lists in the single call).
BATCH_KEYWORDS: Mapping[str, tuple[str, ...]] = {
    family: tuple(row.batch.columns) for family, row in FAMILIES.items() if row.batch
}
LIST_KEYWORDS: Mapping[str, tuple[str, ...]] = {
    family: tuple(k for k in FAMILIES[family].signature.keywords if k not in columns)
    for family, columns in BATCH_KEYWORDS.items()
}


def family_batch(rules: Any) -> FamilyBatch:
    """What ``rules``' family's batch reads (its ``FamilyRow.batch``)."""
    batch = FAMILIES[rules.family].batch
    assert batch is not None, rules.family  # the callers check BATCH_KEYWORDS first
    return batch


def batch_keys(rules: Any) -> tuple[str, ...]:
    """The columns of ``counts`` under ``rules``: 推倒胡 ``form:<form>`` then the multipliers; Sichuan and
    Taiwan their rows in engine order; a folk table its rows, then (789) the flower and kong entries."""
    return family_batch(rules).keys(rules)


# The keywords of the Guangdong and MCR batch, with their defaults, in the order the backends unpack them.
ROW_KEYWORDS = {"self_drawn": False, "seat_wind": 0, "round_wind": 0, "kong_bloom": False, "last_tile": False,
                "last_copy": False, "robbing_kong": False}  # fmt: skip


def batch_keyword_check(rules: Any, concealed: Any, flowers: Any, flower_bits: Any,
                        keywords: Mapping[str, Any]) -> dict[str, Any]:  # fmt: skip
    """The checks both backends' ``score_batch`` make before reading rows: the concealed array's type and
    shape, and ``flowers`` (the MCR batch's count) and ``flower_bits`` (the other families') each refused where
    they do not belong. Returns the Guangdong / MCR keywords with their defaults (the other families' keywords
    are ``read_batch``'s)."""
    if not isinstance(concealed, np.ndarray) or concealed.dtype != np.uint8:
        raise ArgumentTypeError("concealed must be a numpy uint8 array of shape (N, 34)")
    if concealed.ndim != 2 or concealed.shape[1] != 34:
        raise InvalidArgumentError(f"concealed must have shape (N, 34), not {concealed.shape}")
    n = concealed.shape[0]
    title = FAMILIES[rules.family].signature.title
    if rules.family in BATCH_KEYWORDS:
        if np.any(row_column(flowers, n, "flowers", 8)):
            raise InvalidArgumentError(f"flowers is the MCR batch's count of flowers: {title} rows take flower_bits "
                                       "(bit n - 1 for flower nf)")  # fmt: skip
        return {}
    if np.any(row_column(flower_bits, n, "flower_bits", 255)):
        raise InvalidArgumentError(f"flower_bits: the {title} batch takes no flower bits (MCR: flowers, a count)")
    unknown = sorted(set(keywords) - set(ROW_KEYWORDS))
    if unknown:
        raise InvalidArgumentError(f"{', '.join(unknown)}: not a keyword of the {title} batch (it takes "
                                   f"{', '.join(ROW_KEYWORDS)}, melds and flowers)")  # fmt: skip
    return {**ROW_KEYWORDS, **keywords}


@dataclass(frozen=True)
class BatchInput:
    """A checked batch: the rows' arrays, each distinct situation (the family's own situation object, built and
    checked as the single ``score`` builds it) and each row's index into them."""

    concealed: np.ndarray
    melds: np.ndarray
    flowers: np.ndarray
    wins: np.ndarray
    situations: tuple[Any, ...]
    which: np.ndarray
    keys: tuple[str, ...]


def read_batch(rules: Any, concealed: Any, win_tiles: Any, melds: Any, flowers: Any,
               keywords: Mapping[str, Any]) -> BatchInput:  # fmt: skip
    """Reads and checks a batch of ``rules``' family: every column by name (the first bad row named), every
    keyword the family's batch does not take refused by name, and each distinct situation through the single
    ``score``'s builder (a mistake named with the first row that has it)."""
    family = rules.family
    spec = family_batch(rules)
    columns = spec.columns
    listed = sorted(k for k in keywords if k in LIST_KEYWORDS[family])
    if listed:
        raise InvalidArgumentError(f"{', '.join(listed)}: score_batch does not take this keyword (a list per win "
                                   f"in score()); the {FAMILIES[family].signature.title} batch takes "
                                   f"{', '.join(columns)}")  # fmt: skip
    unknown = sorted(k for k in keywords if k not in columns)
    if unknown:
        raise InvalidArgumentError(f"{', '.join(unknown)}: not a keyword of {FAMILIES[family].signature.title} "
                                   f"scoring (its batch takes {', '.join(columns)})")  # fmt: skip
    if not isinstance(concealed, np.ndarray) or concealed.dtype != np.uint8:
        raise ArgumentTypeError("concealed must be a numpy uint8 array of shape (N, 34)")
    if concealed.ndim != 2 or concealed.shape[1] != 34:
        raise InvalidArgumentError(f"concealed must have shape (N, 34), not {concealed.shape}")
    n = concealed.shape[0]
    read = {name: read_column(family, name, value, n) for name, value in keywords.items()}
    fixed = {name: _decoded(family, name, int(column[0])) for name, column in read.items()
             if np.ndim(keywords[name]) == 0}  # fmt: skip
    varying = [name for name in read if name not in fixed]
    distinct, first, which = _distinct_rows([read[name] for name in varying], n)
    situations = tuple(_situation(rules, {**fixed, **{name: _decoded(family, name, int(code))
                                                      for name, code in zip(varying, codes)}}, int(row), bool(varying))
                       for codes, row in zip(distinct, first))  # fmt: skip
    return BatchInput(np.ascontiguousarray(concealed), meld_slots(melds, n, spec.meld_slots, feeders=True),
                      row_column(flowers, n, "flower_bits", 255), row_column(win_tiles, n, "win_tiles", 33),
                      situations, np.ascontiguousarray(which.reshape(-1), dtype=np.uint32), batch_keys(rules))  # fmt: skip


def _distinct_rows(columns: list[np.ndarray], n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct rows of the (n,) int64 ``columns`` (each ≥ −1) in the order of their first rows: (distinct
    rows (k, len(columns)), the first row of each, each row's index into them). Without columns, one row."""
    if not n:  # no row: no situation, unless every keyword is a scalar (checked all the same)
        return np.zeros((0 if columns else 1, len(columns)), np.int64), np.zeros(0 if columns else 1, np.int64), \
            np.zeros(0, np.int64)  # fmt: skip
    if not columns:
        return np.zeros((1, 0), np.int64), np.zeros(1, np.int64), np.zeros(n, np.int64)
    # One int64 key per row when the columns' ranges multiply below 2**62 (always, for these columns): a 1-D
    # unique sorts numbers instead of comparing rows.
    spans = [int(column.max()) + 2 for column in columns]
    if np.prod([float(span) for span in spans]) < 2.0**62:
        key = np.zeros(n, np.int64)
        for column, span in zip(columns, spans):
            key = key * span + (column + 1)
        _, first, which = np.unique(key, return_index=True, return_inverse=True)
    else:
        _, first, which = np.unique(np.stack(columns, axis=1), axis=0, return_index=True, return_inverse=True)
    # In the order of their first rows, so that a refused situation names the earliest row holding one.
    order = np.argsort(first)
    first = first[order]
    return np.stack(columns, axis=1)[first], first, np.argsort(order)[which.reshape(-1)]


def read_column(family: str, name: str, value: Any, n: int) -> np.ndarray:
    """One keyword column of ``family``'s batch as int64 (n,), −1 for None: read and checked as ``score_batch``
    reads it."""
    return FAMILIES[family].batch.columns[name][0](value, n, name)  # type: ignore[union-attr]


def _decoded(family: str, name: str, code: int) -> Any:
    """A column's code as the keyword value the family's builder takes."""
    decode = FAMILIES[family].batch.columns[name][1]  # type: ignore[union-attr]
    if decode is None:  # an optional column: −1 is None
        return None if code < 0 else code
    return decode(code)


def _situation(rules: Any, keywords: dict[str, Any], row: int, per_row: bool) -> Any:
    """The family's situation for ``keywords`` (from ``row`` on), built as the single ``score`` builds it."""
    try:
        return FAMILIES[rules.family].signature.build(None, keywords, rules)
    except MjcoreError as error:
        if not per_row:
            raise
        raise type(error)(f"row {row}: {error}") from None


def native_situation(family: str, where: Any) -> tuple:
    """A situation in the form the family's native batch function takes."""
    return FAMILIES[family].batch.native_situation(where)  # type: ignore[union-attr]


def row_hand(concealed: np.ndarray, slots: np.ndarray, flower_bits: int) -> Hand:
    """A batch row as the ``Hand`` the single ``score`` takes (a meld's feeder from the slot's third field); a
    slot's kind code above 5 is refused as the core refuses it."""
    for slot in slots.tolist():
        if slot[0] > len(MeldKind):
            raise InvalidHandError(f"meld kind code {slot[0]} is not 0..{len(MeldKind)}")
    melds = tuple(Meld(MeldKind(slot[0] - 1), slot[1], None, slot[2] if len(slot) > 2 and slot[2] else None)
                  for slot in slots.tolist() if slot[0])  # fmt: skip
    flowers = tuple(n + 1 for n in range(8) if flower_bits >> n & 1)
    return Hand(tuple(int(c) for c in concealed), melds, 0, flowers)


def batch_row(result: Any, keys: Sequence[str], family: str) -> tuple[int, list[int], tuple[int, int, int, int]]:
    """A single ``score`` result of ``family`` as its batch row: (total, counts in ``keys`` order, net per seat)."""
    return FAMILIES[family].batch.row_of(result, keys)  # type: ignore[union-attr]


def score_rows_by_loop(rules: Any, batch: BatchInput, score: Callable[..., Any]) -> FamilyScores:
    """The twin's batch: ``score(hand, win, situation, rules)`` (a backend's family core) row by row."""
    n = batch.concealed.shape[0]
    total, counts, net = np.zeros(n, np.int64), np.zeros((n, len(batch.keys)), np.uint8), np.zeros((n, 4), np.int64)
    for i in range(n):
        try:
            hand = row_hand(batch.concealed[i], batch.melds[i], int(batch.flowers[i]))
            result = score(hand, int(batch.wins[i]), batch.situations[batch.which[i]], rules)
        except MjcoreError as error:
            raise type(error)(f"row {i}: {error}") from None
        total[i], counts[i], net[i] = batch_row(result, batch.keys, rules.family)
    return FamilyScores(total, counts, net, batch.keys)

