"""Validation of the numpy arrays the batch functions take, shared by both backends' Python layers.

A batch is a C-contiguous ``uint8`` array of shape (N, 34): one row of concealed counts per hand. The whole
array is checked before any work starts, and the first bad row is named by its index.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..errors import ArgumentTypeError, InvalidArgumentError, InvalidHandError, shown
from ..hand import MAX_SETS
from ..seats import seat_index
from ..tiles import NUM_KINDS, tile_name

__all__ = ["checked_batch", "flag_column", "meld_slots", "row_column", "seat_column"]


def _row_problem(row: np.ndarray, complete_only: bool) -> str | None:
    """Why a row is not a hand (or, for win checks, not a 3n+2-tile hand); None if it is one."""
    for kind, count in enumerate(row.tolist()):
        if count > 4:
            return f"count of {tile_name(kind)} (column {kind}) is {count}: must be 0..4"
    size = int(row.sum())
    if size % 3 == 0 or size // 3 > MAX_SETS:
        return (f"a concealed part of {size} tiles is not a hand: it must hold 3n+1 or 3n+2 tiles "
                f"(1, 2, 4, 5, … 16, 17)")
    if complete_only and size % 3 == 1:
        return f"{size} tiles is a 3n+1 (waiting) hand: a win needs 3n+2 tiles"
    return None


def checked_batch(arr: Any, *, complete_only: bool,
                  row_problem: Callable[[np.ndarray], str | None] | None = None) -> np.ndarray:
    """``arr`` itself once it is known to be a valid batch: every row a hand of 3n+1 or 3n+2 tiles (only 3n+2
    when ``complete_only``) with n ≤ 5 and counts 0..4, and free of the caller's own ``row_problem``.

    A non-array or a wrong dtype is a TypeError; a wrong shape or memory layout an InvalidArgumentError; a bad
    row an InvalidHandError that names the row (the first bad one).
    """
    if not isinstance(arr, np.ndarray):
        raise ArgumentTypeError(f"batch input must be a numpy uint8 array of shape (N, 34), not {type(arr).__name__}")
    if arr.dtype != np.uint8:
        raise ArgumentTypeError(f"batch input must be a numpy uint8 array of shape (N, 34), not of dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] != NUM_KINDS:
        raise InvalidArgumentError(f"batch input must have shape (N, 34), not {arr.shape}")
    if not arr.flags.c_contiguous:
        raise InvalidArgumentError("batch input must be C-contiguous: pass np.ascontiguousarray(arr)")
    for index, row in enumerate(arr):
        problem = _row_problem(row, complete_only) or (row_problem(row) if row_problem else None)
        if problem:
            raise InvalidHandError(f"row {index}: {problem}")
    return arr


def row_column(value: Any, n: int, name: str, highest: int, dtype: Any = np.uint8) -> np.ndarray:
    """A per-row array of length n (uint8, or ``dtype`` when ``highest`` needs more) from a scalar or an array (a
    score_batch input), every value an integer 0..``highest``. Bools, integers of any dtype and floats that hold
    an integer exactly are read as that integer; any other value — out of range, a fraction, NaN, an object
    that is not a number — is refused, naming the column and its first bad row, never wrapped or truncated."""
    if isinstance(value, (str, bytes, bytearray)):
        raise ArgumentTypeError(f"{name} must be a bool or an int 0..{highest}, or an array of them of length {n}, "
                                f"not {type(value).__name__} {shown(value, 60)}")  # fmt: skip
    try:
        values = np.asarray(value)
    except (ValueError, TypeError, OverflowError):
        raise InvalidArgumentError(f"{name} must be a scalar or an array of length {n}") from None
    if values.ndim > 1 or (values.ndim == 1 and values.shape[0] != n):
        raise InvalidArgumentError(f"{name} must be a scalar or an array of length {n}, not of shape {values.shape}")
    flat = values.reshape(-1)
    ok = _exact_in_range(flat, name, highest)
    if not ok.all():
        bad = int(np.flatnonzero(~ok)[0])
        where = f"{name}: row {bad} is" if values.ndim else f"{name} is"
        value = flat[bad].item() if isinstance(flat[bad], np.generic) else flat[bad]
        raise InvalidArgumentError(f"{where} {shown(value, 60)}: must be an integer 0..{highest}")
    column = flat.astype(dtype) if flat.dtype != object else np.array([int(v) for v in flat], dtype=dtype)
    return np.ascontiguousarray(np.broadcast_to(column.reshape(values.shape), (n,)))


def _exact_in_range(values: np.ndarray, name: str, highest: int) -> np.ndarray:
    """Which of ``values`` (one dimension) are integers 0..``highest`` exactly."""
    kind = values.dtype.kind
    if kind == "b":
        return np.ones(values.shape, dtype=bool)
    if kind in "iu":
        return (values >= 0) & (values <= highest)
    if kind == "f":
        with np.errstate(invalid="ignore"):
            return np.isfinite(values) & (values >= 0) & (values <= highest) & (values == np.floor(values))
    if kind == "O":
        return np.array([_exact_int(v) in range(highest + 1) for v in values], dtype=bool)
    raise ArgumentTypeError(f"{name} must hold integers 0..{highest} (or bools), not values of dtype {values.dtype}")


def _exact_int(value: Any) -> int | None:
    """A Python object's integer value if it holds one exactly (an int, a bool, a numpy integer, an integral
    float), else None."""
    if isinstance(value, (bool, int, np.integer, np.bool_)):
        return int(value)
    if isinstance(value, (float, np.floating)) and np.isfinite(value) and float(value).is_integer():
        return int(value)
    return None


def flag_column(value: Any, n: int, name: str) -> np.ndarray:
    """A per-row flag: bools, or the integers 0 and 1."""
    return row_column(value, n, name, 1)


def seat_column(value: Any, n: int, name: str) -> np.ndarray:
    """Seats or winds as 0..3, refused by row out of range; wind names are translated first."""
    if isinstance(value, (bytes, bytearray)):
        return row_column(value, n, name, 3)  # refused there, by type
    values = np.asarray(value)
    if values.dtype.kind in "US":
        values = np.vectorize(lambda seat: seat_index(str(seat), name), otypes=[np.uint8])(values)
    return row_column(values, n, name, 3)


def meld_slots(melds: Any, n: int, most: int = 4, feeders: bool = False) -> np.ndarray:
    """The declared melds of ``n`` batch rows as a C-contiguous uint8 array (n, slots, 2) of (MeldKind + 1,
    lowest tile), kind 0 for an empty slot, with 4 slots (or up to ``most``: Taiwan's 16-tile hands have 5);
    with ``feeders``, a third field may say who fed the meld (``Meld.from_offset`` 1..3, 0 for none). ``None``
    means no melds at all."""
    if melds is None:
        return np.zeros((n, 4, 2), dtype=np.uint8)
    slots = np.asarray(melds)
    fields = (2, 3) if feeders else (2,)
    if slots.dtype != np.uint8 or slots.ndim != 3 or slots.shape[0] != n or not 4 <= slots.shape[1] <= most \
            or slots.shape[2] not in fields:  # fmt: skip
        shape = f"({n}, {4 if most == 4 else f'4..{most}'}, {' or '.join(map(str, fields))})"
        raise InvalidArgumentError(f"melds must be a uint8 array of shape {shape}: (MeldKind + 1, tile"
                                   f"{', feeder' if feeders else ''}), kind 0 for an empty slot")  # fmt: skip
    return np.ascontiguousarray(slots)
