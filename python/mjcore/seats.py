"""Seats and winds, as every family and both backends read them (base layer).

Seats are 0..3 = East, South, West, North in turn order; the dealer sits East (RULES.md OC-1), so a seat is
also its seat wind. A seat may be given as that int, ``"E"``/``"East"``/``"东"``, etc. One module for it so
that no family's situation becomes every other family's seat helper.
"""

from __future__ import annotations

from typing import Union

from .errors import ArgumentTypeError, InvalidArgumentError, shown

__all__ = ["SEAT_NAMES", "Seat", "seat_index"]

SEAT_NAMES = ("East", "South", "West", "North")
_SEAT_ALIASES = {alias: seat for seat, names in enumerate(zip("ESWN", SEAT_NAMES, "东南西北", "東南西北"))
                 for alias in names}  # fmt: skip

Seat = Union[int, str]


def seat_index(seat: Seat, what: str = "seat") -> int:
    """0..3 for a seat given as an int or a wind name."""
    if isinstance(seat, bool):
        raise ArgumentTypeError(f"{what} must be 0..3 or a wind name, not bool")
    if isinstance(seat, int):
        if seat in range(4):
            return seat
    elif isinstance(seat, str):
        if seat in _SEAT_ALIASES:
            return _SEAT_ALIASES[seat]
    else:
        raise ArgumentTypeError(f"{what} must be 0..3 or a wind name, not {type(seat).__name__}")
    raise InvalidArgumentError(f"{what} {shown(seat)} is not 0..3 or one of E S W N / East … / 东南西北")
