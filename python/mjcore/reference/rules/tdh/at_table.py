"""The twin of the Rust ``rules::tdh::table``: 推倒胡 at the table. While a seat is asked, a hand wins when the
twin scorer completes it with the deal's ghosts as wilds, or it holds all four ghosts after an own draw (四鬼胡);
a discard wins only under 点炮可胡, and never a discarded ghost (OC-28, OC-49). A declared win is scored in
full, its horses (买马) turned from the wall's tail (2n more for a dealer on its n-th 连庄 under 买马节节高).
Kong money is paid as each kong is made (returned at a 流局 unless 流局算杠), 跟庄 when the deal reports it;
amounts are in points (b × ``base``). Ghosts are never ponged or konged; 翻鬼 turns its indicator from the
wall's tail before the deal. Under 四花鬼 / 八花鬼 the flowers a seat holds are the hand's wilds, and a drawn
flower may be the winning tile."""

from __future__ import annotations

from typing import Optional

from ....errors import RulesetError
from ....hand import Forms, Hand, MeldKind
from ....rules.tdh.ruleset import TdhRuleset
from ....rules.tdh.situation import TdhSituation
from ....table.types import SEATS, Horse, WinSituation
from ...table.aim import Aim
from ...table.deal_hooks import DealContext, DealHooks, Declared, PayingEvent, SettledWin, from_each
from ...table.horses import scorer_name, turned
from ...table.twin_family import TwinFamily
from ...table.wall import FIRST_FLOWER
from .scorer import score_row
from ....rules.tdh.tiles import ghost_kinds

__all__ = ["TdhAtTable", "tdh_aim", "tdh_win_check"]

_NO_WIN = Declared(0, SettledWin(-1, (0,) * SEATS))  # a declared win its scorer refuses (never seen at the table)
_MOST_HITS = 255  # the per-deal horse_hits column is a u8


class TdhAtTable(DealHooks):
    def __init__(self, rules: TdhRuleset) -> None:
        table = rules.table_rules
        if table is not None and table.flowers != rules.flowers:
            raise RulesetError(f"tiles.flowers: {table.flowers} flowers in the set, but ghosts = "
                               f"{rules.ghost_mode!r} plays {rules.flowers}")  # fmt: skip
        self.rules = rules
        self.flower_ghosts = bool(rules.flowers)
        self.follow_dealer = rules["follow_dealer"]
        self.kong_money_on_draw = rules["kong_money_on_draw"]
        self.dealer_stays = "winner_deals" if rules["dealer_rule"] == "winner" else None

    def flips(self) -> bool:
        return self.rules.needs_indicator

    def ghost_kinds(self, indicator: Optional[int]) -> frozenset[int]:
        if self.rules.needs_indicator and indicator is None:
            return frozenset()  # 翻鬼 has no ghosts before its flip
        return frozenset(ghost_kinds(self.rules, indicator))

    def _score(self, hand: Hand, s: WinSituation, context: DealContext, horses: tuple[int, ...]) -> tuple:
        """The scorer's row of the win (``hand`` with its winning tile), in the scorer's terms."""
        # Flower ghosts are written as wilds; a drawn flower is the winning tile, not one of them.
        waiting, wilds = list(hand.concealed), hand.wilds
        if s.tile >= FIRST_FLOWER:
            wilds -= 1
        else:
            waiting[s.tile] -= 1
        kong_bloom = s.kong_replacement and s.from_seat is None
        where = TdhSituation(
            seat_wind=s.winner, self_drawn=s.from_seat is None, discarder=s.from_seat,
            # A robbed kong scores as an added one (明杠可抢 makes a melded kong robbable as such).
            robbing_kong=s.robbing_kong, kong_bloom=kong_bloom,
            kong_fed_by=s.kong_feeder if kong_bloom else None, last_tile=s.last_tile,
            ghost_indicator=context.indicator, horses=tuple(map(scorer_name, horses)), dealer=s.dealer, dealer_streak=context.dealer_streak,
        )  # fmt: skip
        return score_row(Hand(tuple(waiting), hand.melds, wilds), s.tile, where, self.rules)

    def judge(self, win_check: object, hand: Hand, situation: WinSituation, context: DealContext) -> Optional[int]:
        """Judged here, with the deal's ghosts (``win_check``, the deal's plain one, is this object)."""
        discard = situation.from_seat is not None and not situation.robbing_kong
        if discard and (not self.rules["discard_wins"] or situation.tile in context.ghosts):
            return None  # OC-28; a discarded ghost is never won on (OC-49)
        return 0 if self._score(hand, situation, context, ())[0] == 0 else None

    def declare(self, hand: Hand, situation: WinSituation, context: DealContext) -> Declared:
        if self.judge(self, hand, situation, context) is None:
            return _NO_WIN
        count = self.rules["horses"]
        if self.rules["streak_horses"] and situation.winner == situation.dealer:
            count += 2 * context.dealer_streak
        horses = turned(context.undrawn, count)  # 四花鬼 / 八花鬼 turn flowers as horses too
        refusal, form, multipliers, _, hit, liable, win_net, *_ = self._score(hand, situation, context, horses)
        if refusal:
            return _NO_WIN
        base = self.rules["base"]
        hits = min(sum(h for _, h in hit), _MOST_HITS)
        # Each multiplier the win scored as a row (bit = its code in ``names.MULTIPLIERS``); the form is the pattern.
        rows = sum(1 << code for code in multipliers)
        settled = SettledWin(form, tuple(b * base for b in win_net), None if liable < 0 else liable, hits, rows=rows)
        # The winner's own horses; their money is part of the win (``win_net``).
        turned_horses = tuple(Horse(tile, situation.winner, seat) for tile, (seat, _) in zip(horses, hit))
        return Declared(len(multipliers), settled, turned_horses)

    def settle(self, event: PayingEvent, dealer: int) -> Optional[list[int]]:
        """Kong money as each kong is made; 跟庄: the dealer pays b to each other seat."""
        if event.kind == "follow_dealer":
            return [-p for p in from_each(dealer, self.rules["base"])]
        if event.kind != "kong":
            return None
        seat, kind, feeder, base = event.seat, event.meld_kind, event.feeder, self.rules["base"]
        if kind == MeldKind.CONCEALED_KONG:
            return from_each(seat, self.rules["concealed_kong"] * base)
        if kind == MeldKind.ADDED_KONG:
            return from_each(seat, self.rules["added_kong"] * base)
        if kind == MeldKind.KONG and feeder is not None:
            paid = [0] * SEATS
            paid[seat] += self.rules["melded_kong"] * base
            paid[feeder] -= self.rules["melded_kong"] * base
            return paid
        return None

    def __call__(self, hand: Hand, situation: WinSituation) -> Optional[int]:
        """A win check too (the ghosts of its mode, no deal context): as the family's ``win_check``."""
        return self.judge(self, hand, situation, DealContext(self.ghost_kinds(None), None, (), 0))


def tdh_win_check(rules: TdhRuleset) -> TdhAtTable:
    return TdhAtTable(rules)


def tdh_aim(rules: TdhRuleset) -> Aim:
    """Speed in the winning forms, as the engine's default aim (with ghosts the bot counts them as wild)."""
    forms = Forms.STANDARD
    if rules["seven_pairs"]:
        forms |= Forms.SEVEN_PAIRS
    if rules["thirteen_orphans"]:
        forms |= Forms.THIRTEEN_ORPHANS
    return Aim(Forms(forms))


PLAY = TwinFamily(tdh_win_check, None, tdh_aim)  # its win check is its hooks (TdhAtTable)
