"""Prints the RL integration's speed figures (a benchmark, never a test), each pair measured alternately in one
run: the canonical PettingZoo loop (``agent_iter``, ``last``, ``step``, a fresh seed per game) beside riichienv's
Python-driven loop (``pip install riichienv``; skipped when absent), and sb3-contrib's MaskablePPO collecting
rollouts from ``mjcore.env.sb3.VecEnv`` beside a ``DummyVecEnv`` of eight ``GymEnv`` (``pip install
'mjcore[rl]'``). Medians of ``--rounds`` alternated rounds; run it on an otherwise idle machine.

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


def rollout_steps(make_env: Callable[[], object], n_steps: int = 256) -> float:
    """Env steps per second of MaskablePPO's ``collect_rollouts`` (policy forward pass, masks, buffer) over
    ``make_env()`` (8 envs), after one warm-up rollout."""
    from sb3_contrib import MaskablePPO

    env = make_env()
    model = MaskablePPO("MlpPolicy", env, n_steps=n_steps, seed=0, device="cpu")
    _, callback = model._setup_learn(10**9, None)
    callback.on_training_start(locals(), globals())
    model.collect_rollouts(model.env, callback, model.rollout_buffer, n_steps)
    start = time.perf_counter()
    model.collect_rollouts(model.env, callback, model.rollout_buffer, n_steps)
    return n_steps * model.env.num_envs / (time.perf_counter() - start)


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
    native, dummy = [], []
    for _ in range(args.rounds):
        native.append(rollout_steps(lambda: VecEnv("gd-cgc5", num_envs=8, opponents="random")))
        dummy.append(rollout_steps(lambda: make_vec_env(lambda: GymEnv("gd-cgc5", flat=True), n_envs=8,
                                                        vec_env_cls=DummyVecEnv)))
    print(f"MaskablePPO collect_rollouts, 8 envs: mjcore.env.sb3.VecEnv {statistics.median(native):,.0f} steps/s, "
          f"DummyVecEnv of GymEnv {statistics.median(dummy):,.0f} steps/s "
          f"({statistics.median(native) / statistics.median(dummy):.2f}x; per round "
          f"{', '.join(f'{a / b:.2f}' for a, b in zip(native, dummy))})")


if __name__ == "__main__":
    main()
