"""The table engine: random-bot deals with the shipped 鸡平胡 win check (``Table.play`` natively and in the
pure-Python reference), and ``mjcore.simulate`` under a ruleset by bot, thread count and backend."""

from __future__ import annotations

import pytest

import mjcore
import mjcore.reference
import mjcore.table
from mjcore.reference import table as reference_table

pytestmark = pytest.mark.benchmark(group="sim")


RANDOM = ("random",) * 4


def _play_deals(table, deals: range) -> None:
    for deal in deals:
        table.reset(0, deal)
        table.play(RANDOM)


def test_rust_random_deals(benchmark):
    table = mjcore.Table()
    benchmark(lambda: _play_deals(table, range(200)))


def test_reference_random_deals(benchmark):
    table = reference_table.Table()
    benchmark.pedantic(lambda: _play_deals(table, range(5)), rounds=3, iterations=1)


# mjcore.simulate: whole deals settled under a ruleset (wins, fan, payments), totals only, by bot and thread
# count, against the pure-Python twin. deals/s is recorded in extra_info.
SIMULATED = {"random": 40_000, "efficiency": 4_000}
REFERENCE_SIMULATED = {"random": 40, "efficiency": 4}


def _time_simulate(benchmark, simulate, bot: str, deals: int, threads) -> None:
    bots = (bot,) * 4
    simulate("gd-cgc5", 10, bots=bots)  # tables and rulesets built before timing
    benchmark.pedantic(lambda: simulate("gd-cgc5", deals, bots=bots, threads=threads, per_deal=False),
                       rounds=3, iterations=1)  # fmt: skip
    if benchmark.stats:  # None when timing is disabled (CI runs benchmarks once as tests)
        benchmark.extra_info["deals_per_s"] = round(deals / benchmark.stats.stats.mean)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("bot", list(SIMULATED))
def test_rust_simulate(benchmark, bot: str, threads: int) -> None:
    _time_simulate(benchmark, mjcore.simulate, bot, SIMULATED[bot], threads)


@pytest.mark.parametrize("bot", list(REFERENCE_SIMULATED))
def test_reference_simulate(benchmark, bot: str) -> None:
    _time_simulate(benchmark, mjcore.reference.simulate, bot, REFERENCE_SIMULATED[bot], None)


# The regional and folk tables beside gd-cgc5, one thread, by bot (issue 12's target: each within 2× of gd-cgc5
# per core; compare the deals_per_s of one run, side by side).
TABLES = ("gd-cgc5", "sichuan", "taiwan", "gd-789", "laozhang")


@pytest.mark.filterwarnings("ignore::mjcore.rules.folk.PlaceholderWarning")
@pytest.mark.parametrize("bot", list(SIMULATED))
@pytest.mark.parametrize("table", TABLES)
def test_rust_simulate_table(benchmark, table: str, bot: str) -> None:
    bots, deals = (bot,) * 4, SIMULATED[bot] // 4
    mjcore.simulate(table, 10, bots=bots)
    benchmark.pedantic(lambda: mjcore.simulate(table, deals, bots=bots, threads=1, per_deal=False),
                       rounds=3, iterations=1)  # fmt: skip
    if benchmark.stats:
        benchmark.extra_info["deals_per_s"] = round(deals / benchmark.stats.stats.mean)


# The same tables played by the pure-Python twin (its deals/s beside the native ones: the twin/native ratio;
# benches/regional_twin_ratio.py measures both in one run).
REFERENCE_TABLE_DEALS = {"random": 8, "efficiency": 1}


@pytest.mark.filterwarnings("ignore::mjcore.rules.folk.PlaceholderWarning")
@pytest.mark.parametrize("bot", list(REFERENCE_TABLE_DEALS))
@pytest.mark.parametrize("table", TABLES[1:])
def test_reference_simulate_table(benchmark, table: str, bot: str) -> None:
    bots, deals = (bot,) * 4, REFERENCE_TABLE_DEALS[bot]
    mjcore.reference.simulate(table, 1, bots=bots)
    benchmark.pedantic(lambda: mjcore.reference.simulate(table, deals, bots=bots, per_deal=False),
                       rounds=1, iterations=1)  # fmt: skip
    if benchmark.stats:
        benchmark.extra_info["deals_per_s"] = round(deals / benchmark.stats.stats.mean, 2)
