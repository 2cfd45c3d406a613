"""Validation of the numpy arrays the batch functions take, shared by both backends' Python layers.

A batch is a C-contiguous ``uint8`` array of shape (N, 34): one row of concealed counts per hand. The whole
array is checked before any work starts, and the first bad row is named by its index.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .errors import InvalidArgumentError, InvalidHandError
from .hand import Hand
from .tiles import NUM_KINDS

__all__ = ["checked_batch"]


def _first_problem(row: np.ndarray, complete_only: bool) -> str:
    """Why a row is not a hand (or, for win checks, not a 3n+2-tile hand), in the words of ``Hand``."""
    try:
        hand = Hand(tuple(int(n) for n in row))
    except InvalidHandError as problem:
        return str(problem)
    assert complete_only and not hand.is_complete_size  # the only other reason a row is rejected
    return f"a win needs 3n+2 tiles, but this row holds {hand.size} (3n+1: waiting for a tile)"


def checked_batch(arr: Any, *, complete_only: bool) -> np.ndarray:
    """``arr`` itself once it is known to be a valid batch: every row a hand of 3n+1 or 3n+2 tiles (only 3n+2
    when ``complete_only``) with n ≤ 5 and counts 0..4.

    A non-array or a wrong dtype is a TypeError; a wrong shape or memory layout an InvalidArgumentError; a bad
    row an InvalidHandError that names the row.
    """
    if not isinstance(arr, np.ndarray):
        raise TypeError(f"batch input must be a numpy uint8 array of shape (N, 34), not {type(arr).__name__}")
    if arr.dtype != np.uint8:
        raise TypeError(f"batch input must have dtype uint8, not {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] != NUM_KINDS:
        raise InvalidArgumentError(f"batch input must have shape (N, 34), not {arr.shape}")
    if not arr.flags.c_contiguous:
        raise InvalidArgumentError("batch input must be C-contiguous (use numpy.ascontiguousarray)")
    sizes = arr.sum(axis=1, dtype=np.int64)
    bad = (arr > 4).any(axis=1) | (sizes % 3 == 0) | (sizes > 17)
    if complete_only:
        bad |= sizes % 3 != 2
    if bad.any():
        row = int(np.argmax(bad))
        raise InvalidHandError(f"row {row}: {_first_problem(arr[row], complete_only)}")
    return arr
