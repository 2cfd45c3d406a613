"""``mjcore.simulate``: payments that settle as scoring does, results independent of the thread count and of how
a run is split, totals that merge, and a summary (its parity with the twin: tests/twin/)."""

from __future__ import annotations

import numpy as np
import pytest

import mjcore
import mjcore.reference
from mjcore.errors import InvalidArgumentError
from mjcore.sim.result import COLUMNS, totals_of
from mjcore.sim.summary import wilson

SEED = 11
RANDOM = ("random",) * 4


def assert_same_deals(a: mjcore.SimulationResult, b: mjcore.SimulationResult) -> None:
    for column in COLUMNS:
        assert a[column].dtype == b[column].dtype, column
        mismatch = np.nonzero((a[column] != b[column]).reshape(a.deals, -1).any(axis=1))[0]
        assert mismatch.size == 0, f"{column} differs first at deal {mismatch[:1]}"
    assert a.totals == b.totals


@pytest.fixture(scope="module")
def run() -> mjcore.SimulationResult:
    return mjcore.simulate("gd-qq3", 3000, seed=SEED, bots=RANDOM, threads=2)


def test_deals_with_a_liable_seat_match_the_twin(run: mjcore.SimulationResult) -> None:
    """Liabilities are rare under random play: find some natively, then replay just those deals in the twin."""
    liable = np.nonzero(run["liability"] >= 0)[0][:4]
    assert liable.size > 0
    for index in liable:
        one = mjcore.simulate("gd-qq3", 1, seed=SEED, bots=RANDOM, deal_offset=int(index))
        assert_same_deals(one, mjcore.reference.simulate("gd-qq3", 1, seed=SEED, bots=RANDOM, deal_offset=int(index)))


def test_payments_are_zero_sum_and_follow_the_winners(run: mjcore.SimulationResult) -> None:
    payments, winners = run["payments"], run["winners"]
    assert (payments.sum(axis=1) == 0).all()
    assert (payments[winners] > 0).all()
    assert (payments[run["exhaustive_draw"]] == 0).all()
    assert (run["points"][winners] == 2 ** run["fan"][winners].astype(np.int64)).all()
    # A liable seat pays for everyone: it is the only seat that pays.
    liable = run["liability"] >= 0
    payers = (payments < 0).sum(axis=1)
    assert liable.any() and (payers[liable] == 1).all()
    assert (payments[liable, run["liability"][liable]] < 0).all()
    # A win on a discard without liability: only the discarder pays.
    on_discard = (run["discarder"] >= 0) & ~run["robbing_kong"] & ~liable
    rows = np.nonzero(on_discard)[0]
    assert (payments[rows, run["discarder"][rows]] < 0).all()
    assert (payers[on_discard] == 1).all()


def test_columns_agree_with_each_other(run: mjcore.SimulationResult) -> None:
    won = run["winners"].any(axis=1)
    assert (won == ~run["exhaustive_draw"]).all()
    assert ((run["fan"] >= 0) == run["winners"]).all()
    assert ((run["pattern"] >= 0) == run["winners"]).all()
    assert (run["pattern"].max() < len(run.pattern_keys))
    assert (run["dealer"] == np.arange(run.deals) % 4).all()
    assert not (run["self_drawn"] & (run["discarder"] >= 0)).any()
    # The engine's streaming fold and a fold of the arrays in Python give the same totals.
    assert totals_of(run.per_deal) == run.totals


def test_the_thread_count_does_not_change_anything(run: mjcore.SimulationResult) -> None:
    assert_same_deals(mjcore.simulate("gd-qq3", 3000, seed=SEED, bots=RANDOM, threads=1), run)


def test_a_split_run_merges_into_the_whole(run: mjcore.SimulationResult) -> None:
    first = mjcore.simulate("gd-qq3", 1000, seed=SEED, bots=RANDOM)
    second = mjcore.simulate("gd-qq3", 2000, seed=SEED, bots=RANDOM, deal_offset=1000, threads=1)
    merged = first + second
    assert_same_deals(merged, run)
    assert merged.runs == run.runs == ((SEED, 0, 3000),) and merged == run  # contiguous runs join
    assert (second + first).runs == ((SEED, 1000, 3000), (SEED, 0, 1000))  # out of order: kept apart, in order


def test_totals_alone_stay_the_same_and_merge(run: mjcore.SimulationResult) -> None:
    streamed = mjcore.simulate("gd-qq3", 3000, seed=SEED, bots=RANDOM, per_deal=False)
    assert streamed.per_deal is None and streamed.totals == run.totals
    with pytest.raises(InvalidArgumentError, match="per_deal=True"):
        streamed["fan"]
    other_seed = mjcore.simulate("gd-qq3", 500, seed=SEED + 1, bots=RANDOM, per_deal=False)
    merged = streamed.merge(other_seed)
    assert merged.deals == 3500 and merged.per_deal is None
    assert merged.totals["kongs"] == run.totals["kongs"] + other_seed.totals["kongs"]


def test_runs_that_overlap_or_differ_do_not_merge(run: mjcore.SimulationResult) -> None:
    with pytest.raises(InvalidArgumentError, match="overlap"):
        run + mjcore.simulate("gd-qq3", 10, seed=SEED, bots=RANDOM, deal_offset=2995)
    with pytest.raises(InvalidArgumentError, match="different"):
        run + mjcore.simulate("gd-cgc5", 10, seed=SEED, bots=RANDOM, deal_offset=5000)


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_summary_reads_off_the_totals(run: mjcore.SimulationResult) -> None:
    summary = run.summary()
    deals = run.deals
    draw = summary.outcomes[0]
    assert (draw.count, draw.of) == (run.totals["exhaustive_draws"], deals)
    assert draw.low <= draw.value <= draw.high
    assert sum(e.count for e in summary.win_rate_by_seat) == int(run["winners"].sum())
    assert sum(e.count for e in summary.patterns) == int(run["winners"].sum())
    won = ~run["exhaustive_draw"]
    assert summary.mean_win_turn.value == pytest.approx(run["turns"][won].mean())
    text = str(run)
    for heading in ("Win rate by seat", "Fan distribution", "Patterns", "流局", "ji_hu"):
        assert heading in text


@pytest.mark.parametrize("simulate", [mjcore.simulate, mjcore.reference.simulate])
def test_bad_arguments_are_refused(simulate) -> None:
    with pytest.raises(InvalidArgumentError, match="unknown bot"):
        simulate("gd-qq3", 1, bots=("random", "random", "random", "clever"))
    with pytest.raises(InvalidArgumentError, match="4 names"):
        simulate("gd-qq3", 1, bots=("random",))
    with pytest.raises(InvalidArgumentError, match="deals"):
        simulate("gd-qq3", -1, bots=RANDOM)
    with pytest.raises(InvalidArgumentError, match="threads"):
        simulate("gd-qq3", 1, bots=RANDOM, threads=0)
    with pytest.raises(mjcore.RulesetError):
        simulate("no-such-table", 1, bots=RANDOM)
    assert simulate("mcr", 1, bots=RANDOM).deals == 1, "MCR tables play too (tests/test_mcr_table*.py)"


@pytest.mark.parametrize("backend", [mjcore, mjcore.reference], ids=["rust", "reference"])
@pytest.mark.parametrize("name, value", [("seed", 2**70), ("seed", -1), ("seed", 1.0), ("seed", True),
                                         ("deals", 2**64), ("deal_offset", -5)])  # fmt: skip
def test_out_of_range_run_arguments_are_refused_by_name(backend, name, value):
    arguments = {"seed": 0, "deals": 1, "deal_offset": 0, name: value}
    with pytest.raises(InvalidArgumentError, match=f"^{name} must be an int in 0..2\\*\\*64-1"):
        backend.simulate("gd-cgc5", bots=("random",) * 4, **arguments)


@pytest.mark.parametrize("backend", [mjcore, mjcore.reference], ids=["rust", "reference"])
def test_a_run_past_the_last_deal_index_is_refused(backend):
    with pytest.raises(InvalidArgumentError, match="deal_offset \\+ deals"):
        backend.simulate("gd-cgc5", 2, seed=0, bots=("random",) * 4, deal_offset=2**64 - 1)
