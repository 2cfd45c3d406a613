"""The checks every regional family applies to its own situation keywords (``mjcore.score`` refuses unknown
names before they reach them, listing the valid ones)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import ArgumentTypeError, InvalidArgumentError, shown
from ...seats import seat_index

__all__ = ["check_names", "flag", "seat", "optional_seat", "count"]

NO_SEAT = 255  # an absent seat (or suit) across the native boundary


def check_names(family: str, given: Mapping[str, Any], valid: tuple[str, ...]) -> None:
    if "situation" in given:
        raise InvalidArgumentError(f"{family} takes its situation as keywords ({', '.join(valid)}), not a "
                                   "situation object")  # fmt: skip
    unknown = [name for name in given if name not in valid]
    if unknown:
        raise InvalidArgumentError(f"{unknown[0]!r} is not a situation keyword of {family}: the valid ones are "
                                   f"{', '.join(valid)}")  # fmt: skip


def flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise ArgumentTypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


def seat(value: Any, name: str) -> int:
    return seat_index(value, name)


def optional_seat(value: Any, name: str) -> int | None:
    return None if value is None else seat_index(value, name)


def count(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise InvalidArgumentError(f"{name} must be {low}..{high}, not {shown(value)}")
    return value
