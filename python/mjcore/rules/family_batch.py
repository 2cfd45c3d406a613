"""``score_batch`` for the families that settle money per win — 推倒胡, Sichuan, Taiwan, 789 and 老章 — shared by
both backends: the per-row columns read and checked by name, each distinct situation built and checked once by
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

from ..analysis.batch_input import flag_column, meld_slots, row_column, seat_column
from ..errors import ArgumentTypeError, InvalidArgumentError, MjcoreError
from ..hand import Hand, Meld, MeldKind
from .families import FAMILIES
from .folk.names import EXTRA_ROWS
from .folk.ruleset import FAMILIES as FOLK_FAMILIES
from .regional.keywords import NO_SEAT
from .sichuan.situation import suit_index
from .tdh.names import FLOWER_BASE, FORMS, MULTIPLIERS
from .tdh.situation import tile_code

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


# ---- How each column is read: (value, n, name) -> int64 (n,), −1 for None where None is allowed.

Reader = Callable[[Any, int, str], np.ndarray]


def _int_column(highest: int) -> Reader:
    return lambda value, n, name: row_column(value, n, name, highest, dtype=np.int64)


def _flag(value: Any, n: int, name: str) -> np.ndarray:
    return flag_column(value, n, name).astype(np.int64)


def _seat(value: Any, n: int, name: str) -> np.ndarray:
    return seat_column(value, n, name).astype(np.int64)


def _named(name_of: Callable[[str, str], Any], highest: int, highest_number: int | None = None) -> Reader:
    """Codes 0..``highest`` that may be given by name too (``name_of(text, column)`` reads one, refusing what it
    cannot read); a column without names may be held below, to ``highest_number``."""

    def read(value: Any, n: int, name: str) -> np.ndarray:
        values = np.asarray(value)
        if isinstance(value, (list, tuple)) and values.dtype.kind in "US":
            values = np.asarray(value, dtype=object)  # numpy would turn a True beside a name into the text 'True'
        named = values.dtype.kind in "US" or (values.dtype == object and any(isinstance(v, str) for v in values.flat))
        if not named:
            return row_column(values, n, name, highest if highest_number is None else highest_number, dtype=np.int64)
        values = np.vectorize(lambda v: name_of(v, name) if isinstance(v, str) else v, otypes=[object])(values)
        return row_column(values, n, name, highest, dtype=np.int64)

    return read


# Suits 0..2 or 'm' 'p' 's'; tiles: kinds 0..33, flowers 34..41, or names ('3p', '2f'); 推倒胡 robbing_kong:
# False/True (True = "added"), or "added", "melded", "concealed" (codes 1..3).
_suit = _named(suit_index, 2)
_tile = _named(tile_code, FLOWER_BASE + 7)
_ROBBED_CODES = {"added": 1, "melded": 2, "concealed": 3}
_robbed = _named(lambda text, name: _ROBBED_CODES.get(text, text), 3, highest_number=1)


def _optional(read: Reader) -> Reader:
    """``read`` with None (a scalar None, None in an object array, or −1 in an array) for none, kept as −1."""

    def optional(value: Any, n: int, name: str) -> np.ndarray:
        if value is None:
            return np.full(n, -1, np.int64)
        values = np.asarray(value)
        if values.dtype == object:
            missing = np.vectorize(lambda v: v is None or (_is_int(v) and v == -1), otypes=[bool])(values)
        elif values.dtype.kind in "iuf":
            missing = values == -1
        else:
            missing = np.zeros(values.shape, bool)
        try:
            column = read(np.where(missing, 0, values) if missing.any() else values, n, name)
        except InvalidArgumentError as error:
            raise type(error)(f"{error} (or -1 / None for none)") from None
        return np.where(np.broadcast_to(missing, (n,)), -1, column)

    return optional


def _is_int(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


# ---- Each family: its columns and how one is decoded into the builder's keyword value.

_FLAG, _SEAT, _OPTIONAL_SEAT = (_flag, bool), (_seat, int), (_optional(_seat), None)
_STREAK = (_int_column(100), int)


_COLUMNS: dict[str, dict[str, tuple[Reader, Any]]] = {
    "tdh": {
        "seat_wind": _SEAT, "self_drawn": _FLAG, "discarder": _OPTIONAL_SEAT,
        "robbing_kong": (_robbed, lambda code: (False, True, "melded", "concealed")[code]),
        "kong_bloom": _FLAG, "kong_fed_by": _OPTIONAL_SEAT, "last_tile": _FLAG,
        "ghost_indicator": (_optional(_tile), None), "dealer": _SEAT, "dealer_streak": _STREAK,
    },
    "sichuan": {
        "seat": _SEAT, "void_suit": (_optional(_suit), None), "self_drawn": _FLAG, "discarder": _OPTIONAL_SEAT,
        "robbing_kong": _FLAG, "kong_bloom": _FLAG, "kong_fed_by": _OPTIONAL_SEAT, "kong_discard": _FLAG,
        "last_tile": _FLAG, "heavenly": _FLAG, "earthly": _FLAG, "dealer": _SEAT,
        "kong_money": (_int_column(1_000_000), int), "winners_on_discard": (_int_column(3), int),
    },
    "taiwan": {
        "seat": _SEAT, "dealer": _SEAT, "streak": _STREAK, "round_wind": _SEAT, "self_drawn": _FLAG,
        "discarder": _OPTIONAL_SEAT, "robbing_kong": _FLAG, "kong_bloom": _FLAG, "last_tile": _FLAG,
        "heavenly": _FLAG, "earthly": _FLAG, "human": _FLAG,
    },
    "gd789": {"seat": _SEAT, "dealer": _SEAT, "self_drawn": _FLAG, "discarder": _OPTIONAL_SEAT},
    "laozhang": {"seat": _SEAT, "dealer": _SEAT, "self_drawn": _FLAG, "discarder": _OPTIONAL_SEAT},
}  # fmt: skip

# The situation keywords each family's batch takes, and those it refuses (lists in the single call).
BATCH_KEYWORDS: Mapping[str, tuple[str, ...]] = {family: tuple(columns) for family, columns in _COLUMNS.items()}
LIST_KEYWORDS: Mapping[str, tuple[str, ...]] = {
    family: tuple(k for k in FAMILIES[family].signature.keywords if k not in columns)
    for family, columns in _COLUMNS.items()
}
# The most meld slots a row has: Taiwan's 16-tile hands declare up to five sets.
_MELD_SLOTS = {"taiwan": 5}


def batch_keys(rules: Any) -> tuple[str, ...]:
    """The columns of ``counts`` under ``rules``: 推倒胡 ``form:<form>`` then the multipliers; Sichuan and
    Taiwan their rows in engine order; a folk table its rows, then (789) the flower and kong entries."""
    family = rules.family
    if family == "tdh":
        return tuple(f"form:{form[0]}" for form in FORMS) + tuple(m[0] for m in MULTIPLIERS)
    if family in ("sichuan", "taiwan"):
        return tuple(row.key for row in rules.rows)
    return FOLK_FAMILIES[family].row_keys + (tuple(EXTRA_ROWS) if family == "gd789" else ())


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
    columns = _COLUMNS[family]
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
    return BatchInput(np.ascontiguousarray(concealed), meld_slots(melds, n, _MELD_SLOTS.get(family, 4), feeders=True),
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
    return _COLUMNS[family][name][0](value, n, name)


def _decoded(family: str, name: str, code: int) -> Any:
    """A column's code as the keyword value the family's builder takes."""
    decode = _COLUMNS[family][name][1]
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
    if family == "tdh":
        none = -1
        return (where.seat_wind, where.dealer, where.source, none if where.discarder is None else where.discarder,
                where.kong_bloom, none if where.kong_fed_by is None else where.kong_fed_by, where.last_tile,
                none if where.ghost_indicator is None else where.ghost_indicator, where.dealer_streak)  # fmt: skip
    if family in ("sichuan", "taiwan"):
        return where.native()
    return (where.seat, where.dealer, where.self_drawn, NO_SEAT if where.discarder is None else where.discarder)


def row_hand(concealed: np.ndarray, slots: np.ndarray, flower_bits: int) -> Hand:
    """A batch row as the ``Hand`` the single ``score`` takes (a meld's feeder from the slot's third field)."""
    melds = tuple(Meld(MeldKind(slot[0] - 1), slot[1], None, slot[2] if len(slot) > 2 and slot[2] else None)
                  for slot in slots.tolist() if slot[0])  # fmt: skip
    flowers = tuple(n + 1 for n in range(8) if flower_bits >> n & 1)
    return Hand(tuple(int(c) for c in concealed), melds, 0, flowers)


def batch_row(result: Any, keys: Sequence[str]) -> tuple[int, list[int], tuple[int, int, int, int]]:
    """A single ``score`` result as its batch row: (total, counts in ``keys`` order, net per seat)."""
    counts = [0] * len(keys)
    if not result.is_win:
        return -1, counts, (0, 0, 0, 0)
    if hasattr(result, "multipliers"):  # 推倒胡
        counts[keys.index(f"form:{result.form.key}")] = 1
        for m in result.multipliers:
            counts[len(FORMS) + [key for key, _, _ in MULTIPLIERS].index(m.key)] += 1
        return result.share, counts, result.net
    for entry in result.entries:
        counts[keys.index(entry.key)] = entry.count
    return result.total, counts, result.payments


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
        total[i], counts[i], net[i] = batch_row(result, batch.keys)
    return FamilyScores(total, counts, net, batch.keys)

