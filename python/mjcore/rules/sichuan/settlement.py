"""A Sichuan deal's settlement backed by the Rust core (the twin of ``mjcore.reference.rules.sichuan.settlement``):
kong money, each win's payments and 呼叫转移, and the checks of a 流局."""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from ...errors import ArgumentTypeError, InvalidArgumentError
from .events import MONEY_KINDS, STATUSES, EndHand, Event, Settlement, end_hands, native_events
from .situation import NO_SEAT

__all__ = ["settle"]


def settle(events: Iterable[Event], end: Iterable[EndHand] | None = None, *, ruleset="sichuan",
           wall_exhausted: bool = True) -> Settlement:  # fmt: skip
    """Each seat's money by event type over a deal's ``events`` (in order): kong money (刮风下雨) at once, each
    win's payments and 呼叫转移, then at a 流局 (``wall_exhausted`` with two or more seats not won) 退税,
    查花猪 and 查大叫 over ``end``, the final hands of the checked seats. See ``mjcore.rules.sichuan.events``."""
    from ... import _core
    from ..registry import load_ruleset

    rules = load_ruleset(ruleset)
    if getattr(rules, "family", None) != "sichuan":
        raise InvalidArgumentError("settle takes a sichuan ruleset")
    if not isinstance(wall_exhausted, bool):
        raise ArgumentTypeError("wall_exhausted must be a bool")
    rows = native_events(events)
    ends = [(e.seat, bytes(e.hand.concealed), [m.as_tuple() for m in e.hand.melds], e.hand.wilds, e.hand.flower_bits,
             NO_SEAT if e.void is None else e.void, e.void_discards,
             None if e.visible is None else bytes(e.visible)) for e in end_hands(end).values()]  # fmt: skip
    money, status, winners = _core.sichuan_settle(rules.compiled, rows, ends, wall_exhausted)
    by_kind = {kind: tuple(money[i]) for i, kind in enumerate(MONEY_KINDS)}
    statuses = tuple(STATUSES[s] for s in status)
    return Settlement(MappingProxyType(by_kind), statuses, tuple(winners))  # type: ignore[arg-type]
