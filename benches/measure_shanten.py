"""Measures native shanten speed: batch ns/hand on one core and single calls against ``xiangting``.

Run: ``RAYON_NUM_THREADS=1 python benches/measure_shanten.py`` (one rayon thread is the default here). Times are
process CPU time, best of five, so that a busy machine inflates them less. Not a test: nothing is asserted.
"""

from __future__ import annotations

import os

os.environ.setdefault("RAYON_NUM_THREADS", "1")

import time  # noqa: E402

import numpy as np  # noqa: E402

import mjcore  # noqa: E402
from mjcore import Forms  # noqa: E402


def random_hands(count: int, seed: int) -> np.ndarray:
    """13- and 14-tile hands (alternating) drawn from a full set of 136 tiles."""
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(34), 4)
    hands = np.zeros((count, 34), np.uint8)
    for i in range(count):
        np.add.at(hands[i], rng.choice(wall, 13 + i % 2, replace=False), 1)
    return hands


def best_of(work, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    hands = random_hands(100_000, seed=0)
    mjcore.shanten_batch(hands[:1])  # build the tables outside the timings
    big = np.tile(hands, (10, 1))
    for forms in (Forms.STANDARD, Forms.DEFAULT, Forms.ALL):
        rows = big if forms != Forms.ALL else big[:100_000]
        seconds = best_of(lambda: mjcore.shanten_batch(rows, forms))
        print(f"shanten_batch {forms!r}: {seconds / len(rows) * 1e9:.1f} ns/hand")
    lists = [row.tolist() for row in hands[:20_000]]
    ours = best_of(lambda: [mjcore.shanten(h) for h in lists]) / len(lists)
    print(f"mjcore.shanten (list of 34 ints): {ours * 1e9:.0f} ns/call")
    try:
        import xiangting
    except ImportError:
        return
    four = xiangting.PlayerCount.FOUR
    theirs = best_of(lambda: [xiangting.calculate_replacement_number(h, four) for h in lists]) / len(lists)
    print(f"xiangting.calculate_replacement_number: {theirs * 1e9:.0f} ns/call; mjcore is {theirs / ours:.2f}x")


if __name__ == "__main__":
    main()
