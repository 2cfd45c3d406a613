"""The columns of a family's ``score_batch`` — shared by every family's ``batch`` module and read by
``family_batch`` for both backends: how a keyword's column is read and checked (``Reader``), and what a family
declares for its batch (``FamilyBatch``: its columns, its count keys, its situation in the native form, the native
function). No family is named here; each family's ``batch`` module holds its own spec, listed in its
``FamilyRow`` (``mjcore.rules.families``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..analysis.batch_input import flag_column, row_column, seat_column
from ..errors import InvalidArgumentError

__all__ = ["FLAG", "OPTIONAL_SEAT", "SEAT", "STREAK", "Column", "FamilyBatch", "Reader", "entries_row", "flag",
           "int_column", "named", "optional", "seat"]  # fmt: skip

# ---- How each column is read: (value, n, name) -> int64 (n,), −1 for None where None is allowed.

Reader = Callable[[Any, int, str], np.ndarray]


def int_column(highest: int) -> Reader:
    return lambda value, n, name: row_column(value, n, name, highest, dtype=np.int64)


def flag(value: Any, n: int, name: str) -> np.ndarray:
    return flag_column(value, n, name).astype(np.int64)


def seat(value: Any, n: int, name: str) -> np.ndarray:
    return seat_column(value, n, name).astype(np.int64)


def named(name_of: Callable[[str, str], Any], highest: int, highest_number: int | None = None) -> Reader:
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


def optional(read: Reader) -> Reader:
    """``read`` with None (a scalar None, None in an object array, or −1 in an array) for none, kept as −1."""

    def optional(value: Any, n: int, name: str) -> np.ndarray:
        if value is None:
            return np.full(n, -1, np.int64)
        values = np.asarray(value)
        if values.dtype == object:
            missing = np.vectorize(lambda v: v is None or (is_int(v) and v == -1), otypes=[bool])(values)
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


def is_int(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


# A column: its reader and how its code becomes the keyword the family's builder takes (None: an optional
# column, −1 for None, any other code as it is).
Column = tuple[Reader, Any]
FLAG: Column = (flag, bool)
SEAT: Column = (seat, int)
OPTIONAL_SEAT: Column = (optional(seat), None)
STREAK: Column = (int_column(100), int)


def entries_row(result: Any, keys: Sequence[str]) -> tuple[int, list[int], tuple[int, int, int, int]]:
    """A single result with named ``entries`` as its batch row: (total, counts in ``keys`` order, payments)."""
    counts = [0] * len(keys)
    if not result.is_win:
        return -1, counts, (0, 0, 0, 0)
    for entry in result.entries:
        counts[keys.index(entry.key)] = entry.count
    return result.total, counts, result.payments


@dataclass(frozen=True)
class FamilyBatch:
    """What a family's ``score_batch`` reads and returns.

    ``columns``: each situation keyword the batch takes, by name (the single call's list keywords are refused).
    ``keys(rules)``: the count columns. ``native_situation(situation)``: a distinct situation as the tuple the
    native function takes. ``native``: that function, ``"module:attribute"`` (resolved by the native backend
    only), called as (compiled ruleset, keys, concealed, melds, flower bits, wins, situations, which).
    ``meld_slots``: the most sets a row declares. ``row_of(result, keys)``: a single result as its batch row (the
    twin's batch, and the differential tests)."""

    columns: Mapping[str, Column]
    keys: Callable[[Any], tuple[str, ...]]
    native_situation: Callable[[Any], tuple]
    native: str
    meld_slots: int = 4
    row_of: Callable[[Any, Sequence[str]], tuple[int, list[int], tuple[int, int, int, int]]] = entries_row
