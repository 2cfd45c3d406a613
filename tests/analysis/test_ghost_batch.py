"""Ghost kinds in the batch forms (issue 11): ``shanten_batch`` / ``is_win_batch`` with ``ghosts=`` read rows
written with the ghosts' faces, those kinds wild — the same answers as the single ``shanten`` / ``is_win`` of
the hand with the ghosts taken out as wilds, on both backends, with and without a ghost as a fifth copy."""

from __future__ import annotations

import pytest

import mjcore
from mjcore import reference
from mjcore.errors import InvalidArgumentError, InvalidHandError
from mjcore.analysis.ghost_kinds import ghost_hand
from tests.support.strategies import ghost_rows as rows


@pytest.mark.parametrize("fifth", [True, False])
def test_batch_shanten_with_ghosts_matches_the_single_calls(fifth: bool) -> None:
    batch = rows(600, 3)
    native = mjcore.shanten_batch(batch, ghosts="tdh", wild_fifth_copy=fifth)
    assert (native == reference.shanten_batch(batch, ghosts="tdh", wild_fifth_copy=fifth)).all()
    single = [mjcore.shanten(ghost_hand(row.tolist(), (31,)), wild_fifth_copy=fifth) for row in batch]
    assert native.tolist() == single
    # The ghosts count: the same rows read without them are never closer to a win.
    assert (native <= mjcore.shanten_batch(batch)).all() and (native < mjcore.shanten_batch(batch)).any()


def test_batch_wins_with_ghosts_match_the_single_calls() -> None:
    batch = rows(600, 4)
    full = batch[batch.sum(axis=1) == 14]
    for ghosts in ("5z", [31, 4], mjcore.load_ruleset("tdh").with_options(ghosts="red")):
        kinds = mjcore.ghost_kinds(ghosts)
        native = mjcore.is_win_batch(full, ghosts=ghosts)
        assert (native == reference.is_win_batch(full, ghosts=ghosts)).all()
        assert native.tolist() == [mjcore.is_win(ghost_hand(row.tolist(), kinds)) for row in full]


def test_ghost_kinds_are_read_from_a_ruleset_or_given() -> None:
    assert mjcore.ghost_kinds("tdh") == (31,) and mjcore.ghost_kinds(None) == ()
    assert mjcore.ghost_kinds(["7z", 4, 4]) == (4, 33)
    assert mjcore.ghost_kinds(mjcore.load_ruleset("tdh").with_options(ghosts="none")) == ()
    with pytest.raises(InvalidArgumentError, match="indicator"):
        mjcore.ghost_kinds(mjcore.load_ruleset("tdh").with_options(ghosts="flip"))
    with pytest.raises(InvalidArgumentError, match="tile kind"):
        mjcore.ghost_kinds([34])
    bad = rows(3, 5)
    bad[1, 0] = 5
    with pytest.raises(InvalidHandError, match="row 1"):
        mjcore.shanten_batch(bad, ghosts="tdh")
