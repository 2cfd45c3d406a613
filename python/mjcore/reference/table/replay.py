"""Replaying an event log, as the Rust ``table::replay``: the deal is rebuilt from the ``start`` line (wall,
dealer, round wind, labels), every recorded decision is applied in order, and the regenerated log must equal
the given one line for line."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from typing import Optional

from ...errors import InvalidArgumentError, MjcoreError, shown
from ...table.types import Action, WinCheck
from ...rules.table_rules import DEFAULT_TABLE_RULES, TableRules
from .deal import Deal
from .deal_hooks import DealHooks
from .wall import Wall

__all__ = ["replay"]


def replay(lines: Sequence[str], win_check: WinCheck, rules: TableRules = DEFAULT_TABLE_RULES,
           hooks: Optional[DealHooks] = None) -> Deal:
    if not lines:
        raise InvalidArgumentError("an empty log")
    start = _event(lines[0], 1)
    if start.get("type") != "start":
        raise InvalidArgumentError('log line 1 must be the "start" event')
    with _at_line(1):
        deal = Deal(start["seed"], start["deal"], start["dealer"], start["round_wind"], win_check,
                    Wall(start["wall"], rules), rules, hooks)
    for number, line in enumerate(lines[1:], start=2):
        event = _event(line, number)
        if event.get("type") == "act":
            with _at_line(number):
                if deal.to_act() != event["seat"]:
                    expected = "no seat to act" if deal.to_act() is None else f"seat {deal.to_act()}"
                    raise InvalidArgumentError(
                        f"log line {number}: seat {event['seat']} acts, but the replay expects {expected}"
                    )
                deal.step(Action(event["action"], event["tile"]))
    regenerated = deal.log_lines()
    for number, (ours, theirs) in enumerate(zip(regenerated, lines), start=1):
        if ours != theirs:
            raise InvalidArgumentError(f"log line {number}: the replay gives {ours}")
    if len(regenerated) != len(lines):
        raise InvalidArgumentError(f"the log has {len(lines)} lines, the replay {len(regenerated)}")
    return deal


def _event(line: str, number: int) -> dict:
    """One log line's JSON object; anything else (not JSON, a number too long to read, a list) is refused,
    naming the line."""
    try:
        event = json.loads(line)
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError, as is a 5,000-digit number
        raise InvalidArgumentError(f"log line {number}: not a JSON object ({shown(str(error), 120)})") from None
    if not isinstance(event, dict):
        raise InvalidArgumentError(f"log line {number}: not a JSON object but {shown(event, 60)}")
    return event


@contextlib.contextmanager
def _at_line(number: int) -> Iterator[None]:
    """A field that is missing or of the wrong kind in log line ``number`` (a seat given as text, a wall that
    is not a list) is refused naming the line, as the native replay does."""
    try:
        yield
    except MjcoreError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as error:
        raise InvalidArgumentError(f"log line {number}: a missing or malformed field ({type(error).__name__}: "
                                   f"{shown(str(error), 120)})") from None  # fmt: skip

