"""Batch calls: input validation that names the bad row, agreement with single calls, both backends."""

from __future__ import annotations

import numpy as np
import pytest

from mjcore import Forms
from mjcore.errors import InvalidArgumentError, InvalidHandError

from tests.support.strategies import build_hand


def sample(n: int, size: int) -> np.ndarray:
    import random

    rng = random.Random(size)
    return np.array([build_hand(rng, total=13, complete_size=size == 14).concealed for _ in range(n)], dtype=np.uint8)


def test_batch_matches_single_calls(backend):
    waiting, complete = sample(60, 13), sample(60, 14)
    shanten = backend.shanten_batch(waiting)
    assert shanten.dtype == np.int8 and shanten.shape == (60,)
    assert shanten.tolist() == [backend.shanten(row.tolist()) for row in waiting]
    wins = backend.is_win_batch(complete, Forms.ALL)
    assert wins.dtype == np.bool_ and wins.tolist() == [backend.is_win(row.tolist(), Forms.ALL) for row in complete]


def test_empty_batch(backend):
    empty = np.zeros((0, 34), dtype=np.uint8)
    assert backend.shanten_batch(empty).shape == (0,)
    assert backend.is_win_batch(empty).shape == (0,)


@pytest.mark.parametrize("fn", ["shanten_batch", "is_win_batch"])
def test_batch_validation(backend, fn):
    call = getattr(backend, fn)
    good = sample(10, 14)
    with pytest.raises(TypeError):
        call(good.tolist())
    with pytest.raises(TypeError):
        call(good.astype(np.int64))
    with pytest.raises(InvalidArgumentError, match="34"):
        call(np.zeros((3, 33), dtype=np.uint8))
    with pytest.raises(InvalidArgumentError, match="contiguous"):
        call(np.asfortranarray(good))
    bad = good.copy()
    bad[7, 3] = 5
    with pytest.raises(InvalidHandError, match="row 7"):
        call(bad)
    wrong_size = good.copy()
    wrong_size[4, :] = 0
    wrong_size[4, 0] = 3
    with pytest.raises(InvalidHandError, match="row 4"):
        call(wrong_size)


def test_is_win_batch_refuses_waiting_rows(backend):
    with pytest.raises(InvalidHandError, match="row 0"):
        backend.is_win_batch(sample(3, 13))
