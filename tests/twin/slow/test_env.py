"""The pure-Python twin of the vectorised env (``mjcore.reference.env.VectorEnv``) steps exactly as the native
``mjcore.env.VectorEnv``: the same layout, and at every step the same observations, masks, rewards, settlements,
terminated / truncated flags and seats to act, over enough steps to cross several deal ends (autoreset), for the
families at the table, both built-in opponents, self-play, game mode, given walls and resets; illegal actions and
bad arguments are refused alike."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import mjcore
from mjcore.env import VectorEnv as NativeEnv
from mjcore.errors import IllegalActionError, InvalidArgumentError
from mjcore.reference.env import VectorEnv as TwinEnv
from mjcore.reference.env.table import table_seed

from tests.support.sim_helpers import bot_deal

# Every buffer a step returns: the observation, the infos' mask, seat and settlement, and the step's flags.
BUFFERS = ("observations", "masks", "rewards", "payments", "terminations", "truncations", "seats")


def _rules(name: str, **options: Any) -> Any:
    return mjcore.load_ruleset(name).with_options(**options) if options else name


def _assert_same(native: NativeEnv, twin: TwinEnv, where: str) -> None:
    for name in BUFFERS:
        ours, theirs = getattr(twin, name), getattr(native, name)
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape, name
        if not np.array_equal(ours, theirs):
            cells = np.argwhere(ours != theirs)[:4].tolist()
            pytest.fail(f"{where}: {name} differs at {cells}: native {theirs[tuple(np.transpose(cells))]}, "
                        f"twin {ours[tuple(np.transpose(cells))]}")  # fmt: skip


def _play_both(ruleset: Any, steps: int, num_envs: int = 2, seed: int = 0, **kwargs: Any) -> int:
    """Steps a native and a twin env side by side with random legal actions drawn from the mask by a seeded
    numpy Generator, checking every buffer and the infos after each step; returns the episodes ended."""
    native = NativeEnv(ruleset, num_envs, seed, **kwargs)
    twin = TwinEnv(ruleset, num_envs, seed, **kwargs)
    assert twin.layout.blocks == native.layout.blocks
    _assert_same(native, twin, "after the reset")
    rng = np.random.default_rng(seed)
    ended = 0
    for step in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in native.masks])
        *native_out, native_infos = native.step(actions)
        *twin_out, twin_infos = twin.step(actions)
        _assert_same(native, twin, f"step {step}")
        assert all(np.array_equal(a, b) and a is not b for a, b in zip(twin_out, (
            twin.observations, twin.rewards, twin.terminations, twin.truncations)))  # copies of the buffers
        assert native_infos.keys() == twin_infos.keys()
        if "final_obs" in native_infos:  # where an episode ended: the final view and how the deal ended
            assert np.array_equal(native_infos["_final_obs"], twin_infos["_final_obs"])
            for env in np.flatnonzero(native_infos["_final_obs"]):
                assert np.array_equal(native_infos["final_obs"][env], twin_infos["final_obs"][env]), step
            for key, value in native_infos["final_info"].items():
                assert np.array_equal(value, twin_infos["final_info"][key]), (step, key)
        ended += int((twin.terminations | twin.truncations).sum())
    for i in range(num_envs):
        assert twin.log(i) == native.log(i)
    return ended


# (ruleset, random steps, seed): enough steps for several deals at each of two tables, fewer where the twin is slow.
RANDOM_CASES = [
    ("gd-cgc5", 250, 3), ("gd-cgc5", 250, 11), ("tdh", 250, 3), (_rules("tdh", ghosts="flip_two", horses=2), 200, 11),
    (_rules("tdh", ghosts="flowers8"), 200, 5), ("mcr", 100, 11), ("sichuan", 250, 3),
    (_rules("sichuan", swap_three="three", mode="xueliu"), 200, 11), ("taiwan", 100, 3), ("gd-789", 200, 11),
]  # fmt: skip
_IDS = ["gd-cgc5", "gd-cgc5-seed11", "tdh", "tdh-flip_two", "tdh-flowers8", "mcr", "sichuan", "sichuan-swap-xueliu",
        "taiwan", "gd-789"]  # fmt: skip


@pytest.mark.parametrize("ruleset, steps, seed", RANDOM_CASES, ids=_IDS)
def test_the_twin_steps_as_the_native_env_against_random_opponents(ruleset, steps: int, seed: int):
    assert _play_both(ruleset, steps, 2, seed, opponents="random") >= 3


@pytest.mark.parametrize("ruleset, steps", [("gd-cgc5", 30), ("tdh", 45), ("mcr", 45), ("sichuan", 60),
                                            ("taiwan", 25), ("gd-789", 30)])  # fmt: skip
def test_the_twin_steps_as_the_native_env_against_efficiency_opponents(ruleset, steps: int):
    """Few steps: the twin's efficiency bot is slow; its bots win quickly, so deals still end."""
    assert _play_both(ruleset, steps, 1, 7, opponents="efficiency") >= 1


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "sichuan"])
def test_self_play_with_the_extended_encoding_scaled_scores_and_rewards(ruleset):
    """Every seat learning; score columns of 3 points a step (negative scores round toward zero, as the
    engine's integer division) and halved rewards."""
    assert _play_both(ruleset, 300, 2, 5, opponents=None, encoding="extended-v2", score_unit=3,
                      reward_scale=0.5) >= 3  # fmt: skip


def test_two_learning_seats_against_bots():
    assert _play_both("tdh", 250, 2, 8, opponents="random", learning_seats=(1, 3)) >= 3


@pytest.mark.parametrize("ruleset, steps", [("gd-cgc5", 400), ("mcr", 120), ("sichuan", 400)])
def test_game_mode_plays_the_same_games(ruleset, steps: int):
    """Games of one wind round capped at six deals: the earlier deals' points in the score columns, each deal
    paid as it ends, the table's dealer rotation, truncation at the cap."""
    assert _play_both(ruleset, steps, 2, 2, opponents="random", game=1, max_deals=6, score_unit=2) >= 2


def test_game_mode_deals_carry_the_dealers_streak():
    """节节高 (推倒胡's streak bonus): a deal of a game is scored with the dealer's 连庄 count, as the game of a
    ``Table`` (``reset_game``, ``next_deal``) scores it — the efficiency dealer keeps the deal and wins again."""
    rules = _rules("tdh", streak_bonus=True)
    assert _play_both(rules, 300, 2, 5, opponents="efficiency", game=2, max_deals=16) >= 1


def test_sampled_and_expert_actions_every_seats_view_and_the_logs_agree():
    native = NativeEnv("gd-cgc5", 3, 4, opponents=None)
    twin = TwinEnv("gd-cgc5", 3, 4, opponents=None)
    for _ in range(120):
        assert np.array_equal(twin.expert_actions("random"), native.expert_actions("random"))
        for i in range(3):
            for seat in range(4):
                for ours, theirs in zip(twin.observe(i, seat), native.observe(i, seat)):
                    assert np.array_equal(ours, theirs)
        actions = native.sample_actions().copy()
        assert np.array_equal(twin.sample_actions(), actions), "the same seeded sampling stream"
        native.step(actions)
        twin.step(actions)
        _assert_same(native, twin, "self-play")
    for i in range(3):
        assert twin.log(i) == native.log(i) and twin._native.deal_id(i) == native._native.deal_id(i)
    assert twin._native.deal_id(0)[0] == table_seed(4, 0), "table i plays the deals of its own seed"
    assert np.array_equal(twin.expert_actions("efficiency"), native.expert_actions("efficiency"))


def test_resets_with_a_seed_and_given_walls_and_episodes_left_on_the_table():
    wall = json.loads(bot_deal(mjcore.table, 3, 0, ruleset="gd-cgc5")[0])["wall"]
    native = NativeEnv("gd-cgc5", 2, 9, opponents="random", autoreset=False)
    twin = TwinEnv("gd-cgc5", 2, 9, opponents="random", autoreset=False)
    for seed in (9, 21):
        for env in (native, twin):
            env.reset(seed=seed, options={"walls": [wall, None]})
        _assert_same(native, twin, f"reset {seed}")
        assert twin.log(0) == native.log(0) and twin.log(1) == native.log(1)
        rng = np.random.default_rng(seed)
        while not twin.terminations.any():
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in native.masks])
            native.step(actions)
            twin.step(actions)
            _assert_same(native, twin, f"seed {seed}")
        # A finished episode stays on the table, nothing to act on (an empty mask), until the next reset.
        over = int(np.flatnonzero(twin.terminations)[0])
        assert not twin.masks[over].any() and twin.log(over) == native.log(over)
        for env in (native, twin):
            with pytest.raises(IllegalActionError):
                env.step(np.zeros(2, dtype=np.int64))
        for env in (native, twin):
            env.reset(seed=seed)
        _assert_same(native, twin, f"reset {seed} again")


def test_an_illegal_action_changes_nothing_in_either():
    native, twin = NativeEnv("mcr", 2, 1), TwinEnv("mcr", 2, 1)
    illegal = np.array([native.sample_actions()[0], np.flatnonzero(~native.masks[1])[0]])
    before = {name: getattr(twin, name).copy() for name in BUFFERS}
    for env in (native, twin):
        with pytest.raises(IllegalActionError, match="env 1: action"):
            env.step(illegal)
    assert all(np.array_equal(getattr(twin, name), before[name]) for name in BUFFERS)
    assert twin.log(0) == native.log(0)
    with pytest.raises(InvalidArgumentError):
        twin.step(np.array([0]))


@pytest.mark.parametrize("kwargs", [{"learning_seats": ()}, {"opponents": None, "learning_seats": (0,)},
                                    {"score_unit": 0}, {"score_unit": 2.5}, {"game": 5}, {"game": 1.5},
                                    {"game": 300}, {"game": 1, "max_deals": 0}, {"game": 1, "max_deals": 3.9},
                                    {"reward_scale": "2"}, {"reward_scale": float("nan")}, {"reward_scale": 0.0},
                                    {"threads": 0}, {"threads": 1.5}, {"opponents": "smart"}, {"num_envs": 0},
                                    {"num_envs": True}, {"num_envs": 10**12}, {"encoding": "tiny"},
                                    {"seed": -1}])  # fmt: skip
def test_bad_arguments_are_refused_by_both(kwargs: dict):
    """Refused by name, never converted: a float is not truncated to an int, a string not parsed."""
    kwargs = {"num_envs": 1, **kwargs}
    named = list(kwargs)[-1].replace("_", "[_ ]")  # the argument given last is the one at fault
    for env in (NativeEnv, TwinEnv):
        with pytest.raises(InvalidArgumentError, match=named):
            env("gd-cgc5", **kwargs)


def test_a_bad_wall_is_refused_before_any_table_resets():
    twin = TwinEnv("gd-cgc5", 2, 1)
    before = [twin.log(0), twin.log(1)]
    good = json.loads(before[0][0])["wall"]
    for env in (NativeEnv("gd-cgc5", 2, 1), twin):
        with pytest.raises(InvalidArgumentError):
            env.reset(seed=2, options={"walls": [good, good[:-1]]})
    assert [twin.log(0), twin.log(1)] == before
