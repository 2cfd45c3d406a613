"""Smoke tests of the native is_win, decompose and is_win_batch through the public API."""

import numpy as np
import pytest

import mjcore
from mjcore import Decomposition, Forms, Group, InvalidArgumentError, InvalidHandError


def counts_of(text: str) -> np.ndarray:
    return np.frombuffer(bytes(mjcore.parse_hand(text).concealed), dtype=np.uint8)


@pytest.mark.parametrize("extra", [f"{n}m" for n in range(1, 10)])
def test_nine_gates_wins_on_every_man_tile(extra):
    assert mjcore.is_win("1112345678999m" + extra)


def test_forms_are_selectable():
    assert mjcore.is_win("1133557799m1122z", Forms.SEVEN_PAIRS)
    assert not mjcore.is_win("1133557799m1122z", Forms.STANDARD)
    assert mjcore.is_win("147m258p369s234s55z", Forms.KNITTED)
    assert not mjcore.is_win("147m258p369s234s55z", Forms.DEFAULT)


def test_waiting_hand_is_an_error():
    with pytest.raises(InvalidHandError, match="3n\\+1"):
        mjcore.is_win("123m456p789s1122z")
    with pytest.raises(InvalidHandError):
        mjcore.decompose("123m456p789s1122z")


def test_decompose_reports_groups_melds_and_wilds():
    (only,) = mjcore.decompose("[789s]123m456p1z*")
    assert only.form == "standard"
    assert [g.kind for g in only.groups] == ["chow", "chow", "pair", "chow"]
    assert only.groups[-1].meld == mjcore.Meld(mjcore.MeldKind.CHI, 24)
    assert only.groups[2].wilds == (27,)
    assert only.wild_tiles == (27,)
    readings = mjcore.decompose("111222333m456p77s")
    assert len(readings) == 2
    assert readings == sorted(readings, key=lambda d: (d.form, d.groups))


def test_batch_matches_single_calls():
    rng = np.random.default_rng(1)
    rows = []
    for text in ["1112345678999m5m", "123m456p789s111z23z", "19m19p19s12345677z", "123m456p789s1z2z"]:
        rows.append(counts_of(text))
    for _ in range(200):
        row = np.zeros(34, np.uint8)
        for kind in rng.choice(34 * 4, 14, replace=False) // 4:
            row[kind] += 1
        rows.append(row)
    arr = np.stack(rows)
    got = mjcore.is_win_batch(arr)
    assert got.dtype == np.bool_ and got.shape == (len(rows),)
    assert list(got) == [mjcore.is_win(bytes(row)) for row in arr]
    assert list(got[:4]) == [True, False, True, False]


def test_batch_validates_the_whole_array():
    arr = np.stack([counts_of("1112345678999m5m")] * 3)
    arr[2, 0] = 5
    with pytest.raises(InvalidHandError, match="row 2"):
        mjcore.is_win_batch(arr)
    arr[2, 0] = 2  # 13 tiles: a waiting hand
    with pytest.raises(InvalidHandError, match="row 2"):
        mjcore.is_win_batch(arr)
    with pytest.raises(TypeError):
        mjcore.is_win_batch(arr.astype(np.int64))
    with pytest.raises(InvalidArgumentError):
        mjcore.is_win_batch(np.asfortranarray(arr[:2]))
    with pytest.raises(InvalidArgumentError):
        mjcore.is_win_batch(arr[:, :33])


def test_native_decompositions_of_two_lone_wilds():
    from mjcore import _core

    found = _core.decompositions(bytes(34), (), 2, int(Forms.STANDARD), True, True, ())
    assert len(found) == 34  # two wilds alone: a pair of any kind
    assert found[5] == Decomposition("standard", (Group("pair", (5, 5), (5, 5), None),), (5, 5))
    assert all(isinstance(d, Decomposition) and isinstance(d.groups[0], Group) for d in found)
