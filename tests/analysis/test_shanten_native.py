"""Smoke tests of the native shanten, waits and batch: agreement with the independent ``xiangting`` package on
seeded random hands, batch == single calls, and the batch input checks. The full two-backend suites live in
the other test files."""

from __future__ import annotations

import numpy as np
import pytest
import xiangting

import mjcore
from mjcore import Forms

from tests.support.strategies import random_hands


HANDS = 20_000


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    return np.concatenate([random_hands(HANDS // 2, 13, seed=20240601), random_hands(HANDS // 2, 14, seed=20240602)])


def test_agrees_with_xiangting(hands):
    """xiangting gives the replacement number (shanten + 1) over standard, seven pairs and thirteen orphans,
    Riichi style: seven pairs must be seven distinct kinds, so we compare with ``seven_pairs_quads=False``."""
    player_count = xiangting.PlayerCount.FOUR
    forms = Forms.STANDARD | Forms.SEVEN_PAIRS | Forms.THIRTEEN_ORPHANS
    mismatches = []
    for row in hands:
        counts = row.tolist()
        expected = xiangting.calculate_replacement_number(counts, player_count) - 1
        got = mjcore.shanten(counts, forms, seven_pairs_quads=False)
        if got != expected:
            mismatches.append((counts, got, expected))
    assert not mismatches, mismatches[:5]


def test_batch_equals_single_calls(hands):
    for forms in (Forms.STANDARD, Forms.DEFAULT, Forms.ALL):
        batch = mjcore.shanten_batch(hands[:2000], forms)
        assert batch.dtype == np.int8 and batch.shape == (2000,)
        single = [mjcore.shanten(row.tobytes(), forms) for row in hands[:2000]]
        assert batch.tolist() == single


def test_known_hands():
    assert mjcore.shanten("1111m333p222s444z", Forms.STANDARD) == 1
    assert mjcore.shanten("123m456p789s1122z", Forms.STANDARD) == 0
    assert mjcore.shanten("19m19p19s1234567z") == 0
    by_form = mjcore.shanten_by_form("147m258p369s1234z")
    assert by_form["knitted"] == 0 and by_form["standard"] > 0


def test_waits_and_discards():
    w = mjcore.waits("1112345678999m")
    assert w.shanten == 0
    assert w.tiles == ((0, 1), (1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 3), (8, 1))
    table = mjcore.waits("123m456p789s1122z5z")
    assert table[0].discard == 31 and table[0].shanten == 0
    assert table[0].tiles == ((27, 2), (28, 2))
    with pytest.raises(mjcore.InvalidHandError, match="1z"):
        mjcore.waits("123m456p789s1122z", visible=[3] + [0] * 26 + [3] + [0] * 6)


def test_batch_input_checks():
    good = random_hands(4, 13, seed=1)
    with pytest.raises(TypeError):
        mjcore.shanten_batch(good.astype(np.int16))
    with pytest.raises(TypeError):
        mjcore.shanten_batch(good.tolist())
    with pytest.raises(mjcore.InvalidArgumentError, match="shape"):
        mjcore.shanten_batch(good.reshape(-1))
    with pytest.raises(mjcore.InvalidArgumentError, match="contiguous"):
        mjcore.shanten_batch(np.asfortranarray(np.repeat(good, 2, axis=0)))
    bad = good.copy()
    bad[2, 5] = 5
    with pytest.raises(mjcore.InvalidHandError, match="row 2"):
        mjcore.shanten_batch(bad)
    short = good.copy()
    short[3, :] = 0
    short[3, 0] = 3
    with pytest.raises(mjcore.InvalidHandError, match="row 3"):
        mjcore.shanten_batch(short)
    sixteen = np.zeros((1, 34), np.uint8)
    sixteen[0, :4] = 4
    assert mjcore.shanten_batch(sixteen).tolist() == [mjcore.shanten(sixteen[0].tobytes())]
    with pytest.raises(mjcore.InvalidHandError, match="row 0: none of the selected forms"):
        mjcore.shanten_batch(sixteen, Forms.SEVEN_PAIRS)


def test_melds_and_wilds_reach_the_exact_path():
    # The pon holds three 1z, so the fourth is no wait; a 2z single wait is.
    assert mjcore.shanten("222m345p678s1z [111z]", Forms.STANDARD) == 1
    w = mjcore.waits("222m345p678s2z [111z]")
    assert w.shanten == 0 and w.tiles == ((28, 3),)  # 2z, three left
    assert mjcore.shanten("1111m123p456p789p*", Forms.STANDARD) == -1
    assert mjcore.shanten("1111m123p456p789p*", Forms.STANDARD, wild_fifth_copy=False) == 0
