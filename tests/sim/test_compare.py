"""``mjcore.compare``: both sides play the same deals (common random numbers where the tile sets agree), and every
metric's difference has the paired 95% interval of a direct computation from the two runs' per-deal arrays."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import mjcore
from mjcore.errors import InvalidArgumentError
from mjcore.sim.compare import parse_ruleset_spec
from mjcore.table import Table

Z = 1.959963984540054
EFFICIENCY = ("efficiency",) * 4
LOOSE = "gd-cgc5:minimum=0"


@pytest.fixture(scope="module")
def rule_change() -> mjcore.Comparison:
    return mjcore.compare(("gd-cgc5", "efficiency"), (LOOSE, "efficiency"), deals=3000, seed=7, chunk_deals=1100)


def paired(ya: np.ndarray, xa: np.ndarray, yb: np.ndarray, xb: np.ndarray) -> tuple[float, float, float]:
    """Ra − Rb with its delta-method interval, per deal, directly."""
    ya, xa, yb, xb = (v.astype(np.float64) for v in (ya, xa, yb, xb))
    ra, rb = ya.sum() / xa.sum(), yb.sum() / xb.sum()
    u = (ya - ra * xa) / xa.mean() - (yb - rb * xb) / xb.mean()
    n = len(u)
    half = Z * math.sqrt((u**2).sum() / n**2 * n / (n - 1))
    return ra - rb, ra - rb - half, ra - rb + half


def test_the_paired_intervals_equal_a_direct_computation(rule_change: mjcore.Comparison) -> None:
    a = mjcore.simulate("gd-cgc5", 3000, seed=7, bots=EFFICIENCY)
    b = mjcore.simulate(parse_ruleset_spec(LOOSE), 3000, seed=7, bots=EFFICIENCY)
    one = np.ones(3000)
    won_a, won_b = ~a["exhaustive_draw"], ~b["exhaustive_draw"]
    expected = {
        "self-drawn win (自摸)": paired(a["self_drawn"], one, b["self_drawn"], one),
        "mean payment: dealer (East)": paired(a["payments"][np.arange(3000), a["dealer"]], one,
                                              b["payments"][np.arange(3000), b["dealer"]], one),  # fmt: skip
        "turn (巡目) of a win": paired(np.where(won_a, a["turns"], 0), won_a, np.where(won_b, b["turns"], 0), won_b),
        "share of wins: 1 fan": paired(((a["fan"] == 1) & a["winners"]).sum(axis=1), a["winners"].sum(axis=1),
                                       ((b["fan"] == 1) & b["winners"]).sum(axis=1), b["winners"].sum(axis=1)),
    }  # fmt: skip
    for label, (difference, low, high) in expected.items():
        d = rule_change[label]
        assert (d.difference, d.low, d.high) == pytest.approx((difference, low, high), rel=1e-9), label


def test_each_side_keeps_its_totals_and_summary(rule_change: mjcore.Comparison) -> None:
    assert rule_change.a.totals == mjcore.simulate("gd-cgc5", 3000, seed=7, bots=EFFICIENCY, per_deal=False).totals
    assert rule_change.a.per_deal is None and rule_change.b.deals == 3000
    assert rule_change["exhaustive draw (流局)"].a == rule_change.a.summary().outcomes[0].value


def test_common_walls_make_the_paired_interval_narrower(rule_change: mjcore.Comparison) -> None:
    assert rule_change.common_walls
    narrowing = [d.narrowing for d in rule_change.differences if d.narrowing]
    assert np.median(narrowing) > 1.2, narrowing
    # 起和 0 lets more hands win: fewer 流局 and more wins on a discard, seen through the intervals.
    assert rule_change["win on a discard (点炮)"].high < 0
    assert "common random numbers" in str(rule_change)


def test_a_table_against_itself_differs_nowhere() -> None:
    same = mjcore.compare("gd-qq3", ("gd-qq3", "efficiency"), deals=400, seed=3)
    assert same.common_walls
    for d in same.differences:
        assert d.difference == 0 and d.low is None, d  # identical deals: no spread in the differences


def test_bots_compare_on_one_table() -> None:
    bots = mjcore.compare(("gd-qq3", "efficiency"), ("gd-qq3", ("efficiency", "random", "random", "random")),
                          deals=800, seed=5)  # fmt: skip
    # The efficiency bot in seat 0 wins more often than a random one does there.
    assert bots["win rate: dealer (East)"].significant or bots["win rate: dealer's 下家"].significant


def test_walls_agree_exactly_where_the_tile_sets_do() -> None:
    """The claim behind common random numbers, checked on the walls themselves: the 136-tile tables without
    flowers (Guangdong, 推倒胡 白板鬼) deal one wall per (seed, deal); Sichuan's 108 tiles do not."""

    def wall(rules: str, deal: int) -> list[int]:
        table = Table(ruleset=rules)
        table.reset(11, deal, dealer=deal % 4)
        return json.loads(table.log()[0])["wall"]

    for deal in range(5):
        assert wall("gd-cgc5", deal) == wall("gd-qq3", deal) == wall("tdh", deal)
        assert wall("sichuan", deal) != wall("gd-cgc5", deal)
    assert mjcore.compare("sichuan", "gd-cgc5", deals=50, seed=11).common_walls is False


def test_chunks_do_not_change_the_result(rule_change: mjcore.Comparison) -> None:
    whole = mjcore.compare(("gd-cgc5", "efficiency"), (LOOSE, "efficiency"), deals=3000, seed=7, chunk_deals=5000)
    for d, e in zip(whole.differences, rule_change.differences):
        assert (d.label, d.difference) == (e.label, pytest.approx(e.difference))
        assert d.low == pytest.approx(e.low) and d.high == pytest.approx(e.high)


def test_ruleset_specs_and_bad_arguments() -> None:
    assert parse_ruleset_spec("gd-cgc5:minimum=0").minimum == 0
    assert parse_ruleset_spec("gd-cgc5").minimum == mjcore.load_ruleset("gd-cgc5").minimum != 0
    with pytest.raises(InvalidArgumentError, match="name=value"):
        parse_ruleset_spec("gd-cgc5:minimum")
    with pytest.raises(InvalidArgumentError, match="deals must be"):
        mjcore.compare("gd-cgc5", "gd-qq3", deals=-1)
    with pytest.raises(InvalidArgumentError, match="one name .* or four"):
        mjcore.compare(("gd-cgc5", ("random", "random")), "gd-qq3", deals=10)


def test_a_cluster_comparison_is_the_local_one(rule_change: mjcore.Comparison) -> None:
    """One LocalCluster serves every chunk of both sides; the result is the local one."""
    clustered = mjcore.compare(("gd-cgc5", "efficiency"), (LOOSE, "efficiency"), deals=3000, seed=7,
                               chunk_deals=1100, cluster="local:2")  # fmt: skip
    assert clustered.differences == rule_change.differences
    assert clustered.a.totals == rule_change.a.totals and clustered.b.totals == rule_change.b.totals
