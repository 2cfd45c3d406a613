"""The fast single-call paths: ``is_win``, ``shanten`` and ``waits`` are the native functions themselves, which
read bytes, lists, tuples and numpy uint8 rows in place and hand every other spelling (and every ``forms``
but a flag or an int) to the Python coercion; plain hands validated once, forms screened by the win tables
before decomposing, and decomposition results built natively (shared groups, named tuples filled in place).
Each path must answer, and fail, exactly as the general one and as the reference."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import mjcore
import mjcore.reference as ref
from mjcore import Decomposition, Forms, Group, Hand, InvalidHandError, _core

from tests.support.strategies import complete_hands, random_hands

SINGLE_CALLS = ("is_win", "shanten", "decompose", "shanten_by_form", "waits")
NATIVE_CALLS = ("is_win", "shanten", "waits")  # the public functions that are native functions


class Count(int):
    """An int that is not one of the interpreter's shared small ints."""


def every_spelling(counts: list[int]) -> list:
    """The same counts as every accepted input: those read natively (bytes, list, tuple, numpy uint8 arrays,
    rows and strided columns), lists whose items the in-place read cannot place, and those left to Python."""
    return [
        counts,
        tuple(counts),
        bytes(counts),
        np.array(counts, dtype=np.uint8),
        np.array([counts, counts], dtype=np.uint8)[1],
        np.repeat(np.array(counts, dtype=np.uint8), 2)[::2],
        [np.int64(c) for c in counts],
        [Count(c) for c in counts],
        Hand(tuple(counts)),
        Hand(tuple(counts)).mpsz(),
        bytearray(counts),
        memoryview(bytes(counts)),
        np.array(counts, dtype=np.int64),
    ]


def raised(call) -> tuple[type, str] | None:
    """The class and message of what ``call`` raises (None when it answers)."""
    try:
        call()
    except Exception as error:  # noqa: BLE001 - the point is to compare whatever either side raises
        return type(error), str(error)
    return None


def bad_spellings(counts: list[int]) -> list:
    """Spellings of counts that may be out of range or of the wrong length (no Hand: it would refuse them)."""
    if not all(type(c) is int for c in counts):
        return [counts, tuple(counts)]
    spellings = [counts, tuple(counts), np.array(counts, dtype=np.int64), [Count(c) for c in counts]]
    if all(0 <= c < 256 for c in counts):
        spellings += [bytes(counts), bytearray(counts), np.array(counts, dtype=np.uint8),
                      np.repeat(np.array(counts, dtype=np.uint8), 2)[::2]]
    return spellings


@pytest.mark.parametrize("name", SINGLE_CALLS)
def test_every_spelling_of_counts_gives_the_same_answer(name):
    hands = complete_hands(40, seed=3) + [row.tolist() for row in random_hands(40, 14, seed=4)]
    if name == "waits":  # the reference tabulates 14-tile hands slowly: fewer of them
        hands = hands[:10] + hands[40:50] + [row.tolist() for row in random_hands(20, 13, seed=5)]
    for counts in hands:
        expected = getattr(ref, name)(counts)
        for spelling in every_spelling(counts):
            assert getattr(mjcore, name)(spelling) == expected, (name, counts, type(spelling))


@pytest.mark.parametrize("name", NATIVE_CALLS)
def test_every_spelling_of_bad_counts_fails_as_the_reference(name):
    base = [1] * 13 + [0] * 21
    cases = [
        base[:3] + [5] + base[4:],  # a count above four
        base[:3] + [200] + base[4:],  # far above: bytes hold it, the reference names it all the same
        base[:3] + [-1] + base[4:],
        base[:33],  # too short
        base + [0],  # too long
        [1] * 15 + [0] * 19,  # 15 tiles: not a hand
        [0] * 34,  # no tiles
        [1] * 14 + [0] * 20,  # 14 tiles: is_win answers, waits tabulates, shanten answers
        [1] * 13 + [0] * 21,  # 13 tiles: is_win refuses a 3n+1 hand
    ]
    for counts in cases:
        for spelling in bad_spellings(counts):
            native = raised(lambda: getattr(mjcore, name)(spelling))
            assert native == raised(lambda: getattr(ref, name)(counts)), (name, counts, type(spelling))


@pytest.mark.parametrize("name", NATIVE_CALLS)
def test_every_forms_argument_answers_and_fails_as_the_reference(name):
    counts = complete_hands(1, seed=5)[0]
    if name == "waits":
        counts[counts.index(max(counts))] -= 1  # a 13-tile hand: its waits
    forms_values = [Forms.STANDARD, Forms.DEFAULT, Forms.ALL, Forms(2), 1, 5, 15, "standard", "all",
                    ["standard", "seven_pairs"], ("thirteen_orphans",),
                    None, 0, 16, -1, True, 1.5, "bogus", [], ["standard", 3], Forms(0), np.int64(3)]
    for forms in forms_values:
        expected = raised(lambda: getattr(ref, name)(counts, forms))
        for spelling in (counts, bytes(counts), np.array(counts, dtype=np.uint8), Hand(tuple(counts))):
            call = getattr(mjcore, name)
            assert raised(lambda: call(spelling, forms)) == expected, (name, forms, type(spelling))
            assert raised(lambda: call(spelling, forms=forms)) == expected, (name, forms, type(spelling))
            if expected is None:
                assert call(spelling, forms) == getattr(ref, name)(counts, forms), (name, forms)


def test_a_bad_forms_argument_is_reported_before_a_bad_hand():
    for name in NATIVE_CALLS:
        for forms in ("bogus", 0, None):
            native = raised(lambda: getattr(mjcore, name)([9] * 34, forms))
            assert native == raised(lambda: getattr(ref, name)([9] * 34, forms)), (name, forms)
            assert native is not None and "form" in native[1]


def test_every_spelling_of_visible_tiles_answers_and_fails_as_the_reference():
    hand = [row.tolist() for row in random_hands(1, 13, seed=8)][0]
    seen = [1 if hand[k] < 3 else 0 for k in range(34)]
    spellings = [seen, tuple(seen), bytes(seen), bytearray(seen), memoryview(bytes(seen)),
                 np.array(seen, dtype=np.uint8), np.array(seen, dtype=np.int64), [Count(c) for c in seen]]
    for spelling in spellings:
        assert mjcore.waits(hand, visible=spelling) == ref.waits(hand, visible=seen), type(spelling)
    too_many = [4 - c for c in hand]
    too_many[hand.index(max(hand))] += 1
    for bad in ([5] + [0] * 33, [0] * 33, ["1"] * 34, "1m", [True] + [0] * 33, too_many, 3):
        spellings = bad_spellings(bad) if isinstance(bad, list) else [bad]
        for spelling in spellings:
            native = raised(lambda: mjcore.waits(hand, visible=spelling))
            assert native == raised(lambda: ref.waits(hand, visible=bad)), (bad, type(spelling))


def test_keywords_and_extra_arguments_as_the_reference():
    counts = complete_hands(1, seed=6)[0]
    for name in NATIVE_CALLS:
        native, twin = getattr(mjcore, name), getattr(ref, name)
        assert native(hand=counts, forms="standard") == twin(hand=counts, forms="standard")
        assert native(counts, seven_pairs_quads=False, wild_fifth_copy=False) == twin(
            counts, seven_pairs_quads=False, wild_fifth_copy=False)
        for call in (lambda f: f(counts, 7, True), lambda f: f(counts, bogus=1), lambda f: f(),
                     lambda f: f(counts, forms=7, hand=counts)):
            expected = raised(lambda: call(twin))
            assert expected is not None and raised(lambda: call(native)) == expected, name


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
