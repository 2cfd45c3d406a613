"""Every estimate of the summary has a correct 95% interval, checked against a direct computation from the per-deal
arrays: means per deal (per-seat payments, kong money), rates per win as ratio estimates (delta method, the deal the
independent unit), shares of wins when deals have several wins; and the interval is the same for one run, a run
split and merged, a run without per-deal arrays and a cluster run. No estimate prints a zero-width interval."""

from __future__ import annotations

import math

import numpy as np
import pytest

import mjcore
from mjcore.sim.result import totals_of
from mjcore.sim.summary import Estimate, wilson

Z = 1.959963984540054
RANDOM = ("random",) * 4


@pytest.fixture(scope="module")
def tdh() -> mjcore.SimulationResult:
    return mjcore.simulate("tdh", 4000, seed=3, bots=RANDOM)


@pytest.fixture(scope="module")
def sichuan() -> mjcore.SimulationResult:
    return mjcore.simulate("sichuan", 1500, seed=4, bots=("efficiency",) * 4)


def by_offset(run: mjcore.SimulationResult, column: str) -> np.ndarray:
    seats = (run["dealer"][:, None].astype(np.int64) + np.arange(4)) % 4
    return np.take_along_axis(run[column], seats, axis=1)


def normal_mean(values: np.ndarray) -> tuple[float, float, float]:
    values = values.astype(np.float64)
    half = Z * values.std(ddof=1) / math.sqrt(len(values))
    return values.mean(), values.mean() - half, values.mean() + half


def ratio_interval(x: np.ndarray, w: np.ndarray) -> tuple[float, float, float]:
    """Σx / Σw over deals with the delta-method interval, computed directly from the per-deal values."""
    x, w = x.astype(np.float64), w.astype(np.float64)
    r = x.sum() / w.sum()
    n = len(x)
    variance = ((x - r * w) ** 2).sum() / w.sum() ** 2 * n / (n - 1)
    return r, r - Z * math.sqrt(variance), r + Z * math.sqrt(variance)


def assert_interval(estimate: Estimate, expected: tuple[float, float, float]) -> None:
    assert (estimate.value, estimate.low, estimate.high) == pytest.approx(expected, rel=1e-9, abs=1e-12)


def test_mean_payment_per_seat_has_the_normal_interval_of_the_arrays(tdh: mjcore.SimulationResult) -> None:
    payments = by_offset(tdh, "payments")
    for offset, estimate in enumerate(tdh.summary().mean_payment_by_seat):
        assert_interval(estimate, normal_mean(payments[:, offset]))
        assert estimate.low < estimate.value < estimate.high


def test_kong_money_per_deal_is_a_mean_with_its_interval(tdh: mjcore.SimulationResult) -> None:
    moved = -np.minimum(tdh["kong_money"], 0).sum(axis=1)
    [estimate] = [e for e in tdh.summary().extras if "kong money" in e.label]
    assert moved.any() and estimate.kind == "mean"
    assert_interval(estimate, normal_mean(moved))


def test_ghosts_and_horses_per_win_are_ratio_estimates(tdh: mjcore.SimulationResult) -> None:
    winners = tdh["winners"]
    wins = winners.sum(axis=1)
    ghosts = np.where(winners, tdh["winner_ghosts"], 0).sum(axis=1)
    [estimate] = [e for e in tdh.summary().extras if e.label.startswith("ghosts per win")]
    assert estimate.kind == "ratio"
    assert_interval(estimate, ratio_interval(ghosts, wins))
    horses = mjcore.simulate(mjcore.load_ruleset("tdh").with_options(horses=4), 2000, seed=5, bots=RANDOM)
    hits = np.where(horses["winners"], horses["horse_hits"], 0).sum(axis=1)
    [estimate] = [e for e in horses.summary().extras if e.label.startswith("horses hit")]
    assert hits.any()
    assert_interval(estimate, ratio_interval(hits, horses["winners"].sum(axis=1)))


def test_shares_of_wins_count_the_deal_not_the_win_when_deals_have_several(sichuan: mjcore.SimulationResult) -> None:
    """血战到底: up to three wins per deal. A share of wins is a ratio Σc / Σw over deals; its Wilson interval is
    taken at the effective number of wins of the delta-method variance."""
    winners = sichuan["winners"]
    wins = winners.sum(axis=1)
    assert (wins > 1).sum() > 100, "the test needs deals with several wins"
    summary = sichuan.summary()
    fans = np.where(winners, np.minimum(sichuan["fan"], 15), -1)
    checked = 0
    for bucket, estimate in enumerate(summary.fans):
        c = (fans == bucket).sum(axis=1)
        if not 0 < c.sum() < wins.sum():
            continue
        p, low, high = ratio_interval(c, wins)
        variance = ((high - p) / Z) ** 2 * (len(c) - 1) / len(c)  # without the small-sample factor
        effective = p * (1 - p) / variance
        assert (estimate.value, estimate.low, estimate.high) == pytest.approx((p, *wilson(p * effective, effective)))
        checked += 1
    assert checked >= 2


def test_a_share_of_wins_is_wilson_when_no_deal_has_two_wins() -> None:
    run = mjcore.simulate("gd-cgc5", 2000, seed=6, bots=RANDOM)
    assert run.totals["multiple_winners"] == 0
    wins = int(run["winners"].sum())
    for estimate in run.summary().patterns:
        assert (estimate.low, estimate.high) == pytest.approx(wilson(estimate.count, wins))


def test_the_mean_turn_of_a_win_has_the_normal_interval_of_the_arrays(tdh: mjcore.SimulationResult) -> None:
    turns = tdh["turns"][~tdh["exhaustive_draw"]]
    assert_interval(tdh.summary().mean_win_turn, normal_mean(turns))


def test_merged_totals_only_and_cluster_runs_give_the_same_intervals(tdh: mjcore.SimulationResult) -> None:
    whole = tdh.summary()
    totals_only = mjcore.simulate("tdh", 4000, seed=3, bots=RANDOM, per_deal=False)
    merged = (mjcore.simulate("tdh", 1500, seed=3, bots=RANDOM, per_deal=False)
              + mjcore.simulate("tdh", 2500, seed=3, bots=RANDOM, deal_offset=1500))  # fmt: skip
    assert totals_only.summary() == whole and merged.summary() == whole
    assert totals_of(tdh.per_deal) == tdh.totals


def test_a_cluster_run_gives_the_same_intervals(tdh: mjcore.SimulationResult) -> None:
    clustered = mjcore.simulate("tdh", 4000, seed=3, bots=RANDOM, per_deal=False, cluster="local:2",
                                shard_deals=700)  # fmt: skip
    assert clustered.summary() == tdh.summary()


@pytest.mark.parametrize("rules", ["gd-qq3", "tdh", "sichuan", "taiwan", "mcr", "gd-789", "laozhang"])
def test_the_engine_fold_equals_the_python_fold_and_no_interval_has_zero_width(rules: str) -> None:
    run = mjcore.simulate(rules, 600, seed=8, bots=RANDOM)
    assert totals_of(run.per_deal) == run.totals
    for heading, estimates in run.summary().estimates().items():
        for estimate in estimates:
            assert (estimate.low is None) == (estimate.high is None), (heading, estimate)
            if estimate.low is not None and estimate.kind in ("mean", "ratio"):
                assert estimate.low < estimate.high, (heading, estimate)


def test_an_estimate_without_spread_or_data_is_printed_without_an_interval() -> None:
    assert Estimate.mean("x", 5, 25, 1).low is None  # one value
    constant = Estimate.mean("kong money", 12, 36, 4)  # 3, 3, 3, 3
    assert constant.low is None and constant.high is None and constant.value == 3
    assert "(no interval)" in constant.format(False) and "[" not in constant.format(False)
    assert Estimate.ratio("per win", 4, 4, 4, 4, 4, 4).low is None  # every deal exactly one per win
    one = mjcore.simulate("gd-cgc5", 1, seed=1, bots=RANDOM)
    assert all(e.low is None for e in one.summary().mean_payment_by_seat)
