"""Which twin decides and settles wins at a ruleset's table, by the ruleset's family: the twin of the native
``WinRules`` seam (each family with table play adds one entry). A family is a win check (is this a legal win
and its fan) and a settlement (the win's pattern row, payments by table seat, liable seat)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Optional

from ...errors import RulesetError
from ...hand import Forms, Hand
from ...table.types import SEATS, WinCheck, WinSituation
from ..rules.mcr.at_table import mcr_win_check, settle_mcr_win
from ..rules.tdh.at_table import tdh_aim, tdh_win_check
from .scoring_rules import scoring_win_check
from .aim import SPEED, Aim
from .deal import Deal
from .deal_hooks import DealHooks, SettledWin
from .folk import FolkHooks, folk_aim, folk_win_check, settle_folk_win
from .settlement import settle_win
from .sichuan import SICHUAN_AIM, SichuanHooks, settle_sichuan_win, sichuan_win_check
from .taiwan import TAIWAN_AIM, TaiwanHooks, taiwan_win_check

__all__ = ["TwinFamily", "deal_payments", "settled_wins", "twin_family"]

Settle = Callable[[Any, Hand, WinSituation], tuple[int, list[int], Optional[int]]]


@dataclass(frozen=True)
class TwinFamily:
    win_check: Callable[[Any], WinCheck]  # the ruleset's win check (or its table hooks, which declare wins)
    # (ruleset, hand with its winning tile, situation) -> pattern row, payments, liable seat; None where the
    # win check's hooks settle each win as it is declared (deal_hooks.Declared)
    settle: Optional[Settle]
    aim: Callable[[Any], Aim] = lambda rules: SPEED  # what the efficiency bot plays for (default: speed)
    # What the family adds to the deal (deal_hooks); None: the win check's own (a plain check has none).
    hooks: Callable[[Any], Optional[DealHooks]] = lambda rules: None


def _guangdong_aim(rules: Any) -> Aim:
    """Speed in the ruleset's winning forms (七对 at 贵港), as the engine's default ``aim``."""
    forms = ((Forms.STANDARD if rules.standard else 0) | (Forms.SEVEN_PAIRS if rules.seven_pairs else 0)
             | (Forms.THIRTEEN_ORPHANS if rules.thirteen_orphans else 0))  # fmt: skip
    return Aim(Forms(forms) or Forms.STANDARD)


_FAMILIES = {
    "guangdong": TwinFamily(scoring_win_check, settle_win, _guangdong_aim),
    # Every MCR form, with ready hands judged by the table: a wait below 8 fan is not worth waiting on.
    "mcr": TwinFamily(mcr_win_check, settle_mcr_win, lambda rules: Aim(Forms.ALL, mcr_win_check(rules))),
    "tdh": TwinFamily(tdh_win_check, None, tdh_aim),  # its win check is its hooks (TdhAtTable)
    "sichuan": TwinFamily(sichuan_win_check, settle_sichuan_win, lambda rules: SICHUAN_AIM, SichuanHooks),
    # Its hooks settle each win as declared, with the 眼牌 seats of the moment (taiwan.TaiwanHooks.declare).
    "taiwan": TwinFamily(taiwan_win_check, None, lambda rules: TAIWAN_AIM, TaiwanHooks),
    "gd789": TwinFamily(folk_win_check, settle_folk_win, folk_aim, FolkHooks),
    "laozhang": TwinFamily(folk_win_check, settle_folk_win, folk_aim, FolkHooks),
}


def twin_family(rules: Any) -> TwinFamily:
    """The twin table play of ``rules``' family; a family without it is refused by name."""
    family = _FAMILIES.get(getattr(rules, "family", None))
    if family is None:
        raise RulesetError(f"the pure-Python table plays {', '.join(_FAMILIES)} rulesets, not {rules.name!r} "
                           f"(family {getattr(rules, 'family', None)!r})")  # fmt: skip
    return family


def settled_wins(rules: Any, deal: Deal) -> list[SettledWin]:
    """Each win of the finished ``deal`` in the order won, as settled: as declared (推倒胡; a flower win), else by
    the family's ``settle`` from its hand and situation; a whole-deal settlement's payments replace the wins'
    own."""
    settle = twin_family(rules).settle
    wins = []
    for declared, settlement in zip(deal.declared, deal.settlements):
        if declared is None:
            assert settle is not None and settlement is not None
            wins.append(SettledWin(*settle(rules, *settlement)))
        else:
            wins.append(declared.settled)
    if deal.deal_win_payments is not None:
        wins = [replace(w, payments=paid) for w, paid in zip(wins, deal.deal_win_payments)]
    return wins


def deal_payments(rules: Optional[Any], deal: Deal) -> Optional[tuple[int, ...]]:
    """Each seat's money over the finished deal's wins (一炮多响 settles each winner) and its other paying
    events (kong money, 跟庄, end checks), None while it runs; zeros without a ruleset (a win check scores no
    money) or for an exhaustive draw without paying events."""
    if deal.outcome is None:
        return None
    total = list(deal.event_payments)
    if rules is not None:
        for win in settled_wins(rules, deal):
            total = [t + p for t, p in zip(total, win.payments)]
    return tuple(total)
