"""A Gymnasium single-agent env: one learning seat, the other three played by a built-in bot (natively) or by any
callable ``policy(observation, action_mask) -> action index`` (asked from Python, with that seat's own view).
Observations are the planes (or, with ``flat=True``, the same values as one row); the legal mask is
``action_masks()`` (where sb3-contrib's ``MaskablePPO`` looks) and ``info["action_mask"]``. The reward is the
learner's settlement (each deal's, in game mode). ``reset()`` without a seed deals the next deal of the env's own
stream; ``reset(seed=s)`` starts the stream of ``s`` again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Optional, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..arguments import check_choice, check_index, check_int_in, check_options
from ..errors import IllegalActionError, InvalidArgumentError, shown
from ..rules.registry import RulesetLike
from .render import render_text
from .vector import OPPONENTS, VectorEnv
from .vector_base import check_seed

__all__ = ["GymEnv"]

Opponent = Callable[[np.ndarray, np.ndarray], int]


class GymEnv(gym.Env):
    """``opponents``: "random", "efficiency", "advisor" or a callable. ``seat``: the learner's seat (0..3).
    ``illegal_action``: "raise" (``IllegalActionError``) or "random" — replace it by a uniformly random legal
    action from the env's seeded stream and flag ``info["illegal_action"]`` (for checkers and samplers that
    ignore the mask, such as Stable-Baselines3's ``check_env``). ``flat``: observations as one row of
    ``rows * 34`` values instead of (rows, 34). The terminal step's ``info`` says how the deal ended (``winners``,
    ``fan`` and ``pattern`` per winner, ``discarder``, ``deal_payments``)."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, ruleset: Optional[RulesetLike] = "gd-cgc5", *, opponents: Union[str, Opponent] = "random",
                 seat: int = 0, encoding: str = "compact-v2", flat: bool = False, game: Optional[int] = None,
                 max_deals: int = 64, reward_scale: float = 1.0, score_unit: int = 1, illegal_action: str = "raise",
                 render_mode: Optional[str] = None, seed: int = 0) -> None:
        check_choice("illegal_action", illegal_action, ("raise", "random"))
        check_choice("render_mode", render_mode, (None, *self.metadata["render_modes"]))
        seat = check_int_in("seat", seat, 0, 3)
        self._policy: Optional[Opponent] = None
        if callable(opponents):
            self._policy, native = opponents, None
        elif isinstance(opponents, str) and opponents in OPPONENTS:
            native = opponents
        else:
            raise InvalidArgumentError(f"opponents must be one of {OPPONENTS} or a callable, not {shown(opponents)}")
        learning = (seat,) if native is not None else (0, 1, 2, 3)
        self._env = VectorEnv(ruleset, 1, seed, opponents=native, learning_seats=learning, encoding=encoding,
                              flat=flat, game=game, max_deals=max_deals, reward_scale=reward_scale,
                              score_unit=score_unit, threads=1, autoreset=False, share_buffers=True)
        self.seat = seat
        self.layout = self._env.layout
        self.observation_space = self._env.single_observation_space
        self.action_space = spaces.Discrete(len(self.layout))
        self.render_mode = render_mode
        self._illegal = illegal_action
        # Gymnasium's order: reset() first. After a callable opponent failed, the deal waits at that opponent's
        # decision, which the learner's action must not fill: the env needs a reset (the reason is kept here).
        self._needs_reset: Optional[str] = "call reset() before step()"

    def _play_others(self) -> float:
        """Asks the callable opponents until the learner decides or the episode ends; their settlements for
        the learner are summed."""
        reward = 0.0
        env = self._env
        while self._policy is not None and int(env.seats[0]) != self.seat and not self._over():
            seat = int(env.seats[0])
            self._needs_reset = f"the opponent at seat {seat} did not decide (its policy failed): call reset()"
            obs = env.observations[0].copy()
            chosen = self._policy(obs, env.masks[0].copy())
            action = check_index(f"the action of the opponent at seat {seat}", chosen)
            if not self._legal(action):
                raise IllegalActionError(f"the opponent at seat {seat} chose action {shown(action)} "
                                         f"({self._describe(action)}), which is not legal now; legal: "
                                         f"{np.flatnonzero(env.masks[0]).tolist()}")
            env.step_native(np.array([action], dtype=np.int64))
            reward += float(env.payments[0, self.seat])
        self._needs_reset = None
        return reward

    def _over(self) -> bool:
        return bool(self._env.terminations[0] or self._env.truncations[0])

    def _view(self) -> tuple[np.ndarray, dict[str, Any]]:
        obs, mask = self._env.observe(0, self.seat)
        return obs, {"action_mask": mask, "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """The learner's legal mask now, bool (actions,): all False once the episode is over."""
        return self._env.observe(0, self.seat)[1]

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """The next deal of the env's stream (``seed``: the first deal of that seed's stream).
        ``options={"wall": [...]}``: the deal's wall (wall codes in draw order). A refused argument changes
        nothing."""
        seed = check_seed(seed)
        wall = check_options(options, ("wall",)).get("wall")
        self._env.reset(seed=seed, options=None if wall is None else {"walls": [wall]})
        super().reset(seed=seed)
        self._play_others()
        return self._view()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        env = self._env
        if self._needs_reset is not None:
            raise IllegalActionError(self._needs_reset)
        if self._over():
            raise IllegalActionError("the episode is over: call reset()")
        action = check_index("action", action)
        illegal = not self._legal(action)
        if illegal:
            if self._illegal == "raise":
                raise IllegalActionError(f"action {shown(action)} ({self._describe(action)}) is not legal now; legal: "
                                         f"{np.flatnonzero(env.masks[0]).tolist()}")
            action = int(env.sample_actions()[0])
        # A callable opponent may raise (or choose an illegal action) while the step plays on to the learner's
        # next decision: then the step is undone whole, and the exception propagates unchanged.
        saved = env._save(0) if self._policy is not None else None
        try:
            env.step_native(np.array([action], dtype=np.int64))
            reward = float(env.payments[0, self.seat]) + self._play_others()
        except BaseException:
            if saved is not None:
                env._put_back(0, saved)
                self._needs_reset = None
            raise
        obs, info = self._view()
        info["illegal_action"] = illegal
        terminated, truncated = bool(env.terminations[0]), bool(env.truncations[0])
        if terminated or truncated:
            info.update(env.episode_end(0))
        return obs, reward, terminated, truncated, info

    def _legal(self, action: int) -> bool:
        """Whether the int ``action`` is in the layout and legal at the one table now."""
        return 0 <= action < len(self.layout) and bool(self._env.masks[0, action])

    def _describe(self, action: int) -> str:
        return str(self.layout.action(action)) if 0 <= action < len(self.layout) else "out of range"

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        obs, info = self._view()
        text = render_text(obs.reshape(-1, 34), info["action_mask"], self.layout)
        if self.render_mode == "human":
            print(text)
        return text

    def log(self) -> list[str]:
        return self._env.log(0)
