"""Event log lines, byte for byte as the Rust engine's ``table::log`` (see its documentation for every event):
one JSON object per line, keys in a fixed order, no spaces."""

from __future__ import annotations

import json
from typing import Any, Optional

from ...hand import Meld, MeldKind
from ...table.types import Action, Winner

__all__ = ["MELD_KIND_NAMES", "start", "draw", "flower", "act", "meld", "win", "swap", "end", "to_json"]

MELD_KIND_NAMES = {
    MeldKind.CHI: "chi",
    MeldKind.PON: "pon",
    MeldKind.KONG: "kong",
    MeldKind.ADDED_KONG: "added_kong",
    MeldKind.CONCEALED_KONG: "concealed_kong",
}

Event = dict[str, Any]


def start(seed: int, deal: int, dealer: int, round_wind: int, wall: tuple[int, ...]) -> Event:
    return {"type": "start", "seed": seed, "deal": deal, "dealer": dealer, "round_wind": round_wind, "wall": list(wall)}


def draw(seat: int, tile: int, replacement: bool) -> Event:
    return {"type": "draw", "seat": seat, "tile": tile, "replacement": replacement}


def flower(seat: int, flower: int) -> Event:
    return {"type": "flower", "seat": seat, "flower": flower}


def act(seat: int, action: Action) -> Event:
    return {"type": "act", "seat": seat, "action": action.kind, "tile": action.tile}


def meld(seat: int, m: Meld, from_seat: Optional[int], returned: bool = False) -> Event:
    """``returned``: a 补杠 onto a pon made with its fourth tile in hand (回头杠), written only when true."""
    event = {"type": "meld", "seat": seat, "kind": MELD_KIND_NAMES[m.kind], "tile": m.tile, "claimed": m.claimed,
             "from": from_seat}
    if returned:
        event["returned"] = True
    return event


def win(w: Winner) -> Event:
    return {"type": "win", "seat": w.seat, "tile": w.tile, "from": w.from_seat, "robbing_kong": w.robbing_kong,
            "fan": w.fan}


def win_events(w: Winner) -> list[Event]:
    """The win, then the horses (买马) it turned, if any: each one's wall code, buyer and the seat it picks."""
    events = [win(w)]
    if w.horses:
        events.append({"type": "horses", "seat": w.seat, "tiles": [h.tile for h in w.horses],
                       "buyers": [h.buyer for h in w.horses], "picks": [h.seat for h in w.horses]})  # fmt: skip
    return events


def swap(direction: int) -> Event:
    """换三张: every seat's picks passed ``direction`` seats on."""
    return {"type": "swap", "direction": direction}


def abortive(reason: str) -> Event:
    """An abortive draw ends the deal (Taiwan OC-T15): ``reason`` "four_winds" (四風連打) or "four_kongs" (四槓)."""
    return {"type": "abortive", "reason": reason}


def end(winners: list[Winner], wall_left: int) -> Event:
    return {"type": "end", "exhaustive": not winners, "winners": [w.seat for w in winners], "wall_left": wall_left}


def to_json(event: Event) -> str:
    return json.dumps(event, separators=(",", ":"))
