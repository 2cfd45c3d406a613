"""What a twin deal's wins pay, by the ruleset's scoring — the twin of the settlement the Rust
``ScoringRules`` gives each win — for ``mjcore.reference.simulate``'s per-deal rows and ``Table.payments``
(through ``families``)."""

from __future__ import annotations

from typing import Any, Optional

from ....hand import Forms, Hand
from ....rules.registry import Ruleset
from ....table.types import SEATS, WinSituation
from ...table.aim import Aim
from ...table.deal_hooks import DealHooks, SettledWin
from ...table.scoring_rules import scoring_situation, scoring_win_check
from ...table.twin_family import TwinFamily
from .scorer import best_fan, payments

__all__ = ["settle_win"]


def settle_win(rules: Ruleset, hand: Hand, situation: WinSituation) -> SettledWin:
    """A settled win's pattern row, payments by table seat and liable table seat."""
    waiting = list(hand.concealed)
    waiting[situation.tile] -= 1  # scoring takes the hand without its winning tile
    scored_hand = Hand(tuple(waiting), hand.melds)
    where = scoring_situation(situation)
    fan = best_fan(scored_hand, situation.tile, rules, where)
    by_wind, liable = payments(scored_hand, rules, where, fan["total_fan"])
    row = next(i for i, p in enumerate(rules.patterns) if p.key == fan["pattern"])

    def wind(seat: int) -> int:
        return (seat - situation.dealer) % SEATS

    return SettledWin(row, tuple(by_wind[wind(seat)] for seat in range(SEATS)),
                      None if liable is None else (liable + situation.dealer) % SEATS)


def _guangdong_aim(rules: Any) -> Aim:
    """Speed in the ruleset's winning forms (七对 at 贵港), as the engine's default ``aim``."""
    forms = ((Forms.STANDARD if rules.standard else 0) | (Forms.SEVEN_PAIRS if rules.seven_pairs else 0)
             | (Forms.THIRTEEN_ORPHANS if rules.thirteen_orphans else 0))  # fmt: skip
    return Aim(Forms(forms) or Forms.STANDARD)


class _GuangdongHooks(DealHooks):
    """The plain table but for how it counts 十二张落地 (OC-14): as the ruleset's scorer does."""

    def __init__(self, rules: Ruleset) -> None:
        self.twelve_tiles_count = rules.liabilities.twelve_tiles_count


def _guangdong_hooks(rules: Ruleset) -> Optional[DealHooks]:
    """The deal's hooks: none but where the ruleset counts 十二张落地 by exposed tiles (OC-14)."""
    return None if rules.liabilities.twelve_tiles_count == "claimed_melds" else _GuangdongHooks(rules)


# The Guangdong family at the twin's table: the scorer decides and settles each win.
PLAY = TwinFamily(scoring_win_check, settle_win, _guangdong_aim, _guangdong_hooks)
