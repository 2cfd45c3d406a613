"""One table of the twin environment, as the Rust ``env::table``: a deal (or a game of deals) in which some seats
learn and the others are built-in bots, played until a learning seat must decide.

Episodes: a deal (deal mode: deal ``k`` since the reset has dealer ``k mod 4``, East round), or a game of deals
with the table's dealer rotation (game mode). When an episode ends in a step, the next starts in the same step
(autoreset): the step reports the settlement and ``terminated`` (``truncated`` for a game stopped at its
``max_deals``), and the observation is the next episode's first decision. A deal in which no learning seat gets a
decision is no episode in deal mode (dealt again from the next index, its payments dropped); in game mode its
payments count with the next step."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from ...env.action_layout import ActionLayout
from ...errors import IllegalActionError, InvalidArgumentError
from ...table.types import Action
from ..table.bots import bot_named
from ..table.deal import SEATS, Deal
from ..table.game import Game, GameConfig
from ..table.policy import Policy
from ..table.rng import Rng
from ..table.table import Table
from .encoding import encode

__all__ = ["DealEnd", "EnvOptions", "Snapshot", "StepOutcome", "TableEnv", "table_seed"]

# The stream deriving each table's seed from the run's, and the stream of a table's action sampler (the bots
# use 1..4, the wall 0): the engine's constants.
TABLE_SEED_STREAM = 0x5441_424C
SAMPLER_STREAM = 0x5341_4D50


def table_seed(seed: int, index: int) -> int:
    """The seed of table ``index`` of a run seeded ``seed``: the first draw of its own stream."""
    return Rng(seed, index, TABLE_SEED_STREAM).next_u64()


@dataclass(frozen=True)
class EnvOptions:
    """How every table of an env plays (the engine's ``EnvOptions``)."""

    learning: int  # bit s: seat s learns; the others are ``opponents``
    opponents: Optional[str]
    encoding: str
    game: Optional[GameConfig]  # None: an episode is one deal
    reward_scale: float
    score_unit: int
    autoreset: bool

    def check(self) -> None:
        if not 0 < self.learning < 1 << SEATS:
            raise InvalidArgumentError(f"learning seats {self.learning:#06b}: at least one of the four seats must "
                                       "learn")  # fmt: skip
        if self.learning != (1 << SEATS) - 1 and self.opponents is None:
            raise InvalidArgumentError('learning seats: some seats do not learn, so name their opponents ("random" '
                                       'or "efficiency")')
        if self.opponents is not None:
            bot_named(self.opponents)
        if self.score_unit < 1:
            raise InvalidArgumentError(f"score_unit must be at least 1, not {self.score_unit}")
        if self.game is not None:
            Game(0, self.game)

    def learns(self, seat: int) -> bool:
        return bool(self.learning >> seat & 1)

    def scaled(self, payments: Sequence[int]) -> list[float]:
        """Payments as rewards, in the engine's float32 arithmetic."""
        scale = np.float32(self.reward_scale)
        return [float(np.float32(p) * scale) for p in payments]


@dataclass
class StepOutcome:
    """What one step brought one table: payments settled during it (absolute seats, scaled) and the flags."""

    payments: list[float] = field(default_factory=lambda: [0.0] * SEATS)
    terminated: bool = False
    truncated: bool = False


@dataclass(frozen=True)
class Snapshot:
    """A table as data (the engine's ``Snapshot``): where its episode began — seed, first deal index, the first
    wall when the caller gave one, whether a reset started it — the learning decisions since, and the action
    sampler's state."""

    seed: int
    deal: int
    wall: Optional[tuple[int, ...]]
    by_reset: bool
    actions: tuple[int, ...]
    sampler: tuple[int, int, int, int]


@dataclass(frozen=True)
class DealEnd:
    """How the last finished deal ended: the winning seats, fan and pattern row per seat (None: no pattern),
    the discarder of the winning tile (None: self-drawn or no win) and the unscaled settlement."""

    winners: tuple[int, ...] = ()
    fan: tuple[int, ...] = (0, 0, 0, 0)
    pattern: tuple[Optional[int], ...] = (None, None, None, None)
    discarder: Optional[int] = None
    payments: tuple[int, ...] = (0, 0, 0, 0)


def _add(total: list[int], paid: Sequence[int]) -> list[int]:
    return [t + p for t, p in zip(total, paid)]


class TableEnv:
    """``table`` (a twin ``Table`` of the env's rules) dealt the first deal of the run seeded ``seed`` (or from
    ``wall``, wall codes in draw order) and played to a learning decision."""

    def __init__(self, table: Table, seed: int, wall: Optional[Sequence[int]], options: EnvOptions) -> None:
        options.check()
        self._table = table
        self._bots: list[Optional[Policy]] = [
            None if options.learns(seat) or options.opponents is None else bot_named(options.opponents, table.aim())
            for seat in range(SEATS)
        ]  # fmt: skip
        self._episode: tuple[int, int, Optional[tuple[int, ...]], bool] = (seed, 0, None, True)
        self._actions: list[int] = []
        self.last_end = DealEnd()
        self.final_observation: Optional[np.ndarray] = None
        self.reset(seed, wall, options)

    @property
    def deal(self) -> Deal:
        return self._table.deal

    def reset(self, seed: Optional[int], wall: Optional[Sequence[int]], options: EnvOptions) -> None:
        """Starts a new episode: of the run seeded ``seed`` (its first deal, the sampler restarted), or with None
        from the next deal of the table's own stream; its first deal from ``wall`` when given."""
        if seed is not None:
            self.seed = seed
            self._deals = 0  # deals dealt since the seeded reset: the index of the next deal
            self._sampler = Rng(seed, 0, SAMPLER_STREAM)
        self._owed = [0] * SEATS  # payments of deals settled after the step's episode ended (game mode)
        self._start_episode(wall, True, options)
        self._advance(None, StepOutcome(), options)

    def snapshot(self) -> Snapshot:
        seed, deal, wall, by_reset = self._episode
        return Snapshot(seed, deal, wall, by_reset, tuple(self._actions), self._sampler.state())

    def restore(self, snapshot: Snapshot, layout: ActionLayout, options: EnvOptions) -> None:
        """Rebuilds the table from ``snapshot``: deals the episode's start again, replays its decisions (the bots
        and the game follow from the seed), then resumes the sampler."""
        sampler = Rng.from_state(snapshot.sampler)
        self.seed, self._deals, self._owed = snapshot.seed, snapshot.deal, [0] * SEATS
        self._start_episode(snapshot.wall, snapshot.by_reset, options)
        opening = self._advance(None, StepOutcome(), options)
        if not snapshot.by_reset:
            self._owed = opening  # deals the autoreset settled before the first decision are owed, as they were
        for action in snapshot.actions:
            if self._table.to_act() is None:
                raise InvalidArgumentError("snapshot: more decisions than the episode holds")
            if not self.is_legal(layout, action):
                raise InvalidArgumentError(f"snapshot: action {action} is not legal where the episode replays it")
            self.step(layout, action, options)
        self._sampler = sampler

    def _start_episode(self, wall: Optional[Sequence[int]], by_reset: bool, options: EnvOptions) -> None:
        self._episode = (self.seed, self._deals, None if wall is None else tuple(wall), by_reset)
        self._actions = []
        self._earlier = [0] * SEATS  # points from the earlier deals of the game
        self._game = None if options.game is None else Game(self.seed ^ self._deals, options.game)
        self._start_deal(wall)

    def _start_deal(self, wall: Optional[Sequence[int]]) -> None:
        """Deals the next deal: the game's dealer and wind, or in deal mode dealer ``index mod 4``, East round."""
        index, game = self._deals, self._game
        dealer, wind = (index % SEATS, 0) if game is None else (game.dealer, game.round_wind)
        self._table.reset(self.seed, index, dealer, wind, wall)
        if game is not None:
            game.begin(self.deal)
        self._deals += 1
        for seat, bot in enumerate(self._bots):
            if bot is not None:
                bot.start_deal(self.seed, index, seat)

    def _advance(self, acting: Optional[int], out: StepOutcome, options: EnvOptions) -> list[int]:
        """Plays the bots' decisions (and autoresets) until a learning seat must decide; returns the unscaled
        payments written into ``out``. ``acting``: the seat whose decision the step applied (its view of an
        episode that ends is kept as the final observation)."""
        ended = False
        payments, self._owed = self._owed, [0] * SEATS
        table = self._table
        while True:
            seat = table.to_act()
            if seat is not None and options.learns(seat):
                break
            if seat is not None:
                bot = self._bots[seat]
                assert bot is not None, "options.check: every seat that does not learn has a bot"
                table.step(bot.choose(table.observation(seat), table.legal_actions()))
                continue
            paid, game = table.payments(), self._game
            self.last_end = _deal_end(table, paid)
            if game is not None:
                deal = self.deal
                game.record(deal.outcome, deal.rules, deal.first_winners)
                self._earlier = _add(self._earlier, paid)
            if not ended:
                payments = _add(payments, paid)
            elif game is not None:
                self._owed = _add(self._owed, paid)
            if game is None or game.is_over:
                if not ended:
                    out.truncated = game is not None and game.round_wind < game.config.wind_rounds
                    out.terminated = not out.truncated
                ended = True
                if not options.autoreset:
                    break
                if acting is not None:
                    self.final_observation = self._encode(acting, options)
                self._start_episode(None, False, options)
            else:
                self._start_deal(None)
        out.payments = options.scaled(payments)
        return payments

    def to_act(self) -> int:
        """The seat to decide (0 once an episode is over without autoreset)."""
        seat = self._table.to_act()
        return 0 if seat is None else seat

    def legal_indices(self, layout: ActionLayout) -> list[int]:
        return [layout.index(a) for a in self._table.legal_actions()]

    def is_legal(self, layout: ActionLayout, index: int) -> bool:
        return 0 <= index < len(layout) and layout.action(index) in self._table.legal_actions()

    def step(self, layout: ActionLayout, index: int, options: EnvOptions) -> StepOutcome:
        """Applies the learning seat's action ``index`` and plays on to the next learning decision."""
        acting = self._table.to_act()
        self._table.step(layout.action(index))
        self._actions.append(index)
        out = StepOutcome()
        self._advance(acting, out, options)
        return out

    def suggest(self, layout: ActionLayout, bot: Policy) -> int:
        """The action index ``bot`` would choose at the current decision."""
        seat = self.to_act()
        action = bot.choose(self._table.observation(seat), self._table.legal_actions())
        try:
            return layout.index(action)
        except InvalidArgumentError:
            raise IllegalActionError(f"{action} has no index at this table") from None

    def sample(self, layout: ActionLayout) -> int:
        """A uniformly random legal action index, from the table's own seeded stream."""
        legal = self._table.legal_actions()
        pick = self._sampler.below(len(legal))
        return layout.index(legal[pick]) if legal else 0

    def observe(self, seat: int, layout: ActionLayout, options: EnvOptions) -> tuple[np.ndarray, np.ndarray]:
        """What ``seat`` sees and its legal mask (all False unless it is to act)."""
        table = self._table
        legal: list[Action] = table.legal_actions() if table.to_act() == seat else []
        return self._encode(seat, options), layout.mask(legal)

    def _encode(self, seat: int, options: EnvOptions) -> np.ndarray:
        table, deal = self._table, self.deal
        so_far = deal.event_payments if deal.outcome is None else table.payments()
        return encode(table.observation(seat), options.encoding, points=_add(so_far, self._earlier),
                      won=[s in deal.winners_so_far for s in range(SEATS)], score_unit=options.score_unit)


def _deal_end(table: Table, payments: Sequence[int]) -> DealEnd:
    deal = table.deal
    winners = deal.outcome or []
    fan: list[int] = [0] * SEATS
    pattern: list[Optional[int]] = [None] * SEATS
    settled = table._settled_wins()
    for order, winner in enumerate(winners):
        fan[winner.seat] = winner.fan
        row = settled[order].pattern if settled else -1
        pattern[winner.seat] = None if row < 0 else row
    return DealEnd(tuple(sorted(w.seat for w in winners)), tuple(fan), tuple(pattern),
                   winners[0].from_seat if winners else None, tuple(payments))
