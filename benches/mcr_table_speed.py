"""MCR table speed next to gd-cgc5's (issue 28, item 3: at least half of gd-cgc5's deals/s with either bot):
``simulate`` on one thread, the same seed and deals for both tables, best of the rounds taken in turn so that
both sides see the same noise. Times the process's CPU (``process_time``): a busy shared machine then slows
both sides alike instead of stealing wall-clock time from one. Prints figures; asserts nothing.

    python benches/mcr_table_speed.py [deals_random] [deals_efficiency] [rounds]
"""

from __future__ import annotations

import sys
import time

import mjcore

TABLES = ("gd-cgc5", "mcr")


def best_rates(bot: str, deals: int, rounds: int) -> dict[str, float]:
    """Deals per second of each table with four ``bot`` seats: the best of ``rounds`` runs, taken in turn."""
    bots = (bot,) * 4
    for name in TABLES:
        mjcore.simulate(name, 50, seed=1, bots=bots, threads=1, per_deal=False)  # tables and memos built first
    best = dict.fromkeys(TABLES, float("inf"))
    for _ in range(rounds):
        for name in TABLES:
            start = time.process_time()
            mjcore.simulate(name, deals, seed=7, bots=bots, threads=1, per_deal=False)
            best[name] = min(best[name], time.process_time() - start)
    return {name: deals / seconds for name, seconds in best.items()}


def main() -> None:
    deals = {"random": int(sys.argv[1]) if len(sys.argv) > 1 else 20_000,
             "efficiency": int(sys.argv[2]) if len(sys.argv) > 2 else 2_000}  # fmt: skip
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    print(f"simulate, threads=1, best of {rounds} (CPU time)")
    print(f"{'bots':10} {'gd-cgc5':>14} {'mcr':>14} {'mcr / gd-cgc5':>14}")
    for bot, count in deals.items():
        rates = best_rates(bot, count, rounds)
        print(f"{bot:10} {rates['gd-cgc5']:>8,.0f} deals/s {rates['mcr']:>8,.0f} deals/s "
              f"{rates['mcr'] / rates['gd-cgc5']:>13.2f}x")  # fmt: skip


if __name__ == "__main__":
    main()
