"""The pure-Python twin of the vectorised environment: ``VectorEnv`` is ``mjcore.env.VectorEnv`` — the same
constructor, ``reset``/``step`` contract, buffers, spaces and autoreset — stepping twin tables (``TableEnv``, over
the twin ``Table`` and the twin encoding) instead of the native core. ``VectorCore`` answers the native core's
calls (``rust/engine/src/env/vector.rs`` through its binding), so the PettingZoo and Gymnasium wrappers could
run on it as well. Table ``i`` of a run seeded ``seed`` plays the deals of seed ``table_seed(seed, i)``, as the
native env's, so both give the same episodes. Slow (the twin bots and table are plain Python); ``threads`` is
accepted and ignored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import numpy as np

from ...env.vector_base import VectorEnvBase
from ...errors import IllegalActionError, InvalidArgumentError
from ...rules.registry import RulesetLike, load_ruleset
from ...table.types import WinCheck
from ..table.bots import bot_named
from ..table.game import GameConfig
from ..table.table import Table
from ..table.wall import Wall
from .encoding import ROWS
from .layout import action_layout
from .table import EnvOptions, Snapshot, StepOutcome, TableEnv, table_seed

__all__ = ["VectorCore", "VectorEnv"]


class VectorCore:
    """The twin of the native core: ``num_envs`` twin tables of one ruleset (or win check), the options as the
    native core takes them (``learning`` a seat mask, ``game`` None or (wind_rounds, max_deals))."""

    def __init__(self, ruleset: Optional[RulesetLike], win_check: Optional[WinCheck], num_envs: int, seed: int,
                 learning: int, opponents: Optional[str], encoding: str, game: Optional[tuple[int, int]],
                 reward_scale: float, score_unit: int, threads: Optional[int], autoreset: bool) -> None:
        if num_envs < 1:
            raise InvalidArgumentError("num_envs must be at least 1")
        self._options = EnvOptions(learning, opponents, encoding, None if game is None else GameConfig(*game),
                                   reward_scale, score_unit, autoreset)  # fmt: skip
        self._options.check()
        rules = None if ruleset is None else load_ruleset(ruleset)
        # A user's win check may raise at any call: then calls are made atomic (``_atomically``).
        self._calls_python = win_check is not None
        tables = [Table(win_check, rules) for _ in range(num_envs)]
        self._aim = tables[0].aim()
        self._tables = [TableEnv(table, table_seed(seed, i), None, self._options) for i, table in enumerate(tables)]
        deal = self._tables[0].deal
        self._layout = action_layout(deal.rules, deal.hooks)

    def _table(self, index: int) -> TableEnv:
        if not isinstance(index, int) or not 0 <= index < len(self._tables):
            raise InvalidArgumentError(f"env {index} does not exist: there are {len(self._tables)} "
                                       f"(0..{len(self._tables) - 1})")  # fmt: skip
        return self._tables[index]

    def reset(self, seed: Optional[int], walls: Optional[Sequence[Optional[Sequence[int]]]],
              out: Sequence[np.ndarray]) -> None:
        """Restarts every table's episode for the run seeded ``seed``, or with None from the next deal of each
        table's own stream (``walls[i]``: table i's first wall)."""
        walls = list(walls) if walls else [None] * len(self._tables)
        if len(walls) != len(self._tables):
            raise InvalidArgumentError(f"{len(walls)} walls given for {len(self._tables)} envs: give one (or None) "
                                       "per env")  # fmt: skip
        rules = self._tables[0].deal.rules
        for wall in walls:
            if wall is not None:
                Wall(wall, rules)  # every wall is checked before any table changes
        def change() -> None:
            for i, (table, wall) in enumerate(zip(self._tables, walls)):
                table.reset(None if seed is None else table_seed(seed, i), wall, self._options)
            self._write_all(None, out)

        self._atomically(change, out)

    def step(self, actions: np.ndarray, out: Sequence[np.ndarray]) -> None:
        """Applies one action index per table (all checked first: an illegal one changes nothing), plays on to
        every table's next learning decision and writes the buffers."""
        if len(actions) != len(self._tables):
            raise InvalidArgumentError(f"{len(actions)} actions given for {len(self._tables)} envs")
        for i, (table, action) in enumerate(zip(self._tables, actions)):
            if not table.is_legal(self._layout, int(action)):
                raise IllegalActionError(f"env {i}: action {action} is not legal now; legal: "
                                         f"{table.legal_indices(self._layout)}")  # fmt: skip
        self._atomically(lambda: self._write_all(actions, out), out)

    def _atomically(self, change: Any, out: Sequence[np.ndarray]) -> None:
        """Runs ``change`` on every table whole or not at all, as the native core: where a user's win check
        decides (it may raise at any call, or be interrupted), each table's snapshot and the buffers are saved
        first and put back on any exception, which propagates unchanged. A check raising again while the tables
        are rebuilt leaves that table as far as it got; the first exception is the one raised."""
        if not self._calls_python:
            change()
            return
        tables = [table.snapshot() for table in self._tables]
        buffers = [buffer.copy() for buffer in out]
        try:
            change()
        except BaseException:
            for table, snapshot in zip(self._tables, tables):
                try:
                    table.restore(snapshot, self._layout, self._options)
                except Exception:  # noqa: BLE001 (the first exception is the one to report)
                    pass
            for buffer, saved in zip(out, buffers):
                buffer[...] = saved
            raise

    def _write_all(self, actions: Optional[np.ndarray], out: Sequence[np.ndarray]) -> None:
        obs, mask, reward, payments, terminated, truncated, seat = out
        for i, table in enumerate(self._tables):
            outcome, reward[i] = StepOutcome(), 0.0
            if actions is not None:
                acting = table.to_act()
                outcome = table.step(self._layout, int(actions[i]), self._options)
                reward[i] = outcome.payments[acting]
            payments[i] = outcome.payments
            terminated[i], truncated[i] = outcome.terminated, outcome.truncated
            seat[i] = table.to_act()
            planes, mask[i] = table.observe(int(seat[i]), self._layout, self._options)
            obs[i] = planes.reshape(obs[i].shape)  # (rows, 34), or one row of them with ``flat``

    def sample(self, out: np.ndarray) -> None:
        """One uniformly random legal action per table, from each table's seeded stream."""
        for i, table in enumerate(self._tables):
            out[i] = table.sample(self._layout)

    def suggest(self, name: str, out: np.ndarray) -> None:
        """The action the built-in bot ``name`` would choose at each table now (one fresh bot asks them all, as
        the native core's: the efficiency bot plays for the table's aim, as the opponents do)."""
        bot = bot_named(name, self._aim)
        for i, table in enumerate(self._tables):
            out[i] = table.suggest(self._layout, bot)

    def observation(self, index: int, seat: int) -> tuple[np.ndarray, np.ndarray]:
        if seat not in range(4):
            raise InvalidArgumentError(f"seat {seat} is not 0..3")
        return self._table(index).observe(seat, self._layout, self._options)

    def step_one(self, index: int, action: int) -> tuple[int, bool, bool, list[float]]:
        """Steps table ``index`` alone: (seat to act, terminated, truncated, every seat's settlement)."""
        table = self._table(index)
        if not table.is_legal(self._layout, action):
            raise IllegalActionError(f"env {index}: action {action} is not legal now")
        saved = table.snapshot() if self._calls_python else None
        try:
            outcome = table.step(self._layout, action, self._options)
        except BaseException:
            if saved is not None:
                try:
                    table.restore(saved, self._layout, self._options)
                except Exception:  # noqa: BLE001 (the first exception is the one to report)
                    pass
            raise
        return table.to_act(), outcome.terminated, outcome.truncated, outcome.payments

    def to_act(self, index: int) -> int:
        return self._table(index).to_act()

    def log(self, index: int) -> list[str]:
        return self._table(index).deal.log_lines()

    def snapshot(self, index: int) -> tuple[int, int, Optional[list[int]], bool, list[int], tuple[int, ...]]:
        """Table ``index`` as data, as the native core gives it (``restore`` rebuilds it)."""
        s = self._table(index).snapshot()
        return s.seed, s.deal, None if s.wall is None else list(s.wall), s.by_reset, list(s.actions), s.sampler

    def restore(self, index: int, seed: int, deal: int, wall: Optional[Sequence[int]], by_reset: bool,
                actions: Sequence[int], sampler: Sequence[int]) -> None:
        table = self._table(index)
        if wall is not None:
            Wall(wall, table.deal.rules)
        snapshot = Snapshot(seed, deal, None if wall is None else tuple(wall), by_reset, tuple(actions),
                            tuple(sampler))  # fmt: skip
        table.restore(snapshot, self._layout, self._options)

    def last_end(self, index: int) -> tuple[list[int], list[int], list[Optional[int]], Optional[int], list[int]]:
        end = self._table(index).last_end
        return list(end.winners), list(end.fan), list(end.pattern), end.discarder, list(end.payments)

    def final_observation(self, index: int) -> Optional[np.ndarray]:
        kept = self._table(index).final_observation
        return None if kept is None else kept.copy()

    def deal_id(self, index: int) -> tuple[int, int]:
        deal = self._table(index).deal
        return deal.seed, deal.index

    def num_actions(self) -> int:
        return len(self._layout)

    def blocks(self) -> list[tuple[str, int, int]]:
        return list(self._layout.blocks)

    def actions(self) -> list[tuple[str, Optional[int]]]:
        return [tuple(self._layout.action(i)) for i in range(len(self._layout))]


class VectorEnv(VectorEnvBase):
    """``mjcore.env.VectorEnv`` stepped by the pure-Python twin (same arguments; ``threads`` is ignored): the same
    shell (``VectorEnvBase``) over the twin's core."""

    _encodings = ROWS

    def _start_core(self, ruleset: Optional[RulesetLike], win_check: Optional[WinCheck], *options: Any) -> VectorCore:
        return VectorCore(ruleset, win_check, *options)
