"""The envs driven by the RL libraries themselves (slow tier: torch is large): Stable-Baselines3 and
sb3-contrib's MaskablePPO on each env with no wrapper, SB3's own vector envs of GymEnv drawing a new deal per
episode, SB3's checker, SuperSuit's PettingZoo-to-SB3 pipeline (which pickles the env), and the worked example
learning to beat uniform masked random."""

from __future__ import annotations

import pickle
import re
import runpy
import sys
import warnings

import numpy as np
import pytest
from mjcore.env import GymEnv, aec_env

from tests.support.paths import REPO

# The RL libraries are the slow tier's (the `rl` extra, with torch): imported when a test runs, so that the
# default tier, which collects this file and deselects it, needs none of them. A missing one fails the test.
MaskablePPO = evaluate_policy = get_action_masks = is_masking_supported = check_env = None
make_vec_env = DummyVecEnv = VecMonitor = VecEnv = None


@pytest.fixture(autouse=True)
def _rl_libraries() -> None:
    global MaskablePPO, evaluate_policy, get_action_masks, is_masking_supported, check_env
    global make_vec_env, DummyVecEnv, VecMonitor, VecEnv
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.evaluation import evaluate_policy
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.env_checker import check_env
    from stable_baselines3.common.env_util import make_vec_env
    from stable_baselines3.common.vec_env import DummyVecEnv, VecMonitor

    from mjcore.env.sb3 import VecEnv


def test_maskable_ppo_takes_the_gym_env_and_the_sb3_vec_env_as_they_are():
    gym_env = GymEnv("gd-cgc5")
    assert is_masking_supported(gym_env)
    MaskablePPO("MlpPolicy", gym_env, n_steps=64, batch_size=32, seed=0).learn(128)
    vec = VecEnv("tdh", num_envs=4, opponents="efficiency")
    assert is_masking_supported(vec)
    masks = get_action_masks(vec)
    assert masks.shape == (4, vec.action_space.n) and masks.dtype == bool and masks.any(axis=1).all()
    MaskablePPO("MlpPolicy", VecMonitor(vec), n_steps=64, batch_size=64, seed=0).learn(512)


def test_the_readmes_sb3_block_runs():
    """The README's Stable-Baselines3 snippet as written, its 200,000 steps cut to 512."""
    blocks = re.findall(r"```python\n(.*?)```", (REPO / "README.md").read_text(encoding="utf-8"), re.S)
    (block,) = [b for b in blocks if "sb3_contrib" in b]
    namespace: dict = {}
    exec(compile(block.replace("200_000", "512"), "README.md (SB3 block)", "exec"), namespace)
    assert namespace["model"].num_timesteps >= 512


def test_sb3_vec_env_infos_and_attributes():
    env = VecEnv("gd-cgc5", num_envs=4, seed=2)
    env.seed(7)
    obs = env.reset()
    assert obs.shape == (4, env.observation_space.shape[0]) and env.observation_space.contains(obs[0])
    ended = 0
    for _ in range(300):
        masks = np.stack(env.env_method("action_masks"))
        actions = np.array([np.flatnonzero(m)[0] for m in masks])
        new_obs, rewards, dones, infos = env.step(actions)
        assert len(infos) == 4 and rewards.dtype == np.float32
        for i in np.flatnonzero(dones):
            ended += 1
            info = infos[i]
            assert env.observation_space.contains(info["terminal_observation"])
            assert info["TimeLimit.truncated"] is False and sum(info["deal_payments"]) == 0
        new_obs[:] = 0
        assert env.venv_native.observations.any(), "the observations handed out are copies"
    assert ended > 0
    assert env.get_attr("ruleset") == ["gd-cgc5"] * 4 and env.has_attr("action_masks")
    assert len(env.env_method("log", indices=[1])) == 1
    copy = pickle.loads(pickle.dumps(env))
    actions = env.venv_native.sample_actions().copy()
    copy.venv_native.sample_actions()
    assert np.array_equal(copy.step(actions)[0], env.step(actions)[0])


def test_sb3_vector_envs_of_gym_envs_deal_a_new_deal_every_episode():
    env = make_vec_env(lambda: GymEnv("gd-cgc5"), n_envs=4, seed=3, vec_env_cls=DummyVecEnv)
    env.reset()
    deals = set()
    for _ in range(600):
        masks = np.stack(env.env_method("action_masks"))
        env.step(np.array([np.flatnonzero(m)[0] for m in masks]))
        deals.update(e.unwrapped.log()[0] for e in env.envs)
    assert len(deals) > 20, "every episode is a new deal"


def test_evaluate_policy_plays_fresh_deals():
    env = GymEnv("gd-cgc5", seed=5)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, seed=0)
    deals = []
    original_reset = env.reset

    def reset(**kwargs):
        out = original_reset(**kwargs)
        deals.append(env.log()[0])
        return out

    env.reset = reset
    evaluate_policy(model, env, n_eval_episodes=10, warn=False)
    assert len(set(deals)) == len(deals) >= 10


def test_sb3_check_env_passes_with_random_replacement_of_illegal_actions():
    """check_env samples actions without the mask: ``illegal_action="random"`` lets it run (docs/rl.md). The
    flat encoding is what SB3 expects of a vector observation: no warning at all."""
    check_env(GymEnv("gd-cgc5", illegal_action="random"), warn=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(GymEnv("gd-cgc5", illegal_action="random", flat=True), warn=True)
    assert not caught, [str(w.message) for w in caught]


def test_supersuit_builds_an_sb3_vector_env_from_the_pettingzoo_env():
    import supersuit as ss
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    parallel = turn_based_aec_to_parallel(aec_env("gd-cgc5", seed=1))
    vec = ss.pettingzoo_env_to_vec_env_v1(parallel)
    env = ss.concat_vec_envs_v1(vec, 2, num_cpus=0, base_class="stable_baselines3")
    obs = env.reset()
    assert len(obs["observation"]) == 8
    for _ in range(100):
        masks = obs["action_mask"]
        actions = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in masks])
        obs, rewards, dones, infos = env.step(actions)
    env.close()


def test_the_worked_example_learns_to_beat_uniform_masked_random(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["sb3_maskable_ppo.py", "--steps", "200000", "--episodes", "2000"])
    result = runpy.run_path(str(REPO / "examples" / "sb3_maskable_ppo.py"), run_name="sb3_example")["main"]()
    low, _ = result["interval"]
    assert result["difference"] >= 1.0 and low > 0, result
