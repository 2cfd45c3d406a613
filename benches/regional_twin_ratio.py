"""The native / pure-Python twin speed ratio of the Sichuan, Taiwan, 789 and 老章 tables (issue 12): the same
deals of ``simulate`` on one thread by each backend, in turn, best of the rounds, so that both sides share the
machine's noise. Prints figures; asserts nothing.

    python benches/regional_twin_ratio.py [deals_random] [deals_efficiency] [rounds]
"""

from __future__ import annotations

import sys
import time
import warnings

import mjcore
import mjcore.reference

RULESETS = ("gd-cgc5", "sichuan", "taiwan", "gd-789", "laozhang")


def best_seconds(run, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def main(deals_random: int = 40, deals_efficiency: int = 4, rounds: int = 2) -> None:
    warnings.simplefilter("ignore")
    print(f"{'ruleset':<10}{'bots':<12}{'deals':>6}{'native deals/s':>16}{'twin deals/s':>14}{'ratio':>9}")
    for bot, deals in (("random", deals_random), ("efficiency", deals_efficiency)):
        for ruleset in RULESETS:
            bots = (bot,) * 4

            def run(simulate, deals=deals, ruleset=ruleset, bots=bots):
                return lambda: simulate(ruleset, deals, seed=1, bots=bots, threads=1, per_deal=False)

            mjcore.simulate(ruleset, 4, bots=bots)  # rulesets and tables built before timing
            mjcore.reference.simulate(ruleset, 1, bots=bots)
            # The native side plays 50 times the deals, so that its time is measurable; rates are per deal.
            native = best_seconds(run(mjcore.simulate, deals * 50), rounds) / (deals * 50)
            twin = best_seconds(run(mjcore.reference.simulate), rounds) / deals
            print(f"{ruleset:<10}{bot:<12}{deals:>6}{1 / native:>16.0f}{1 / twin:>14.1f}{twin / native:>9.0f}×")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
