"""``score_batch`` of 推倒胡, Sichuan, Taiwan, 789 and 老章 (issues 28 and 30): on seeded corpora of winning hands
(and rows given another winning tile), every row of the native batch equals the native single ``score`` on the
same hand and situation, field by field (headline, per-key counts, each seat's money), and the twin's batch on a
smaller corpus; every per-row column is read exactly or refused with its name and row; the keywords a batch does
not take are refused by name."""

from __future__ import annotations

import mjcore
import mjcore.reference as ref
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from mjcore import InvalidArgumentError
from mjcore.errors import MjcoreError
from mjcore.rules import FamilyScores
from mjcore.rules.family_batch import BATCH_KEYWORDS, LIST_KEYWORDS

from tests.support.batch_corpus import (
    FAMILY_RULESETS,
    family_batches,
    repeated,
    single_rows,
    without,
)
from tests.support.fuzz import fuzz_settings

FAMILIES = tuple(FAMILY_RULESETS)


def assert_rows_equal(got: FamilyScores, want: tuple, what: str) -> None:
    total, counts, net = want[:3]
    for field, mine, theirs in (("total", got.total, total), ("counts", got.counts, counts), ("net", got.net, net)):
        bad = np.flatnonzero((mine != theirs).reshape(len(mine), -1).any(axis=1))
        assert not bad.size, f"{what}: {field} differs at rows {bad[:5].tolist()}: {mine[bad[0]]} != {theirs[bad[0]]}"


def scorable(batch):
    """The batch without the rows the single call refuses (another winning tile can make a row impossible)."""
    refused = single_rows(batch, mjcore.score)[3]
    return without(batch, refused), refused


@pytest.mark.parametrize("family", FAMILIES)
def test_native_batch_equals_the_single_score_on_every_row(family: str) -> None:
    rows = wins = 0
    for batch in family_batches(family, seed=30, count=400 if family != "tdh" else 1600):
        batch, _ = scorable(batch)
        if not batch.rows:
            continue
        got = batch.call(mjcore.score_batch)
        assert got.total.dtype == np.int64 and got.counts.dtype == np.uint8 and got.net.dtype == np.int64
        assert got.counts.shape == (len(batch.rows), len(got.keys)) and got.net.shape == (len(batch.rows), 4)
        assert_rows_equal(got, single_rows(batch, mjcore.score), f"{family} {batch.rules.name}")
        rows, wins = rows + len(batch.rows), wins + int((got.total >= 0).sum())
    assert rows >= 150 and 0 < wins < rows, (rows, wins)  # winning and non-winning rows both tested


@pytest.mark.parametrize("family", FAMILIES)
def test_native_batch_equals_the_twin_batch(family: str) -> None:
    for batch in family_batches(family, seed=28, count=60 if family != "tdh" else 200):
        batch, _ = scorable(batch)
        if batch.rows:
            want = batch.call(ref.score_batch)
            assert_rows_equal(batch.call(mjcore.score_batch), want, f"{family} {batch.rules.name}")
            assert batch.call(mjcore.score_batch).keys == want.keys


@pytest.mark.parametrize("family", FAMILIES)
def test_a_row_the_single_score_refuses_is_refused_with_its_index(family: str) -> None:
    batch = _small(family)
    batch.concealed[2] = 0  # an empty hand: no 3n+1 tiles
    for score_batch in (mjcore.score_batch, ref.score_batch):
        with pytest.raises(MjcoreError, match=r"row 2\b"):
            batch.call(score_batch)


def call(batch, backend, **changed):
    """``backend``'s score_batch on ``batch`` with some inputs changed (a keyword column or an array)."""
    inputs = {"concealed": batch.concealed, "win_tiles": batch.wins, "melds": batch.melds,
              "flower_bits": batch.flower_bits, **batch.columns, **changed}  # fmt: skip
    return backend(inputs.pop("concealed"), inputs.pop("win_tiles"), ruleset=batch.rules, **inputs)


def _small(family: str):
    """A batch of at least four scorable rows (推倒胡's corpus draws a ruleset per hand: its rows repeat)."""
    batches = [scorable(b)[0] for b in family_batches(family, seed=9, count=200)]
    batch = max(batches, key=lambda b: len(b.rows))
    return batch if len(batch.rows) >= 4 else repeated(batch, 4)


@pytest.mark.parametrize("family", FAMILIES)
def test_columns_out_of_range_are_refused_by_name_and_row(family: str) -> None:
    batch = _small(family)
    n = len(batch.rows)
    seat = "seat_wind" if family == "tdh" else "seat"
    for backend in (mjcore.score_batch, ref.score_batch):
        for value, row in ((np.array([0] * (n - 1) + [4]), n - 1), (np.array([0, 257] + [0] * (n - 2)), 1),
                           ([0.5] + [0] * (n - 1), 0)):  # fmt: skip
            with pytest.raises(InvalidArgumentError, match=rf"{seat}: row {row} is"):
                call(batch, backend, **{seat: value})
        with pytest.raises(InvalidArgumentError, match=r"self_drawn: row 1 is 2"):
            call(batch, backend, self_drawn=np.array([0, 2] + [0] * (n - 2)))
        wins = batch.wins.astype(np.int64)
        wins[0] += 256
        with pytest.raises(InvalidArgumentError, match=rf"win_tiles: row 0 is {wins[0]}"):
            call(batch, backend, win_tiles=wins)
        with pytest.raises(InvalidArgumentError, match=r"flower_bits: row 1 is 256"):
            call(batch, backend, flower_bits=np.array([0, 256] + [0] * (n - 2)))
        with pytest.raises(InvalidArgumentError, match=r"discarder: row 0 is 7: .*or -1 / None for none"):
            call(batch, backend, discarder=np.array([7] + [-1] * (n - 1)))


@pytest.mark.parametrize("family", FAMILIES)
def test_keywords_the_batch_does_not_take_are_refused_by_name(family: str) -> None:
    batch = _small(family)
    for backend in (mjcore.score_batch, ref.score_batch):
        for name in LIST_KEYWORDS[family]:
            with pytest.raises(InvalidArgumentError, match=rf"{name}: score_batch does not take"):
                batch.call(backend, **{name: ()})
        with pytest.raises(InvalidArgumentError, match="no_such_flag: not a keyword"):
            batch.call(backend, no_such_flag=True)
        with pytest.raises(InvalidArgumentError, match="flowers is the MCR batch's count"):
            batch.call(backend, flowers=2)


def test_every_family_lists_its_list_keywords() -> None:
    assert LIST_KEYWORDS == {"tdh": ("horses", "other_kongs"), "sichuan": ("still_in",), "taiwan": ("eye_seats",),
                             "gd789": ("other_kongs", "horses"), "laozhang": ()}  # fmt: skip


@pytest.mark.parametrize("family", FAMILIES)
def test_scalars_python_ints_and_every_integer_dtype_give_the_same_answer(family: str) -> None:
    batch = _small(family)
    want = batch.call(mjcore.score_batch)
    as_lists = {name: column.tolist() for name, column in batch.columns.items()}
    got = mjcore.score_batch(batch.concealed, batch.wins.tolist(), ruleset=batch.rules, melds=batch.melds,
                             flower_bits=batch.flower_bits.astype(np.int32), **as_lists)  # fmt: skip
    assert_rows_equal(got, want, "lists")
    first = {name: column[0] for name, column in as_lists.items()}
    one = mjcore.score_batch(batch.concealed[:1], batch.wins[:1], ruleset=batch.rules, melds=batch.melds[:1],
                             flower_bits=batch.flower_bits[:1], **first)  # fmt: skip
    assert_rows_equal(one, (want.total[:1], want.counts[:1], want.net[:1]), "scalars")


@pytest.mark.parametrize("family", FAMILIES)
def test_an_impossible_situation_names_the_first_row_that_has_it(family: str) -> None:
    batch = _small(family)
    n = len(batch.rows)
    columns = {**batch.columns, "self_drawn": np.ones(n, np.int64), "discarder": np.array([-1, 1] + [-1] * (n - 2))}
    seat = "seat_wind" if family == "tdh" else "seat"
    columns[seat] = np.zeros(n, np.int64)
    columns.pop("kong_fed_by", None), columns.pop("robbing_kong", None), columns.pop("kong_discard", None)
    for backend in (mjcore.score_batch, ref.score_batch):
        with pytest.raises(MjcoreError, match=r"^row 1: "):
            call(batch, backend, **columns)


def test_taiwan_takes_five_meld_slots_and_the_others_four() -> None:
    batch = _small("sichuan")
    n = len(batch.rows)
    with pytest.raises(InvalidArgumentError, match=r"melds must be a uint8 array of shape \(\d+, 4, 2 or 3\)"):
        call(batch, mjcore.score_batch, melds=np.zeros((n, 5, 2), np.uint8))
    taiwan = _small("taiwan")
    assert_rows_equal(call(taiwan, mjcore.score_batch, melds=taiwan.melds[:, :, :2].copy()),
                      call(taiwan, mjcore.score_batch, melds=taiwan.melds), "two fields")  # Taiwan: no feeder read


def test_the_keys_name_every_column() -> None:
    for family in FAMILIES:
        got = _small(family).call(mjcore.score_batch)
        assert len(set(got.keys)) == len(got.keys) == got.counts.shape[1]
    assert set(BATCH_KEYWORDS) == set(FAMILIES)


@fuzz_settings(25)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32 - 1))
def test_hypothesis_native_and_twin_batches_agree(family: str, seed: int) -> None:
    for batch in family_batches(family, seed=seed, count=12):
        batch, _ = scorable(batch)
        if batch.rows:
            assert_rows_equal(batch.call(mjcore.score_batch), batch.call(ref.score_batch), f"{family} seed {seed}")


def test_the_twin_batch_of_mcr_equals_the_native() -> None:
    from tests.support.mcr_corpus import batch_arrays, cases

    arrays = batch_arrays(list(cases(60, seed=12)))
    wins = arrays.pop("win_tiles").copy()
    wins[::4] = (wins[::4] + 1) % 34  # some rows that are not wins (or refused alike)
    concealed = arrays.pop("concealed")
    try:
        native = mjcore.score_batch(concealed, wins, ruleset="mcr", **arrays)
    except MjcoreError as error:
        with pytest.raises(type(error), match=str(error).split(":")[0]):
            ref.score_batch(concealed, wins, ruleset="mcr", **arrays)
        return
    twin = ref.score_batch(concealed, wins, ruleset="mcr", **arrays)
    for mine, theirs in zip(native, twin):
        assert mine.dtype == theirs.dtype
        np.testing.assert_array_equal(mine, theirs)
    assert (native[0] == -1).any() and (native[0] > 0).any()


def test_the_twin_batch_of_guangdong_equals_the_native() -> None:
    texts = [("123m456m78p234s99s", "6p"), ("12p456s789s88p555m", "3p"), ("1112345678999p", "5p"),
             ("123m456m78p234s99s", "1z")]  # fmt: skip
    concealed = np.array([mjcore.parse_hand(text).concealed for text, _ in texts], dtype=np.uint8)
    wins = np.array([mjcore.tile_index(win) for _, win in texts], dtype=np.uint8)
    for keywords in ({"self_drawn": True, "seat_wind": "S"},
                     {"self_drawn": [True, False, False, True], "round_wind": [0, 1, 2, 3], "kong_bloom": [1, 0, 0, 0]}):  # fmt: skip
        native = mjcore.score_batch(concealed, wins, ruleset="gd-cgc5", **keywords)
        twin = ref.score_batch(concealed, wins, ruleset="gd-cgc5", **keywords)
        for mine, theirs in zip(native, twin):
            assert mine.dtype == theirs.dtype
            np.testing.assert_array_equal(mine, theirs)
        assert native[0][3] == -1 and (native[0][:3] >= 0).all()


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "mcr", "tdh", "sichuan", "taiwan", "gd-789", "laozhang"])
def test_a_meld_kind_code_past_the_kinds_is_refused_with_its_row_by_both_backends(ruleset: str) -> None:
    # Found by the long fuzz: the twin built MeldKind(8) and raised a bare ValueError.
    concealed = np.zeros((2, 34), np.uint8)
    concealed[:, 0] = 1
    melds = np.zeros((2, 5 if ruleset == "taiwan" else 4, 2), np.uint8)
    melds[0, 0] = (9, 9)
    for backend in (mjcore, ref):
        with pytest.raises(InvalidArgumentError, match=r"row 0: meld kind code 9 is not 0\.\.5"):
            situation = {"void_suit": "s"} if ruleset == "sichuan" else {}
            backend.score_batch(concealed, np.array([28, 28]), ruleset=ruleset, self_drawn=True, melds=melds,
                                **situation)
