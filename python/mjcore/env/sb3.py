"""Stable-Baselines3's vector env over the native one: ``VecEnv("gd-cgc5", num_envs=8, opponents="random")`` is
what ``PPO``, sb3-contrib's ``MaskablePPO``, ``VecMonitor`` and ``evaluate_policy`` take, with no wrapper.

What SB3 expects, and where it comes from: observations, rewards and dones as new arrays each step (the native
env's buffers are copied once); ``infos`` a list of one dict per env, where an episode ended holding
``terminal_observation`` (the learner's view of the finished deal, before autoreset dealt the next),
``TimeLimit.truncated`` (a game stopped at ``max_deals``) and how the deal ended (``winners``, ``fan``,
``pattern``, ``discarder``, ``deal_payments``); the legal masks through ``env_method("action_masks")`` (what
``MaskablePPO`` calls) or ``action_masks()``; ``seed(s)`` then ``reset()`` starts the stream of ``s``, a plain
``reset()`` the next episodes of every env's own stream. Observations are flat (``rows * 34`` values, what
``MlpPolicy`` takes) unless ``flat=False``.

Importable only where stable-baselines3 is installed (``pip install 'mjcore[rl]'``); nothing else of mjcore
imports it (or torch)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Optional

import numpy as np

try:
    from stable_baselines3.common.vec_env.base_vec_env import VecEnv as _Sb3VecEnv
except ImportError:  # pragma: no cover - exercised where stable-baselines3 is absent
    raise ImportError("mjcore.env.sb3 needs Stable-Baselines3: pip install 'mjcore[rl]'") from None

from ..arguments import check_options
from ..errors import InvalidArgumentError
from ..rules.registry import RulesetLike
from .vector import VectorEnv as NativeVectorEnv

__all__ = ["VecEnv"]

# Calls that SB3's ``env_method`` reaches per env: each takes the env's index first.
_PER_ENV_METHODS = ("action_masks", "episode_end", "log", "observe")


class VecEnv(_Sb3VecEnv):
    """``num_envs`` tables of ``ruleset`` as an SB3 ``VecEnv``; every other argument is ``mjcore.env.VectorEnv``'s
    (``opponents``, ``learning_seats``, ``encoding``, ``game``, ``reward_scale``, ``threads`` ...).

    ``threads`` defaults to 1 here (``VectorEnv``'s default is every core): between two steps SB3 runs the policy
    on the same cores, and a pool's idle workers spinning after each step slowed MaskablePPO's rollouts by 1.4×
    at 64 envs on 2 cores (benches/rl_speed.py). Give ``threads`` for hundreds of envs and a policy elsewhere."""

    def __init__(self, ruleset: Optional[RulesetLike] = "gd-cgc5", num_envs: int = 8, seed: int = 0, *,
                 flat: bool = True, **options: Any) -> None:
        if "share_buffers" in options or "autoreset" in options:
            raise InvalidArgumentError("share_buffers and autoreset are the adapter's own: it copies once per step "
                                       "and SB3 needs autoreset")  # fmt: skip
        options.setdefault("threads", 1)
        self.venv_native = NativeVectorEnv(ruleset, num_envs, seed, flat=flat, share_buffers=True, **options)
        env = self.venv_native
        self._actions = np.zeros(env.num_envs, dtype=np.int64)
        self._stepped = False
        super().__init__(env.num_envs, env.single_observation_space, env.single_action_space)

    # --- the VecEnv contract ---------------------------------------------------------------------------------

    def reset(self) -> np.ndarray:
        seeds = [s for s in self._seeds if s is not None]
        walls = [check_options(options or None, ("wall",)).get("wall") for options in self._options]
        options = {"walls": walls} if any(wall is not None for wall in walls) else None
        obs, _ = self.venv_native.reset(seed=seeds[0] if seeds else None, options=options)
        self._reset_seeds()
        self._reset_options()
        return obs.copy()

    def step_async(self, actions: np.ndarray) -> None:
        np.copyto(self._actions, np.asarray(actions).reshape(self.num_envs), casting="unsafe")
        self._stepped = True

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        if not self._stepped:
            raise InvalidArgumentError("step_wait() without step_async(actions)")
        self._stepped = False
        env = self.venv_native
        env.step_native(self._actions)
        dones = env.terminations | env.truncations
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones).tolist():
            info = infos[i]
            info["terminal_observation"] = env._final_observation(i)
            info["TimeLimit.truncated"] = bool(env.truncations[i] and not env.terminations[i])
            info.update(env.episode_end(i))
        return env.observations.copy(), env.rewards.copy(), dones, infos

    def close(self) -> None:
        self.venv_native.close()

    def action_masks(self) -> np.ndarray:
        """The legal masks, bool (num_envs, actions): a copy."""
        return self.venv_native.masks.copy()

    def has_attr(self, attr_name: str) -> bool:
        return attr_name in _PER_ENV_METHODS or hasattr(self.venv_native, attr_name)

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """An attribute of the tables (they share one env: the same value for each index)."""
        if attr_name == "render_mode":
            return [None for _ in self._get_indices(indices)]
        value = getattr(self.venv_native, attr_name)  # AttributeError, as SB3 expects, for an unknown name
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        chosen = list(self._get_indices(indices))
        if sorted(chosen) != list(range(self.num_envs)):
            raise InvalidArgumentError(f"set_attr({attr_name!r}): the tables share one env, so an attribute is set "
                                       "for every index or none")  # fmt: skip
        if not hasattr(self.venv_native, attr_name):
            raise AttributeError(f"the env has no attribute {attr_name!r}")
        setattr(self.venv_native, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any
                   ) -> list[Any]:
        """``action_masks``, ``episode_end``, ``log`` and ``observe`` per env (``observe`` takes the seat); any
        other method of the env once, its answer repeated per index."""
        chosen = list(self._get_indices(indices))
        env = self.venv_native
        if method_name == "action_masks":
            masks = env.masks.copy()
            return [masks[i] for i in chosen]
        if method_name in _PER_ENV_METHODS:
            method = getattr(env, method_name)
            return [method(i, *method_args, **method_kwargs) for i in chosen]
        answer = getattr(env, method_name)(*method_args, **method_kwargs)
        return [answer for _ in chosen]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def get_images(self) -> Sequence[Optional[np.ndarray]]:
        return [None for _ in range(self.num_envs)]

    def _get_indices(self, indices: Any) -> Iterable[int]:
        chosen = list(super()._get_indices(indices))
        for i in chosen:
            if not isinstance(i, (int, np.integer)) or not 0 <= i < self.num_envs:
                raise InvalidArgumentError(f"env index {i!r} does not exist: there are {self.num_envs}")
        return chosen
