"""Prints the RL integration's speed figures (a benchmark, never a test), each pair measured alternately in one
run: the canonical PettingZoo loop (``agent_iter``, ``last``, ``step``, a fresh seed per game) beside riichienv's
Python-driven loop (``pip install riichienv``; skipped when absent), and sb3-contrib's MaskablePPO collecting
rollouts from ``mjcore.env.sb3.VecEnv`` beside a ``DummyVecEnv`` of ``GymEnv``s at 8, 64 and 256 envs (``pip
install 'mjcore[rl]'``), and beside the ceiling: the same rollouts over a vector env that costs nothing (it hands
back the same arrays every step), so MaskablePPO's own work per step is all that is left. No env can beat that
ceiling; where it is below 2x the ``DummyVecEnv``, the policy's per-step work, not the env, bounds the ratio.
Medians of ``--rounds`` alternated rounds; run it on an otherwise idle machine.

    python benches/rl_speed.py [--seconds 2] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from env_speed import riichienv_steps
from mjcore.env import GymEnv, aec_env


def pettingzoo_loop_steps(seconds: float) -> float:
    """Agent steps per second of the loop PettingZoo's documentation shows, a random legal action per decision
    (dead agents stepped with None), a new seed for every game."""
    env = aec_env("gd-cgc5")
    rng = random.Random(0)
    steps, game, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=game)
        game += 1
        for _agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                action = None
            else:
                legal = np.flatnonzero(observation["action_mask"])
                action = int(legal[rng.randrange(len(legal))])
            env.step(action)
            steps += 1
    return steps / (time.perf_counter() - start)


def rollout_steps(make_env: Callable[[], object], n_steps: int = 128) -> float:
    """Env steps per second of MaskablePPO's ``collect_rollouts`` (policy forward pass, masks, buffer) over
    ``make_env()``, after one warm-up rollout."""
    from sb3_contrib import MaskablePPO

    env = make_env()
    model = MaskablePPO("MlpPolicy", env, n_steps=n_steps, seed=0, device="cpu")
    _, callback = model._setup_learn(10**9, None)
    callback.on_training_start(locals(), globals())
    model.collect_rollouts(model.env, callback, model.rollout_buffer, n_steps)
    start = time.perf_counter()
    model.collect_rollouts(model.env, callback, model.rollout_buffer, n_steps)
    return n_steps * model.env.num_envs / (time.perf_counter() - start)


def free_vec_env(like: object) -> object:
    """A vector env of ``like``'s spaces, masks and first observation that does no work: ``step`` returns the same
    arrays again, no episode ever ends. MaskablePPO's rollouts over it measure the policy's own cost per step."""
    from stable_baselines3.common.vec_env import VecEnv as Sb3VecEnv

    class FreeVecEnv(Sb3VecEnv):
        def __init__(self) -> None:
            super().__init__(like.num_envs, like.observation_space, like.action_space)
            self.first = like.reset()
            self.masks = like.action_masks()
            self.rewards = np.zeros(self.num_envs, dtype=np.float32)
            self.dones = np.zeros(self.num_envs, dtype=bool)

        def reset(self) -> np.ndarray:
            return self.first.copy()

        def step_async(self, actions: np.ndarray) -> None:
            pass

        def step_wait(self) -> tuple:
            return self.first.copy(), self.rewards.copy(), self.dones.copy(), [{} for _ in range(self.num_envs)]

        def close(self) -> None:
            pass

        def env_method(self, method_name: str, *args: object, indices: object = None, **kwargs: object) -> list:
            masks = self.masks.copy()
            return [masks[i] for i in range(self.num_envs)]

        def get_attr(self, attr_name: str, indices: object = None) -> list:
            return [None] * self.num_envs

        def set_attr(self, attr_name: str, value: object, indices: object = None) -> None:
            pass

        def env_is_wrapped(self, wrapper_class: type, indices: object = None) -> list:
            return [False] * self.num_envs

        def has_attr(self, attr_name: str) -> bool:
            return attr_name == "action_masks"

    return FreeVecEnv()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    ours, theirs = [], []
    for _ in range(args.rounds):
        ours.append(pettingzoo_loop_steps(args.seconds))
        other = riichienv_steps(args.seconds)
        if other is not None:
            theirs.append(other)
    print(f"PettingZoo loop (agent_iter, last, step; a new seed per game), gd-cgc5: "
          f"{statistics.median(ours):,.0f} agent steps/s")
    if theirs:
        print(f"riichienv RiichiEnv, Python loop, observations encoded and masks read: "
              f"{statistics.median(theirs):,.0f} agent steps/s (mjcore {statistics.median(ours) / statistics.median(theirs):.2f}x; "
              f"per round {', '.join(f'{a / b:.2f}' for a, b in zip(ours, theirs))})")
    try:
        import torch
        from stable_baselines3.common.env_util import make_vec_env
        from stable_baselines3.common.vec_env import DummyVecEnv

        from mjcore.env.sb3 import VecEnv
    except ImportError:
        print("stable-baselines3 / sb3-contrib not installed: pip install 'mjcore[rl]' to compare rollouts")
        return
    # A small MLP runs fastest on one thread; torch's default (every core) spins against the env's own threads.
    torch.set_num_threads(1)
    for envs in (8, 64, 256):
        native, dummy, free = [], [], []
        for _ in range(args.rounds):
            native.append(rollout_steps(lambda: VecEnv("gd-cgc5", num_envs=envs, opponents="random")))
            dummy.append(rollout_steps(lambda: make_vec_env(lambda: GymEnv("gd-cgc5", flat=True), n_envs=envs,
                                                            vec_env_cls=DummyVecEnv)))
            free.append(rollout_steps(lambda: free_vec_env(VecEnv("gd-cgc5", num_envs=envs, opponents="random"))))
        ours, theirs, ceiling = (statistics.median(x) for x in (native, dummy, free))
        print(f"MaskablePPO collect_rollouts, {envs} envs: mjcore.env.sb3.VecEnv {ours:,.0f} steps/s, "
              f"DummyVecEnv of GymEnv {theirs:,.0f} ({ours / theirs:.2f}x; per round "
              f"{', '.join(f'{a / b:.2f}' for a, b in zip(native, dummy))}); an env that costs nothing "
              f"{ceiling:,.0f} ({ceiling / theirs:.2f}x, the most any env can reach here)")


if __name__ == "__main__":
    main()
