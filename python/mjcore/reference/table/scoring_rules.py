"""The twin of the Rust ``rules::guangdong::at_table``: a win check that scores with a ruleset — the hand wins when
the ruleset's scoring finds a pattern reaching the 起和 minimum, worth its total fan. Scoring numbers seats
by seat wind (the dealer is East = 0), so the table's absolute seats are translated."""

from __future__ import annotations

from typing import Optional

from ...hand import Hand
from ...rules.guangdong.situation import Situation
from ...rules.registry import Ruleset
from ...table.types import WinCheck, WinSituation
from ..rules.guangdong.scorer import best_fan

__all__ = ["scoring_situation", "scoring_win_check"]


def scoring_win_check(ruleset: Ruleset) -> WinCheck:
    def check(hand: Hand, s: WinSituation) -> Optional[int]:
        waiting = list(hand.concealed)
        waiting[s.tile] -= 1  # scoring takes the hand without its winning tile
        fan = best_fan(Hand(tuple(waiting), hand.melds), s.tile, ruleset, scoring_situation(s))
        return fan["total_fan"] if fan is not None and fan["legal"] else None

    return check


def scoring_situation(s: WinSituation) -> Situation:
    def seat_wind(seat: int) -> int:
        return (seat - s.dealer) % 4

    kong_bloom = s.kong_replacement and s.self_drawn
    return Situation(
        seat_wind=s.seat_wind,
        round_wind=s.round_wind,
        self_drawn=s.self_drawn,
        discarder=None if s.from_seat is None else seat_wind(s.from_seat),
        robbing_kong=s.robbing_kong,
        kong_bloom=kong_bloom,
        kong_fed_by=seat_wind(s.kong_feeder) if kong_bloom and s.kong_feeder is not None else None,
        last_tile=s.last_tile,
        winners_on_discard=s.winners_on_discard,
        feeder_already_liable=s.feeder_already_liable,
        heavenly=s.first_go_around == "heavenly",
        earthly=s.first_go_around == "earthly",
        human=s.first_go_around == "human",
    )
