"""Which twin decides and settles wins at a ruleset's table, by the ruleset's family: each family's ``PLAY``
(a ``TwinFamily``), named by its row in ``mjcore.rules.families``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from ...errors import RulesetError
from ...rules.families import FAMILIES, entries
from .aim import Aim
from .deal import Deal
from .deal_hooks import SettledWin
from .twin_family import TwinFamily

__all__ = ["TwinFamily", "deal_payments", "settled_wins", "table_aim", "twin_family"]

_FAMILIES: dict[str, TwinFamily] = entries("twin_table")  # every family's ``PLAY``, by family name


def twin_family(rules: Any) -> TwinFamily:
    """The twin table play of ``rules``' family; a family without it is refused by name."""
    family = _FAMILIES.get(getattr(rules, "family", None))
    if family is None:
        raise RulesetError(f"the pure-Python table plays {', '.join(_FAMILIES)} rulesets, not {rules.name!r} "
                           f"(family {getattr(rules, 'family', None)!r})")  # fmt: skip
    return family


def table_aim(rules: Any) -> Aim:
    """What the bots play for at ``rules``' table: the family's aim, offering the ruleset to the advisor bot where
    the advisor values the family's wins (its registry row's ``advisor``), as the engine's ``Adjudicator::aim``."""
    aim = twin_family(rules).aim(rules)
    row = FAMILIES.get(rules.family)
    return replace(aim, rules=rules) if row is not None and row.advisor else aim


def settled_wins(rules: Any, deal: Deal) -> list[SettledWin]:
    """Each win of the finished ``deal`` in the order won, as settled: as declared (推倒胡; a flower win), else by
    the family's ``settle`` from its hand and situation; a whole-deal settlement's payments replace the wins'
    own."""
    settle = twin_family(rules).settle
    wins = []
    for declared, settlement in zip(deal.declared, deal.settlements):
        if declared is None:
            assert settle is not None and settlement is not None
            wins.append(settle(rules, *settlement))
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
