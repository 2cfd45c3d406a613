"""What a family brings to the twin's table, the twin of the native ``WinRules`` seam: a win check (is this a
legal win and its fan) and a settlement (the win's pattern row, payments by table seat, liable seat), what the
efficiency bot plays for and what the family adds to the deal. Each family's table module defines its ``PLAY``;
``families`` finds it through the family's row (``mjcore.rules.families``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Optional

from ...hand import Hand
from ...table.types import WinCheck, WinSituation
from .aim import SPEED, Aim
from .deal_hooks import DealHooks, SettledWin

__all__ = ["Settle", "TwinFamily"]

Settle = Callable[[Any, Hand, WinSituation], SettledWin]


@dataclass(frozen=True)
class TwinFamily:
    win_check: Callable[[Any], WinCheck]  # the ruleset's win check (or its table hooks, which declare wins)
    # (ruleset, hand with its winning tile, situation) -> the win settled (pattern row, payments, liable seat,
    # rows scored); None where the win check's hooks settle each win as it is declared (deal_hooks.Declared)
    settle: Optional[Settle]
    aim: Callable[[Any], Aim] = lambda rules: SPEED  # what the efficiency bot plays for (default: speed)
    # What the family adds to the deal (deal_hooks); None: the win check's own (a plain check has none).
    hooks: Callable[[Any], Optional[DealHooks]] = lambda rules: None
