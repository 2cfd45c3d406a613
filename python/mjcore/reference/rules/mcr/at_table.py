"""The twin of the Rust ``rules::mcr::at_table``: the MCR family at the table. A hand wins when the twin
scorer finds a reading of at least the minimum (8番起和) without flowers, worth its total with flowers; the
situational fans come from the table's state — 和绝张 (three other copies in the open), 妙手回春 / 海底捞月
(the wall's last tile), 杠上开花 (a kong replacement), 抢杠和 — and the seat and prevalent winds. A win pays
as in MCR competitions: a self-draw takes 8 + fan from each other seat; a discard win 8 + fan from the
discarder and 8 from each of the other two."""

from __future__ import annotations

from typing import Optional

from ....hand import Forms, Hand
from ....rules.mcr.result import McrScore
from ....rules.mcr.ruleset import McrRuleset
from ....rules.mcr.situation import Situation
from ....table.types import SEATS, WinCheck, WinSituation
from ...analysis.decompose import has_decomposition
from ...analysis.forms import FormOptions
from ...table.aim import Aim
from ...table.deal_hooks import SettledWin
from ...table.twin_family import TwinFamily
from .scorer import score_hand

__all__ = ["BASE_PAYMENT", "mcr_win_check", "payments", "score_win", "settle_mcr_win"]

_ALL_FORMS = FormOptions(Forms.ALL)

# What every seat pays a winner on top of the fan (MCR competition rules: the 8 of 8番起和).
BASE_PAYMENT = 8


def _situation(s: WinSituation, rules: McrRuleset) -> Situation:
    """The table's view of a win in the scorer's terms; the first go-around scores only as the seed's folk
    fans (天和, 地和, 人和), when the table lists them."""
    opening = s.first_go_around if rules.table.scores_folk_fans else None
    if opening == "earthly" and not rules.table.earthly_open_to(s.seat_wind):
        opening = None  # seed 002's 地和 (options.earthly_next_seat_only): the dealer's 下家 alone
    return Situation(
        self_drawn=s.self_drawn,
        last_copy=s.shown >= 3,
        kong_replacement=s.self_drawn and s.kong_replacement,
        robbing_kong=s.robbing_kong,
        wall_last=s.last_tile and not s.robbing_kong,  # no kong can be declared, so none robbed, at the end
        seat_wind=s.seat_wind,
        prevalent_wind=s.round_wind,
        heavenly=opening == "heavenly",
        earthly=opening == "earthly",
        human=opening == "human",
    )


def score_win(rules: McrRuleset, hand: Hand, s: WinSituation) -> McrScore:
    """The score of the win the table describes (``hand`` with its winning tile), legal or not."""
    waiting = list(hand.concealed)
    waiting[s.tile] -= 1  # the scorer takes the hand without its winning tile
    flowers = tuple(f + 1 for f in s.flowers)  # a hand numbers flowers 1..8, the table 0..7
    return score_hand(Hand(tuple(waiting), hand.melds, flowers=flowers), s.tile, _situation(s, rules), rules.table)


# Concealed tiles (with the winning one) of 组合龙 beside one declared meld: a knitted straight, a set and
# a pair.
_KNITTED_BESIDE_MELD = 11


def _may_win(hand: Hand) -> bool:
    """The native screen before the scorer (it drops no win, and saves the scorer's wait reading): every MCR
    win's concealed part completes in one of the forms, except 组合龙 beside a meld, which the scorer alone
    reads."""
    return sum(hand.concealed) == _KNITTED_BESIDE_MELD or has_decomposition(Hand(hand.concealed), _ALL_FORMS)


def mcr_win_check(rules: McrRuleset) -> WinCheck:
    def check(hand: Hand, s: WinSituation) -> Optional[int]:
        if not _may_win(hand):
            return None
        scored = score_win(rules, hand, s)
        return scored.total if scored.meets_minimum else None

    return check


def payments(winner: int, from_seat: Optional[int], fan: int) -> list[int]:
    """MCR competition payments for a win worth ``fan`` (flowers included), by table seat; zero-sum."""
    value = BASE_PAYMENT + fan
    paid = [0] * SEATS
    for seat in range(SEATS):
        if seat != winner:
            share = value if from_seat in (None, seat) else BASE_PAYMENT
            paid[seat] -= share
            paid[winner] += share
    return paid


def settle_mcr_win(rules: McrRuleset, hand: Hand, s: WinSituation) -> SettledWin:
    """A settled win: its pattern row (the highest fan, flowers aside, as its row in ``fan_keys``), payments by
    table seat, no liable seat (MCR has none), and every fan it scored as rows."""
    scored = score_win(rules, hand, s)
    main = next(f.key for f in scored.fans if f.key != "flower_tiles")
    rows = sum(1 << rules.fan_keys.index(f.key) for f in scored.fans)
    return SettledWin(rules.fan_keys.index(main), tuple(payments(s.winner, s.from_seat, scored.total)), rows=rows)


# Every MCR form, with ready hands judged by the table: a wait below 8 fan is not worth waiting on.
PLAY = TwinFamily(mcr_win_check, settle_mcr_win, lambda rules: Aim(Forms.ALL, mcr_win_check(rules)))
