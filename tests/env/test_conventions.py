"""The envs follow Gymnasium's and PettingZoo's conventions as the RL libraries use them: seeding (an unseeded
reset continues the env's stream), masks where sb3-contrib looks, copies of every array handed out, tight
observation bounds, pickling and deep copies that play on exactly as the original, the terminal info, the
registered Gymnasium id, Gymnasium's vector wrappers, and a clear error for each misuse."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
import threading

import gymnasium
import numpy as np
import pytest

import mjcore
from mjcore.env import GYMNASIUM_ID, GymEnv, VectorEnv, aec_env
from mjcore.env.encoding import PLANE_LAYOUT
from mjcore.errors import ConcurrentUseError, IllegalActionError, InvalidArgumentError

from tests.support.paths import REPO


def _deal_ids(env: VectorEnv) -> list[tuple[int, int]]:
    return [env._native.deal_id(i) for i in range(env.num_envs)]


def _first_discarder(env: GymEnv, obs: np.ndarray, info: dict) -> int:
    """The first legal action: a fixed policy, so that two envs given the same deals play alike."""
    return int(np.flatnonzero(info["action_mask"])[0])


# --- seeding -----------------------------------------------------------------------------------------------


def test_an_unseeded_reset_deals_the_next_deal_and_a_seed_restarts_the_stream():
    env = VectorEnv("gd-cgc5", 3, seed=5)
    env.reset()  # the first reset deals the constructor's seed from its start
    first = _deal_ids(env)
    seen = {tuple(first)}
    for _ in range(5):
        env.reset()
        seen.add(tuple(_deal_ids(env)))
    assert len(seen) == 6, "every unseeded reset deals new deals"
    env.reset(seed=5)
    assert _deal_ids(env) == first
    again = [tuple(_deal_ids(env))]
    for _ in range(5):
        env.reset()
        again.append(tuple(_deal_ids(env)))
    assert set(again) == seen, "the same seed gives the same sequence of deals"


def test_the_first_unseeded_reset_deals_the_constructors_seed():
    assert GymEnv("tdh", seed=5).reset()[0].tobytes() == GymEnv("tdh").reset(seed=5)[0].tobytes()
    built, seeded = VectorEnv("gd-cgc5", 2, seed=5), VectorEnv("gd-cgc5", 2)
    assert np.array_equal(built.reset()[0], seeded.reset(seed=5)[0])
    assert _deal_ids(built) == _deal_ids(seeded)


def test_gym_and_aec_envs_play_a_new_deal_at_every_unseeded_reset():
    gym_env = GymEnv("gd-cgc5", seed=3)
    logs = set()
    for _ in range(6):
        gym_env.reset()
        logs.add(gym_env.log()[0])  # the deal line names its seed and index
    assert len(logs) == 6
    aec = aec_env("gd-cgc5", seed=3)
    deals = set()
    for _ in range(6):
        aec.reset()
        deals.add(aec.log()[0])
    assert len(deals) == 6


@pytest.mark.parametrize("make", [lambda: VectorEnv("gd-cgc5", 2), lambda: GymEnv("gd-cgc5"),
                                  lambda: aec_env("gd-cgc5")], ids=["vector", "gym", "aec"])
def test_a_refused_seed_changes_nothing(make):
    env = make()
    env.reset(seed=9)
    before = env.log(0) if isinstance(env, VectorEnv) else env.log()
    for bad in (-1, 2**64, 1.5, "7", True):
        with pytest.raises(InvalidArgumentError, match="seed"):
            env.reset(seed=bad)
        assert (env.log(0) if isinstance(env, VectorEnv) else env.log()) == before
    env.reset()  # the stream goes on after a refusal
    env.reset(seed=np.uint32(9))  # numpy integers are seeds too
    assert (env.log(0) if isinstance(env, VectorEnv) else env.log()) == before


# --- masks, copies, bounds ---------------------------------------------------------------------------------


def test_masks_are_where_sb3_contrib_looks():
    env = GymEnv("gd-cgc5")
    _, info = env.reset(seed=1)
    mask = env.action_masks()
    assert mask.dtype == bool and mask.shape == (env.action_space.n,)
    assert np.array_equal(mask, info["action_mask"]) and mask.any()
    vec = VectorEnv("gd-cgc5", 4)
    masks = vec.action_masks()
    assert masks.dtype == bool and masks.shape == (4, len(vec.layout))
    masks[:] = False
    assert vec.masks.any(), "action_masks() is a copy"


def test_step_and_reset_hand_out_copies_unless_buffers_are_asked_for():
    env = VectorEnv("gd-cgc5", 2, seed=1)
    obs, infos = env.reset()
    kept = obs.copy()
    env.step(env.sample_actions())
    assert np.array_equal(obs, kept), "an observation handed out is not overwritten by the next step"
    assert obs is not env.observations and infos["action_mask"] is not env.masks
    shared = VectorEnv("gd-cgc5", 2, seed=1, share_buffers=True)
    obs, _ = shared.reset()
    assert obs is shared.observations


@pytest.mark.parametrize("encoding", ["compact-v2", "extended-v2"])
def test_every_observation_lies_in_its_tight_space(encoding):
    for ruleset in mjcore.rulesets():
        env = VectorEnv(ruleset, 4, seed=2, opponents=None, encoding=encoding)
        space = env.single_observation_space
        assert space.high.max() <= 255 and space.high[0].max() == 1  # the hand thermometer is 0/1
        highest = np.zeros_like(space.high)
        for _ in range(300):
            obs, *_ = env.step(env.sample_actions())
            assert all(space.contains(o) for o in obs), ruleset
            highest = np.maximum(highest, obs.max(axis=0))
        assert (highest <= space.high).all()
    flat = VectorEnv("gd-cgc5", 2, flat=True, encoding=encoding)
    assert flat.observations.shape == (2, flat.encoding.rows * 34)
    assert flat.single_observation_space.shape == (flat.encoding.rows * 34,)
    assert flat.observation_space.contains(flat.reset()[0])


def test_the_plane_layout_of_the_bounds_is_the_engines():
    assert [(name, first, rows) for name, first, rows, _ in PLANE_LAYOUT] == \
        [(name, first, rows) for first, rows, name, _ in mjcore.env.PLANES]


# --- pickling and copies -----------------------------------------------------------------------------------


def _vector_trace(env: VectorEnv, steps: int) -> list:
    trace = []
    for _ in range(steps):
        obs, rewards, terminated, truncated, infos = env.step(env.sample_actions())
        trace.append((obs, rewards, terminated, truncated, infos["action_mask"], infos.get("_final_obs")))
    return trace


def _same(a, b) -> bool:
    return all(np.array_equal(x, y) if x is not None else y is None for x, y in zip(a, b))


@pytest.mark.parametrize("options", [{}, {"opponents": None}, {"game": 1, "max_deals": 6},
                                     {"opponents": "efficiency", "encoding": "extended-v2"}],
                         ids=["random", "self-play", "game", "efficiency"])
def test_a_pickled_or_copied_vector_env_steps_exactly_as_the_original(options):
    env = VectorEnv("gd-cgc5", 3, seed=4, **options)
    for checkpoint in (0, 23, 140):
        _vector_trace(env, checkpoint)
        for clone in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
            ours, theirs = _vector_trace(clone, 60), None
            theirs = _vector_trace(copy.deepcopy(env), 60)
            assert all(_same(a, b) for a, b in zip(ours, theirs))
    copied = copy.deepcopy(env)
    assert all(_same(a, b) for a, b in zip(_vector_trace(copied, 80), _vector_trace(env, 80)))


def _gym_trace(env: GymEnv, steps: int) -> list:
    trace = []
    for _ in range(steps):
        mask = env.action_masks()
        if not mask.any():
            obs, info = env.reset()
            trace.append(("reset", obs, info["action_mask"]))
            continue
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[-1]))
        trace.append((obs, reward, terminated, truncated, info["action_mask"]))
    return trace


def _random_opponent(obs: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("opponents", ["random", "efficiency", _random_opponent])
def test_a_pickled_gym_env_plays_on_exactly_as_the_original(opponents):
    env = GymEnv("tdh", opponents=opponents, seat=1, seed=8)
    env.reset()
    _gym_trace(env, 17)
    copied, pickled = copy.deepcopy(env), pickle.loads(pickle.dumps(env))
    original = _gym_trace(env, 120)
    for clone in (copied, pickled):
        trace = _gym_trace(clone, 120)
        assert all(str(a) == str(b) for a, b in zip(trace, original))


def test_a_pickled_aec_env_plays_on_exactly_as_the_original():
    env = aec_env("sichuan", seed=6)
    env.reset()

    def play(env, steps):
        out = []
        for _ in range(steps):
            if not env.agents:
                env.reset()
            obs, reward, terminated, truncated, info = env.last()
            env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
            out.append((env.agent_selection, reward, obs["observation"].tobytes()))
        return out

    play(env, 40)
    clone = pickle.loads(pickle.dumps(env))
    assert play(clone, 200) == play(env, 200)


# --- the terminal info, registration, Gymnasium's vector wrappers ------------------------------------------


def test_the_terminal_info_says_how_the_deal_ended():
    env = GymEnv("gd-cgc5", seed=2)
    wins = 0
    for _ in range(30):
        env.reset()
        terminated = False
        while not terminated:
            _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        assert sum(info["deal_payments"]) == 0 and info["deal_payments"][0] == reward
        for seat in info["winners"]:
            wins += 1
            assert info["fan"][seat] >= 0 and isinstance(info["pattern"][seat], str)
        assert (info["discarder"] is None) or info["discarder"] not in info["winners"]
    assert wins > 0
    vec = VectorEnv("gd-cgc5", 4, seed=3)
    ended = 0
    for _ in range(200):
        _, rewards, terminated, truncated, infos = vec.step(vec.sample_actions())
        done = terminated | truncated
        if done.any():
            ended += 1
            assert np.array_equal(infos["_final_obs"], done)
            for env in np.flatnonzero(done):
                assert vec.single_observation_space.contains(infos["final_obs"][env])
                assert infos["final_info"]["deal_payments"][env].sum() == 0
    assert ended > 0


def test_gymnasium_make_builds_the_registered_env():
    env = gymnasium.make(GYMNASIUM_ID, ruleset="tdh", opponents="efficiency")
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    script = ("import gymnasium; env = gymnasium.make('mjcore.env:mjcore/Mahjong-v0', ruleset='mcr'); "
              "obs, info = env.reset(seed=0); print(obs.shape)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip() == str(obs.shape)


def test_gymnasiums_vector_wrappers_take_the_vector_env():
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(VectorEnv("gd-cgc5", 4, seed=1))
    env.reset(seed=1)
    episodes = 0
    for _ in range(300):
        *_, infos = env.step(env.unwrapped.sample_actions())
        if "episode" in infos:
            episodes += int(infos["_episode"].sum())
    assert episodes > 0


# --- misuse ------------------------------------------------------------------------------------------------


def test_a_gym_env_must_be_reset_before_its_first_step():
    env = GymEnv("gd-cgc5", opponents=_random_opponent, seat=2)
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)


def test_aec_misuse_is_refused_by_name():
    env = aec_env("gd-cgc5", seed=1)
    env.reset()
    for bad in (-1, 10**30, 10**6):
        with pytest.raises(IllegalActionError, match="out of range"):
            env.step(bad)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert not env.agents
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)
    with pytest.raises(IllegalActionError, match="reset"):
        env.last()


def test_flags_are_bools():
    with pytest.raises(InvalidArgumentError, match="autoreset"):
        VectorEnv("gd-cgc5", 1, autoreset="no")
    with pytest.raises(InvalidArgumentError, match="flat"):
        VectorEnv("gd-cgc5", 1, flat=1)


def test_two_threads_stepping_one_env_are_told_so():
    env = VectorEnv("gd-cgc5", 512, seed=1, threads=1)
    errors: list[BaseException] = []

    def stepper():
        try:
            for _ in range(40):
                env.step_native(env.sample_actions().copy())
        except BaseException as error:  # noqa: BLE001 - collected and checked below
            errors.append(error)

    for _ in range(10):
        threads = [threading.Thread(target=stepper) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if errors:
            break
    assert errors, "two threads stepping one env at once never met"
    assert all(isinstance(error, (ConcurrentUseError, IllegalActionError)) for error in errors), errors
    assert any(isinstance(error, ConcurrentUseError) for error in errors)


def test_the_twin_env_pickles_and_continues_its_stream_as_the_native_one():
    from mjcore.reference.env import VectorEnv as TwinEnv

    twin, native = TwinEnv("gd-cgc5", 2, seed=3), VectorEnv("gd-cgc5", 2, seed=3)
    for env in (twin, native):
        env.reset()  # the next deals of each table's stream
        _vector_trace(env, 30)
    assert twin.log(0) == native.log(0) and twin.log(1) == native.log(1)
    clone = pickle.loads(pickle.dumps(twin))
    assert all(_same(a, b) for a, b in zip(_vector_trace(clone, 40), _vector_trace(twin, 40)))


def test_the_twin_env_with_flat_observations_steps_as_the_native_one():
    from mjcore.reference.env import VectorEnv as TwinEnv

    twin, native = TwinEnv("gd-cgc5", 2, seed=4, flat=True), VectorEnv("gd-cgc5", 2, seed=4, flat=True)
    first = twin.reset(seed=4)[0], native.reset(seed=4)[0]
    assert first[0].shape == first[1].shape == (2, native.encoding.rows * 34)
    assert np.array_equal(*first)
    for a, b in zip(_vector_trace(twin, 20), _vector_trace(native, 20)):
        assert _same(a, b)
