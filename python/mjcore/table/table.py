"""The table engine, backed by the Rust core: ``Table`` holds one 鸡平胡 deal driven one decision at a time
(whose turn, the legal actions, what each seat sees, ``step``), with an event log that replays exactly.
``mjcore.reference.table`` is the pure-Python twin that produces the identical log.

Wins are decided natively — by a ruleset's scoring (``ruleset="gd-cgc5"``: its shapes, 起和 minimum and
fan), or without one by the 鸡平胡 shapes (standard or thirteen orphans, 0 fan) — or by a ``WinCheck``
given to the table: ``win_check(hand, situation)`` returns None/False (no legal win), True (a win worth
0 fan) or the fan. ``simulate_random`` plays many random-bot deals in parallel, natively.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional, Union

from .. import _core
from ..arguments import check_u64
from ..errors import InvalidArgumentError
from .exclusive import TableLock, exclusive
from ..hand import Hand, Meld
from ..rules.registry import RulesetLike, load_ruleset
from .parts import table_parts
from .types import (SEATS, Action, Discard, Horse, Observation, OfferedTile, WinCheck, WinSituation, Winner,
                    check_dealer_and_wind, check_seat, log_lines, check_streak, check_wind_rounds, checked_action, wall_codes,
                    win_fan)

__all__ = ["Table"]


def _native_win_check(win_check: Optional[WinCheck]) -> Any:
    """Adapts a ``WinCheck`` to the plain arguments the native table passes (None: the native 鸡平胡 shapes)."""
    if win_check is None:
        return None

    def call(counts: bytes, melds: tuple, situation: tuple) -> Optional[int]:
        hand = Hand(tuple(counts), tuple(Meld(k, t, None if c < 0 else c, f or None) for k, t, c, f in melds))
        return win_fan(win_check(hand, WinSituation(*situation)))

    return call


def _compiled(ruleset: Optional[RulesetLike]) -> tuple[Any, Any]:
    """The native scoring and table rules of a ruleset given by name, path or object (None, None: the 鸡平胡
    shapes at the default 136-tile table)."""
    if ruleset is None:
        return None, None
    return table_parts(load_ruleset(ruleset))


def _meld(parts: tuple[int, int, int, int]) -> Meld:
    kind, tile, claimed, from_offset = parts
    return Meld(kind, tile, None if claimed < 0 else claimed, from_offset or None)


class Table:
    """One deal at a time. ``reset`` deals; then, until ``to_act()`` is None, the seat to act picks one of
    ``legal_actions()`` and ``step`` applies it (an illegal action raises ``IllegalActionError``)."""

    def __init__(self, win_check: Optional[WinCheck] = None, ruleset: Optional[RulesetLike] = None) -> None:
        self._native = _core.Table(_native_win_check(win_check), *_compiled(ruleset))
        self._lock = TableLock()  # one call at a time (``exclusive``)

    @exclusive
    def reset(self, seed: int, deal: int, dealer: int = 0, round_wind: int = 0,
              wall: Optional[Sequence[int]] = None) -> None:
        """Deals deal ``deal`` of the run seeded with ``seed`` — or from ``wall`` (the ruleset's tile set in draw
        order: kinds 0..33, flowers 34..41)."""
        dealer, round_wind = check_dealer_and_wind(dealer, round_wind)
        self._native.reset(check_u64("seed", seed), check_u64("deal", deal), dealer, round_wind,
                           None if wall is None else wall_codes(wall))

    @exclusive
    def reset_game(self, seed: int, wind_rounds: int = 4, max_deals: int = 1000,
                   wall: Optional[Sequence[int]] = None) -> None:
        """Starts a game — ``wind_rounds`` wind rounds, at most ``max_deals`` deals — and deals its first deal
        (deal 0 of ``seed``, or from ``wall`` as ``reset`` takes it; seat 0 the dealer, East round). After each
        deal, ``next_deal`` moves the game on."""
        self._native.reset_game(check_u64("seed", seed), check_wind_rounds(wind_rounds),
                                check_u64("max_deals", max_deals), None if wall is None else wall_codes(wall))

    @exclusive
    def next_deal(self, wall: Optional[Sequence[int]] = None) -> bool:
        """After a finished deal of a game: the dealer stays or passes as the ruleset's ``end.dealer_stays``
        says (连庄 at the Guangdong tables, never under MCR: 16 deals a game), and the next deal — deal k of
        the game's seed, or from ``wall`` — is dealt with the dealer's 连庄 count. False when the game is over
        (the table keeps its last deal)."""
        return self._native.next_deal(None if wall is None else wall_codes(wall))

    @exclusive
    def replay(self, lines: Sequence[str]) -> None:
        """Rebuilds the deal an event log records; raises if the log does not replay exactly."""
        self._native.replay(log_lines(lines))

    @exclusive
    def to_act(self) -> Optional[int]:
        return self._native.to_act()

    @exclusive
    def legal_actions(self) -> list[Action]:
        return [Action(kind, tile) for kind, tile in self._native.legal_actions()]

    @exclusive
    def observation(self, seat: int) -> Observation:
        (seat, hand, drawn, melds, discards, wall_remaining, dealer, round_wind, to_act, offered,
         history, (flowers, voids, passing, (flower_ghosts, discarded_flowers, flowers_are_ghosts))) = \
            self._native.observation(check_seat(seat))
        ghosts, indicator = self._native.ghosts()
        return Observation(
            seat=seat,
            hand=tuple(hand),
            drawn=drawn,
            melds=tuple(tuple(_meld(m) for m in seat_melds) for seat_melds in melds),
            discards=tuple(tuple(d) for d in discards),
            wall_remaining=wall_remaining,
            dealer=dealer,
            round_wind=round_wind,
            to_act=to_act,
            offered=None if offered is None else OfferedTile(*offered),
            discard_history=tuple(tuple(Discard(*d) for d in seat_history) for seat_history in history),
            flowers=tuple(tuple(seat_flowers) for seat_flowers in flowers),
            voids=tuple(voids),
            passing=tuple(passing),
            ghosts=tuple(ghosts),
            ghost_indicator=indicator,
            flower_ghosts=tuple(flower_ghosts),
            discarded_flowers=tuple(tuple(seat_flowers) for seat_flowers in discarded_flowers),
            flowers_are_ghosts=flowers_are_ghosts,
        )

    @exclusive
    def step(self, action: Union[Action, tuple[str, Optional[int]]]) -> None:
        kind, tile = checked_action(action)
        self._native.step(kind, tile)

    @exclusive
    def log(self) -> list[str]:
        """The event log so far, one JSON object per line."""
        return self._native.log()

    @exclusive
    def outcome(self) -> Optional[list[Winner]]:
        """The winners once the deal is over (empty for an exhaustive draw); None while it runs."""
        winners = self._native.outcome()
        return None if winners is None else [Winner(*w[:5], tuple(Horse(*h) for h in w[5])) for w in winners]

    @exclusive
    def kong_money(self) -> Optional[tuple[int, int, int, int]]:
        """The kong money inside ``payments`` once the deal is over (推倒胡: paid as each kong is made, returned
        at a 流局 unless 流局算杠); None while it runs."""
        paid = self._native.kong_money()
        return None if paid is None else tuple(paid)

    @exclusive
    def horse_money(self) -> Optional[tuple[int, int, int, int]]:
        """The horse money (789 买马: each buyer shadowing the seat its horse picks) inside ``payments`` once the
        deal is over; None while it runs. 推倒胡's horses are part of its win: see each winner's ``horses``."""
        paid = self._native.horse_money()
        return None if paid is None else tuple(paid)

    @exclusive
    def set_dealer_streak(self, streak: int) -> None:
        """The dealer's 连庄 count for the current deal (节节高, 买马节节高); ``reset`` starts at 0."""
        self._native.set_dealer_streak(check_streak(streak))

    @exclusive
    def payments(self) -> Optional[tuple[int, int, int, int]]:
        """Each seat's money for the finished deal by the ruleset's settlement, zero-sum — exactly what
        ``mjcore.simulate`` records in its ``payments`` column; zeros for an exhaustive draw or a table
        without a ruleset (a win check scores no money); None while the deal runs."""
        paid = self._native.payments()
        return None if paid is None else tuple(paid)

    @exclusive
    def play(self, bots: Sequence[str] = ("efficiency",) * 4) -> None:
        """Plays the rest of the deal natively with one built-in bot per seat (``mjcore.table.BOT_NAMES``); each
        bot is seeded by (seed, deal, seat), so ``reset`` then ``play`` plays the very deal ``simulate`` plays.
        Then ``outcome()``, ``payments()`` and ``log()`` tell what happened."""
        self._native.play(_bot_names(bots))


def _bot_names(bots: Sequence[str]) -> list[str]:
    if isinstance(bots, str) or len(bots) != SEATS:
        raise InvalidArgumentError(f"bots: one per seat (4) is needed, got {bots!r}")
    return list(bots)
