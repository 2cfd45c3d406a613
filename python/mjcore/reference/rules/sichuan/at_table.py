"""The Sichuan family at the twin's table (血战到底, or 血流成河: winners stay in, locked or free — ``winners_stay``), the twin of the Rust ``rules::sichuan::at_table``: a hand of
at most two suits wins when the Sichuan scorer finds it a win reaching the 起胡 minimum, worth the fan it is paid
on (the deal keeps a hand holding its void suit from winning, 定缺); the whole deal is settled once it ends —
the log read back into its kongs and wins (who was still in, 杠上炮 and 呼叫转移), the seats still in at a 流局
checked (退税, 查花猪, 查大叫)."""

from __future__ import annotations

from typing import Any, Optional

from ....hand import Forms, Hand, MeldKind
from ....rules.sichuan.events import EndHand, Kong, Win
from ....rules.sichuan.ruleset import SICHUAN_FAN_KEYS
from ....rules.sichuan.situation import Situation
from ....table.types import SEATS, WinCheck, WinSituation
from ....tiles import NUM_KINDS
from ...table.aim import Aim
from ...table.deal_hooks import DealHooks, FinishedDeal, SettledWin
from ...table.twin_family import TwinFamily
from .scorer import score
from .settlement import settle_with_wins

__all__ = ["SICHUAN_AIM", "SichuanHooks", "settle_sichuan_win", "sichuan_win_check"]

# Four sets and a pair, or seven pairs: the engine's winning forms, which its efficiency bot plays for.
SICHUAN_AIM = Aim(Forms.STANDARD | Forms.SEVEN_PAIRS)
# The hand's shape as the win's pattern row: the exclusive rows, the fixed hands first.
_SHAPES = ("tian_hu", "di_hu", "long_qi_dui", "jiang_dui", "dai_yao_jiu", "qi_dui", "dui_dui_hu", "ping_hu")


def _check_played(rules: Any) -> None:
    """A file without a table is refused, as natively (every Sichuan option value is played at the table)."""
    rules.check_table_options()


def _suits(hand: Hand) -> int:
    concealed = {k // 9 for k in range(27) if hand.concealed[k]}
    return len(concealed | {min(m.tile // 9, 3) for m in hand.melds})


def _scored(rules: Any, hand: Hand, s: WinSituation):
    """The Sichuan score of a table win (every seat taken as still in: the deal's settlement pays exactly), or
    None when it is no win here."""
    if _suits(hand) > 2:  # 缺一门 on the hand's content (the declared void is the deal's screen)
        return None
    waiting = list(hand.concealed)
    waiting[s.tile] -= 1
    kong_bloom = s.kong_replacement and s.self_drawn
    # 点杠花 is a bloom right after a 直杠 (OC-S9): a chain's feeder (OC-48, Guangdong) is not named when the last
    # kong was another kind.
    fed = s.kong_feeder if kong_bloom and hand.melds and hand.melds[-1].kind == MeldKind.KONG else None
    # OC-S7: 地胡 on a non-dealer's first self-draw, or on the dealer's first discard (人和's moment).
    earthly = "human" if rules.options["earthly_hand"] == "first_discard" else "earthly"
    situation = Situation(
        seat=s.winner, self_drawn=s.self_drawn, discarder=s.from_seat, robbing_kong=s.robbing_kong,
        kong_bloom=kong_bloom, kong_fed_by=fed, kong_discard=s.kong_discard,
        last_tile=s.last_tile, heavenly=s.first_go_around == "heavenly", earthly=s.first_go_around == earthly,
        dealer=s.dealer, winners_on_discard=min(max(s.winners_on_discard, 1), 3),
    )  # fmt: skip
    scored = score(Hand(tuple(waiting), hand.melds), s.tile, situation, rules)
    return scored if scored.is_win and scored.meets_minimum else None


# The settlement's rows settled apart, in the engine's order of side money (``table::deal_money``).
SIDE_MONEY = ("transfer", "refund", "flower_pig", "ready_check")


def sichuan_win_check(rules: Any) -> WinCheck:
    _check_played(rules)

    def check(hand: Hand, s: WinSituation) -> Optional[int]:
        scored = _scored(rules, hand, s)
        return None if scored is None else scored.counted

    return check


def settle_sichuan_win(rules: Any, hand: Hand, s: WinSituation) -> SettledWin:
    """The win's shape row, its own payments (replaced by the whole deal's settlement), every 番 row it
    scored (根 among them) and its 根 as the count the summary keeps per win."""
    scored = _scored(rules, hand, s)
    keys = {e.key for e in scored.entries if e.count}
    shape = next(key for key in _SHAPES if key in keys)
    rows = sum(1 << SICHUAN_FAN_KEYS.index(key) for key in keys)
    roots = sum(e.count for e in scored.entries if e.key == "gen")
    return SettledWin(SICHUAN_FAN_KEYS.index(shape), tuple(scored.money["win"]), rows=rows, count=roots)


class SichuanHooks(DealHooks):
    def __init__(self, rules: Any) -> None:
        _check_played(rules)
        self.rules = rules
        self.void_suit = bool(rules.options["void_suit"])
        self.swap_tiles = {"off": 0, "three": 3, "four": 4}[rules.options["swap_three"]]
        # OC-S16 is the family's own option: it settles who deals next, whatever ``end.dealer_stays`` says.
        self.dealer_stays = {"first_winner": "first_winner_deals", "last_winner": "last_winner_deals",
                             "rotate": "passes"}[rules.options["next_dealer"]]  # fmt: skip
        self.must_discard_void = self.void_suit and bool(rules.options["must_discard_void"])
        self.winners_stay = rules.options["mode"] == "xueliu"  # 血流成河: winners stay in
        options = rules.options
        self.winners_locked = bool(options["locked_after_win"])  # OC-S17: locked, or free
        self.returned_kongs = not options["returned_kong_pays"]  # 回头杠无分 (OC-S11)
        self.heavenly_after_kong = options["heavenly_after_kong"] == "allowed"  # OC-S7
        self.kong_on_empty_wall = bool(options["kong_on_empty_wall"])  # OC-S21
        self.resume_after_discarder = options["resume_after"] == "discarder"  # OC-S22

    def settle_deal(self, deal: FinishedDeal) -> tuple[list[list[int]], list[int], list[int], list[list[int]]]:
        rules = self.rules
        events, won, only_void = _read_log(deal, rules.options["fed_kong_bloom"] == "discard")
        ends = []
        # The seats still in, at a 流局 (or, under OC-S23's option, the fourth once three have won).
        if deal.wall_exhausted or rules.options["check_fourth"]:
            for seat in (s for s in range(SEATS) if s not in won):
                hand = deal.hands[seat]
                concealed = list(hand.concealed)
                if deal.winners and sum(concealed) + 3 * len(hand.melds) == 14:
                    # A robbed konger still holds the tile the last win took from it.
                    tile = deal.winners[-1].tile
                    concealed[tile] = max(concealed[tile] - 1, 0)
                visible = None if rules.options["dead_wait_counts"] else _visible_to(deal, seat)
                ends.append(EndHand(seat, Hand(tuple(concealed), hand.melds), hand.void, only_void[seat], visible))
        settled, wins = settle_with_wins(events, ends, ruleset=rules, wall_exhausted=deal.wall_exhausted)
        other = [sum(row[seat] for kind, row in settled.money.items() if kind != "win") for seat in range(SEATS)]
        # 刮风下雨: what the kongs paid when declared (退税 and 呼叫转移 are their own rows, the side money).
        return wins, other, list(settled.money["kong"]), [list(settled.money[kind]) for kind in SIDE_MONEY]


def _read_log(deal: FinishedDeal, fed_bloom_as_discard: bool) -> tuple[list, set[int], list[bool]]:
    """The kongs and wins of the log in order (consecutive win lines are one winning tile: 一炮多响), the seats
    that won, and per seat whether every discard was of its void suit (全程打缺). A discard right after its
    discarder's kong replacement is 杠上炮; a self-draw on the replacement of a 直杠 is 点杠花."""
    events: list = []
    won: set[int] = set()
    # Per seat: its last kong while its replacement is pending or in hand, as the feeder of a 直杠 (None:
    # another kong); whether its last draw was that replacement.
    last_kong: list = [False] * SEATS  # False: no kong pending
    on_replacement = [False] * SEATS
    discard_after_kong = False
    only_void = [True] * SEATS
    previous_was_win = False
    for e in deal.events:
        kind, is_win = e["type"], False
        if kind == "meld" and "kong" in e["kind"]:
            seat = e["seat"]
            kong = {"kong": "direct", "added_kong": "added"}.get(e["kind"], "concealed")
            feeder = e["from"] if kong == "direct" else None
            last_kong[seat] = feeder
            events.append(Kong(seat, kong, feeder, e.get("returned", False)))
        elif kind == "draw":
            seat = e["seat"]
            on_replacement[seat] = e["replacement"] and last_kong[seat] is not False
            if not on_replacement[seat]:
                last_kong[seat] = False
        elif kind == "act" and e["action"] == "discard":
            seat = e["seat"]
            discard_after_kong = on_replacement[seat]
            on_replacement[seat] = False
            last_kong[seat] = False
            void = deal.hands[seat].void
            only_void[seat] = only_void[seat] and void is not None and e["tile"] // 9 == void
        elif kind == "win":
            is_win = True
            seat, source = e["seat"], e["from"]
            won.add(seat)
            fed = last_kong[seat] if on_replacement[seat] and last_kong[seat] is not False else None
            if previous_was_win:
                last = events[-1]
                events[-1] = Win(last.winners + ((seat, e["fan"]),), last.how, last.discarder, last.kong_discard)
            elif source is None and fed_bloom_as_discard and fed is not None:
                events.append(Win(((seat, e["fan"]),), "fed_kong_bloom", fed))
            elif source is None:
                events.append(Win(((seat, e["fan"]),), "self_drawn"))
            elif e["robbing_kong"]:
                events.append(Win(((seat, e["fan"]),), "robbing_kong", source))
            else:
                events.append(Win(((seat, e["fan"]),), "discard", source, discard_after_kong))
        previous_was_win = is_win
    return events, won, only_void


def _visible_to(deal: FinishedDeal, seat: int) -> tuple[int, ...]:
    """The tiles ``seat`` sees outside its hand: every discard on the table and the other seats' melds (死叫)."""
    seen = [0] * NUM_KINDS
    for other, hand in enumerate(deal.hands):
        for tile in hand.discards:
            seen[tile] += 1
        if other != seat:
            for meld in hand.melds:
                for tile in meld.tiles:
                    seen[tile] += 1
    return tuple(seen)


PLAY = TwinFamily(sichuan_win_check, settle_sichuan_win, lambda rules: SICHUAN_AIM, SichuanHooks)
