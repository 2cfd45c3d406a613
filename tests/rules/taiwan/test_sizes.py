"""The analysis functions at Taiwan sizes (16 tiles waiting, 17 complete), on both backends, through the
public functions as they are: decompositions into five sets and a pair, waits, shanten, the discard table."""

from __future__ import annotations

import random

import pytest

from mjcore import Forms, Hand

from tests.support.regional_corpus import taiwan_hand

STANDARD = Forms.STANDARD


def test_seventeen_tiles_decompose_into_five_sets_and_a_pair(backend):
    found = backend.decompose("111222333m456p789s11z", STANDARD)
    assert len(found) == 2  # three pungs or three chows of 123m
    for reading in found:
        kinds = sorted(g.kind for g in reading.groups)
        assert kinds.count("pair") == 1 and len(kinds) == 6
    assert backend.is_win("111222333m456p789s11z", STANDARD)
    assert backend.shanten("111222333m456p789s11z", STANDARD) == -1


def test_melds_count_toward_the_five_sets(backend):
    found = backend.decompose("[555m]222p777p999s33z444s", STANDARD)
    assert len(found) == 1 and len(found[0].groups) == 6


@pytest.mark.parametrize(("hand", "kinds"), [
    ("123m456m234p567p67s55s", (22, 25)),  # T01: 5s or 8s
    ("[555m]222p777p999s33z44s", (21, 29)),  # T04: 4s or 3z
    ("[888s]345m678m234p6p789s", (14,)),  # T14: 6p alone
])  # fmt: skip
def test_sixteen_tile_waits(backend, hand, kinds):
    result = backend.waits(hand, STANDARD)
    assert result.shanten == 0 and result.kinds == kinds
    assert backend.shanten(hand, STANDARD) == 0


def _near_ready(rng: random.Random) -> Hand:
    """A 16-tile hand from a winning one with one tile swapped, often ready, often one away."""
    hand, win, _ = taiwan_hand(rng)
    counts = list(hand.concealed)
    held = [t for t in range(34) if counts[t]]
    if rng.random() < 0.6:
        counts[rng.choice(held)] -= 1
        counts[rng.choice([t for t in range(34) if hand.all_counts()[t] + (counts[t] - hand.concealed[t]) < 4])] += 1
    return Hand(tuple(counts), hand.melds)


def test_sixteen_tile_shanten_and_waits_agree_with_brute_force(backend):
    """shanten 0 exactly when some tile completes the hand; the waits are exactly those tiles."""
    rng = random.Random(16)
    ready = 0
    for _ in range(120):
        hand = _near_ready(rng)
        all_counts = hand.all_counts()
        completing = tuple(t for t in range(34) if all_counts[t] < 4 and backend.is_win(
            Hand(tuple(c + (i == t) for i, c in enumerate(hand.concealed)), hand.melds), STANDARD))  # fmt: skip
        shanten = backend.shanten(hand, STANDARD)
        assert (shanten == 0) == bool(completing), hand.mpsz()
        if completing:
            ready += 1
            assert backend.waits(hand, STANDARD).kinds == completing
    assert 20 < ready < 120


def test_seventeen_tile_discard_table(backend):
    """A complete-sized 17-tile hand: shanten -1 exactly when it wins, and the discard table's best choice
    reaches the lowest shanten any discard reaches."""
    rng = random.Random(17)
    for _ in range(40):
        hand, win, _ = taiwan_hand(rng)
        counts = list(hand.concealed)
        counts[win] += 1
        if rng.random() < 0.5:  # break it: one tile swapped for another kind
            out = rng.choice([t for t in range(34) if counts[t]])
            counts[out] -= 1
            spare = [t for t in range(34) if t != out and hand.all_counts()[t] + (t == win) < 4]
            counts[rng.choice(spare)] += 1
        full = Hand(tuple(counts), hand.melds)
        assert (backend.shanten(full, STANDARD) == -1) == backend.is_win(full, STANDARD)
        choices = backend.waits(full, STANDARD)
        after = [backend.shanten(Hand(tuple(c - (i == d) for i, c in enumerate(counts)), hand.melds), STANDARD)
                 for d in range(34) if counts[d]]  # fmt: skip
        assert choices[0].shanten == min(after)
