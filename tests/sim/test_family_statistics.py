"""The statistics each family records beyond the pattern (issue 31, item 2), checked against a direct computation
from the per-deal arrays of a seeded run; the totals of a split and merged run, and of a run without per-deal
arrays, equal one run's. (The twin records the same: tests/twin/test_sim_parity.py.)

MCR and Sichuan: every fan (番 row, 根 included) a win scored (``rows_low`` / ``rows_high``), each as the share of
wins scoring it. Sichuan: the money settled apart (呼叫转移, 退税, 查花猪, 查大叫), each kind's rate per deal and amount."""

from __future__ import annotations

import math

import numpy as np
import pytest

import mjcore
from mjcore.sim.result import totals_of
from mjcore.sim.summary import MEAN_INTERVAL_VALUES, wilson

EFFICIENCY = ("efficiency",) * 4
MCR = mjcore.load_ruleset("mcr")


@pytest.fixture(scope="module")
def mcr() -> mjcore.SimulationResult:
    return mjcore.simulate("mcr", 300, seed=21, bots=EFFICIENCY)


def winners_rows(run: mjcore.SimulationResult) -> np.ndarray:
    """bool (wins, 128): the rows each win scored, read bit by bit from the two words (not by ``scored_rows``)."""
    winners = run["winners"]
    low, high = run["rows_low"][winners], run["rows_high"][winners]
    return np.array([[(int(h) << 64 | int(w)) >> r & 1 for r in range(128)] for w, h in zip(low, high)], dtype=bool)


def test_every_mcr_win_records_its_fans_among_them_its_highest_and_its_flowers(mcr: mjcore.SimulationResult) -> None:
    winners = mcr["winners"]
    rows = winners_rows(mcr)
    assert len(rows) >= 30, "the run must hold wins"
    np.testing.assert_array_equal(mcr.scored_rows()[winners], rows)
    assert not mcr.scored_rows()[~winners].any(), "a seat that did not win scored nothing"
    keys = list(mcr.pattern_keys)
    assert keys == list(MCR.fan_keys)
    highest = mcr["pattern"][winners]
    assert rows[np.arange(len(rows)), highest].all(), "the highest fan is among the fans scored"
    flowers = rows[:, keys.index("flower_tiles")]
    np.testing.assert_array_equal(flowers, mcr["flowers"][winners] > 0)
    # 8番起和: the distinct fans' values alone (each counted once) never exceed the total.
    value = {fan.key: fan.value for fan in MCR.table.fans.values()}
    values = np.array([value[key] for key in keys] + [0] * (128 - len(keys)))
    assert (rows.astype(np.int64) @ values <= mcr["fan"][winners]).all()
    assert (rows.sum(axis=1) >= 1).all() and rows.sum(axis=1).mean() > 2, "a win scores several fans"


def test_the_summary_gives_each_fan_as_a_share_of_wins_with_its_interval(mcr: mjcore.SimulationResult) -> None:
    rows = winners_rows(mcr)
    wins = len(rows)
    assert mcr.totals["multiple_winners"] == 0  # one win per deal: each share is Wilson at the number of wins
    [section] = [s for s in mcr.summary().family if s.heading.startswith("Each fan (番种)")]
    counts = rows.sum(axis=0)
    assert [e.count for e in section.estimates] == sorted(counts[counts > 0], reverse=True)
    for estimate in section.estimates:
        row = mcr.pattern_names.index(estimate.label)
        assert estimate.count == counts[row] and estimate.of == wins
        assert (estimate.value, estimate.low, estimate.high) == pytest.approx(
            (counts[row] / wins, *wilson(counts[row], wins)))
    never = int((counts[: len(mcr.pattern_keys)] == 0).sum())
    assert section.notes == (f"{never} of the table's {len(mcr.pattern_keys)} rows never scored",)
    text = str(mcr)
    assert "Each fan (番种): the share of wins scoring it:" in text and "flower_tiles 花牌" in text


@pytest.fixture(scope="module")
def sichuan() -> mjcore.SimulationResult:
    return mjcore.simulate("sichuan", 400, seed=4, bots=EFFICIENCY)


@pytest.fixture(scope="module")
def mcr_several() -> mjcore.SimulationResult:
    return mjcore.simulate(MCR.with_options(several_winners="all"), 1500, seed=3, bots=EFFICIENCY)


@pytest.mark.parametrize("name", ["mcr_several", "sichuan"])
def test_with_several_wins_in_a_deal_a_row_share_is_a_ratio_over_deals(name: str, request) -> None:
    """一炮多响 (MCR) and 血战 (Sichuan): a row's share of wins is Σc / Σw over deals (c = the deal's wins scoring
    the row), with the Wilson interval at the effective number of wins of its delta-method variance."""
    run = request.getfixturevalue(name)
    assert totals_of(run.per_deal) == run.totals
    winners = run["winners"]
    scored = run.scored_rows() & winners[:, :, None]
    wins = winners.sum(axis=1)
    assert (wins > 1).any(), "the run must hold deals with several wins"
    [section] = [s for s in run.summary().family if s.heading.startswith("Each ")]
    assert len(section.estimates) >= 3
    for estimate in section.estimates:
        c = scored[:, :, run.pattern_names.index(estimate.label)].sum(axis=1).astype(np.float64)
        p = c.sum() / wins.sum()
        variance = ((c - p * wins) ** 2).sum() / wins.sum() ** 2
        effective = p * (1 - p) / variance if variance > 0 and 0 < p < 1 else (wins > 0).sum()
        assert (estimate.value, estimate.low, estimate.high) == pytest.approx((p, *wilson(p * effective, effective)))


def test_every_sichuan_win_records_its_fan_rows_with_its_shape_and_gen(sichuan: mjcore.SimulationResult) -> None:
    winners = sichuan["winners"]
    rows = winners_rows(sichuan)
    keys = list(sichuan.pattern_keys)
    shape = sichuan["pattern"][winners]
    assert rows[np.arange(len(rows)), shape].all(), "the shape (牌型) is among the rows scored"
    gen = rows[:, keys.index("gen")]
    assert gen.any() and not gen.all(), "some wins hold a 根, some none"
    assert "Each 番 row (根 included)" in str(sichuan) and "gen 根" in str(sichuan)


def test_merged_and_totals_only_runs_count_the_fans_as_one_run(mcr: mjcore.SimulationResult) -> None:
    assert totals_of(mcr.per_deal) == mcr.totals and mcr.totals["rows"]
    merged = (mjcore.simulate("mcr", 120, seed=21, bots=EFFICIENCY, per_deal=False)
              + mjcore.simulate("mcr", 180, seed=21, bots=EFFICIENCY, deal_offset=120))  # fmt: skip
    assert merged.totals == mcr.totals
    assert merged.summary() == mcr.summary()


def test_a_family_that_records_no_rows_has_none_and_no_section() -> None:
    run = mjcore.simulate("gd-cgc5", 200, seed=1, bots=EFFICIENCY)
    assert not run["rows_low"].any() and not run["rows_high"].any() and run.totals["rows"] == []
    assert not any(s.heading.startswith("Rows scored") for s in run.summary().family)


def test_the_fans_reach_the_data_frame_and_files(mcr: mjcore.SimulationResult, tmp_path) -> None:
    frame = mcr.to_pandas()
    np.testing.assert_array_equal(frame["rows_low_2"].to_numpy(), mcr["rows_low"][:, 2])
    mcr.save(tmp_path / "run.npz")
    assert mjcore.SimulationResult.load(tmp_path / "run.npz").totals == mcr.totals


def test_an_older_file_without_the_rows_loads_as_nothing_recorded(mcr: mjcore.SimulationResult, tmp_path) -> None:
    added = ("rows_low", "rows_high", *SIDE_MONEY)  # the columns issue 31 added
    columns = {name: mcr[name] for name in mjcore.sim.COLUMNS if name not in added}
    np.savez(tmp_path / "old.npz", **columns, pattern_keys=np.array(mcr.pattern_keys),
             runs=np.array(mcr.runs, dtype=np.uint64), bots=np.array(mcr.bots))  # fmt: skip
    loaded = mjcore.SimulationResult.load(tmp_path / "old.npz")
    assert loaded.totals["rows"] == [] and loaded.totals["patterns"] == mcr.totals["patterns"]
    assert loaded.totals["side_money_deals"] == [0] * 4 and loaded.deals == mcr.deals


SIDE_MONEY = ("transfer_money", "refund_money", "flower_pig_money", "ready_check_money")


def test_sichuan_side_money_is_recorded_apart_and_adds_up(sichuan: mjcore.SimulationResult) -> None:
    """呼叫转移, 退税, 查花猪, 查大叫: each kind zero-sum per deal; the 流局 checks only where the wall ran out (fewer
    than three won), 呼叫转移 only after a win; at a 流局 (no win money) the payments are the kong money and the
    side money exactly."""
    draws = sichuan["exhaustive_draw"]
    wall_ran_out = sichuan["winners"].sum(axis=1) < 3
    for name in SIDE_MONEY:
        assert (sichuan[name].sum(axis=1) == 0).all(), name
    for name in ("flower_pig_money", "ready_check_money"):
        assert not sichuan[name][~wall_ran_out].any(), name
    assert not sichuan["transfer_money"][draws].any()
    side = sum(sichuan[name] for name in SIDE_MONEY)
    np.testing.assert_array_equal(sichuan["payments"][draws], (sichuan["kong_money"] + side)[draws])
    assert sichuan["ready_check_money"].any() and sichuan["refund_money"].any()


def test_the_summary_gives_each_kind_of_side_money_its_rate_and_amount(sichuan: mjcore.SimulationResult) -> None:
    [section] = [s for s in sichuan.summary().family if s.heading.startswith("Transfers and the 流局 checks")]
    estimates = {e.label: e for e in section.estimates}
    intervals = 0
    for name, label in zip(SIDE_MONEY, ("呼叫转移", "退税", "查花猪", "查大叫")):
        moved = -np.minimum(sichuan[name], 0).sum(axis=1)
        paid = moved > 0
        rate = estimates[f"{label}: deals"]
        assert (rate.count, rate.of) == (paid.sum(), sichuan.deals)
        assert (rate.low, rate.high) == pytest.approx(wilson(paid.sum(), sichuan.deals))
        amount = estimates[f"{label}: paid then"]
        assert amount.count == moved.sum() and amount.of == paid.sum()
        if paid.sum() >= MEAN_INTERVAL_VALUES and moved[paid].std() > 0:
            half = 1.959963984540054 * moved[paid].std(ddof=1) / math.sqrt(paid.sum())
            expected = (moved[paid].mean(), moved[paid].mean() - half, moved[paid].mean() + half)
            assert (amount.value, amount.low, amount.high) == pytest.approx(expected)
            intervals += 1
        else:  # too few values for the normal approximation: printed without an interval
            assert amount.low is None
    assert intervals >= 1, "some kind of side money is paid often enough to get its interval"
    assert "查大叫: deals" in str(sichuan)


def test_merged_sichuan_runs_keep_the_side_money_of_one_run(sichuan: mjcore.SimulationResult) -> None:
    merged = (mjcore.simulate("sichuan", 150, seed=4, bots=EFFICIENCY, per_deal=False)
              + mjcore.simulate("sichuan", 250, seed=4, bots=EFFICIENCY, deal_offset=150))  # fmt: skip
    assert merged.totals == sichuan.totals and merged.summary() == sichuan.summary()
    assert sichuan.totals["side_money_deals"][3] > 0


@pytest.fixture(scope="module")
def taiwan() -> mjcore.SimulationResult:
    return mjcore.simulate("taiwan", 300, seed=5, bots=EFFICIENCY)


def test_every_taiwan_win_records_its_tai_rows(taiwan: mjcore.SimulationResult) -> None:
    """A Taiwan hand's 台 rows add up (no pattern): a self-drawn win scores 自摸 (or 門清自摸), a win on a discard
    neither; the summary gives each row as its share of wins (Wilson: one win per deal)."""
    winners = taiwan["winners"]
    rows = winners_rows(taiwan)
    keys = list(taiwan.pattern_keys)
    assert len(rows) >= 30 and rows.any(axis=1).mean() > 0.5  # a win of no 台 is legal (起胡 0)
    self_drawn = np.repeat(taiwan["self_drawn"], winners.sum(axis=1))
    zi_mo = rows[:, keys.index("zi_mo")] | rows[:, keys.index("men_qing_zi_mo")]
    np.testing.assert_array_equal(zi_mo, self_drawn)
    assert not rows[:, keys.index("zhuang_jia")].any(), "莊家 is not a row of the hand"
    assert taiwan.totals["multiple_winners"] == 0
    [section] = [s for s in taiwan.summary().family if s.heading.startswith("Each 台 row")]
    counts = rows.sum(axis=0)
    for estimate in section.estimates:
        row = taiwan.pattern_names.index(estimate.label)
        assert (estimate.count, estimate.of) == (counts[row], len(rows))
        assert (estimate.low, estimate.high) == pytest.approx(wilson(counts[row], len(rows)))
    assert totals_of(taiwan.per_deal) == taiwan.totals
