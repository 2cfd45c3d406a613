"""An env step happens whole or not at all (issue 30, item 3), in both backends: where user code runs inside a
step — a ``VectorEnv``'s ``win_check``, a ``GymEnv``'s callable opponents — and raises, every table and every
buffer is as it was before the step, the exception is the user's own (``KeyboardInterrupt`` included), and the
same step taken again plays on exactly as an env whose user code never failed."""

from __future__ import annotations

import numpy as np
import pytest

from mjcore.env import GymEnv, VectorEnv
from mjcore.errors import IllegalActionError
from mjcore.reference.env import VectorEnv as TwinVectorEnv

BACKENDS = [pytest.param(VectorEnv, id="native"), pytest.param(TwinVectorEnv, id="twin")]


class FailsOnce:
    """A win check that raises ``error`` at its ``at``-th call and otherwise declares no win (so the deal plays
    on by shape alone: no seat ever wins, every deal is drawn)."""

    def __init__(self, at: int, error: BaseException) -> None:
        self.calls, self.at, self.error = 0, at, error

    def __call__(self, hand: object, situation: object) -> bool:
        self.calls += 1
        if self.calls == self.at:
            raise self.error
        return False


def state(env: VectorEnv) -> tuple:
    saved = env.__getstate__()
    return saved["tables"], [buffer.tolist() for buffer in saved["buffers"]]


def play_until_it_raises(env: VectorEnv, error: type[BaseException], steps: int = 400) -> np.ndarray:
    """Steps with each env's sampled actions until the win check raises; returns the actions of that step,
    having checked the env is exactly as before it."""
    for _ in range(steps):
        actions = env.sample_actions().copy()
        before = state(env)
        try:
            env.step(actions)
        except error:
            assert state(env) == before, "the failed step changed the env"
            return actions
    raise AssertionError("the win check never raised")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("error", [ValueError("the check's own bug"), KeyboardInterrupt()], ids=["ValueError", "Ctrl-C"])
def test_a_vector_step_whose_win_check_raises_changes_nothing(backend: type, error: BaseException) -> None:
    check = FailsOnce(at=60, error=error)
    env = backend(None, 2, seed=3, win_check=check)
    env.reset(seed=3)
    actions = play_until_it_raises(env, type(error))
    # Taken again, the step plays on as in an env whose check never failed, deal for deal.
    reference = backend(None, 2, seed=3, win_check=FailsOnce(at=-1, error=error))
    reference.reset(seed=3)
    reference.__setstate__(env.__getstate__())
    for _ in range(30):
        env.step(actions)
        reference.step(actions)
        assert state(env) == state(reference)
        actions = env.sample_actions().copy()
        assert (reference.sample_actions() == actions).all()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_win_check_raising_while_the_env_is_built_or_reset_comes_out_unchanged(backend: type) -> None:
    with pytest.raises(ZeroDivisionError):
        backend(None, 2, seed=3, win_check=FailsOnce(at=1, error=ZeroDivisionError()))
    check = FailsOnce(at=-1, error=ZeroDivisionError())
    env = backend(None, 2, seed=3, win_check=check)
    before = state(env)
    check.at = check.calls + 1
    with pytest.raises(ZeroDivisionError):
        env.reset(seed=8)
    assert state(env) == before


def test_a_gym_step_whose_opponent_raises_is_undone_whole() -> None:
    calls = []

    def failing(obs: np.ndarray, mask: np.ndarray) -> int:
        calls.append(1)
        if len(calls) == 25:
            raise RuntimeError("the opponent's own bug")
        return int(np.flatnonzero(mask)[-1])

    def steady(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(np.flatnonzero(mask)[-1])

    env, twin = GymEnv("gd-cgc5", opponents=failing, seed=1), GymEnv("gd-cgc5", opponents=steady, seed=1)
    env.reset()
    twin.reset()
    failed = False
    for _ in range(200):
        action = int(np.flatnonzero(env.action_masks())[0])
        before = (env._view()[0].tolist(), env._env.__getstate__()["tables"])
        try:
            out = env.step(action)
        except RuntimeError:
            failed = True
            assert (env._view()[0].tolist(), env._env.__getstate__()["tables"]) == before
            out = env.step(action)  # the opponent decides this time: the step is taken whole
        expected = twin.step(action)
        assert out[0].tolist() == expected[0].tolist() and out[1:4] == expected[1:4]
        if out[2] or out[3]:
            env.reset()
            twin.reset()
    assert failed


def test_an_opponent_failing_during_reset_leaves_the_env_to_reset() -> None:
    def failing(obs: np.ndarray, mask: np.ndarray) -> int:
        raise RuntimeError("the opponent's own bug")

    env = GymEnv("gd-cgc5", opponents=failing, seat=2, seed=1)
    with pytest.raises(RuntimeError, match="own bug"):
        env.reset()
    with pytest.raises(IllegalActionError, match="did not decide"):
        env.step(0)
