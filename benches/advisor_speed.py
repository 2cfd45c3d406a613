"""The discard advisor's speed on the issue's hand mix (issue 29, item 6): 60 seeded 14-tile hands — 5 ready
after the right discard, 20 at 1-shanten, 20 at 2-shanten, 15 at 3-shanten — each advised whole (every row),
``ruleset=None``, standard + seven pairs + thirteen orphans, 18 draws, one call at a time, the Python call
included. Prints the median and maximum per class and the process's peak memory.

Run (one core, as the issue's targets are stated)::

    RAYON_NUM_THREADS=1 python benches/advisor_speed.py [--draws 18] [--repeats 5] [--backend rust|reference]
        [--ruleset gd-cgc5|mcr|tdh]

``--ruleset``: the cost with the ruleset's scorer (each winning hand judged and settled by its table, a third
curve computed; tdh's 白板 ghosts wild), on the same hands — classed by their shanten without the ruleset.

Each hand is timed ``--repeats`` times (fewer when one call exceeds ``--budget`` seconds) and its time is the
minimum of those (the run least disturbed by other load); a class's figures are over its hands. This is a
measurement, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time

import numpy as np

import mjcore
import mjcore.reference

MIX = {0: 5, 1: 20, 2: 20, 3: 15}
"""Hands per class: the 14-tile hand's shanten (after its best discard) → how many."""


def generated_hands(seed: int = 29) -> dict[int, list[str]]:
    """The first hands of each class in a seeded stream of uniformly dealt 14-tile hands (a ready class hand is
    rare among uniform deals, so those are a complete hand with one tile swapped, from the same stream)."""
    rng = np.random.default_rng(seed)
    found: dict[int, list[str]] = {s: [] for s in MIX}
    wall = np.repeat(np.arange(34), 4)
    while any(len(found[s]) < n for s, n in MIX.items() if s > 0):
        counts = np.bincount(rng.choice(wall, 14, replace=False), minlength=34)
        s = mjcore.shanten(bytes(counts.astype(np.uint8)))
        if s in found and s > 0 and len(found[s]) < MIX[s]:
            found[s].append(mjcore.Hand(tuple(counts.tolist())).mpsz())
    while len(found[0]) < MIX[0]:
        counts = np.bincount(rng.choice(wall, 14, replace=False), minlength=34)
        if mjcore.shanten(bytes(counts.astype(np.uint8))) == 0:
            found[0].append(mjcore.Hand(tuple(counts.tolist())).mpsz())
    return found


def time_hand(advise, hand: str, draws: int, repeats: int, budget: float, ruleset=None) -> float:
    """The fastest of up to ``repeats`` calls, in seconds."""
    best = float("inf")
    spent = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        advise(hand, draws=draws, ruleset=ruleset)
        took = time.perf_counter() - start
        best = min(best, took)
        spent += took
        if spent > budget:
            break
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--draws", type=int, default=18)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--budget", type=float, default=2.0, help="seconds of repeats per hand at most")
    parser.add_argument("--backend", choices=["rust", "reference"], default="rust")
    parser.add_argument("--classes", type=int, nargs="*", default=sorted(MIX), help="shanten classes to run")
    parser.add_argument("--ruleset", default=None, help="a ruleset whose table judges and values the wins")
    args = parser.parse_args(argv)
    ruleset = None if args.ruleset is None else mjcore.load_ruleset(args.ruleset)
    advise = mjcore.advise if args.backend == "rust" else mjcore.reference.advise
    hands = generated_hands()
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"advisor speed: backend {args.backend}, plain mode, ruleset {args.ruleset}, {args.draws} draws, "
          f"min of {args.repeats} calls per hand")
    print(f"{'class':>10} {'hands':>5} {'median ms':>10} {'max ms':>10}  slowest hand")
    for s in args.classes:
        times = [(time_hand(advise, h, args.draws, args.repeats, args.budget, ruleset), h) for h in hands[s]]
        worst = max(times)
        print(f"{s:>2}-shanten {len(times):>5} {statistics.median(t for t, _ in times) * 1e3:>10.4f} "
              f"{worst[0] * 1e3:>10.4f}  {worst[1]}")
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"peak RSS {rss_after / 1024:.1f} MiB (grew {max(0, rss_after - rss_before) / 1024:.1f} MiB while advising)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
