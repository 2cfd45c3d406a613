"""A run as a table of one row per deal — pandas, Arrow, Parquet — and ``SimulationResult.load`` of Parquet and
``.npz`` files, read back exactly; a clear error when pandas or pyarrow is missing."""

from __future__ import annotations

import sys
import warnings

import numpy as np
import pytest

import mjcore
from mjcore.errors import InvalidArgumentError
from mjcore.rules.placeholders import PlaceholderWarning
from mjcore.sim.result import COLUMNS, SimulationResult

pandas = pytest.importorskip("pandas")
pyarrow = pytest.importorskip("pyarrow")


@pytest.fixture(scope="module")
def run() -> SimulationResult:
    # Two runs of one seed out of order and another seed: the rows' seed and deal follow ``runs``.
    first = mjcore.simulate("tdh", 300, seed=2, bots=("random",) * 4, deal_offset=500)
    return first + mjcore.simulate("tdh", 200, seed=2, bots=("random",) * 4) \
        + mjcore.simulate("tdh", 100, seed=9, bots=("random",) * 4)  # fmt: skip


def assert_same_run(a: SimulationResult, b: SimulationResult) -> None:
    assert (a.ruleset, a.family, a.pattern_keys, a.pattern_names, a.bots, a.runs) == \
        (b.ruleset, b.family, b.pattern_keys, b.pattern_names, b.bots, b.runs)  # fmt: skip
    for column in COLUMNS:
        assert a[column].dtype == b[column].dtype and np.array_equal(a[column], b[column]), column
    assert a.totals == b.totals and a.summary() == b.summary()


def test_one_row_per_deal_with_a_column_per_seat_and_patterns_by_name(run: SimulationResult) -> None:
    frame = run.to_pandas()
    assert len(frame) == run.deals == 600
    assert list(frame["seed"][[0, 300, 500]]) == [2, 2, 9]
    assert list(frame["deal"][[0, 299, 300, 500]]) == [500, 799, 0, 0]
    for seat in range(4):
        assert np.array_equal(frame[f"payments_{seat}"].to_numpy(), run["payments"][:, seat])
        names = frame[f"pattern_{seat}"]
        won = run["winners"][:, seat]
        assert names[~won].isna().all()
        assert list(names[won]) == [run.pattern_keys[row] for row in run["pattern"][won, seat]]
    assert frame["exhaustive_draw"].dtype == bool and frame["payments_0"].dtype == np.int64
    # What a statistics user does with it: the dealer's mean payment, grouped.
    by_dealer = frame.groupby("dealer")["payments_0"].mean()
    assert by_dealer[0] == pytest.approx(run["payments"][run["dealer"] == 0, 0].mean())


def test_the_arrow_table_matches_the_frame(run: SimulationResult) -> None:
    table = run.to_arrow()
    assert table.num_rows == 600 and table.column_names == list(run.to_pandas().columns)
    assert pyarrow.types.is_dictionary(table.schema.field("pattern_1").type)
    assert table.column("payments_3").to_pylist() == list(run["payments"][:, 3])


@pytest.mark.parametrize("suffix", [".parquet", ".npz"])
def test_save_and_load_round_trip(run: SimulationResult, tmp_path, suffix: str) -> None:
    path = tmp_path / f"run{suffix}"
    run.save(path)
    assert_same_run(SimulationResult.load(path), run)
    assert_same_run(SimulationResult.load(str(path)), run)


@pytest.mark.parametrize("suffix", [".parquet", ".npz"])
def test_a_saved_run_keeps_the_placeholders_its_summary_marks(tmp_path, suffix: str) -> None:
    """老章's rows are all placeholders: the summary of a reloaded run marks them as the original's does."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        run = mjcore.simulate("laozhang", deals=200, seed=3, bots=["random"] * 4, threads=1)
    assert run.placeholders
    path = tmp_path / f"laozhang{suffix}"
    run.save(path)
    loaded = SimulationResult.load(path)
    assert loaded.placeholders == run.placeholders
    assert "[placeholder]" in str(run.summary()) and str(loaded.summary()) == str(run.summary())


def test_a_parquet_file_reads_in_pandas_directly(run: SimulationResult, tmp_path) -> None:
    path = tmp_path / "run.parquet"
    run.save(path)
    frame = pandas.read_parquet(path)
    assert len(frame) == 600 and frame["payments_2"].sum() == run["payments"][:, 2].sum()


def test_a_totals_only_run_has_no_rows_to_give() -> None:
    streamed = mjcore.simulate("gd-qq3", 10, seed=1, bots=("random",) * 4, per_deal=False)
    with pytest.raises(InvalidArgumentError, match="per_deal=True"):
        streamed.to_pandas()


def test_missing_pandas_or_pyarrow_says_how_to_get_them(run: SimulationResult, monkeypatch, tmp_path) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(InvalidArgumentError, match=r"needs pandas: pip install 'mjcore\[frames\]'"):
        run.to_pandas()
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(InvalidArgumentError, match=r"needs pyarrow: pip install 'mjcore\[frames\]'"):
        run.save(tmp_path / "run.parquet")
    run.save(tmp_path / "run.npz")  # .npz needs neither
    assert SimulationResult.load(tmp_path / "run.npz").deals == 600


def test_a_foreign_parquet_file_is_refused(tmp_path) -> None:
    import pyarrow.parquet

    pyarrow.parquet.write_table(pyarrow.table({"x": [1, 2]}), tmp_path / "other.parquet")
    with pytest.raises(InvalidArgumentError, match="not written by SimulationResult"):
        SimulationResult.load(tmp_path / "other.parquet")
