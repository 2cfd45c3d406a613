"""The last two per-family statistics of issue 31, checked against a direct computation from the per-deal arrays
of a seeded run, merged runs against one run, and ``compare`` against paired sums computed here (the twin
records the same columns: tests/twin/test_sim_parity.py):

- Sichuan's 根 per win as a count (the generic ``win_count`` column, which the family's words name): its
  distribution over wins and its mean per win with the ratio interval;
- 789's flower money (花钱) on its own line: the ``flower_money`` column, a mean per deal with its interval;
- Taiwan's 連莊: the summary says it is not simulated and where a game reads it."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import mjcore
from mjcore.sim.result import COUNT_BUCKETS

EFFICIENCY = ("efficiency",) * 4
Z = 1.959963984540054
with warnings.catch_warnings():  # the 789 ladder's values above 鸡胡 are placeholders (tests/rules/test_placeholders.py)
    warnings.simplefilter("ignore")
    GD789 = mjcore.load_ruleset("gd-789")
ROOTS = "根 per win (each four of one kind in the hand)"
FLOWER_MONEY = "flower money per deal (花钱, the winner's flowers)"


@pytest.fixture(scope="module")
def sichuan() -> mjcore.SimulationResult:
    return mjcore.simulate("sichuan", 500, seed=4, bots=EFFICIENCY)


@pytest.fixture(scope="module")
def gd789() -> mjcore.SimulationResult:
    return mjcore.simulate(GD789, 500, seed=3, bots=EFFICIENCY)


def ratio_interval(x: np.ndarray, w: np.ndarray) -> tuple[float, float, float]:
    """Σx / Σw over deals with the delta-method interval, directly from the per-deal values."""
    x, w = x.astype(np.float64), w.astype(np.float64)
    r = x.sum() / w.sum()
    n = len(x)
    half = Z * math.sqrt(((x - r * w) ** 2).sum() / w.sum() ** 2 * n / (n - 1))
    return r, r - half, r + half


def share_of_wins(c: np.ndarray, w: np.ndarray) -> tuple[float, float, float]:
    """A share of wins Σc / Σw with the Wilson interval at the effective number of wins of its ratio variance."""
    from mjcore.sim.summary import wilson

    c, w = c.astype(np.float64), w.astype(np.float64)
    p = c.sum() / w.sum()
    variance = ((c - p * w) ** 2).sum() / w.sum() ** 2
    effective = p * (1 - p) / variance if variance > 0 and 0 < p < 1 else (w > 0).sum()
    return p, *wilson(p * effective, effective)


def mean_per_deal(values: np.ndarray) -> tuple[float, float, float]:
    values = values.astype(np.float64)
    half = Z * values.std(ddof=1) / math.sqrt(len(values))
    return values.mean(), values.mean() - half, values.mean() + half


def extras(run: mjcore.SimulationResult) -> dict[str, mjcore.sim.Estimate]:
    return {e.label: e for e in run.summary().extras}


def test_a_sichuan_win_counts_its_roots_exactly_when_it_scores_the_root_row(sichuan: mjcore.SimulationResult) -> None:
    """The count is kept for winners only, and is positive exactly when the win scored the 根 row (its 番 row)."""
    winners, counts = sichuan["winners"], sichuan["win_count"]
    assert not counts[~winners].any()
    gen = sichuan.scored_rows()[:, :, sichuan.row_names.index("gen 根")]
    np.testing.assert_array_equal(counts[winners] > 0, gen[winners])
    assert (counts[winners] >= 2).any(), "the run holds a win with two 根"


def test_roots_per_win_are_a_ratio_estimate_and_a_distribution(sichuan: mjcore.SimulationResult) -> None:
    winners = sichuan["winners"]
    wins = winners.sum(axis=1)
    assert (wins > 1).any(), "血战: deals with several wins (the same-deal terms matter)"
    roots = np.where(winners, sichuan["win_count"], 0).sum(axis=1)
    got = extras(sichuan)[ROOTS]
    assert (got.value, got.low, got.high) == pytest.approx(ratio_interval(roots, wins), rel=1e-9)
    [section] = [s for s in sichuan.summary().family if s.heading.startswith("根 per win (the distribution)")]
    buckets = np.where(winners, np.minimum(sichuan["win_count"], COUNT_BUCKETS - 1), -1)
    assert [e.label for e in section.estimates][:2] == ["0 根", "1 根"]
    for estimate in section.estimates:
        n = int(estimate.label.split(" ")[0].rstrip("+"))
        expected = share_of_wins((buckets == n).sum(axis=1), wins)
        assert (estimate.value, estimate.low, estimate.high) == pytest.approx(expected), estimate.label
    assert "根 per win (the distribution):" in str(sichuan)


def test_merged_runs_give_the_counts_and_the_flower_money_of_one_run(sichuan: mjcore.SimulationResult,
                                                                     gd789: mjcore.SimulationResult) -> None:  # fmt: skip
    for rules, seed, whole in (("sichuan", 4, sichuan), (GD789, 3, gd789)):
        merged = (mjcore.simulate(rules, 200, seed=seed, bots=EFFICIENCY, per_deal=False)
                  + mjcore.simulate(rules, 300, seed=seed, bots=EFFICIENCY, deal_offset=200))  # fmt: skip
        assert merged.totals == whole.totals and merged.summary() == whole.summary()


def test_789_flower_money_is_the_winners_flowers_from_each_other_seat(gd789: mjcore.SimulationResult) -> None:
    """OC-37 (gd-789.toml, flower_stake): each other seat pays the winner ``flower_stake`` per flower it set
    aside; recorded apart, inside the payments, zero-sum; nothing without a win."""
    stake = GD789.options["flower_stake"]
    money, flowers, winners = gd789["flower_money"], gd789["flowers"].astype(np.int64), gd789["winners"]
    assert (money.sum(axis=1) == 0).all()
    assert not money[gd789["exhaustive_draw"]].any()
    won = np.nonzero(~gd789["exhaustive_draw"])[0]
    for deal in won:
        [seat] = np.nonzero(winners[deal])[0]  # 截胡: one winner
        expected = np.full(4, -stake * flowers[deal, seat])
        expected[seat] = 3 * stake * flowers[deal, seat]
        np.testing.assert_array_equal(money[deal], expected, err_msg=f"deal {deal}")
    assert money.any()


def test_789_flower_money_per_deal_is_a_mean_with_its_interval(gd789: mjcore.SimulationResult) -> None:
    moved = -np.minimum(gd789["flower_money"], 0).sum(axis=1)
    got = extras(gd789)[FLOWER_MONEY]
    assert (got.value, got.low, got.high) == pytest.approx(mean_per_deal(moved), rel=1e-9)
    assert FLOWER_MONEY in str(gd789)
    assert FLOWER_MONEY not in str(mjcore.simulate("gd-cgc5", 100, seed=1, bots=EFFICIENCY))


def paired(ya: np.ndarray, xa: np.ndarray, yb: np.ndarray, xb: np.ndarray) -> tuple[float, float, float]:
    """Ra − Rb with its delta-method interval, per deal, directly."""
    ya, xa, yb, xb = (v.astype(np.float64) for v in (ya, xa, yb, xb))
    ra, rb = ya.sum() / xa.sum(), yb.sum() / xb.sum()
    u = (ya - ra * xa) / xa.mean() - (yb - rb * xb) / xb.mean()
    n = len(u)
    half = Z * math.sqrt((u**2).sum() / n**2 * n / (n - 1))
    return ra - rb, ra - rb - half, ra - rb + half


def test_compare_gives_the_flower_money_and_the_roots_with_paired_intervals() -> None:
    """789 at flower stake 2 against 1: the flower money per deal; Sichuan 血战 against 血流: 根 per win."""
    double = GD789.with_options(flower_stake=2)
    comparison = mjcore.compare((double, "efficiency"), (GD789, "efficiency"), deals=300, seed=4)
    a, b = (mjcore.simulate(rules, 300, seed=4, bots=EFFICIENCY) for rules in (double, GD789))
    ones = np.ones(300)
    d = comparison["flower money per deal (789 花钱)"]
    expected = paired(-np.minimum(a["flower_money"], 0).sum(axis=1), ones,
                      -np.minimum(b["flower_money"], 0).sum(axis=1), ones)  # fmt: skip
    assert (d.difference, d.low, d.high) == pytest.approx(expected, rel=1e-9)
    xueliu = mjcore.load_ruleset("sichuan").with_options(mode="xueliu")
    comparison = mjcore.compare(("sichuan", "efficiency"), (xueliu, "efficiency"), deals=200, seed=6)
    a, b = (mjcore.simulate(rules, 200, seed=6, bots=EFFICIENCY) for rules in ("sichuan", xueliu))
    d = comparison["count per win (the family's: 根)"]
    roots = [np.where(r["winners"], r["win_count"], 0).sum(axis=1) for r in (a, b)]
    expected = paired(roots[0], a["winners"].sum(axis=1), roots[1], b["winners"].sum(axis=1))
    assert (d.difference, d.low, d.high) == pytest.approx(expected, rel=1e-9)


def test_the_taiwan_summary_says_連莊_is_not_simulated_and_where_to_read_it() -> None:
    """Issue 31: simulate plays deals, not games (docs/simulation.md); the summary says so and names the games."""
    run = mjcore.simulate("taiwan", 30, seed=1, bots=EFFICIENCY)
    assert (run["dealer"] == np.arange(30) % 4).all(), "deal k's dealer is seat k mod 4, whoever won before"
    text = str(run)
    assert "Not simulated (read elsewhere):" in text and "連莊" in text and "reset_game" in text
    assert "Not simulated" not in str(mjcore.simulate("gd-cgc5", 30, seed=1, bots=EFFICIENCY))
