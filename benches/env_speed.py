"""Prints the environment's speed figures (a benchmark, never a test): the native VectorEnv with random learning
seats against random and efficiency opponents (observation and mask built every step), and the PettingZoo AEC
loop with a random policy side by side with riichienv's Python-driven env (``pip install riichienv``; skipped
when absent). Ratios measured in one run are what count on a shared machine.

    python benches/env_speed.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from mjcore.env import VectorEnv, aec_env


def vector_steps(opponents: str, num_envs: int, threads: int, seconds: float) -> float:
    """Env steps per second; the learning seat's random actions are drawn natively from the mask."""
    env = VectorEnv("gd-cgc5", num_envs, seed=1, opponents=opponents, threads=threads)
    env.step(env.sample_actions())
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.step(env.sample_actions())
        steps += num_envs
    return steps / (time.perf_counter() - start)


def vector_steps_numpy_policy(num_envs: int, threads: int, seconds: float) -> float:
    """As ``vector_steps`` with random opponents, the random actions drawn in numpy from the returned masks."""
    env = VectorEnv("gd-cgc5", num_envs, seed=1, opponents="random", threads=threads)
    rng = np.random.default_rng(0)
    _, infos = env.reset(seed=1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        scores = rng.random(infos["action_mask"].shape, dtype=np.float32) * infos["action_mask"]
        _, _, _, _, infos = env.step(scores.argmax(axis=1))
        steps += num_envs
    return steps / (time.perf_counter() - start)


def aec_steps(seconds: float) -> float:
    """Agent steps per second of the AEC loop: ``last()``, a random legal action, ``step``."""
    env = aec_env("gd-cgc5")
    rng = random.Random(0)
    env.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps / (time.perf_counter() - start)


def riichienv_steps(seconds: float) -> float | None:
    """Agent steps per second of riichienv's loop: every acting player's observation encoded, its mask read, a
    random legal action chosen, then ``step``."""
    try:
        from riichienv import RiichiEnv
    except ImportError:
        return None
    rng = random.Random(0)
    env = RiichiEnv()
    observations = env.reset()
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if env.done():
            observations = env.reset()
            continue
        actions = {}
        for player, observation in observations.items():
            observation.encode()
            observation.mask()
            legal = observation.legal_actions()
            actions[player] = legal[rng.randrange(len(legal))]
        observations = env.step(actions)
        steps += len(actions)
    return steps / (time.perf_counter() - start)


def simulate_deals(bot: str, deals: int, threads: int) -> float:
    """Whole deals per second of ``mjcore.simulate`` (four bots, no env): the machine's load in the same run."""
    import mjcore

    mjcore.simulate("gd-cgc5", 10, bots=(bot,) * 4)
    start = time.perf_counter()
    mjcore.simulate("gd-cgc5", deals, bots=(bot,) * 4, threads=threads, per_deal=False)
    return deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    seconds = parser.parse_args().seconds
    for bot, deals in (("random", 200_000), ("efficiency", 20_000)):
        print(f"context: mjcore.simulate gd-cgc5, 4 {bot} bots, 2 threads: "
              f"{simulate_deals(bot, deals, 2):,.0f} deals/s")
    for opponents, num_envs in (("random", 256), ("random", 1024), ("efficiency", 256)):
        for threads in (1, 2):
            rate = vector_steps(opponents, num_envs, threads, seconds)
            print(f"VectorEnv gd-cgc5, {opponents} opponents, {num_envs} envs, {threads} thread(s): "
                  f"{rate:,.0f} steps/s")
    print(f"VectorEnv gd-cgc5, random opponents, 1024 envs, 2 threads, numpy random policy: "
          f"{vector_steps_numpy_policy(1024, 2, seconds):,.0f} steps/s")
    ours = aec_steps(seconds)
    theirs = riichienv_steps(seconds)
    print(f"AEC env gd-cgc5, Python loop, random policy: {ours:,.0f} steps/s")
    if theirs is None:
        print("riichienv not installed: pip install riichienv to compare")
    else:
        print(f"riichienv RiichiEnv, Python loop, random policy: {theirs:,.0f} steps/s "
              f"(mjcore {ours / theirs:.1f}x)")


if __name__ == "__main__":
    main()
