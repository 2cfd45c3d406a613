"""Shared by the environment tests: episodes of a one-table vector env played to their settlement."""

from __future__ import annotations

from typing import Any, Iterator

import numpy as np

from mjcore.env import VectorEnv
from mjcore.table import Table


def settled_episodes(env: VectorEnv, episodes: int) -> Iterator[tuple[np.ndarray, dict[str, Any], Table]]:
    """Plays ``episodes`` episodes of the one-table ``env`` (``autoreset=False``) with sampled actions, episode k
    reset with seed k, and yields each terminal step's rewards and infos beside a ``Table`` rebuilt from the
    episode's log. Asserts on the way that no step before the terminal one is truncated or pays anything."""
    assert env.num_envs == 1
    for episode in range(episodes):
        env.reset(seed=episode)
        while True:
            _, rewards, terminated, truncated, infos = env.step(env.sample_actions())
            if terminated[0]:
                break
            assert not truncated[0] and not infos["payments"].any()
        table = Table(ruleset=env.ruleset)
        table.replay(env.log(0))
        yield rewards, infos, table
