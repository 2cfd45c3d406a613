"""The situation keywords of ``score`` under a regional family: which the caller gave, and the checks every
family applies to its own (unknown names refused by name, with the valid ones listed)."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import InvalidArgumentError
from ..situation import seat_index

__all__ = ["given_keywords", "check_names", "flag", "seat", "optional_seat", "count"]

NO_SEAT = 255  # an absent seat (or suit) across the native boundary

# The parameters of ``score`` that are not situation keywords.
_NOT_SITUATION = ("hand", "win_tile", "ruleset")


@functools.lru_cache(maxsize=None)
def _defaults(score: Callable[..., Any]) -> tuple[tuple[str, Any], ...]:
    """(name, default) of the situation parameters of ``score``, read once per function."""
    return tuple((name, p.default) for name, p in inspect.signature(score).parameters.items()
                 if name not in _NOT_SITUATION and p.kind != p.VAR_KEYWORD)  # fmt: skip


def given_keywords(score: Callable[..., Any], values: Mapping[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """The situation keywords a call of ``score`` gave: its shared keywords that differ from their defaults
    (a shared keyword passed at its default cannot be told apart from an omitted one), then ``extra``, the
    family's own keywords."""
    given = {name: values[name] for name, default in _defaults(score)
             if values[name] is not default and values[name] != default}  # fmt: skip
    return {**given, **extra}


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
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


def seat(value: Any, name: str) -> int:
    return seat_index(value, name)


def optional_seat(value: Any, name: str) -> int | None:
    return None if value is None else seat_index(value, name)


def count(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise InvalidArgumentError(f"{name} must be {low}..{high}, not {value}")
    return value
