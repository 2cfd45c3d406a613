"""Reinforcement learning with Stable-Baselines3, no glue: sb3-contrib's MaskablePPO trains on
``mjcore.env.sb3.VecEnv`` (eight 鸡平胡 tables, the learner at seat 0 against three random bots), then plays fresh
deals — dealt from a seed training never saw — against the uniform masked-random policy on the same deals (a
paired comparison: each deal is played by both). Prints the mean settlement per deal of each, the difference with
a 95% interval, and the training speed.

    pip install 'mjcore[rl]'
    python examples/sb3_maskable_ppo.py [--steps 200000] [--episodes 4000] [--ruleset gd-cgc5]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import VecMonitor

from mjcore.env.sb3 import VecEnv

Policy = Callable[[VecEnv], np.ndarray]


def settlements(env: VecEnv, choose: Policy, episodes: int) -> np.ndarray:
    """The learner's settlement in each of the first ``episodes`` episodes per env (num_envs × episodes, env-major:
    episode k of env i is deal k of that env's stream, whatever the policy)."""
    results: list[list[float]] = [[] for _ in range(env.num_envs)]
    running = np.zeros(env.num_envs)
    env.reset()
    while min(len(r) for r in results) < episodes:
        _, rewards, dones, _ = env.step(choose(env))
        running += rewards
        for i in np.flatnonzero(dones):
            results[i].append(running[i])
            running[i] = 0.0
    return np.array([r[:episodes] for r in results])


def evaluate(model: MaskablePPO, ruleset: str, episodes: int, seed: int) -> dict[str, float]:
    """Both policies on the same fresh deals: the trained one (greedy, masked) and uniform masked random."""
    per_env = max(1, episodes // 8)

    def trained(env: VecEnv) -> np.ndarray:
        obs = env.venv_native.observations
        return model.predict(obs, action_masks=env.action_masks(), deterministic=True)[0]

    def uniform(env: VecEnv) -> np.ndarray:
        return env.venv_native.sample_actions().copy()

    learned = settlements(VecEnv(ruleset, 8, seed, opponents="random"), trained, per_env)
    random = settlements(VecEnv(ruleset, 8, seed, opponents="random"), uniform, per_env)
    diff = (learned - random).ravel()
    half = 1.96 * diff.std(ddof=1) / np.sqrt(diff.size)
    return {"trained": float(learned.mean()), "random": float(random.mean()), "difference": float(diff.mean()),
            "interval": (float(diff.mean() - half), float(diff.mean() + half)), "deals": int(diff.size)}


def train(ruleset: str, steps: int, seed: int) -> tuple[MaskablePPO, float]:
    # A small MLP runs fastest on one thread: torch's default (a thread per core) spins against the env's
    # threads, and on a loaded machine made training tens of times slower.
    torch.set_num_threads(1)
    env = VecMonitor(VecEnv(ruleset, num_envs=8, seed=seed, opponents="random"))
    model = MaskablePPO("MlpPolicy", env, seed=seed, n_steps=512, batch_size=256, gamma=0.995, verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=steps)
    return model, steps / (time.perf_counter() - start)


def main() -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--episodes", type=int, default=4000)
    parser.add_argument("--ruleset", default="gd-cgc5")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    model, speed = train(args.ruleset, args.steps, args.seed)
    result = evaluate(model, args.ruleset, args.episodes, seed=args.seed + 1_000_003)
    low, high = result["interval"]
    print(f"trained {args.steps} steps at {speed:,.0f} steps/s")
    print(f"mean settlement per deal over {result['deals']} fresh deals: trained {result['trained']:+.3f}, "
          f"uniform masked random {result['random']:+.3f}")
    print(f"difference {result['difference']:+.3f} (95% interval {low:+.3f} .. {high:+.3f})")
    return result


if __name__ == "__main__":
    main()
