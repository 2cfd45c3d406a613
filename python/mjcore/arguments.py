"""Checks of plain numeric arguments, shared by every entry point that hands them to the core: the message names
the argument and its range, where the native conversion would raise a bare ``OverflowError``."""

from __future__ import annotations

from .errors import InvalidArgumentError

# Seeds, deal counts and deal indices are u64 in the engine (each deal's random stream is keyed by seed and index).
U64_MAX = 2**64 - 1


def check_u64(name: str, value: object) -> int:
    """``value`` if it is an int in 0..2**64-1 (not a bool); else ``InvalidArgumentError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= U64_MAX:
        raise InvalidArgumentError(f"{name} must be an int in 0..2**64-1, not {value!r}")
    return value
