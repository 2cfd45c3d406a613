"""``score_batch`` per-row inputs are read exactly or refused (issue 30): a value out of its column's range or not
an integer — a win tile of 14 + 256 or 14.9, ``self_drawn`` of 256 or 0.5, MCR ``flowers`` of 259, a
``seat_wind`` of 257 — is an ``InvalidArgumentError`` naming the column and the row, never wrapped into uint8;
every dtype that holds the values exactly (any integer width, bools, integral floats, Python ints) gives the
answer of the uint8 input."""

from __future__ import annotations

import numpy as np
import pytest

import mjcore
from mjcore import InvalidArgumentError

ROWS = [("123m456m78p234s99s", "6p"), ("12p456s789s88p555m", "3p"), ("1112345678999p", "5p")]
MCR_ROWS = [("123m456m789p23s55z", "1s"), ("123m456m789p23s55z", "4s"), ("1112345678999m", "5m")]


def arrays(rows):
    counts = np.array([mjcore.parse_hand(text).concealed for text, _ in rows], dtype=np.uint8)
    wins = np.array([mjcore.notation.win_tile_index(win) for _, win in rows], dtype=np.uint8)
    return counts, wins


def refused(column: str, row: int, counts, wins, **inputs) -> None:
    with pytest.raises(InvalidArgumentError, match=rf"{column}: row {row} is .*must be an integer 0\.\.") as error:
        mjcore.score_batch(counts, wins, **inputs)
    assert column in str(error.value)


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "mcr"])
def test_out_of_range_or_fractional_rows_are_refused_by_column_and_row(ruleset: str) -> None:
    counts, wins = arrays(ROWS if ruleset != "mcr" else MCR_ROWS)
    kw = {"ruleset": ruleset}
    for bad in (wins.astype(np.int64) + np.array([0, 256, 0]), wins + np.array([0, 0.9, 0]),
                np.array([int(w) for w in wins[:2]] + [2**64], dtype=object), wins.astype(np.int64) - [0, 0, 99],
                np.where([False, True, False], np.nan, wins.astype(float))):  # fmt: skip
        row = 2 if bad.dtype == object or (bad.dtype.kind == "i" and bad[2] < 0) else 1
        refused("win_tiles", row, counts, bad, **kw)
    refused("self_drawn", 1, counts, wins, self_drawn=np.array([0, 256, 0]), **kw)
    refused("self_drawn", 0, counts, wins, self_drawn=np.array([0.5, 0, 0]), **kw)
    refused("robbing_kong", 2, counts, wins, robbing_kong=[0, 0, 2], **kw)
    refused("kong_bloom", 1, counts, wins, kong_bloom=[0, -1, 0], **kw)
    refused("seat_wind", 1, counts, wins, seat_wind=np.array([0, 257, 1]), **kw)
    refused("round_wind", 0, counts, wins, round_wind=np.array([4.0, 0, 0]), **kw)
    if ruleset == "mcr":
        refused("flowers", 2, counts, wins, flowers=np.array([0, 3, 259]), **kw)
        refused("flowers", 0, counts, wins, flowers=[9, 0, 0], **kw)
        refused("last_copy", 1, counts, wins, last_copy=[0, 1.5, 0], **kw)
    with pytest.raises(InvalidArgumentError, match=r"self_drawn is 256: must be an integer 0\.\.1"):
        mjcore.score_batch(counts, wins, self_drawn=256, **kw)  # a scalar names no row
    with pytest.raises(TypeError, match="seat_wind"):
        mjcore.score_batch(counts, wins, seat_wind=np.array([1j, 0, 0]), **kw)


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "mcr"])
def test_every_exact_dtype_gives_the_uint8_answer(ruleset: str) -> None:
    counts, wins = arrays(ROWS if ruleset != "mcr" else MCR_ROWS)
    drawn = np.array([True, False, True])
    seats = np.array([0, 3, 2], dtype=np.uint8)
    extra = {"flowers": np.array([0, 2, 8], dtype=np.uint8)} if ruleset == "mcr" else {}
    expected = mjcore.score_batch(counts, wins, ruleset=ruleset, self_drawn=drawn, seat_wind=seats, **extra)
    for dtype in (np.int8, np.int64, np.uint16, np.uint64, np.float32, np.float64, object):
        as_type = {"flowers": extra["flowers"].astype(dtype)} if extra else {}
        got = mjcore.score_batch(counts, wins.astype(dtype), ruleset=ruleset, self_drawn=drawn.astype(dtype),
                                 seat_wind=seats.astype(dtype), **as_type)  # fmt: skip
        for a, b in zip(got, expected):
            np.testing.assert_array_equal(a, b, err_msg=str(dtype))
    listed = mjcore.score_batch(counts, [int(w) for w in wins], ruleset=ruleset, self_drawn=[1, 0, 1],
                                seat_wind=[0, 3, 2], **({"flowers": [0, 2, 8]} if extra else {}))  # fmt: skip
    for a, b in zip(listed, expected):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "mcr"])
def test_a_meld_slot_of_no_shape_is_refused(ruleset: str) -> None:
    """A chow slot at 8m or at an honour names no three tiles: refused as a bad hand (the scorers read past the
    row's counts before; found by the engine's fuzz targets)."""
    counts, wins = arrays([("123m456m7p", "7p")])
    for tile in (7, 8, 27, 33):
        melds = np.zeros((1, 4, 2), dtype=np.uint8)
        melds[0, 0] = (1, tile)  # MeldKind.CHI + 1
        with pytest.raises(InvalidArgumentError, match="chow must start"):
            mjcore.score_batch(counts, wins, ruleset=ruleset, melds=melds)
