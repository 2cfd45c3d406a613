"""The AI environment: native vector steps (random learning seat, random or efficiency opponents, observation and
mask built every step), the same steps of the native env and of its pure-Python twin side by side
(``mjcore.reference.env.VectorEnv``, group ``env-twin``), and the PettingZoo AEC loop with a random policy. steps/s
is recorded in extra_info; ``python benches/env_speed.py`` prints the figures with riichienv's loop beside them."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mjcore.env import VectorEnv, aec_env
from mjcore.reference.env import VectorEnv as TwinVectorEnv

pytestmark = pytest.mark.benchmark(group="env")

STEPS = 50  # vector steps per round
TWIN_ENVS, TWIN_STEPS = 2, 10  # the twin is slow (its efficiency bot most): a few steps of a few tables


@pytest.mark.parametrize("opponents", ["random", "efficiency"])
@pytest.mark.parametrize("threads", [1, 2])
def test_vector_env_steps(benchmark, opponents: str, threads: int):
    env = VectorEnv("gd-cgc5", 256, seed=1, opponents=opponents, threads=threads)

    def run() -> None:
        for _ in range(STEPS):
            env.step(env.sample_actions())

    benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    if benchmark.stats:  # None when timing is disabled (CI runs benchmarks once as tests)
        benchmark.extra_info["steps_per_s"] = round(env.num_envs * STEPS / benchmark.stats.stats.mean)


@pytest.mark.benchmark(group="env-twin")
@pytest.mark.parametrize("opponents", ["random", "efficiency"])
@pytest.mark.parametrize("backend", ["native", "twin"])
def test_native_and_twin_vector_env_steps(benchmark, backend: str, opponents: str):
    """The same steps (same seed, the env's own sampled actions) of the native env and of the twin."""
    env = (VectorEnv if backend == "native" else TwinVectorEnv)("gd-cgc5", TWIN_ENVS, seed=1, opponents=opponents)

    def run() -> None:
        for _ in range(TWIN_STEPS):
            env.step(env.sample_actions())

    benchmark.pedantic(run, rounds=2, iterations=1, warmup_rounds=1)
    if benchmark.stats:
        benchmark.extra_info["steps_per_s"] = round(env.num_envs * TWIN_STEPS / benchmark.stats.stats.mean, 1)


def test_aec_random_policy_loop(benchmark):
    env = aec_env("gd-cgc5")
    rng = random.Random(0)
    env.reset(seed=0)

    def run() -> None:
        for _ in range(2000):
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.reset()
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))

    benchmark.pedantic(run, rounds=3, iterations=1)
