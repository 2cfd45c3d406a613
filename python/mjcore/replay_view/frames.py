"""A deal's log as frames: the engine replays the log's decisions one at a time from the logged wall, and after
each decision every seat's state is read off the table (no table logic is written twice)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, Optional

from ..errors import InvalidArgumentError
from .advice import DEFAULT_MAX_DRAWS, decision_advice
from ..rules.registry import RulesetLike
from ..table import Table
from ..table.types import Action, Winner
from ..tiles import tile_name

__all__ = ["Frame", "deal_frames", "code_name"]

FIRST_FLOWER = 34  # wall codes 34..41: the flowers 1f..8f (推倒胡's flower ghosts are held in the hand)

_SEAT_NAMES = ("East", "South", "West", "North")


@dataclass(frozen=True)
class Frame:
    """The table after one decision (frame 0: as dealt)."""

    caption: str  # the decision that led here, e.g. "seat 2: discard 5m"
    hands: tuple[tuple[int, ...], ...]  # per seat: concealed tiles in kind order, then flower ghosts (34..41)
    drawn: tuple[Optional[int], ...]  # per seat: the tile just drawn
    melds: tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]  # per seat: (kind, tiles)
    discards: tuple[tuple[tuple[int, Optional[int]], ...], ...]  # per seat: (tile, claimed_by) in order
    wall_remaining: int
    to_act: Optional[int]
    settlement: Optional[str]  # once the deal is over: the winners and payments
    # ``--advise SEAT``: the advisor's table for the viewed seat's next decision, made from this frame (see
    # ``advice.decision_advice``), or None
    advice: Optional[dict[str, Any]] = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def code_name(code: int) -> str:
    """A wall code's name: a kind's mpsz name, a flower's ``1f``..``8f``."""
    return f"{code - FIRST_FLOWER + 1}f" if code >= FIRST_FLOWER else tile_name(code)


def _describe(action: Action) -> str:
    return action.kind if action.tile is None else f"{action.kind} {code_name(action.tile)}"


def _frame(table: Table, caption: str) -> Frame:
    views = [table.observation(seat) for seat in range(4)]
    history = views[0].discard_history
    settlement = None
    outcome = table.outcome()
    if outcome is not None:
        paid = table.payments() or (0, 0, 0, 0)
        winners = ", ".join(f"seat {w.seat} wins on {code_name(w.tile)}"
                            f"{' self-drawn' if w.from_seat is None else f' from seat {w.from_seat}'} ({w.fan} fan)"
                            for w in outcome) or "exhaustive draw"
        settlement = f"{winners}; payments {', '.join(f'{p:+d}' for p in paid)}{_horses(table, outcome)}"
    return Frame(
        caption=caption,
        hands=tuple(tuple(k for k in range(34) for _ in range(v.hand[k]))
                    + tuple(FIRST_FLOWER + f for f in v.flower_ghosts) for v in views),
        drawn=tuple(v.drawn for v in views),
        melds=tuple(tuple((m.kind.name.lower(), m.tiles) for m in views[0].melds[seat]) for seat in range(4)),
        discards=tuple(tuple((d.tile, d.claimed_by) for d in history[seat]) for seat in range(4)),
        wall_remaining=views[0].wall_remaining,
        to_act=table.to_act(),
        settlement=settlement,
    )


def _horses(table: Table, outcome: Sequence[Winner]) -> str:
    """The horses (买马) the wins turned — each tile, its buyer and the seat it picks — and the horse money
    inside the payments (789's mirror bets), or nothing without horses."""
    shown = "; ".join(f"seat {w.seat}'s horses " + ", ".join(f"{code_name(h.tile)} (seat {h.buyer} buys seat {h.seat})"
                                                              for h in w.horses)
                      for w in outcome if w.horses)  # fmt: skip
    if not shown:
        return ""
    money = table.horse_money() or (0, 0, 0, 0)
    return f"; {shown}" + (f"; horse money {', '.join(f'{p:+d}' for p in money)}" if any(money) else "")


def _events(lines: Sequence[str]) -> list[tuple[int, dict[str, Any]]]:
    """The log's events with their line numbers (blank lines skipped); a line that is not a JSON object is
    refused by its number."""
    events = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as error:
            raise InvalidArgumentError(f"line {number} of the deal log is not JSON: {error.msg} "
                                       f"(column {error.colno})") from None
        if not isinstance(event, dict):
            raise InvalidArgumentError(f"line {number} of the deal log is not a JSON object: {line.strip():.60}")
        events.append((number, event))
    return events


def _field(event: dict[str, Any], number: int, name: str) -> Any:
    """``event[name]``, or an error naming the line and the missing field."""
    try:
        return event[name]
    except KeyError:
        raise InvalidArgumentError(f"line {number} of the deal log: its {event.get('type', 'untyped')!r} event "
                                   f"has no {name!r}") from None


def deal_frames(lines: Sequence[str], ruleset: Optional[RulesetLike] = "gd-cgc5", advise_seat: Optional[int] = None,
                max_draws: int = DEFAULT_MAX_DRAWS) -> list[Frame]:  # fmt: skip
    """One frame as dealt, then one after every decision of the log. ``ruleset``: the rules the deal was played
    under (its wall and decisions must be legal there). The log is checked first exactly as ``Table.replay``
    checks it (every line must be what the replay regenerates: a draw of another tile, a changed field is
    refused, naming the line). ``advise_seat``: the frame before each decision that seat makes in its own turn
    holds the discard advisor's table for it (``advice.decision_advice``, at most ``max_draws`` draws)."""
    if advise_seat is not None and (isinstance(advise_seat, bool) or advise_seat not in range(4)):
        raise InvalidArgumentError(f"the advised seat must be 0..3, not {advise_seat!r}")
    Table(ruleset=ruleset).replay(lines)
    events = _events(lines)
    if not events or events[0][1].get("type") != "start":
        raise InvalidArgumentError("a deal log starts with its start event")
    number, start = events[0]
    seed, deal, dealer, wind, wall = (_field(start, number, name)
                                      for name in ("seed", "deal", "dealer", "round_wind", "wall"))
    table = Table(ruleset=ruleset)
    table.reset(seed, deal, dealer, wind, wall=wall)
    frames = [_frame(table, f"dealt: seed {seed}, deal {deal}, dealer seat {dealer}")]
    for number, event in events[1:]:
        if event.get("type") != "act":
            continue
        seat = _field(event, number, "seat")
        action = Action(_field(event, number, "action"), event.get("tile"))
        if seat != table.to_act():
            raise InvalidArgumentError(f"line {number} of the deal log: seat {seat!r} acts where seat "
                                       f"{table.to_act()} is to act")
        if seat == advise_seat:
            advice = decision_advice(table, seat, action, ruleset, max_draws)
            if advice is not None:
                frames[-1] = replace(frames[-1], advice=advice)
        table.step(action)
        frames.append(_frame(table, f"seat {seat} ({_SEAT_NAMES[(seat - dealer) % 4]}): {_describe(action)}"))
    return frames
