"""The same ``Table`` API as the native ``mjcore.table.Table``, over the twin's ``Deal``."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any, Optional, Union

from ...errors import IllegalActionError, InvalidArgumentError
from ...rules.registry import RulesetLike, load_ruleset
from ...table.exclusive import TableLock, exclusive
from ...table.types import (Action, Observation, WinCheck, Winner, check_dealer_and_wind, check_seat, check_streak,
                            check_wind_rounds, checked_action, log_lines, wall_codes)
from ...rules.table_rules import DEFAULT_TABLE_RULES, TableRules
from .bots import bots_named
from .deal import SEATS, Deal
from .game import Game, GameConfig, play_deal
from .replay import replay
from .aim import SPEED, Aim
from .deal_hooks import DealHooks
from .families import deal_payments, settled_wins, table_aim, twin_family
from .shape_rules import chicken_win_check
from .wall import Wall

__all__ = ["Table"]


def _hooks(ruleset: Any) -> Optional[DealHooks]:
    """The family's deal hooks; None: the win check's own."""
    return None if ruleset is None else twin_family(ruleset).hooks(ruleset)


def _setup(win_check: Optional[WinCheck],
           ruleset: Optional[RulesetLike]) -> tuple[WinCheck, TableRules, Any]:
    """Who decides wins — the given check, the ruleset's scoring, or the 鸡平胡 shapes — the table's rules (the
    ruleset's, or the default 136-tile table) and the ruleset that settles the wins' money (None: wins pay
    nothing)."""
    if win_check is not None and ruleset is not None:
        raise InvalidArgumentError("give a win_check or a ruleset, not both: the ruleset decides wins itself")
    if ruleset is not None:
        rules = load_ruleset(ruleset)
        return twin_family(rules).win_check(rules), rules.table_rules, rules
    return win_check or chicken_win_check, DEFAULT_TABLE_RULES, None


class Table:
    def __init__(self, win_check: Optional[WinCheck] = None, ruleset: Optional[RulesetLike] = None) -> None:
        """Wins by ``win_check``, or ``ruleset``'s scoring, or by default the 鸡平胡 shapes."""
        self._win_check, self._table_rules, self._ruleset = _setup(win_check, ruleset)
        self._user_check = win_check is not None  # a caller's function, which may raise at any call
        self._hooks = _hooks(self._ruleset)
        self._deal: Optional[Deal] = None
        self._game: Optional[Game] = None  # the game the deal belongs to (reset_game)
        self._lock = TableLock()  # one call at a time (``exclusive``)

    @property
    def _current(self) -> Deal:
        if self._deal is None:
            raise IllegalActionError("no deal yet: call reset() first")
        return self._deal

    @exclusive
    def reset(self, seed: int, deal: int, dealer: int = 0, round_wind: int = 0,
              wall: Optional[Sequence[int]] = None) -> None:
        rules = self._table_rules
        dealer, round_wind = check_dealer_and_wind(dealer, round_wind)
        given = None if wall is None else Wall(wall_codes(wall), rules)
        self._deal = Deal(seed, deal, dealer, round_wind, self._win_check, given, rules, self._hooks)
        self._game = None

    @exclusive
    def reset_game(self, seed: int, wind_rounds: int = 4, max_deals: int = 1000,
                   wall: Optional[Sequence[int]] = None) -> None:
        game = Game(seed, GameConfig(check_wind_rounds(wind_rounds), max_deals))
        self._deal = game.start_deal(self._win_check, self._table_rules, self._hooks, self._wall(wall))
        self._game = game

    def _wall(self, wall: Optional[Sequence[int]]) -> Optional[Wall]:
        return None if wall is None else Wall(wall_codes(wall), self._table_rules)

    @exclusive
    def next_deal(self, wall: Optional[Sequence[int]] = None) -> bool:
        given = self._wall(wall)  # checked before the game moves on
        game = self._game
        if game is None or self._deal is None:
            raise IllegalActionError("no game: call reset_game() first (reset() deals a single deal)")
        if self._deal.outcome is None:
            raise IllegalActionError("the deal is not over: play it to its end before the next deal")
        if game.is_over:
            return False
        game = copy.deepcopy(game)  # kept only once the next deal is dealt: whole or not at all
        game.record(self._deal.outcome, self._table_rules, self._deal.first_winners)
        if game.is_over:
            self._game = game
            return False
        self._deal = game.start_deal(self._win_check, self._table_rules, self._hooks, given)
        self._game = game
        return True

    @exclusive
    def replay(self, lines: Sequence[str]) -> None:
        self._deal = replay(log_lines(lines), self._win_check, self._table_rules, self._hooks)
        self._game = None

    @property
    def deal(self) -> Deal:
        """The current deal (the twin's ``Deal``: its money so far, winners, rules), for the twins built on the
        table (``reference.env``)."""
        return self._current

    @exclusive
    def to_act(self) -> Optional[int]:
        return self._current.to_act()

    @exclusive
    def legal_actions(self) -> list[Action]:
        return self._current.legal_actions()

    @exclusive
    def observation(self, seat: int) -> Observation:
        return self._current.observation(check_seat(seat))

    @exclusive
    def step(self, action: Union[Action, tuple[str, Optional[int]]]) -> None:
        action = checked_action(action)
        self._atomically(lambda deal: deal.step(action))

    def _atomically(self, change: Callable[[Deal], None]) -> None:
        """``change`` applied to the deal whole or not at all: where the caller's win check decides (it may
        raise at any call, or be interrupted), the deal's state is copied first and put back on any exception,
        which then propagates unchanged; an illegal action is refused before any change."""
        deal = self._current
        if not self._user_check:
            change(deal)
            return
        shared = (deal.rules, deal.hooks, self._win_check)  # not the deal's state: never copied
        saved = copy.deepcopy(vars(deal), {id(part): part for part in shared})
        try:
            change(deal)
        except BaseException:
            vars(deal).clear()
            vars(deal).update(saved)
            raise

    @exclusive
    def log(self) -> list[str]:
        return self._current.log_lines()

    @exclusive
    def outcome(self) -> Optional[list[Winner]]:
        return self._current.outcome

    @exclusive
    def payments(self) -> Optional[tuple[int, ...]]:
        return deal_payments(self._ruleset, self._current)

    @exclusive
    def kong_money(self) -> Optional[tuple[int, ...]]:
        """The kong money inside ``payments`` once the deal is over; None while it runs."""
        deal = self._current
        return None if deal.outcome is None else tuple(deal.kong_money)

    @exclusive
    def horse_money(self) -> Optional[tuple[int, ...]]:
        """The horse money (789's mirror bets) inside ``payments`` once the deal is over; None while it runs."""
        deal = self._current
        if deal.outcome is None:
            return None
        money = [0] * SEATS
        for win in settled_wins(self._ruleset, deal) if self._ruleset is not None else ():
            money = [total + paid for total, paid in zip(money, win.horse_money)]
        return tuple(money)

    def _settled_wins(self) -> list:
        """Each win of the finished deal as its settlement says (pattern row, payments...); empty without a
        ruleset or while the deal runs."""
        deal = self._current
        if self._ruleset is None or deal.outcome is None:
            return []
        return list(settled_wins(self._ruleset, deal))

    @exclusive
    def set_dealer_streak(self, streak: int) -> None:
        """The dealer's 连庄 count for the current deal (节节高, 买马节节高); ``reset`` starts at 0."""
        self._current.dealer_streak = check_streak(streak)

    @exclusive
    def play(self, bots: Sequence[str] = ("efficiency",) * 4) -> None:
        """As the native ``Table.play``: the rest of the deal by one built-in bot per seat, the efficiency bot
        playing for the table's aim (as ``simulate``), so ``reset`` + ``play`` is the deal ``simulate`` plays."""
        if isinstance(bots, str) or len(bots) != SEATS:
            raise InvalidArgumentError(f"bots: one per seat (4) is needed, got {bots!r}")
        chosen = bots_named(bots, self._aim())
        self._atomically(lambda deal: play_deal(deal, chosen))

    @exclusive
    def aim(self) -> Aim:
        """What the efficiency bot plays for at this table: the ruleset family's aim (speed in the 鸡平胡 shapes
        under a plain win check), as the engine's ``Adjudicator::aim``."""
        return self._aim()

    def _aim(self) -> Aim:
        rules = self._ruleset
        return SPEED if rules is None else table_aim(rules)
