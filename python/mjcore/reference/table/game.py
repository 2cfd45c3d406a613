"""Playing, as the Rust ``table::game``: a deal driven by one policy per seat, and the whole game over deals —
wind rounds and dealer rotation (连庄, RULES.md §1.10)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional

from ...errors import IllegalActionError, InvalidArgumentError
from ...table.types import WinCheck, Winner
from ...rules.table_rules import DEFAULT_TABLE_RULES, TableRules
from .deal import SEATS, Deal
from .deal_hooks import DealHooks
from .policy import Policy
from .wall import Wall

__all__ = ["play_deal", "GameConfig", "Game", "play_game"]


def play_deal(deal: Deal, policies: Sequence[Policy]) -> None:
    """Plays ``deal`` to its end, asking ``policies[seat]`` for each decision (after ``start_deal``)."""
    if len(policies) != SEATS:
        raise InvalidArgumentError(f"{len(policies)} policies given: one per seat (4) is needed")
    for seat, policy in enumerate(policies):
        policy.start_deal(deal.seed, deal.index, seat)
    while (seat := deal.to_act()) is not None:
        deal.step(policies[seat].choose(deal.observation(seat), deal.legal_actions()))


@dataclass(frozen=True)
class GameConfig:
    wind_rounds: int = 4  # 风圈 to play, 1..4 (OC-2)
    max_deals: int = 1000  # a safety stop: exhaustive draws keep the dealer


class Game:
    """Where a game stands between deals. Deal ``k`` of the game is deal index ``k`` of the game's seed."""

    def __init__(self, seed: int, config: GameConfig = GameConfig()) -> None:
        if config.wind_rounds not in range(1, SEATS + 1):
            raise InvalidArgumentError(f"wind_rounds {config.wind_rounds} must be 1..4")
        self.seed = seed
        self.config = config
        self.dealer = 0
        self.round_wind = 0
        self.deals_played = 0
        self.is_over = config.max_deals == 0
        self.dealer_streak = 0  # the deals the dealer has kept in a row (连庄, 节节高)
        self._passes = 0  # changes of dealer in this wind round, where the winner deals
        self._dealer_rule: Optional[str] = None  # the family's own dealer rule (``DealHooks.dealer_stays``)

    def start_deal(self, win_check: WinCheck, rules: TableRules = DEFAULT_TABLE_RULES,
                   hooks: Optional[DealHooks] = None, wall: Optional[Wall] = None) -> Deal:
        """The next deal, from ``wall`` when one is given (a test's explicit wall), else of the game's seed."""
        if self.is_over:
            raise IllegalActionError("the game is over")
        deal = Deal(self.seed, self.deals_played, self.dealer, self.round_wind, win_check, wall, rules=rules,
                    hooks=hooks)
        self.begin(deal)
        return deal

    def begin(self, deal: Deal) -> None:
        """Makes ``deal`` — dealt at the game's dealer and round wind, of the game's seed or of another (the env
        numbers its deals itself) — the game's next deal: it gets the dealer's 连庄 count, and the family's
        dealer rule it plays (``DealHooks.dealer_stays``) decides where the deal passes after it."""
        deal.dealer_streak = self.dealer_streak
        self._dealer_rule = deal.hooks.dealer_stays

    def record(self, winners: list[Winner], rules: TableRules = DEFAULT_TABLE_RULES,
               first_winners: int = 1) -> None:
        """Where a winner deals next (推倒胡 OC-29, Sichuan OC-S16: the deal's family says so) that winner — or,
        under "first_winner_deals", the discarder of a first winning tile ``first_winners`` > 1 seats won on — takes the
        deal and the round wind advances after four changes of dealer. Otherwise the dealer stays as the
        family's rule or ``end.dealer_stays`` says — by default after a draw or when among the winners — or the
        deal passes to the 下家, and the round wind advances when it returns to seat 0."""
        rule = self._dealer_rule or rules.dealer_stays
        if rule in ("winner_deals", "first_winner_deals", "last_winner_deals"):
            self._winner_deals(self._winning_dealer(rule, winners, first_winners))
        else:
            dealer_won = any(w.seat == self.dealer for w in winners)
            stays = {"stays_on_win_or_draw": not winners or dealer_won, "stays_on_win": dealer_won,
                     "passes": False}[rule]  # fmt: skip
            if stays:
                self.dealer_streak += 1
            else:
                self.dealer_streak = 0
                self.dealer = (self.dealer + 1) % SEATS
                if self.dealer == 0:
                    self._next_round()
        self.deals_played += 1
        self.is_over |= self.deals_played >= self.config.max_deals

    def _winning_dealer(self, rule: str, winners: list[Winner], first_winners: int) -> int:
        """The seat a winner rule ``rule`` gives the next deal: the dealer after a draw."""
        if not winners:
            return self.dealer
        if rule == "last_winner_deals":
            return winners[-1].seat
        if rule == "first_winner_deals" and first_winners > 1:
            return winners[0].from_seat  # several won on the first winning tile: its discarder deals
        return winners[0].seat

    def _winner_deals(self, following: int) -> None:
        """``following`` deals next (the dealer itself after a draw)."""
        if following == self.dealer:
            self.dealer_streak += 1
            return
        self.dealer, self.dealer_streak = following, 0
        self._passes += 1
        if self._passes == SEATS:
            self._passes = 0
            self._next_round()

    def _next_round(self) -> None:
        self.round_wind += 1
        self.is_over |= self.round_wind >= self.config.wind_rounds


def play_game(seed: int, config: GameConfig, policies: Sequence[Policy], win_check: WinCheck,
              rules: TableRules = DEFAULT_TABLE_RULES, hooks: Optional[DealHooks] = None) -> list[Deal]:  # fmt: skip
    """Plays a whole game and returns its finished deals in order."""
    game = Game(seed, config)
    deals = []
    while not game.is_over:
        deal = game.start_deal(win_check, rules, hooks)
        play_deal(deal, policies)
        game.record(deal.outcome, rules, deal.first_winners)
        deals.append(deal)
    return deals
