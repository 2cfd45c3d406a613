"""The statistics of the families added last (issue 31, item 2), checked against a direct computation from the
per-deal arrays of a seeded run, and merged runs against one run (the twin records the same:
tests/twin/test_sim_parity.py):

- 推倒胡: every multiplier a win scored as a row (无鬼加倍, 杠上开花, 抢杠 …), the horses hit per win as a
  distribution, beside their mean and the kong money per deal;
- 老章: every row a win scored, the summary marking the rows the ruleset marks as placeholders;
- 789: the horse money (买马 mirror bets) per deal and the horses picking the winner as a distribution;
- ``compare``: the rows' shares of wins and the horse money per deal, with paired intervals."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import mjcore
from mjcore.rules.tdh.names import MULTIPLIERS
from mjcore.sim.compare import parse_ruleset_spec
from mjcore.sim.result import HORSE_BUCKETS, totals_of
from mjcore.sim.summary import MEAN_INTERVAL_VALUES, wilson

EFFICIENCY = ("efficiency",) * 4
Z = 1.959963984540054
# 推倒胡 with horses, 抢杠 and 杠上开花 doubled, and wins on a discard (一炮多响: deals with several wins).
TDH = mjcore.load_ruleset("tdh").with_options(horses=4, robbing_kong_double=True, kong_bloom_double=True,
                                              discard_wins=True)  # fmt: skip
with warnings.catch_warnings():  # the 789 ladder's values above 鸡胡 are placeholders (tests/rules/test_placeholders.py)
    warnings.simplefilter("ignore")
    GD789 = mjcore.load_ruleset("gd-789").with_options(horses_per_seat=2)


def laozhang_rules() -> object:
    """The shipped 老章 file, whose every row is a placeholder (loading it warns so; the warning is tested in
    tests/rules/test_placeholders.py)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return mjcore.load_ruleset("laozhang")


@pytest.fixture(scope="module")
def tdh() -> mjcore.SimulationResult:
    return mjcore.simulate(TDH, 1500, seed=8, bots=EFFICIENCY)


@pytest.fixture(scope="module")
def laozhang() -> mjcore.SimulationResult:
    return mjcore.simulate(laozhang_rules(), 400, seed=2, bots=EFFICIENCY)


@pytest.fixture(scope="module")
def gd789() -> mjcore.SimulationResult:
    return mjcore.simulate(GD789, 600, seed=3, bots=EFFICIENCY)


def rows_of_wins(run: mjcore.SimulationResult) -> np.ndarray:
    """bool (wins, 128): the rows each win scored, read bit by bit from the two words (not by ``scored_rows``)."""
    winners = run["winners"]
    low, high = run["rows_low"][winners], run["rows_high"][winners]
    return np.array([[(int(h) << 64 | int(w)) >> r & 1 for r in range(128)] for w, h in zip(low, high)], dtype=bool)


def share_of_wins(c: np.ndarray, wins: np.ndarray) -> tuple[float, float, float]:
    """A share of wins Σc / Σw over deals, with the Wilson interval at the effective number of wins of its
    delta-method variance (directly, from per-deal counts)."""
    c, wins = c.astype(np.float64), wins.astype(np.float64)
    p = c.sum() / wins.sum()
    variance = ((c - p * wins) ** 2).sum() / wins.sum() ** 2
    effective = p * (1 - p) / variance if variance > 0 and 0 < p < 1 else (wins > 0).sum()
    return p, *wilson(p * effective, effective)


def mean_per_deal(values: np.ndarray) -> tuple[float, float, float]:
    half = Z * values.std(ddof=1) / math.sqrt(len(values))
    return values.mean(), values.mean() - half, values.mean() + half


def section(run: mjcore.SimulationResult, heading: str) -> mjcore.sim.summary.FamilySection:
    [found] = [s for s in run.summary().family if s.heading.startswith(heading)]
    return found


def test_every_tdh_win_records_its_multipliers(tdh: mjcore.SimulationResult) -> None:
    """A win's rows are its multipliers (each ×2, so as many as ``fan`` counts); a hand without a ghost scores
    无鬼加倍, a robbed kong 抢杠, and only a self-drawn win 杠上开花."""
    winners = tdh["winners"]
    rows = rows_of_wins(tdh)
    keys = [key for key, _, _ in MULTIPLIERS]
    np.testing.assert_array_equal(rows.sum(axis=1), tdh["fan"][winners])
    assert not rows[:, len(keys):].any()
    np.testing.assert_array_equal(rows[:, keys.index("no_ghosts")], tdh["winner_ghosts"][winners] == 0)
    robbed = np.repeat(tdh["robbing_kong"], winners.sum(axis=1))
    np.testing.assert_array_equal(rows[:, keys.index("robbing_kong")], robbed)
    self_drawn = np.repeat(tdh["self_drawn"], winners.sum(axis=1))
    assert not (rows[:, keys.index("kong_bloom")] & ~self_drawn).any()
    assert rows[:, keys.index("no_ghosts")].any() and rows[:, keys.index("kong_bloom")].any()
    assert tdh.row_names == tuple(f"{key} {zh}" for key, zh, _ in MULTIPLIERS)
    np.testing.assert_array_equal(tdh.scored_rows()[winners], rows)


def test_the_tdh_summary_gives_each_multiplier_as_a_share_of_wins(tdh: mjcore.SimulationResult) -> None:
    winners = tdh["winners"]
    wins = winners.sum(axis=1)
    assert (wins > 1).any(), "the run must hold deals with several wins (一炮多响)"
    scored = tdh.scored_rows() & winners[:, :, None]
    estimates = section(tdh, "Each multiplier (加倍)").estimates
    assert {e.label for e in estimates} >= {"no_ghosts 无鬼加倍", "kong_bloom 杠上开花"}
    for estimate in estimates:
        row = tdh.row_names.index(estimate.label)
        expected = share_of_wins(scored[:, :, row].sum(axis=1), wins)
        assert (estimate.value, estimate.low, estimate.high) == pytest.approx(expected), estimate.label
    assert "Each multiplier (加倍): the share of wins scoring it:" in str(tdh)


def test_the_tdh_summary_gives_the_horses_hit_per_win_as_a_distribution(tdh: mjcore.SimulationResult) -> None:
    """Each number of horses hit as its share of wins (the mean per win is the extras' line), and the kong money
    per deal as a mean with its normal interval."""
    winners = tdh["winners"]
    wins = winners.sum(axis=1)
    hits = np.where(winners, np.minimum(tdh["horse_hits"], HORSE_BUCKETS - 1), -1)
    estimates = section(tdh, "Horses hit (中马, per win)").estimates
    assert len(estimates) >= 3, "a win hits 0, 1, 2 … of its four horses"
    for estimate in estimates:
        n = int(estimate.label.split(" ")[0].rstrip("+"))
        expected = share_of_wins((hits == n).sum(axis=1), wins)
        assert (estimate.value, estimate.low, estimate.high) == pytest.approx(expected), estimate.label
    assert sum(e.count for e in estimates) == wins.sum()
    extras = {e.label: e for e in tdh.summary().extras}
    kong_money = -np.minimum(tdh["kong_money"], 0).sum(axis=1)
    got = extras["kong money per deal (杠钱)"]
    assert (got.value, got.low, got.high) == pytest.approx(mean_per_deal(kong_money))
    mean_hits = extras["horses hit per win (中马)"]
    assert mean_hits.value == pytest.approx(np.where(winners, tdh["horse_hits"], 0).sum() / wins.sum())
    assert mean_hits.low is not None


def test_merged_tdh_runs_count_as_one_run(tdh: mjcore.SimulationResult) -> None:
    assert totals_of(tdh.per_deal) == tdh.totals
    merged = (mjcore.simulate(TDH, 700, seed=8, bots=EFFICIENCY, per_deal=False)
              + mjcore.simulate(TDH, 800, seed=8, bots=EFFICIENCY, deal_offset=700))  # fmt: skip
    assert merged.totals == tdh.totals and merged.summary() == tdh.summary()


def test_every_laozhang_win_records_its_rows_and_the_summary_marks_the_placeholders(
        laozhang: mjcore.SimulationResult) -> None:  # fmt: skip
    """老章's rows add up: a win's fan is the sum of its rows' values (capped), and every row of the shipped file is
    a placeholder (OC-41), which the summary says where each row is counted."""
    winners = laozhang["winners"]
    rows = rows_of_wins(laozhang)
    assert len(rows) >= 30 and (rows.sum(axis=1) >= 1).all()
    table = laozhang_rules()
    values = np.array([row.value for row in table.rows] + [0] * (128 - len(table.rows)))
    paid = rows.astype(np.int64) @ values
    cap = table.options["cap"]
    np.testing.assert_array_equal(np.minimum(paid, cap) if cap else paid, laozhang["fan"][winners])
    assert (laozhang["pattern"] == -1).all(), "a 老章 hand has no one pattern"
    estimates = section(laozhang, "Each 老章 row").estimates
    scored = laozhang.scored_rows() & winners[:, :, None]
    for estimate in estimates:
        assert estimate.label.endswith(" [placeholder]"), estimate.label
        row = laozhang.pattern_names.index(estimate.label.removesuffix(" [placeholder]"))
        assert (estimate.count, estimate.of) == (rows[:, row].sum(), len(rows))
        expected = share_of_wins(scored[:, :, row].sum(axis=1), winners.sum(axis=1))
        assert (estimate.value, estimate.low, estimate.high) == pytest.approx(expected)
    assert "[placeholder]" in str(laozhang) and "their rows are marked [placeholder]" in str(laozhang)
    assert totals_of(laozhang.per_deal) == laozhang.totals


def test_a_ruleset_without_placeholders_marks_no_row(gd789: mjcore.SimulationResult) -> None:
    assert "[placeholder]" not in str(mjcore.simulate("gd-cgc5", 100, seed=1, bots=EFFICIENCY))


def test_789_horse_money_per_deal_and_the_horses_picking_the_winner(gd789: mjcore.SimulationResult) -> None:
    """The 789 ladder rung is each win's pattern (named by the ruleset); the mirror-horse money a mean per deal
    with its normal interval; the horses picking the winner a distribution over wins."""
    winners = gd789["winners"]
    assert set(gd789["pattern"][winners]) <= set(range(len(gd789.pattern_keys)))
    text = str(gd789)
    assert "ji_hu 鸡胡" in text and "The ladder (牌型, per win):" in text and "za_se 杂色 [placeholder]" in text
    moved = -np.minimum(gd789["horse_money"], 0).sum(axis=1)
    assert moved.any() and gd789.deals >= MEAN_INTERVAL_VALUES
    extras = {e.label: e for e in gd789.summary().extras}
    got = extras["horse money per deal (买马 mirror bets)"]
    assert (got.value, got.low, got.high) == pytest.approx(mean_per_deal(moved))
    wins = winners.sum(axis=1)
    hits = np.where(winners, np.minimum(gd789["horse_hits"], HORSE_BUCKETS - 1), -1)
    for estimate in section(gd789, "Horses picking the winner").estimates:
        n = int(estimate.label.split(" ")[0].rstrip("+"))
        expected = share_of_wins((hits == n).sum(axis=1), wins)
        assert (estimate.value, estimate.low, estimate.high) == pytest.approx(expected), estimate.label
    merged = (mjcore.simulate(GD789, 250, seed=3, bots=EFFICIENCY, per_deal=False)
              + mjcore.simulate(GD789, 350, seed=3, bots=EFFICIENCY, deal_offset=250))  # fmt: skip
    assert merged.totals == gd789.totals and merged.summary() == gd789.summary()


def paired(ya: np.ndarray, xa: np.ndarray, yb: np.ndarray, xb: np.ndarray) -> tuple[float, float, float]:
    """Ra − Rb with its delta-method interval, per deal, directly."""
    ya, xa, yb, xb = (v.astype(np.float64) for v in (ya, xa, yb, xb))
    ra, rb = ya.sum() / xa.sum(), yb.sum() / xb.sum()
    u = (ya - ra * xa) / xa.mean() - (yb - rb * xb) / xb.mean()
    n = len(u)
    half = Z * math.sqrt((u**2).sum() / n**2 * n / (n - 1))
    return ra - rb, ra - rb - half, ra - rb + half


def test_compare_gives_the_rows_and_the_horse_money_with_paired_intervals() -> None:
    """推倒胡 with white ghosts and 杠上开花 doubled against red ghosts without: each multiplier's share of wins
    differs with its paired interval; 789 with two horses a seat against one: the horse money per deal."""
    plain = TDH.with_options(kong_bloom_double=False, ghosts="red")
    comparison = mjcore.compare((TDH, "efficiency"), (plain, "efficiency"), deals=600, seed=5, chunk_deals=250)
    a = mjcore.simulate(TDH, 600, seed=5, bots=EFFICIENCY)
    b = mjcore.simulate(plain, 600, seed=5, bots=EFFICIENCY)
    wa, wb = a["winners"].sum(axis=1), b["winners"].sum(axis=1)
    for row in ("kong_bloom 杠上开花", "no_ghosts 无鬼加倍"):
        r = a.row_names.index(row)
        ca = (a.scored_rows()[:, :, r] & a["winners"]).sum(axis=1)
        cb = (b.scored_rows()[:, :, r] & b["winners"]).sum(axis=1)
        d = comparison[f"share of wins scoring: {row}"]
        assert (d.difference, d.low, d.high) == pytest.approx(paired(ca, wa, cb, wb), rel=1e-9), row
    assert comparison["share of wins scoring: kong_bloom 杠上开花"].b == 0
    one = GD789.with_options(horses_per_seat=1)
    horses = mjcore.compare((GD789, "efficiency"), (one, "efficiency"), deals=300, seed=4)
    a, b = (mjcore.simulate(rules, 300, seed=4, bots=EFFICIENCY) for rules in (GD789, one))
    ones = np.ones(300)
    d = horses["horse money per deal (789 买马)"]
    expected = paired(-np.minimum(a["horse_money"], 0).sum(axis=1), ones, -np.minimum(b["horse_money"], 0).sum(axis=1),
                      ones)  # fmt: skip
    assert (d.difference, d.low, d.high) == pytest.approx(expected, rel=1e-9)


@pytest.fixture(scope="module")
def sichuan() -> mjcore.SimulationResult:
    return mjcore.simulate("sichuan", 400, seed=4, bots=EFFICIENCY)


def test_each_win_records_its_place_in_the_order_of_the_deals_wins(sichuan: mjcore.SimulationResult) -> None:
    """血战: the winners of a deal are numbered 0, 1, 2 … in the order they won; other seats -1. The first win is
    the one the deal's ``discarder`` / ``self_drawn`` columns describe."""
    winners, order = sichuan["winners"], sichuan["win_order"]
    assert (order[~winners] == -1).all()
    for deal in range(sichuan.deals):
        assert sorted(order[deal][winners[deal]]) == list(range(winners[deal].sum())), deal
    assert (winners.sum(axis=1) == 3).any()
    first = np.argmax(order == 0, axis=1)
    won = winners.any(axis=1)
    discarded = won & ~sichuan["self_drawn"] & ~sichuan["robbing_kong"]
    assert (sichuan["discarder"][discarded] != first[discarded]).all(), "no seat wins on its own discard"


def test_under_xueliu_a_winner_keeps_the_place_of_its_first_win() -> None:
    """血流成河: a winner stays in and may win again (more wins than seats in a deal); each winning seat has one
    place, 0 … winners − 1, as in the twin (tests/rules/sichuan/slow/test_twin_xueliu.py)."""
    run = mjcore.simulate(mjcore.load_ruleset("sichuan").with_options(mode="xueliu"), 60, seed=2, bots=EFFICIENCY)
    winners, order = run["winners"], run["win_order"]
    assert (winners.sum(axis=1) >= 3).any()  # (the engine panicked here on a deal with a fifth win, before)
    for deal in range(run.deals):
        assert sorted(order[deal][winners[deal]]) == list(range(winners[deal].sum())), deal
    assert (order[~winners] == -1).all() and totals_of(run.per_deal) == run.totals


def test_the_sichuan_summary_gives_each_wins_share_of_deals_and_mean_fan(sichuan: mjcore.SimulationResult) -> None:
    estimates = {e.label: e for e in section(sichuan, "Order of the wins").estimates}
    order, fan = sichuan["win_order"], sichuan["fan"]
    for k, ordinal in enumerate(("first", "second", "third")):
        at = order == k
        had = at.any(axis=1)
        deals = estimates[f"{ordinal} win: deals"]
        assert (deals.count, deals.of) == (had.sum(), sichuan.deals)
        assert (deals.low, deals.high) == pytest.approx(wilson(had.sum(), sichuan.deals))
        mean = estimates[f"{ordinal} win: mean 番"]
        assert (mean.value, mean.low, mean.high) == pytest.approx(mean_per_deal(fan[at].astype(np.float64)))
    assert "fourth win: deals" not in estimates  # 血战 ends with the third win
    merged = (mjcore.simulate("sichuan", 150, seed=4, bots=EFFICIENCY, per_deal=False)
              + mjcore.simulate("sichuan", 250, seed=4, bots=EFFICIENCY, deal_offset=150))  # fmt: skip
    assert merged.totals == sichuan.totals and totals_of(sichuan.per_deal) == sichuan.totals


def test_compare_gives_the_order_of_wins_with_paired_intervals() -> None:
    capped = "sichuan:cap=1"  # the same play (the bots ignore fan), the later wins paid on fewer 番
    comparison = mjcore.compare(("sichuan", "efficiency"), (capped, "efficiency"), deals=200, seed=6, chunk_deals=120)
    a = mjcore.simulate("sichuan", 200, seed=6, bots=EFFICIENCY)
    b = mjcore.simulate(parse_ruleset_spec(capped), 200, seed=6, bots=EFFICIENCY)
    at_a, at_b = a["win_order"] == 1, b["win_order"] == 1
    expected = paired(np.where(at_a, a["fan"], 0).sum(axis=1), at_a.any(axis=1),
                      np.where(at_b, b["fan"], 0).sum(axis=1), at_b.any(axis=1))  # fmt: skip
    d = comparison["second win: mean fan"]
    assert (d.difference, d.low, d.high) == pytest.approx(expected, rel=1e-9)


def test_an_older_file_without_the_win_order_loads_as_nothing_recorded(sichuan: mjcore.SimulationResult,
                                                                         tmp_path) -> None:  # fmt: skip
    columns = {name: sichuan[name] for name in mjcore.sim.COLUMNS if name != "win_order"}
    np.savez(tmp_path / "old.npz", **columns, pattern_keys=np.array(sichuan.pattern_keys),
             runs=np.array(sichuan.runs, dtype=np.uint64), bots=np.array(sichuan.bots))  # fmt: skip
    loaded = mjcore.SimulationResult.load(tmp_path / "old.npz")
    assert (loaded["win_order"] == -1).all() and loaded.totals["wins_by_order"] == [0] * 4
    assert loaded.totals["rows"] == sichuan.totals["rows"]
