"""Checks of plain arguments (numbers, index arrays, reset options), shared by every entry point that hands them to
the core: the message names the argument and its range, where the native conversion would raise a bare
``OverflowError`` or quietly truncate a float. Nothing is converted that is not already what it must be."""

from __future__ import annotations

import math
import operator
import os
import warnings
from typing import Optional

import numpy as np

from .errors import ArgumentTypeError, InvalidArgumentError, UnusedOptionWarning, shown

# Seeds, deal counts and deal indices are u64 in the engine (each deal's random stream is keyed by seed and index).
U64_MAX = 2**64 - 1
I64_MAX = 2**63 - 1


def check_u64(name: str, value: object) -> int:
    """``value`` if it is an int in 0..2**64-1 (not a bool); else ``InvalidArgumentError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= U64_MAX:
        raise InvalidArgumentError(f"{name} must be an int in 0..2**64-1, not {shown(value)}")
    return value


def check_flag(name: str, value: object) -> bool:
    """``value`` if it is exactly True or False; else ``ArgumentTypeError`` naming ``name``: ``1``, ``"yes"``
    or an array is a mistake, not a truthy value."""
    if value is True or value is False:
        return value
    raise ArgumentTypeError(f"{name} must be a bool, not {type(value).__name__}")


def check_index(name: str, value: object) -> int:
    """``value`` as an int if it is one (a Python or numpy integer, not a bool); else ``InvalidArgumentError``
    naming ``name``. A float is refused rather than truncated: 3.7 is no action index."""
    if type(value) is int:  # the usual case, checked first: an AEC step takes a few microseconds in all
        return value
    if not isinstance(value, (bool, np.bool_)):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise InvalidArgumentError(f"{name} must be an int, not {shown(value)}")


def check_index_array(name: str, values: object, length: int) -> np.ndarray:
    """``values`` as a C-contiguous int64 array of shape (length,) if they are that many ints; else
    ``InvalidArgumentError`` naming ``name`` and what is wrong (the shape, or the dtype: floats, bools and
    strings are refused rather than converted)."""
    array = np.asarray(values)
    if array.shape != (length,):
        raise InvalidArgumentError(f"{name} must have shape ({length},), not {array.shape}")
    if array.dtype.kind not in "iu":
        raise InvalidArgumentError(f"{name} must be ints, not {array.dtype} (first values: {array[:4].tolist()})")
    if array.dtype == np.uint64 and length and int(array.max()) > np.iinfo(np.int64).max:
        raise InvalidArgumentError(f"{name} must be ints below 2**63, not {int(array.max())}")
    return np.ascontiguousarray(array, dtype=np.int64)


def check_int_in(name: str, value: object, low: int, high: int) -> int:
    """``value`` if it is an int (not a bool, not a float) in ``low..high``; else ``InvalidArgumentError``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise InvalidArgumentError(f"{name} must be an int in {low}..{high}, not {shown(value)}")
    return int(value)


# More worker threads than this is a mistake (a thread count of 2**64 would not reach the core as a number).
MAX_THREADS = 1024


def check_threads(value: object) -> Optional[int]:
    """A thread count: None (every core) or an int 1..MAX_THREADS."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_THREADS):
        raise InvalidArgumentError(f"threads must be None (all cores) or an int 1..{MAX_THREADS}, not {shown(value)}")
    return value


def available_memory() -> Optional[int]:
    """The bytes of memory this machine can still give a process (``MemAvailable`` of /proc/meminfo, else the
    free physical pages), or None where neither can be read."""
    try:
        with open("/proc/meminfo", "rb") as meminfo:
            for line in meminfo:
                if line.startswith(b"MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None


def check_positive_real(name: str, value: object) -> float:
    """``value`` as a float if it is a finite real number above 0 (not a bool, not a string)."""
    refused = InvalidArgumentError(f"{name} must be a finite number above 0, not {shown(value)}")
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise refused
    try:
        real = float(value)  # an int beyond float's range overflows here
    except OverflowError:
        raise refused from None
    if not math.isfinite(real) or real <= 0:
        raise refused
    return real


def check_choice(name: str, value: object, choices: tuple[Optional[str], ...]) -> Optional[str]:
    """``value`` if it is one of ``choices`` (strings, and None where None is one); else
    ``InvalidArgumentError`` naming ``name`` and the choices. Compared by type first, so that an array or an
    object with a strange ``__eq__`` is refused rather than compared."""
    if (value is None and None in choices) or (isinstance(value, str) and value in choices):
        return value
    listed = ", ".join("None" if choice is None else repr(choice) for choice in choices)
    raise InvalidArgumentError(f"{name} must be one of {listed}, not {shown(value)}")


def check_options(options: object, known: tuple[str, ...]) -> dict:
    """A ``reset(options=...)`` dict (None is empty). A key outside ``known`` is warned of
    (``UnusedOptionWarning``) and left unread; a value that is not a dict is refused."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise InvalidArgumentError(f"options must be a dict or None, not {shown(options)}")
    unknown = [key for key in options if key not in known]
    if unknown:
        warnings.warn(f"reset options {unknown} are not read by mjcore (it reads {list(known)})",
                      UnusedOptionWarning, stacklevel=3)
    return options
