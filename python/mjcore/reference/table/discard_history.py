"""Every seat's discards in the order made, each marked with the seat that claimed it — read off the event log,
as the Rust ``table::observation::discard_history`` does, so the deal itself keeps no extra state for it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from ...table.types import SEATS, Discard

__all__ = ["discard_history"]

_CLAIMED_MELDS = frozenset({"chi", "pon", "kong"})


def discard_history(events: Sequence[dict[str, Any]]) -> tuple[tuple[Discard, ...], ...]:
    """A claim is the meld formed from the last discard. Under 明杠可抢 a kong claimed from a discard and then
    robbed forms no meld, so the robbing win marks the discard as the konger's (the konger's last decision was
    that ``kong`` claim, not an ``added_kong`` of its own). A robbed kong's tile was never discarded."""
    history: list[list[Discard]] = [[] for _ in range(SEATS)]
    last_discarder: Optional[int] = None
    last_action: list[Optional[str]] = [None] * SEATS

    def mark(discarder: Optional[int], by: int) -> None:
        if discarder is not None and history[discarder]:
            history[discarder][-1] = history[discarder][-1]._replace(claimed_by=by)

    for event in events:
        kind = event["type"]
        if kind == "act":
            last_action[event["seat"]] = event["action"]
            if event["action"] in ("discard", "eye"):  # 眼牌 declares and discards at once
                history[event["seat"]].append(Discard(event["tile"]))
                last_discarder = event["seat"]
        elif kind == "meld" and event["kind"] in _CLAIMED_MELDS:
            mark(event["from"], event["seat"])
        elif kind == "win" and event["robbing_kong"] and last_action[event["from"]] == "kong":
            mark(last_discarder, event["from"])
    return tuple(tuple(seat) for seat in history)
