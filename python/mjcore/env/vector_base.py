"""The vectorised environment's shell, shared by both backends: ``VectorEnvBase`` checks the arguments, owns the
numpy buffers and Gymnasium spaces, and drives a core (the native one in ``vector.py``, the twin's in
``reference/env/vector.py``) through one interface. Pure Python: the twin subclasses it too.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, Optional, Union

import numpy as np

from ..arguments import (I64_MAX, U64_MAX, check_index, check_index_array, check_int_in, check_options,
                         check_positive_real, check_threads, check_u64)
from ..errors import InvalidArgumentError
from ..rules.registry import RulesetLike
from ..table.types import Action, WinCheck, check_seat, wall_codes
from .action_layout import ActionLayout
from .encoding import Encoding, encoding_in
from .render import render_text

__all__ = ["VectorEnvBase", "OPPONENTS"]

OPPONENTS = ("random", "efficiency")
# Tables one env holds at most: a table takes about 7 KB (compact) to 13 KB (extended encoding) once reset and
# some 9 KB more as its deal's log grows, so a million are gigabytes already; a larger count is a mistake,
# refused before anything is allocated.
MAX_ENVS = 1 << 20


def _spaces() -> Any:
    try:
        from gymnasium import spaces
    except ImportError:  # pragma: no cover - gymnasium is an optional extra
        raise ImportError("the env's spaces need Gymnasium: pip install 'mjcore[env]'") from None
    return spaces


def _learning_mask(learning_seats: Sequence[int]) -> int:
    mask = 0
    for seat in learning_seats:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(4):
            raise InvalidArgumentError(f"learning seats are 0..3, not {seat!r}")
        mask |= 1 << seat
    return mask


class VectorEnvBase:
    """What both backends' vectorised envs share: the checked arguments, the buffers, the spaces and the calls
    (``mjcore.env.VectorEnv`` says what they mean). A backend gives ``_encodings`` (rows per encoding name) and
    ``_start_core``, the core that steps its tables."""

    _encodings: Mapping[str, int] = {}

    metadata: dict[str, Any] = {"autoreset_mode": "same_step", "render_modes": ["ansi"]}
    render_mode = "ansi"

    def __init__(self, ruleset: Optional[RulesetLike] = "gd-cgc5", num_envs: int = 1, seed: int = 0, *,
                 opponents: Optional[str] = "random", learning_seats: Optional[Sequence[int]] = None,
                 encoding: str = "compact-v2", game: Optional[int] = None, max_deals: int = 64,
                 reward_scale: float = 1.0, score_unit: int = 1, threads: Optional[int] = None,
                 win_check: Optional[WinCheck] = None, autoreset: bool = True) -> None:
        if opponents is not None and opponents not in OPPONENTS:
            raise InvalidArgumentError(f"unknown opponents {opponents!r}: expected one of {OPPONENTS} or None")
        if learning_seats is None:
            learning_seats = (0,) if opponents is not None else (0, 1, 2, 3)
        num_envs = check_int_in("num_envs", num_envs, 1, MAX_ENVS)
        self.encoding: Encoding = encoding_in(self._encodings, encoding)
        game_config = None if game is None else (check_int_in("game (wind rounds)", game, 1, 4),
                                                  check_int_in("max_deals", max_deals, 1, U64_MAX))
        self._native = self._start_core(ruleset, win_check, num_envs, check_u64("seed", seed),
                                        _learning_mask(learning_seats), opponents, self.encoding.name, game_config,
                                        check_positive_real("reward_scale", reward_scale),
                                        check_int_in("score_unit", score_unit, 1, I64_MAX), check_threads(threads),
                                        bool(autoreset))
        self.layout = ActionLayout(self._native.blocks(), self._native.actions())
        self.num_envs = num_envs
        self.ruleset = ruleset
        self.learning_seats = tuple(learning_seats)
        n, a = num_envs, len(self.layout)
        self.observations = np.zeros((n, self.encoding.rows, 34), dtype=np.uint8)
        self.action_masks = np.zeros((n, a), dtype=bool)
        self.rewards = np.zeros(n, dtype=np.float32)
        self.payments = np.zeros((n, 4), dtype=np.float32)
        self.terminations = np.zeros(n, dtype=bool)
        self.truncations = np.zeros(n, dtype=bool)
        self.seats = np.zeros(n, dtype=np.uint8)
        self._actions = np.zeros(n, dtype=np.int64)
        self._outputs = (self.observations, self.action_masks, self.rewards, self.payments, self.terminations,
                         self.truncations, self.seats)
        self._seed = seed
        self._reset_native(seed, None)

    def _start_core(self, ruleset: Optional[RulesetLike], win_check: Optional[WinCheck], *options: Any) -> Any:
        """The core that steps the tables, started with the checked options: each backend's own."""
        raise NotImplementedError

    # Gymnasium spaces, built when first asked for (Gymnasium is an optional extra: the env needs only numpy).
    # Lazily, because a batch Box holds four arrays of the whole batch's shape (low, high and two bound
    # masks): 1.6 GB for 65,536 tables of the extended encoding, for a space most loops never read.
    @functools.cached_property
    def single_observation_space(self) -> Any:
        return self.encoding.space()

    @functools.cached_property
    def single_action_space(self) -> Any:
        return _spaces().Discrete(len(self.layout))

    @functools.cached_property
    def observation_space(self) -> Any:
        return _spaces().Box(0, 255, (self.num_envs, self.encoding.rows, 34), np.uint8)

    @functools.cached_property
    def action_space(self) -> Any:
        return _spaces().MultiDiscrete(np.full(self.num_envs, len(self.layout)))

    def _infos(self) -> dict[str, np.ndarray]:
        return {"action_mask": self.action_masks, "seat": self.seats, "payments": self.payments}

    def _reset_native(self, seed: int, walls: Optional[Sequence[Optional[Sequence[int]]]]) -> None:
        if walls is not None:
            if not isinstance(walls, (list, tuple, np.ndarray)) or len(walls) != self.num_envs:
                raise InvalidArgumentError(f"walls must be a list of {self.num_envs} walls (or None for a random "
                                           f"one), one per env, not {walls!r:.80}")
            walls = [None if wall is None else wall_codes(wall, f"walls[{env}]") for env, wall in enumerate(walls)]
        self._native.reset(check_u64("seed", seed), walls, *self._outputs)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
              ) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """Starts every env's episode again (the same seed gives the same deals). ``options={"walls": [...]}``:
        one wall (wall codes in draw order) or None per env, used for its first deal."""
        if seed is not None:
            self._seed = seed
        walls = check_options(options, ("walls",)).get("walls")
        self._reset_native(self._seed, walls)
        return self.observations, self._infos()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """Applies one action index per env (an illegal one raises ``IllegalActionError`` and changes nothing)."""
        self._native.step(check_index_array("actions", actions, self.num_envs), *self._outputs)
        return self.observations, self.rewards, self.terminations, self.truncations, self._infos()

    def step_native(self, actions: np.ndarray) -> None:
        """``step`` for callers holding a C-contiguous int64 array of shape (num_envs,) already: fills the buffers
        and returns nothing, checking only legality (the single-agent env steps through it, its action checked)."""
        self._native.step(actions, *self._outputs)

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
        """What ``seat`` of env ``env`` sees now, and its mask (all False unless it is to act)."""
        return self._native.observation(self._env_index(env), check_seat(seat))

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
        return render_text(self.observations[i], self.action_masks[i], self.layout)

    def close(self) -> None:
        pass
