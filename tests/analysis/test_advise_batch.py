"""``advise_batch`` (issue 29 item 1, "batch over many hands on all cores"): one ``Advice`` per hand, in order,
equal to ``advise`` of that hand with its own ``seen`` and ``wall`` — natively on all cores, and in the twin —
whatever the thread count; every hand checked before any work, an error naming the hand by its index."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import mjcore
import mjcore.reference
from mjcore.errors import InvalidArgumentError, InvalidHandError
from mjcore.hand import Hand
from tests.analysis.test_advisor import near_complete

ROOT = Path(__file__).resolve().parents[2]


def corpus(seed: int, size: int) -> tuple[list[Hand], list, list]:
    """Hands 1..2 swaps from complete (some 3n+1), each with its own seen tiles and, for some, a smaller wall."""
    rng = random.Random(seed)
    hands, seen, walls = [], [], []
    for i in range(size):
        counts = near_complete(seed * 1000 + i, rng.randint(1, 2))
        if rng.random() < 0.3:
            counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        hands.append(Hand(tuple(counts)))
        seen.append([rng.randint(0, 4 - c) if rng.random() < 0.1 else 0 for c in counts])
        walls.append(None if rng.random() < 0.7 else 60 + rng.randint(0, 40))
    return hands, seen, walls


def answerable(hands: list, seen: list, walls: list, ruleset, draws: int, situation: dict) -> tuple[list, list, list]:
    """The hands the model answers. Its weights do not track the tiles thrown back during the look-ahead, so a
    state where nearly every draw is useful (ghosts, or many forms at once) can have more useful copies than
    tiles left, which ``advise`` refuses ("wall … is too small", test_an_error_names_the_hand)."""
    kept = []
    for i, hand in enumerate(hands):
        try:
            mjcore.advise(hand, ruleset=ruleset, draws=draws, seen=seen[i], wall=walls[i], **situation)
            kept.append(i)
        except InvalidArgumentError as error:
            assert "is too small" in str(error)
    assert len(kept) >= len(hands) * 2 // 3
    return tuple([x[i] for i in kept] for x in (hands, seen, walls))


def assert_same(a: mjcore.Advice, b: mjcore.Advice, tolerance: float = 0.0) -> None:
    assert (a.draws, a.wall) == (b.draws, b.wall)
    assert [(r.tile, r.shanten, r.useful) for r in a.rows] == [(r.tile, r.shanten, r.useful) for r in b.rows]
    for x, y in zip(a.rows, b.rows):
        for name in ("win_probability", "ready_probability", "expected_value"):
            np.testing.assert_allclose(getattr(x, name), getattr(y, name), rtol=0, atol=tolerance)


def test_each_answer_is_advise_of_its_hand_and_the_twins() -> None:
    assert_batch_matches(None)  # under each ruleset: slow/test_advise_batch_rulesets.py


def assert_batch_matches(ruleset) -> None:
    """Each ``advise_batch`` answer is ``advise`` of its hand, bit for bit, and the twin batch's to 1e-12."""
    hands, seen, walls = corpus(3, 10)
    draws = 3
    situation = {} if ruleset is None else {"seat": 1, "dealer": 3, "round_wind": 1}
    hands, seen, walls = answerable(hands, seen, walls, ruleset, draws, situation)
    batch = mjcore.advise_batch(hands, ruleset=ruleset, draws=draws, seen=seen, wall=walls, **situation)
    assert len(batch) == len(hands)
    for i, hand in enumerate(hands):
        one = mjcore.advise(hand, ruleset=ruleset, draws=draws, seen=seen[i], wall=walls[i], **situation)
        assert_same(batch[i], one)  # the same search, bit for bit
    few = 2 if ruleset == "mcr" else 4  # the twin is pure Python (MCR's scorer the slowest): a few hands
    twin = mjcore.reference.advise_batch(hands[:few], ruleset=ruleset, draws=draws, seen=seen[:few],
                                         wall=walls[:few], **situation)  # fmt: skip
    assert len(twin) == few
    for native, reference in zip(batch, twin):
        assert_same(native, reference, 1e-12)


def test_shared_seen_and_wall_default_to_nothing_seen_and_every_unseen_tile() -> None:
    hands = ["123m456p789s1122z3z", "233m346p1334568s6z", "1112345678999m5z"]
    for hand, answer in zip(hands, mjcore.advise_batch(hands, draws=5)):
        assert_same(answer, mjcore.advise(hand, draws=5))
    assert mjcore.advise_batch([], draws=5) == []


def test_the_answers_do_not_depend_on_the_thread_count() -> None:
    script = """
import json, sys
import mjcore
from tests.analysis.test_advise_batch import corpus
from tests.analysis.test_advise_batch import answerable, corpus
hands, seen, walls = answerable(*corpus(5, 30), "gd-cgc5", 5, {})
answers = mjcore.advise_batch(hands, ruleset="gd-cgc5", draws=5, seen=seen, wall=walls)
print(json.dumps([[r.tile, r.expected_value.tolist(), r.win_probability.tolist()] for a in answers for r in a.rows]))
"""
    outputs = []
    for threads in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True,
                              env={**os.environ, "RAYON_NUM_THREADS": threads})  # fmt: skip
        outputs.append(json.loads(done.stdout))
    assert outputs[0] == outputs[1] and len(outputs[0]) > 30


def test_an_error_names_the_hand() -> None:
    good = "123m456p789s1122z3z"
    with pytest.raises(InvalidHandError, match="^hand 1: "):
        mjcore.advise_batch([good, "123m456p789s1122z3z4z"], draws=3)  # 15 tiles
    with pytest.raises(InvalidHandError, match="^hand 2: "):
        mjcore.reference.advise_batch([good, good, "123m456p789s1122z3z9z9z9z9z"], draws=3)
    for advise_batch in (mjcore.advise_batch, mjcore.reference.advise_batch):
        with pytest.raises(InvalidArgumentError, match=r"^hand 1: wall 2 must be at least 1 and at least draws"):
            advise_batch([good, good], draws=3, wall=[None, 2])
        # Found by the search itself (natively: in the engine, after every hand was read): the useful copies of
        # the ready hand exceed the tiles its second draw comes from.
        with pytest.raises(InvalidArgumentError, match=r"^hand 1: wall 5 is too small"):
            advise_batch([good, "1112345678999m5z"], draws=5, wall=[None, 5])
        with pytest.raises(InvalidHandError, match=r"^hand 0: tile 1z: the hand and its melds hold 2 and 3 more"):
            advise_batch([good], draws=3, seen=["1z1z1z"])
        with pytest.raises(InvalidArgumentError, match="2 hands but 1 seen entries"):
            advise_batch([good, good], draws=3, seen=[None])
        with pytest.raises(TypeError, match="hands must be a sequence of hands, not str"):
            advise_batch(good, draws=3)
        with pytest.raises(NotImplementedError, match="^hand 0: advise: hand_changes"):
            advise_batch([good], draws=3, hand_changes=True)
