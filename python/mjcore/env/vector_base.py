"""The vectorised environment's shell, shared by both backends: ``VectorEnvBase`` checks the arguments, owns the
numpy buffers and Gymnasium spaces, and drives a core (the native one in ``vector.py``, the twin's in
``reference/env/vector.py``) through one interface. Pure Python: the twin subclasses it too.

It is a ``gymnasium.vector.VectorEnv`` when Gymnasium is installed (so Gymnasium's vector wrappers take it), with
same-step autoreset; without Gymnasium it is a plain class with the same calls (the env needs only numpy).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Mapping, Sequence
from typing import Any, Optional, Union

import numpy as np

from ..arguments import (I64_MAX, U64_MAX, check_index, check_index_array, check_int_in, check_options,
                         check_positive_real, check_threads, check_u64)
from ..errors import IllegalActionError, InvalidArgumentError, shown
from ..rules.registry import RulesetLike
from ..table.types import Action, WinCheck, check_seat, wall_codes
from .action_layout import ActionLayout
from .encoding import Encoding, encoding_in
from .render import render_text

__all__ = ["VectorEnvBase", "OPPONENTS"]

OPPONENTS = ("random", "efficiency", "advisor")
# Tables one env holds at most: a table takes about 7 KB (compact) to 13 KB (extended encoding) once reset and
# some 9 KB more as its deal's log grows, so a million are gigabytes already; a larger count is a mistake,
# refused before anything is allocated.
MAX_ENVS = 1 << 20

try:  # Gymnasium is an optional extra: with it the env is one of its vector envs
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector import VectorEnv as _GymnasiumVectorEnv

    _SAME_STEP: Any = AutoresetMode.SAME_STEP
except ImportError:  # pragma: no cover - exercised where gymnasium is absent
    _GymnasiumVectorEnv = object  # type: ignore[assignment,misc]
    _SAME_STEP = "SameStep"


def _spaces() -> Any:
    try:
        from gymnasium import spaces
    except ImportError:  # pragma: no cover - gymnasium is an optional extra
        raise ImportError("the env's spaces need Gymnasium: pip install 'mjcore[env]'") from None
    return spaces


def _learning_mask(learning_seats: object) -> int:
    """The learning seats (a sequence of seats 0..3, at least one) as a bit mask."""
    if not isinstance(learning_seats, (list, tuple, range, np.ndarray)) or len(learning_seats) == 0:
        raise InvalidArgumentError(f"learning_seats must be a list or tuple of seats 0..3 (at least one), "
                                   f"not {shown(learning_seats)}")  # fmt: skip
    mask = 0
    for seat in learning_seats:
        if isinstance(seat, (bool, np.bool_)) or not isinstance(seat, (int, np.integer)) or seat not in range(4):
            raise InvalidArgumentError(f"learning seats are 0..3, not {shown(seat)}")
        mask |= 1 << int(seat)
    return mask


def check_seed(seed: object) -> Optional[int]:
    """A reset's seed: None (continue the env's own stream) or an int (Python or numpy) in 0..2**64-1."""
    if seed is None:
        return None
    if isinstance(seed, (bool, np.bool_)):
        raise InvalidArgumentError(f"seed must be None or an int in 0..2**64-1, not {shown(seed)}")
    try:
        value = operator.index(seed)
    except TypeError:
        raise InvalidArgumentError(f"seed must be None or an int in 0..2**64-1, not {shown(seed)}") from None
    return check_u64("seed", value)


class VectorEnvBase(_GymnasiumVectorEnv):  # type: ignore[misc,valid-type]
    """What both backends' vectorised envs share: the checked arguments, the buffers, the spaces and the calls
    (``mjcore.env.VectorEnv`` says what they mean). A backend gives ``_encodings`` (rows per encoding name) and
    ``_start_core``, the core that steps its tables."""

    _encodings: Mapping[str, int] = {}

    metadata: dict[str, Any] = {"autoreset_mode": _SAME_STEP, "render_modes": ["ansi"]}
    render_mode = "ansi"
    closed = False

    def __init__(self, ruleset: Optional[RulesetLike] = "gd-cgc5", num_envs: int = 1, seed: int = 0, *,
                 opponents: Optional[str] = "random", learning_seats: Optional[Sequence[int]] = None,
                 encoding: str = "compact-v2", flat: bool = False, game: Optional[int] = None, max_deals: int = 64,
                 reward_scale: float = 1.0, score_unit: int = 1, threads: Optional[int] = None,
                 win_check: Optional[WinCheck] = None, autoreset: bool = True, share_buffers: bool = False) -> None:
        # Kept for pickling: a copy is built from the same arguments, then each table restored (``__setstate__``).
        self._init_args = ((ruleset, num_envs, seed), {
            "opponents": opponents, "learning_seats": learning_seats, "encoding": encoding, "flat": flat,
            "game": game, "max_deals": max_deals, "reward_scale": reward_scale, "score_unit": score_unit,
            "threads": threads, "win_check": win_check, "autoreset": autoreset, "share_buffers": share_buffers})
        if opponents is not None and not (isinstance(opponents, str) and opponents in OPPONENTS):
            raise InvalidArgumentError(f"unknown opponents {shown(opponents)}: expected one of {OPPONENTS} or None")
        for name, flag in (("flat", flat), ("autoreset", autoreset), ("share_buffers", share_buffers)):
            if not isinstance(flag, (bool, np.bool_)):
                raise InvalidArgumentError(f"{name} must be True or False, not {shown(flag)}")
        if learning_seats is None:
            learning_seats = (0,) if opponents is not None else (0, 1, 2, 3)
        num_envs = check_int_in("num_envs", num_envs, 1, MAX_ENVS)
        self.encoding: Encoding = encoding_in(self._encodings, encoding)
        # max_deals caps a game; it is checked even when no game is played, so a bad value is never ignored.
        max_deals = check_int_in("max_deals", max_deals, 1, U64_MAX)
        game_config = None if game is None else (check_int_in("game (wind rounds)", game, 1, 4), max_deals)
        seed = check_u64("seed", check_seed(seed))
        self._native = self._start_core(ruleset, win_check, num_envs, seed, _learning_mask(learning_seats),
                                        opponents, self.encoding.name, game_config,
                                        check_positive_real("reward_scale", reward_scale),
                                        check_int_in("score_unit", score_unit, 1, I64_MAX), check_threads(threads),
                                        bool(autoreset))
        self.layout = ActionLayout(self._native.blocks(), self._native.actions())
        self.num_envs = num_envs
        self.ruleset = ruleset
        self.learning_seats = tuple(learning_seats)
        self.flat = bool(flat)
        self.share_buffers = bool(share_buffers)
        n, a = num_envs, len(self.layout)
        shape = (n, self.encoding.rows * 34) if flat else (n, self.encoding.rows, 34)
        # The env's own buffers, which the core overwrites at every call; ``step`` and ``reset`` hand out copies
        # unless ``share_buffers``.
        self.observations = np.zeros(shape, dtype=np.uint8)
        self.masks = np.zeros((n, a), dtype=bool)
        self.rewards = np.zeros(n, dtype=np.float32)
        self.payments = np.zeros((n, 4), dtype=np.float32)
        self.terminations = np.zeros(n, dtype=bool)
        self.truncations = np.zeros(n, dtype=bool)
        self.seats = np.zeros(n, dtype=np.uint8)
        self._actions = np.zeros(n, dtype=np.int64)
        self._outputs = (self.observations, self.masks, self.rewards, self.payments, self.terminations,
                         self.truncations, self.seats)
        self._seed = seed
        self._native.reset(seed, None, self._outputs)
        # Until the first reset or step, an unseeded reset deals the constructor's seed from its start, so
        # ``VectorEnv(seed=s).reset()`` is ``VectorEnv().reset(seed=s)``.
        self._untouched = True

    def _start_core(self, ruleset: Optional[RulesetLike], win_check: Optional[WinCheck], *options: Any) -> Any:
        """The core that steps the tables, started with the checked options: each backend's own."""
        raise NotImplementedError

    # Gymnasium spaces, built when first asked for (Gymnasium is an optional extra: the env needs only numpy).
    # Lazily, because a batch Box holds four arrays of the whole batch's shape (low, high and two bound
    # masks): 1.6 GB for 65,536 tables of the extended encoding, for a space most loops never read.
    @functools.cached_property
    def single_observation_space(self) -> Any:
        return self.encoding.space(flat=self.flat)

    @functools.cached_property
    def single_action_space(self) -> Any:
        return _spaces().Discrete(len(self.layout))

    @functools.cached_property
    def observation_space(self) -> Any:
        high = np.broadcast_to(self.single_observation_space.high, self.observations.shape)
        return _spaces().Box(np.zeros_like(high), high, dtype=np.uint8)

    @functools.cached_property
    def action_space(self) -> Any:
        return _spaces().MultiDiscrete(np.full(self.num_envs, len(self.layout)))

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array if self.share_buffers else array.copy()

    def _infos(self, ended: Optional[np.ndarray] = None) -> dict[str, Any]:
        """The step's infos: every env's mask, seat to act and settlement; where an episode ended (same-step
        autoreset), Gymnasium's ``final_obs`` (the acting seat's view of the finished episode) and
        ``final_info`` (how its last deal ended), each with its ``_key`` mask."""
        infos: dict[str, Any] = {"action_mask": self._out(self.masks), "seat": self._out(self.seats),
                                 "payments": self._out(self.payments)}
        if ended is None or not ended.any():
            return infos
        final_obs = np.full(self.num_envs, None, dtype=object)
        winners = np.zeros((self.num_envs, 4), dtype=bool)
        fan = np.zeros((self.num_envs, 4), dtype=np.int64)
        pattern = np.full((self.num_envs, 4), -1, dtype=np.int64)
        discarder = np.full(self.num_envs, -1, dtype=np.int64)
        deal_payments = np.zeros((self.num_envs, 4), dtype=np.int64)
        for env in np.flatnonzero(ended).tolist():
            final_obs[env] = self._final_observation(env)
            won, fan[env], rows, by, deal_payments[env] = self._native.last_end(env)
            winners[env, list(won)] = True
            pattern[env] = [-1 if row is None else row for row in rows]
            discarder[env] = -1 if by is None else by
        mask = ended.copy()
        infos.update(final_obs=final_obs, _final_obs=mask, final_info={
            "winners": winners, "fan": fan, "pattern": pattern, "discarder": discarder,
            "deal_payments": deal_payments, **{f"_{key}": mask for key in
                                               ("winners", "fan", "pattern", "discarder", "deal_payments")}},
            _final_info=mask)
        return infos

    def _final_observation(self, env: int) -> np.ndarray:
        """The acting seat's view of the episode env ``env`` ended in the last step (what the step showed before
        autoreset dealt the next; without autoreset, the finished deal still on the table)."""
        kept = self._native.final_observation(env)
        if kept is None or not self._init_args[1]["autoreset"]:
            kept = self._native.observation(env, int(self.seats[env]))[0]
        return kept.reshape(-1) if self.flat else kept

    def episode_end(self, env: int) -> dict[str, Any]:
        """How env ``env``'s last finished deal ended: ``winners`` (seats), ``fan`` and ``pattern`` (the
        ruleset's pattern key, None without one) per winner seat, ``discarder`` (None: self-drawn or no win),
        ``deal_payments`` (unscaled, per seat)."""
        won, fan, rows, by, paid = self._native.last_end(self._env_index(env))
        names = self._pattern_keys
        return {"winners": tuple(won), "fan": {s: int(fan[s]) for s in won},
                "pattern": {s: None if rows[s] is None or rows[s] >= len(names) else names[rows[s]] for s in won},
                "discarder": by, "deal_payments": tuple(int(p) for p in paid)}

    @functools.cached_property
    def _pattern_keys(self) -> tuple[str, ...]:
        if self.ruleset is None:
            return ()
        from ..rules.registry import load_ruleset

        return tuple(row.key for row in load_ruleset(self.ruleset).patterns)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts every env's next episode: with ``seed``, the run of that seed from its start (the same seed
        gives the same sequence of episodes); without, the next episodes of each env's own stream (Gymnasium's
        convention). ``options={"walls": [...]}``: one wall (wall codes in draw order) or None per env, used
        for its first deal. A refused argument changes nothing."""
        seed = check_seed(seed)
        if seed is None and self._untouched:
            seed = self._seed
        walls = check_options(options, ("walls",)).get("walls")
        if walls is not None:
            if not isinstance(walls, (list, tuple, np.ndarray)) or len(walls) != self.num_envs:
                raise InvalidArgumentError(f"walls must be a list of {self.num_envs} walls (or None for a random "
                                           f"one), one per env, not {shown(walls)}")
            walls = [None if wall is None else wall_codes(wall, f"walls[{env}]") for env, wall in enumerate(walls)]
        self._native.reset(seed, walls, self._outputs)
        self._untouched = False
        if seed is not None:
            self._seed = seed
        return self._out(self.observations), self._infos()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Applies one action index per env (an illegal one raises ``IllegalActionError`` and changes nothing)."""
        self._native.step(check_index_array("actions", actions, self.num_envs), self._outputs)
        self._untouched = False
        ended = self.terminations | self.truncations
        return (self._out(self.observations), self._out(self.rewards), self._out(self.terminations),
                self._out(self.truncations), self._infos(ended))

    def step_native(self, actions: np.ndarray) -> None:
        """``step`` for callers holding a C-contiguous int64 array of shape (num_envs,) already: fills the buffers
        and returns nothing, checking only legality (the single-agent env steps through it, its action checked)."""
        self._native.step(actions, self._outputs)
        self._untouched = False

    def action_masks(self) -> np.ndarray:
        """The legal mask of every env's current decision, bool (num_envs, actions): a copy (sb3-contrib's
        ``MaskablePPO`` reads it here)."""
        return self.masks.copy()

    def sample_actions(self) -> np.ndarray:
        """One uniformly random legal action per env, drawn natively from each env's seeded stream."""
        self._native.sample(self._actions)
        return self._actions

    def expert_actions(self, bot: str = "efficiency") -> np.ndarray:
        """The action the built-in bot ``bot`` would choose in each env now (a teacher for imitation learning);
        a new array."""
        out = np.zeros(self.num_envs, dtype=np.int64)
        self._native.suggest(bot, out)
        return out

    def observe(self, env: int, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """What ``seat`` of env ``env`` sees now, and its mask (all False unless it is to act); new arrays."""
        obs, mask = self._native.observation(self._env_index(env), check_seat(seat))
        return (obs.reshape(-1) if self.flat else obs), mask

    def log(self, env: int) -> list[str]:
        """The event log of env ``env``'s current deal (JSON lines; ``mjcore.Table.replay`` rebuilds it)."""
        return self._native.log(self._env_index(env))

    def _env_index(self, env: object) -> int:
        env = check_index("env", env)
        if not 0 <= env < self.num_envs:
            raise InvalidArgumentError(f"env {env} does not exist: there are {self.num_envs} (0..{self.num_envs - 1})")
        return env

    def decode(self, index: int) -> Action:
        return self.layout.action(index)

    def render(self, env: Optional[int] = None) -> Union[str, tuple[str, ...]]:
        """The text view of env ``env``: the table as its acting seat sees it, with the legal actions. Without
        ``env``, one view per env (Gymnasium's ``VectorEnv.render`` returns a frame per env)."""
        if env is None:
            return tuple(self.render(i) for i in range(self.num_envs))
        i = self._env_index(env)
        planes = self.observations[i].reshape(self.encoding.rows, 34)
        return render_text(planes, self.masks[i], self.layout)

    def close(self, **kwargs: Any) -> None:
        self.closed = True

    def _save(self, env: int) -> tuple[Any, list[np.ndarray]]:
        """Env ``env`` as it is now (its table as data and its rows of the buffers), for ``_put_back``: what a
        wrapper that calls user code between steps (the single-agent env's callable opponents) uses to make its
        step whole or nothing."""
        return self._native.snapshot(env), [buffer[env].copy() for buffer in self._outputs]

    def _put_back(self, env: int, saved: tuple[Any, list[np.ndarray]]) -> None:
        table, rows = saved
        self._native.restore(env, *table)
        for buffer, row in zip(self._outputs, rows):
            buffer[env] = row

    # Pickling and deep copies: the constructor's arguments, then each table as data (where its episode began
    # and the decisions since — the engine rebuilds the rest from the seed) and the buffers as they are.
    def __getstate__(self) -> dict[str, Any]:
        return {"args": self._init_args, "seed": self._seed,
                "tables": [self._native.snapshot(i) for i in range(self.num_envs)],
                "buffers": [buffer.copy() for buffer in self._outputs], "closed": self.closed,
                "untouched": self._untouched}

    def __setstate__(self, state: dict[str, Any]) -> None:
        args, kwargs = state["args"]
        self.__init__(*args, **kwargs)  # type: ignore[misc]
        for env, table in enumerate(state["tables"]):
            self._native.restore(env, *table)
        for buffer, saved in zip(self._outputs, state["buffers"]):
            buffer[...] = saved
        self._seed, self.closed, self._untouched = state["seed"], state["closed"], state["untouched"]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.ruleset!r}, num_envs={self.num_envs})"


def check_action(layout_size: int, action: object) -> int:
    """An action index for one table: an int (Python or numpy) in the layout, else ``IllegalActionError``."""
    index = check_index("action", action)
    if not 0 <= index < layout_size:
        raise IllegalActionError(f"action {shown(index)} is out of range: the action indices are 0..{layout_size - 1}")
    return index
