"""The fast single-call paths: counts read from lists and tuples in place, plain hands validated once, forms
screened by the win tables before decomposing, and decomposition results built natively (shared groups,
named tuples filled in place). Each path must answer exactly as the general one and as the reference."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import mjcore
import mjcore.reference as ref
from mjcore import Decomposition, Forms, Group, Hand, InvalidHandError, _core

from .strategies import complete_hands, random_hands

SINGLE_CALLS = ("is_win", "shanten", "decompose", "shanten_by_form")


class Count(int):
    """An int that is not one of the interpreter's shared small ints."""


def every_spelling(counts: list[int]) -> list:
    """The same counts as every accepted plain input, including items the identity fast path cannot read."""
    return [
        counts,
        tuple(counts),
        bytes(counts),
        np.array(counts, dtype=np.uint8),
        Hand(tuple(counts)),
        [np.int64(c) for c in counts],
        [Count(c) for c in counts],
    ]


@pytest.mark.parametrize("name", SINGLE_CALLS)
def test_every_spelling_of_counts_gives_the_same_answer(name):
    hands = complete_hands(40, seed=3) + [row.tolist() for row in random_hands(40, 14, seed=4)]
    for counts in hands:
        expected = getattr(ref, name)(counts)
        for spelling in every_spelling(counts):
            assert getattr(mjcore, name)(spelling) == expected, (name, counts, type(spelling))


@pytest.mark.parametrize("size", [13, 14])
def test_waits_and_discards_of_count_lists(size):
    """A list goes to the core without a Hand; its size alone picks waits (3n+1) or the discard table."""
    seen = [1] * 34
    for row in random_hands(20, size, seed=size):
        counts = row.tolist()
        expected = ref.waits(counts)
        assert mjcore.waits(counts) == expected
        assert mjcore.waits(tuple(counts)) == expected
        assert mjcore.waits(counts, visible=seen) == ref.waits(counts, visible=seen)
        assert mjcore.shanten(tuple(counts)) == ref.shanten(counts)


def test_waits_of_bad_count_lists():
    with pytest.raises(InvalidHandError, match="not a hand"):
        mjcore.waits([1] * 15 + [0] * 19)
    with pytest.raises(InvalidHandError, match="index 0"):
        mjcore.waits([5] + [1] * 9 + [0] * 24)
    with pytest.raises(TypeError):
        mjcore.waits(["1"] * 34)


@pytest.mark.parametrize("bits", range(1, 16))
@pytest.mark.parametrize("quads", [True, False])
def test_decompose_of_plain_counts_matches_the_reference_in_every_form_set(bits, quads):
    """The win-table screen skips forms a plain hand cannot be in: it must never skip one it can be in."""
    special = [
        mjcore.parse_hand(text).concealed
        for text in ("22334455667788p", "1133557799m1122z", "11112222m3333p55s", "19m19p19s1234567z1m",
                     "147m258p369s1234z5z", "147m258p369s234s55z", "147m25p36s1234567z")
    ]
    hands = complete_hands(60, seed=bits) + [list(c) for c in special]
    hands += [row.tolist() for row in random_hands(60, 14, seed=bits)]
    forms = Forms(bits)
    for counts in hands:
        native = mjcore.decompose(counts, forms, seven_pairs_quads=quads)
        assert native == ref.decompose(counts, forms, seven_pairs_quads=quads), (counts, forms, quads)
        assert bool(native) == mjcore.is_win(counts, forms, seven_pairs_quads=quads)


@pytest.mark.parametrize("sets", [0, 1, 2, 3, 5])
def test_decompose_of_plain_counts_of_every_size_matches_the_reference(sets):
    size = 3 * sets + 2
    hands = complete_hands(60, seed=sets, sets=sets) + [row.tolist() for row in random_hands(60, size, seed=sets)]
    for counts in hands:
        for forms in (Forms.STANDARD, Forms.DEFAULT, Forms.ALL):
            assert mjcore.decompose(counts, forms) == ref.decompose(counts, forms), (counts, forms)


def test_decomposition_objects_behave_like_the_reference_ones():
    hands = ["111222333m456p77s", "22334455667788p", "123m456p78s11z*", "[789s]123m456p1z*", "147m258p369s11z[555z]"]
    for text in hands:
        native, reference = mjcore.decompose(text, Forms.ALL), ref.decompose(text, Forms.ALL)
        assert native == reference
        assert [repr(d) for d in native] == [repr(d) for d in reference]
        assert [str(d) for d in native] == [str(d) for d in reference]
        assert hash(tuple(native)) == hash(tuple(reference))
        assert pickle.loads(pickle.dumps(native)) == native
        for decomposition in native:
            assert type(decomposition) is Decomposition
            assert all(type(g) is Group for g in decomposition.groups)
            assert decomposition._asdict() == decomposition._replace()._asdict()


def test_groups_without_wilds_are_shared_values():
    first, second = mjcore.decompose("123m123m456p789s55z"), mjcore.decompose("123m456p456p789s55z")
    chow_123m = first[0].groups[0]
    assert chow_123m == Group("chow", (0, 1, 2))
    assert chow_123m is first[0].groups[1] is mjcore.decompose("123m456p789s789s55z")[0].groups[0]
    assert second[0].groups[1] is second[0].groups[2]


def test_meld_groups_are_the_hands_own_melds():
    hand = mjcore.parse_hand("123m456p11z[789s][555z]")
    (only,) = mjcore.decompose(hand)
    assert only.groups[-2].meld is hand.melds[0]
    assert only.groups[-1].meld is hand.melds[1]


def test_native_decompositions_need_a_meld_object_for_every_meld():
    counts = bytes(mjcore.parse_hand("123m456p789s11z").concealed)
    with pytest.raises(IndexError):
        _core.decompositions(counts, ((1, 31, -1, 0),), 0, int(Forms.DEFAULT), True, True, ())


@pytest.mark.parametrize("name", SINGLE_CALLS)
def test_bad_counts_in_lists_and_tuples(name):
    call = getattr(mjcore, name)
    base = complete_hands(1, seed=9)[0]
    for bad, error, message in [
        (5, InvalidHandError, "index 3"),
        (-1, InvalidHandError, "index 3"),
        (2**70, InvalidHandError, "index 3"),
        (1.0, TypeError, None),
        ("1", TypeError, None),
        (True, TypeError, r"count of 4m \(index 3\) must be an int, not bool"),
    ]:
        counts = base[:3] + [bad] + base[4:]
        for spelling in (counts, tuple(counts)):
            with pytest.raises(error, match=message):
                call(spelling)
    for size in (33, 35):
        with pytest.raises(InvalidHandError, match=f"got {size}"):
            call((base * 2)[:size])


def test_a_count_that_empties_its_list_is_an_error_not_a_crash():
    counts = complete_hands(1, seed=11)[0]

    class Emptying:
        def __index__(self):
            counts.clear()
            return 1

    counts[0] = Emptying()
    with pytest.raises(IndexError):
        mjcore.is_win(counts)


def test_plain_sizes_are_checked_without_melds_or_wilds():
    with pytest.raises(InvalidHandError, match="3n\\+1"):
        mjcore.is_win([1] * 13 + [0] * 21)
    with pytest.raises(InvalidHandError, match="3n\\+1"):
        mjcore.decompose([1] * 13 + [0] * 21)
    for size in (0, 3, 15, 18):
        counts = [4] * (size // 4) + [size % 4] + [0] * (33 - size // 4)
        for name in SINGLE_CALLS:
            with pytest.raises(InvalidHandError, match="not a hand"):
                getattr(mjcore, name)(counts)


def test_bool_counts_are_refused_by_both_backends(backend):
    counts = [True] + [1] * 12 + [0] * 21
    for spelling in (counts, tuple(counts)):
        with pytest.raises(TypeError, match=r"count of 1m \(index 0\) must be an int, not bool"):
            backend.shanten(spelling)
