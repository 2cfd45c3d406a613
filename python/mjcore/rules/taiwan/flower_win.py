"""A flower win's situation (B.6), checked once for both backends: 八仙過海 (all eight flowers: paid as a
self-draw) or 七搶一 (a 7/1 split: the single flower's holder pays)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...errors import IllegalActionError, InvalidArgumentError
from ..regional import keywords as kw
from .situation import Situation

__all__ = ["FLOWER_WINS", "flower_situation"]

FLOWER_WINS = ("ba_xian_guo_hai", "qi_qiang_yi")


def flower_situation(kind: str, seat: Any, payer: Any, dealer: Any, streak: Any, eye_seats: Iterable[Any]) -> Situation:
    if kind not in FLOWER_WINS:
        raise InvalidArgumentError(f"flower win {kind!r} is not one of {', '.join(FLOWER_WINS)}")
    winner = kw.seat(seat, "seat")
    holder = kw.optional_seat(payer, "payer")
    if (kind == "qi_qiang_yi") != (holder is not None):
        raise InvalidArgumentError("payer: the single flower's holder pays 七搶一, and only it")
    if holder == winner:
        raise IllegalActionError("payer: the winner does not pay itself")
    eyes = tuple(sorted({kw.seat(s, "eye_seats") for s in eye_seats}))
    return Situation(seat=winner, dealer=kw.seat(dealer, "dealer"), streak=kw.count(streak, "streak", 0, 100),
                     self_drawn=holder is None, discarder=holder, eye_seats=eyes)  # fmt: skip
