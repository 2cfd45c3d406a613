"""Native batch calls on arrays larger than one rayon task (8192 rows) and one block (65536 rows): the first
bad row is named wherever it falls, and the one-thread path (the calling thread runs the passes) answers as
the pooled one."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import mjcore
from mjcore import Forms
from mjcore.errors import InvalidHandError
from tests.support.paths import REPO

from tests.support.strategies import random_hands

TASK_ROWS = 8192
BLOCK_ROWS = 65536
ROWS = BLOCK_ROWS + TASK_ROWS + 5
BOUNDARIES = [0, TASK_ROWS - 1, TASK_ROWS, BLOCK_ROWS - 1, BLOCK_ROWS, ROWS - 1]
BATCHES = {"shanten_batch": 13, "is_win_batch": 14}


@pytest.fixture(scope="module")
def hands() -> dict[int, np.ndarray]:
    return {size: random_hands(ROWS, size, seed=size) for size in (13, 14)}


@pytest.mark.parametrize("fn", sorted(BATCHES))
@pytest.mark.parametrize("index", BOUNDARIES)
def test_bad_count_named_at_boundaries(hands, fn, index):
    bad = hands[BATCHES[fn]].copy()
    bad[index, 33] = 5
    with pytest.raises(InvalidHandError, match=rf"row {index}: count of 7z \(column 33\) is 5"):
        getattr(mjcore, fn)(bad)


@pytest.mark.parametrize("fn", sorted(BATCHES))
@pytest.mark.parametrize("first, second", [(TASK_ROWS - 1, TASK_ROWS), (BLOCK_ROWS - 1, BLOCK_ROWS), (5, ROWS - 1)])
def test_first_of_two_bad_rows_is_named(hands, fn, first, second):
    bad = hands[BATCHES[fn]].copy()
    bad[second, 8] = 7  # a bad count in the later row
    bad[first, :] = 0  # a bad size in the earlier one
    with pytest.raises(InvalidHandError, match=rf"row {first}: "):
        getattr(mjcore, fn)(bad)


def test_no_form_row_named_past_a_block(hands):
    rows = hands[13].copy()
    rows[BLOCK_ROWS + 1, :] = 0
    rows[BLOCK_ROWS + 1, :4] = 4  # 16 tiles: seven pairs cannot apply
    with pytest.raises(InvalidHandError, match=rf"row {BLOCK_ROWS + 1}: none of the selected forms"):
        mjcore.shanten_batch(rows, Forms.SEVEN_PAIRS)


def test_large_batches_agree_with_single_calls(hands):
    sample = sorted(set(BOUNDARIES) | set(range(0, ROWS, 997)))
    for forms in (Forms.STANDARD, Forms.DEFAULT, Forms.ALL):
        shanten = mjcore.shanten_batch(hands[13], forms)
        assert [shanten[i] for i in sample] == [mjcore.shanten(hands[13][i].tolist(), forms) for i in sample]
        wins = mjcore.is_win_batch(hands[14], forms)
        assert [wins[i] for i in sample] == [mjcore.is_win(hands[14][i].tolist(), forms) for i in sample]


ONE_THREAD_RUN = """
import json, sys
import mjcore
from mjcore import Forms
from tests.support.strategies import random_hands
rows = {rows}
out = {{}}
for forms in (Forms.STANDARD, Forms.DEFAULT, Forms.ALL):
    out[f"shanten {{int(forms)}}"] = mjcore.shanten_batch(random_hands(rows, 13, seed=13), forms).tolist()
    out[f"win {{int(forms)}}"] = mjcore.is_win_batch(random_hands(rows, 14, seed=14), forms).astype(int).tolist()
json.dump(out, sys.stdout)
"""


def test_one_thread_path_answers_as_the_pool(hands):
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    run = subprocess.run(
        [sys.executable, "-c", ONE_THREAD_RUN.format(rows=ROWS)],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    one_thread = json.loads(run.stdout)
    for forms in (Forms.STANDARD, Forms.DEFAULT, Forms.ALL):
        assert one_thread[f"shanten {int(forms)}"] == mjcore.shanten_batch(hands[13], forms).tolist()
        assert one_thread[f"win {int(forms)}"] == mjcore.is_win_batch(hands[14], forms).astype(int).tolist()
