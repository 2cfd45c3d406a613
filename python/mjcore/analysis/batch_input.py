"""Validation of the numpy arrays the batch functions take, shared by both backends' Python layers.

A batch is a C-contiguous ``uint8`` array of shape (N, 34): one row of concealed counts per hand. The whole
array is checked before any work starts, and the first bad row is named by its index.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..errors import InvalidArgumentError, InvalidHandError
from ..hand import MAX_SETS
from ..seats import seat_index
from ..tiles import NUM_KINDS, tile_name

__all__ = ["checked_batch", "meld_slots", "row_column", "seat_column"]


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
        raise TypeError(f"batch input must be a numpy uint8 array of shape (N, 34), not {type(arr).__name__}")
    if arr.dtype != np.uint8:
        raise TypeError(f"batch input must be a numpy uint8 array of shape (N, 34), not of dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] != NUM_KINDS:
        raise InvalidArgumentError(f"batch input must have shape (N, 34), not {arr.shape}")
    if not arr.flags.c_contiguous:
        raise InvalidArgumentError("batch input must be C-contiguous: pass np.ascontiguousarray(arr)")
    for index, row in enumerate(arr):
        problem = _row_problem(row, complete_only) or (row_problem(row) if row_problem else None)
        if problem:
            raise InvalidHandError(f"row {index}: {problem}")
    return arr


def row_column(value: Any, n: int, name: str) -> np.ndarray:
    """A per-row uint8 array of length n from a scalar or an array (a score_batch input)."""
    try:
        return np.ascontiguousarray(np.broadcast_to(np.asarray(value), (n,)), dtype=np.uint8)
    except ValueError:
        raise InvalidArgumentError(f"{name} must be a scalar or an array of length {n}") from None


def seat_column(value: Any, n: int, name: str) -> np.ndarray:
    """Seats or winds as 0..3 (the engine names a row out of range); wind names are translated first."""
    values = np.asarray(value)
    if values.dtype.kind in "US":
        values = np.vectorize(lambda seat: seat_index(str(seat), name), otypes=[np.uint8])(values)
    return row_column(values, n, name)


def meld_slots(melds: Any, n: int) -> np.ndarray:
    """The declared melds of ``n`` batch rows as a C-contiguous uint8 array (n, 4, 2) of (MeldKind + 1, lowest
    tile), kind 0 for an empty slot; ``None`` means no melds at all."""
    if melds is None:
        return np.zeros((n, 4, 2), dtype=np.uint8)
    slots = np.asarray(melds)
    if slots.dtype != np.uint8 or slots.shape != (n, 4, 2):
        raise InvalidArgumentError(f"melds must be a uint8 array of shape ({n}, 4, 2): (MeldKind + 1, tile), "
                                   "kind 0 for an empty slot")  # fmt: skip
    return np.ascontiguousarray(slots)
