"""Replaying an event log, as the Rust ``table::replay``: the deal is rebuilt from the ``start`` line (wall,
dealer, round wind, labels), every recorded decision is applied in order, and the regenerated log must equal
the given one line for line."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Optional

from ...errors import InvalidArgumentError
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
    start = json.loads(lines[0])
    if start.get("type") != "start":
        raise InvalidArgumentError('log line 1 must be the "start" event')
    deal = Deal(start["seed"], start["deal"], start["dealer"], start["round_wind"], win_check,
                Wall(start["wall"], rules), rules, hooks)
    for number, line in enumerate(lines[1:], start=2):
        event = json.loads(line)
        if event.get("type") == "act":
            if deal.to_act() != event["seat"]:
                raise InvalidArgumentError(
                    f"log line {number}: seat {event['seat']} acts, but the replay expects {deal.to_act()}"
                )
            deal.step(Action(event["action"], event["tile"]))
    regenerated = deal.log_lines()
    for number, (ours, theirs) in enumerate(zip(regenerated, lines), start=1):
        if ours != theirs:
            raise InvalidArgumentError(f"log line {number}: the replay gives {ours}")
    if len(regenerated) != len(lines):
        raise InvalidArgumentError(f"the log has {len(lines)} lines, the replay {len(regenerated)}")
    return deal
