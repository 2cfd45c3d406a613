"""The Taiwan family at the twin's table, the twin of the Rust ``rules::taiwan::at_table``: a hand of five sets
and a pair wins when the Taiwan scorer finds it reaching the 起胡 minimum, worth its counted 台 and paid
底 + (台 + D) × 台價 — the winner's flowers (正花, 花槓) and a flower's replacement (槓上開花) from the table; the
dealer's 連N is the deal's (a game's 連莊 count, 0 in a lone deal). Where ``options.eye`` is on a ready seat may
declare 眼牌 (the deal's ``eye``): the locked seats the deal's context names pay each other seat's win its 眼牌费
on top of the win, settled as the win is declared. Only wins pay. The flower wins (B.6) end the deal once a
flower's replacement is drawn: all eight with one seat (八仙過海, paid as a self-draw) or a 7 / 1 split (七搶一,
the single flower's holder pays)."""

from __future__ import annotations

from typing import Any, Optional

from ....hand import Forms, Hand
from ....rules.taiwan.ruleset import TAIWAN_TAI_KEYS
from ....rules.taiwan.situation import Situation
from ....table.types import SEATS, WinCheck, WinSituation
from ...table.aim import Aim
from ...table.deal_hooks import DealContext, DealHooks, Declared, FlowerWin, SettledWin
from ...table.twin_family import TwinFamily
from ...table.win_hand import with_flowers
from .scorer import score, score_flower_win

__all__ = ["TAIWAN_AIM", "TaiwanHooks", "taiwan_win_check"]

TAIWAN_AIM = Aim(Forms.STANDARD)  # five sets and a pair only (B.2)


def _scored(rules: Any, hand: Hand, s: WinSituation, eye_seats: frozenset[int] = frozenset(), streak: int = 0):
    """The win's score with the 眼牌 seats ``eye_seats`` and the dealer's 連莊 count ``streak`` (連N拉N), or None
    when it is no win reaching 起胡."""
    situation = Situation(
        seat=s.winner, dealer=s.dealer, streak=streak, round_wind=s.round_wind, self_drawn=s.self_drawn,
        discarder=s.from_seat, robbing_kong=s.robbing_kong, kong_bloom=s.self_drawn and (s.kong_replacement or s.flower_replacement),
        last_tile=s.last_tile, heavenly=s.first_go_around == "heavenly", earthly=s.first_go_around == "earthly",
        human=s.first_go_around == "human", eye_seats=tuple(sorted(eye_seats)),
        # OC-T2 "first_dealer": seat 0, who deals first in every game played, is East for the whole game.
        east=0 if rules.options["seat_wind_from"] == "first_dealer" else None,
    )  # fmt: skip
    scored = score(with_flowers(hand, s), s.tile, situation, rules)
    return scored if scored.is_win and scored.meets_minimum else None


def taiwan_win_check(rules: Any) -> WinCheck:
    rules.check_table_options()  # the options the table does not play are refused, as natively

    def check(hand: Hand, s: WinSituation) -> Optional[int]:
        scored = _scored(rules, hand, s)
        return None if scored is None else scored.counted

    return check


class TaiwanHooks(DealHooks):
    def __init__(self, rules: Any) -> None:
        self.rules = rules
        options = rules.options
        self.eye_declarations = bool(options["eye"])
        self.eye_kongs = self.eye_declarations and options["eye_kongs"] == "wait_preserving"
        self.abortive_draws = bool(options["abortive_draws"])
        self.no_swap_discard = bool(options["no_swap_discard"])

    def judge(self, win_check: Optional[WinCheck], hand: Hand, situation: WinSituation,
              context: DealContext) -> Optional[int]:
        scored = _scored(self.rules, hand, situation, context.locked, context.dealer_streak)
        return None if scored is None else scored.counted

    def declare(self, hand: Hand, situation: WinSituation, context: DealContext) -> Optional[Declared]:
        """Settled as declared, with the seats locked by 眼牌 then: no pattern row (台 add up) but every 台 row
        of the hand as rows, the win's payments and each locked other seat's 眼牌费."""
        scored = _scored(self.rules, hand, situation, context.locked, context.dealer_streak)
        rows = sum(1 << TAIWAN_TAI_KEYS.index(entry.key) for entry in scored.entries if entry.count)
        return Declared(scored.counted, SettledWin(-1, tuple(scored.payments), rows=rows))  # the win and the 眼牌费

    def flower_win(self, flowers: list[set[int]], dealer: int, streak: int) -> Optional[FlowerWin]:
        held = [len(f) for f in flowers]
        winner = next((s for s in range(SEATS) if held[s] >= 7), None)
        if winner is None:
            return None
        single = next((s for s in range(SEATS) if held[s] == 1), None)
        if held[winner] == 8:
            kind, payer = "ba_xian_guo_hai", None
        elif single is not None:
            kind, payer = "qi_qiang_yi", single
        else:
            return None
        scored = score_flower_win(kind, winner, payer=payer, dealer=dealer, streak=streak, ruleset=self.rules)
        return FlowerWin(winner, payer, scored.counted, SettledWin(-1, tuple(scored.money["win"])))


# Its hooks settle each win as declared, with the 眼牌 seats of the moment (TaiwanHooks.declare).
PLAY = TwinFamily(taiwan_win_check, None, lambda rules: TAIWAN_AIM, TaiwanHooks)
