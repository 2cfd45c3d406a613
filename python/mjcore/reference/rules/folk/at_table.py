"""The folk tables at the twin's table, the twin of the Rust ``rules::folk::at_table``: the 789 folk table (144
tiles, no chi, 截胡 — of several winners on one discard only the biggest hand wins, the nearest on a tie) and
老章 (136 tiles, the dealer doubling). A hand wins when the folk scorer reads it; the win pays its hand row
(and, at 789, the winner's flowers from each other seat). At the 789 table every kong pays its owner
``kong_stake`` from each other seat when declared (OC-37), as the kong's event. 买马 (OC-38, a mirror bet): each
seat buys ``horses_per_seat`` horses, reserved at the wall's tail and turned when the deal is won; a buyer shadows
the seat its horse picks in the hand's payments, as the folk scorer settles them. No win, no horses."""

from __future__ import annotations

from typing import Any, Optional

from ....hand import Forms, Hand
from ....rules.folk.ruleset import GD789_HANDS, LAOZHANG_FANS
from ....rules.folk.situation import Gd789Situation, LaozhangSituation
from ....table.types import SEATS, Horse, WinCheck, WinSituation
from ...table.aim import Aim
from ...table.deal_hooks import DealContext, DealHooks, Declared, FinishedDeal, PayingEvent, SettledWin
from ...table.horses import buyer, scorer_name, turned
from ...table.twin_family import TwinFamily
from ...table.win_hand import with_flowers
from .hu_tail import hu_count, settle
from .scorer import horse_seat, score_789, score_laozhang

__all__ = ["FolkHooks", "folk_aim", "folk_win_check", "settle_folk_win"]


def folk_aim(rules: Any) -> Aim:
    """The table's winning forms: 789 has thirteen orphans, 老章 the standard shape only."""
    return Aim(Forms.STANDARD | Forms.THIRTEEN_ORPHANS if rules.family == "gd789" else Forms.STANDARD)


def _scored(rules: Any, hand: Hand, s: WinSituation, horses: tuple[Horse, ...] = ()):
    if rules.family == "gd789":
        bets = tuple((h.buyer, scorer_name(h.tile)) for h in horses)
        where = Gd789Situation(seat=s.winner, dealer=s.dealer, self_drawn=s.self_drawn, discarder=s.from_seat,
                               horses=bets)  # fmt: skip
        scored = score_789(with_flowers(hand, s), s.tile, where, rules)
    else:
        where = LaozhangSituation(seat=s.winner, dealer=s.dealer, self_drawn=s.self_drawn, discarder=s.from_seat)
        scored = score_laozhang(with_flowers(hand, s), s.tile, where, rules)
    return scored if scored.is_win else None


def folk_win_check(rules: Any) -> WinCheck:
    def check(hand: Hand, s: WinSituation) -> Optional[int]:
        scored = _scored(rules, hand, s)
        return None if scored is None else max(scored.total, 0)

    return check


def _settled(rules: Any, scored: Any, horse_hits: int = 0, horse_money: tuple[int, ...] = (0,) * SEATS) -> SettledWin:
    """The hand's ladder row (789; 老章's rows add up: no pattern, each row it scored as ``rows``) and what the
    hand (and at 789 the flowers and the horses) pay; each kong was paid when declared."""
    if rules.family != "gd789":
        rows = sum(1 << LAOZHANG_FANS.index(entry.key) for entry in scored.entries if entry.key in LAOZHANG_FANS)
        return SettledWin(-1, tuple(scored.money["win"]), None, horse_hits, horse_money, rows)
    paid = [scored.money[kind] for kind in ("win", "flowers", "horses")]
    # The winner's flowers are paid apart from the hand: the summary reads them on their own line.
    return SettledWin(GD789_HANDS.index(scored.entries[0].key), tuple(sum(p) for p in zip(*paid)), None, horse_hits,
                      horse_money, flower_money=tuple(scored.money["flowers"]))  # fmt: skip


def settle_folk_win(rules: Any, hand: Hand, s: WinSituation) -> SettledWin:
    """The win settled after the deal (no horses turned: they are settled as declared, ``FolkHooks.declare``)."""
    return _settled(rules, _scored(rules, hand, s))


_SIDE_MONEY_KINDS = 4  # the engine's DealMoney::side kinds (Sichuan's); 数胡尾 is none of them


class FolkHooks(DealHooks):
    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.stake = rules["kong_stake"] if rules.family == "gd789" else 0
        self.horses_per_seat = rules["horses_per_seat"] if rules.family == "gd789" else 0
        self.horse_buyers = tuple(rules["horse_buyers"]) if rules.family == "gd789" else ()

    def declare(self, hand: Hand, situation: WinSituation, context: DealContext) -> Optional[Declared]:
        """789 with horses: the win turns them from the wall's tail, the dealer's first (OC-789-X2); each buyer
        shadows the seat its horse picks in the hand's payments (OC-38, OC-789-3). Else settled after the deal."""
        if not self.horses_per_seat:
            return None
        dealer = situation.dealer
        tiles = turned(context.undrawn, len(self.horse_buyers) * self.horses_per_seat)
        horses = tuple(Horse(tile, buyer(i, self.horses_per_seat, dealer, self.horse_buyers), horse_seat(tile, dealer))
                       for i, tile in enumerate(tiles))  # fmt: skip
        scored = _scored(self.rules, hand, situation, horses)
        hits = sum(h.seat == situation.winner for h in horses)
        settled = _settled(self.rules, scored, min(hits, 255), tuple(scored.money["horses"]))
        return Declared(max(scored.total, 0), settled, horses)

    def settle(self, event: PayingEvent, dealer: int) -> Optional[list[int]]:
        """789: each kong pays its owner ``kong_stake`` from each other seat (OC-37)."""
        if event.kind != "kong" or not self.stake:
            return None
        return [3 * self.stake if seat == event.seat else -self.stake for seat in range(SEATS)]

    def settle_deal(self, deal: FinishedDeal) -> Optional[tuple[None, list[int], list[int], list[list[int]]]]:
        """老章's 数胡尾 (``hu_tail``): after discard wins only, the losers settle their hands' 胡数 among
        themselves; the wins keep their own settlement (None)."""
        rules = self.rules
        if rules.family != "laozhang" or rules["loser_settlement"] != "hu_tail" or not deal.winners \
                or any(w.from_seat is None for w in deal.winners):  # fmt: skip
            return None
        won = {w.seat for w in deal.winners}
        hu = [hu_count(hand.concealed, hand.melds, rules) for hand in deal.hands]
        tail = settle(hu, [seat for seat in range(SEATS) if seat not in won], rules["hu_tail_unit"])
        return None, tail, [0] * SEATS, [[0] * SEATS for _ in range(_SIDE_MONEY_KINDS)]


PLAY = TwinFamily(folk_win_check, settle_folk_win, folk_aim, FolkHooks)  # gd789 and laozhang alike
