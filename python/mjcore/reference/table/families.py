"""Which twin decides and settles wins at a ruleset's table, by the ruleset's family: the twin of the native
``WinRules`` seam (each family with table play adds one entry). A family is a win check (is this a legal win
and its fan) and a settlement (the win's pattern row, payments by table seat, liable seat)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Optional

from ...errors import RulesetError
from ...hand import Forms, Hand
from ...table.types import SEATS, WinCheck, WinSituation
from ..rules.mcr.at_table import mcr_win_check, settle_mcr_win
from .scoring_rules import scoring_win_check
from .aim import SPEED, Aim
from .deal import Deal
from .settlement import settle_win

__all__ = ["TwinFamily", "deal_payments", "twin_family"]

Settle = Callable[[Any, Hand, WinSituation], tuple[int, list[int], Optional[int]]]


@dataclass(frozen=True)
class TwinFamily:
    win_check: Callable[[Any], WinCheck]  # the ruleset's win check
    settle: Settle  # (ruleset, hand with its winning tile, situation) -> pattern row, payments, liable seat
    aim: Callable[[Any], Aim] = lambda rules: SPEED  # what the efficiency bot plays for (default: speed)


def _guangdong_aim(rules: Any) -> Aim:
    """Speed in the ruleset's winning forms (七对 at 贵港), as the engine's default ``aim``."""
    forms = ((Forms.STANDARD if rules.standard else 0) | (Forms.SEVEN_PAIRS if rules.seven_pairs else 0)
             | (Forms.THIRTEEN_ORPHANS if rules.thirteen_orphans else 0))  # fmt: skip
    return Aim(Forms(forms) or Forms.STANDARD)


_FAMILIES = {
    "guangdong": TwinFamily(scoring_win_check, settle_win, _guangdong_aim),
    # Every MCR form, with ready hands judged by the table: a wait below 8 fan is not worth waiting on.
    "mcr": TwinFamily(mcr_win_check, settle_mcr_win, lambda rules: Aim(Forms.ALL, mcr_win_check(rules))),
}


def twin_family(rules: Any) -> TwinFamily:
    """The twin table play of ``rules``' family; a family without it is refused by name."""
    family = _FAMILIES.get(getattr(rules, "family", None))
    if family is None:
        raise RulesetError(f"the pure-Python table plays {', '.join(_FAMILIES)} rulesets, not {rules.name!r} "
                           f"(family {getattr(rules, 'family', None)!r})")  # fmt: skip
    return family


def deal_payments(rules: Optional[Any], deal: Deal) -> Optional[tuple[int, ...]]:
    """Each seat's money over the finished deal's wins (一炮多响 settles each winner), None while it runs;
    zeros without a ruleset (a win check scores no money) or for an exhaustive draw."""
    if deal.outcome is None:
        return None
    total = [0] * SEATS
    if rules is not None:
        settle = twin_family(rules).settle
        for hand, situation in deal.settlements:
            total = [t + p for t, p in zip(total, settle(rules, hand, situation)[1])]
    return tuple(total)
