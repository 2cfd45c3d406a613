"""推倒胡 table speed next to gd-cgc5's (issue 11): ``simulate`` on one thread, the same deals, best of five runs
taken in turn so that both sides see the same noise; the native ``simulate("tdh")`` next to its pure-Python
twin (``mjcore.reference.simulate``, the baseline issue 11 names), deals per second of each over the same
first deals in one run; and the ghost batch shanten next to the same batch read without ghosts. Prints
figures; asserts nothing.

    python benches/tdh_table_speed.py [deals_random] [deals_efficiency] [twin_deals]
    python benches/tdh_table_speed.py --batch    # the batch figures only
"""

from __future__ import annotations

import sys
import time
from pathlib import Path


import mjcore

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the shared generators in tests/
from tests.support.strategies import ghost_rows  # noqa: E402


def best_of(runs: int, work: dict) -> dict:
    best = {name: float("inf") for name in work}
    for _ in range(runs):
        for name, run in work.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def tables(bot: str, deals: int) -> None:
    work = {name: (lambda name=name: mjcore.simulate(name, deals=deals, seed=1, bots=(bot,) * 4, threads=1,
                                                     per_deal=False)) for name in ("gd-cgc5", "tdh")}  # fmt: skip
    best = best_of(5, work)
    for name, seconds in best.items():
        print(f"simulate {name:8} {bot:10} {deals / seconds:10,.0f} deals/s")
    print(f"  tdh / gd-cgc5 ({bot}): {best['gd-cgc5'] / best['tdh']:.2f}")


def twin(deals: int) -> None:
    """Native (one thread) over twin, the same deals: the twin's plain-Python bots and scorer are the baseline."""
    for bot in ("random", "efficiency"):
        bots = (bot,) * 4
        start = time.perf_counter()
        mjcore.reference.simulate("tdh", deals, seed=1, bots=bots, per_deal=False)
        twin_rate = deals / (time.perf_counter() - start)
        native_deals = deals * 200  # enough for a stable native time; a rate is per deal either way
        native = best_of(3, {"native": lambda: mjcore.simulate("tdh", native_deals, seed=1, bots=bots, threads=1,
                                                                per_deal=False)})["native"]  # fmt: skip
        native_rate = native_deals / native
        print(f"simulate tdh {bot:10} native {native_rate:10,.0f} deals/s, twin {twin_rate:8,.1f} deals/s: "
              f"{native_rate / twin_rate:,.0f}x")


def batches(rows: int = 200_000) -> None:
    """Ghost batch shanten beside the plain batch of the same rows: dealt rows with 0..4 白 (best of 25 runs
    taken in turn)."""
    arr = ghost_rows(rows, seed=11)
    kinds = list(mjcore.ghost_kinds("tdh"))
    work = {"no ghosts": lambda: mjcore.shanten_batch(arr),
            "ghosts": lambda: mjcore.shanten_batch(arr, ghosts=kinds),
            "ghosts, no fifth copy": lambda: mjcore.shanten_batch(arr, ghosts=kinds, wild_fifth_copy=False)}
    best = best_of(25, work)
    print(f"shanten_batch of {rows:,} rows with 0..4 白 ghosts ({(arr[:, 31] > 0).mean():.0%} hold one):")
    for name, seconds in best.items():
        print(f"  {name:22} {rows / seconds / 1e6:6.2f} M rows/s  ({best['no ghosts'] / seconds:.2f} of no ghosts)")


if __name__ == "__main__":
    if "--batch" in sys.argv:
        batches()
        sys.exit()
    tables("random", int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
    tables("efficiency", int(sys.argv[2]) if len(sys.argv) > 2 else 3_000)
    twin(int(sys.argv[3]) if len(sys.argv) > 3 else 100)
    batches()
