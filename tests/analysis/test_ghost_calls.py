"""The single analysis calls with ``ghosts=`` (issue 11): ``is_win``, ``shanten``, ``shanten_by_form``, ``waits``
and ``decompose`` of hands written with their ghosts' faces, 0..4 ghosts, with and without a ghost as a fifth
copy — the native core against the twin, the single calls against the batch forms, and the waits against the
shanten they promise."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mjcore
from mjcore import Hand, Meld, reference
from mjcore.errors import InvalidArgumentError, InvalidHandError
from mjcore.hand import MeldKind
from tests.support.fuzz import fuzz_settings

FUZZ = fuzz_settings(120)
BACKENDS = (mjcore, reference)
GHOST_SETS = ((31,), (4, 31), (27,))  # 白 (tdh's default), two kinds, 东


@st.composite
def ghost_hands(draw, complete: bool | None = None):
    """(hand, ghost kinds): 13 or 14 concealed tiles (or 10/11 beside a meld) holding 0..4 ghost faces; often
    a natural kind held four times beside them, where a ghost may be a fifth copy."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    kinds = draw(st.sampled_from(GHOST_SETS))
    ghosts = draw(st.integers(0, 4))
    size = draw(st.sampled_from((13, 14) if complete is None else (14,) if complete else (13,)))
    melds: tuple[Meld, ...] = ()
    counts = [0] * 34
    naturals = [k for k in range(34) if k not in kinds]
    if draw(st.booleans()):
        counts[rng.choice(naturals)] = 4  # the fifth-copy case
    if draw(st.integers(0, 3)) == 0:
        meld_kind = rng.choice([k for k in naturals if counts[k] == 0])
        melds = (Meld(MeldKind.PON, meld_kind),)
        size -= 3
    for _ in range(ghosts):
        counts[rng.choice(kinds)] += 1
    counts = [min(c, 4) for c in counts]
    while sum(counts) < size:
        kind = rng.choice(naturals)
        in_melds = sum(m.tiles.count(kind) for m in melds)
        if counts[kind] + in_melds < 4:
            counts[kind] += 1
    while sum(counts) > size:  # a quad and the ghosts may overshoot a hand beside a meld
        counts[rng.choice([k for k in naturals if counts[k]])] -= 1
    return Hand(tuple(counts), melds), kinds


@st.composite
def winning_ghost_hands(draw):
    """Complete hands of sets and a pair with 1..4 tiles replaced by ghost faces: wins more often than not."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    kinds = draw(st.sampled_from(GHOST_SETS))
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                start = rng.choice([s * 9 + k for s in range(3) for k in range(7)])
                for k in range(start, start + 3):
                    counts[k] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4 and not any(counts[k] for k in kinds):
            break
    for _ in range(draw(st.integers(1, 4))):
        held = [k for k in range(34) if counts[k] and k not in kinds]
        counts[rng.choice(held)] -= 1
        counts[rng.choice(kinds)] += 1
    return Hand(tuple(counts)), kinds


def both(call: str, *args, **kwargs):
    """The native and the twin's answers of one call (they must be equal)."""
    answers = [getattr(backend, call)(*args, **kwargs) for backend in BACKENDS]
    assert answers[0] == answers[1], (call, args, kwargs, answers)
    return answers[0]


@FUZZ
@given(ghost_hands(), st.booleans())
def test_shanten_and_waits_native_as_twin(case, fifth: bool) -> None:
    hand, kinds = case
    shanten = both("shanten", hand, ghosts=kinds, wild_fifth_copy=fifth)
    by_form = both("shanten_by_form", hand, mjcore.Forms.DEFAULT, ghosts=kinds, wild_fifth_copy=fifth)
    assert shanten == min(v for v in by_form.values() if v is not None)
    answer = both("waits", hand, ghosts=kinds, wild_fifth_copy=fifth)
    if hand.is_complete_size:
        assert min(choice.shanten for choice in answer) == max(shanten, 0)
    else:
        assert answer.shanten == shanten


@FUZZ
@given(st.one_of(ghost_hands(complete=True), winning_ghost_hands()), st.booleans())
def test_wins_and_decompositions_native_as_twin(case, fifth: bool) -> None:
    hand, kinds = case
    win = both("is_win", hand, ghosts=kinds, wild_fifth_copy=fifth)
    decompositions = both("decompose", hand, ghosts=kinds, wild_fifth_copy=fifth)
    assert win == bool(decompositions)
    ghosts = sum(hand.concealed[k] for k in kinds)
    for decomposition in decompositions:  # every ghost's assignment is shown
        assert len(decomposition.wild_tiles) == ghosts
        assert sorted(t for g in decomposition.groups for t in g.wilds) == list(decomposition.wild_tiles)


@FUZZ
@given(ghost_hands(complete=False), st.booleans())
def test_waits_are_the_draws_that_lower_the_shanten(case, fifth: bool) -> None:
    """Every listed kind lowers the shanten when drawn, every other drawable kind does not; a drawn ghost
    always does."""
    hand, kinds = case
    answer = mjcore.waits(hand, ghosts=kinds, wild_fifth_copy=fifth)
    held = hand.all_counts()
    for kind in range(34):
        if held[kind] == 4:
            assert kind not in answer.kinds
            continue
        lowers = mjcore.shanten(hand.with_tile(kind), ghosts=kinds, wild_fifth_copy=fifth) < answer.shanten
        assert lowers == (kind in answer.kinds), kind
        if kind in kinds:
            assert lowers
    assert all(n == 4 - held[k] for k, n in answer.tiles)


@FUZZ
@given(ghost_hands(), st.booleans(), st.sampled_from([1, 3, 7]))
def test_single_calls_agree_with_the_batch_forms(case, fifth: bool, forms: int) -> None:
    hand, kinds = case
    hand = Hand(hand.concealed)  # rows hold no melds: the concealed part alone
    row = np.array([hand.concealed], dtype=np.uint8)
    for backend in BACKENDS:
        shanten = backend.shanten(hand, forms, ghosts=kinds, wild_fifth_copy=fifth)
        assert backend.shanten_batch(row, forms, ghosts=kinds, wild_fifth_copy=fifth).tolist() == [shanten]
        if hand.is_complete_size:
            win = backend.is_win(hand, forms, ghosts=kinds, wild_fifth_copy=fifth)
            assert backend.is_win_batch(row, forms, ghosts=kinds, wild_fifth_copy=fifth).tolist() == [win]


def test_a_ghost_may_be_a_fifth_copy() -> None:
    """6666s beside two 白: ready only if a ghost may be a fifth 6s (OC-45)."""
    hand = "12789m23p6666s55z"
    for backend in BACKENDS:
        assert backend.shanten(hand, ghosts="tdh") == 0
        assert backend.shanten(hand, ghosts="tdh", wild_fifth_copy=False) == 1
        assert backend.shanten_batch(np.array([mjcore.parse_hand(hand).concealed], dtype=np.uint8),
                                     ghosts="tdh").tolist() == [0]  # fmt: skip


def test_ghost_waits_and_decompositions_read_as_documented() -> None:
    for backend in BACKENDS:
        ready = backend.waits("123m456p789s55z1z2z", ghosts="5z")  # two ghosts, 1z 2z: a drawn 白 wins too
        assert ready.shanten == 0 and ready.tiles == ((27, 3), (28, 3), (31, 2))
        table = backend.waits("123m456p789s5z1z2z3z4z", ghosts=[31])
        assert 31 not in [choice.discard for choice in table]  # a ghost is never worth discarding
        assert all(31 in choice.kinds for choice in table)
        (decomposition,) = backend.decompose("123m456p789s5z1z1z1z2z", ghosts="tdh")  # 白 as the second 2z
        assert decomposition.wild_tiles == (28,) and decomposition.pair.tiles == (28, 28)
    assert mjcore.shanten("123m456p789s1z2z3z4z", ghosts=None) == mjcore.shanten("123m456p789s1z2z3z4z")


@pytest.mark.parametrize("backend", BACKENDS)
def test_bad_ghosts_are_refused(backend) -> None:
    with pytest.raises(InvalidArgumentError, match="tile kind"):
        backend.shanten("123m456p789s1z2z3z4z", ghosts=[34])
    with pytest.raises(InvalidArgumentError, match="indicator"):
        backend.is_win("123m456p789s1z1z2z2z", ghosts=mjcore.load_ruleset("tdh").with_options(ghosts="flip"))
    with pytest.raises(InvalidHandError, match="at most 4"):
        backend.waits("123m456p789s1z5z", ghosts="5z", visible=[0] * 31 + [4, 0, 0])
    with pytest.raises(InvalidHandError, match="at most 8"):
        backend.shanten("111m222m333m44m55p", ghosts="1m2m3m")
    with pytest.raises(InvalidHandError):
        backend.decompose("123m456p789s5z1z1z1z2z5z", ghosts="5z")  # 15 tiles
