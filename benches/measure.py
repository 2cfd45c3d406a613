"""Headline figures outside pytest-benchmark: batch ns/hand of shanten and is_win, and single-call shanten
against ``xiangting``. Times are process CPU time, best of several runs, so a busy machine inflates them less.
Not a test: nothing is asserted.

Run (one core): ``RAYON_NUM_THREADS=1 python benches/measure.py``; drop the variable to use every core.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the shared generators in tests/

import xiangting  # noqa: E402

import mjcore  # noqa: E402
from mjcore import Forms  # noqa: E402
from tests.strategies import random_hands  # noqa: E402

BATCH_ROWS = 1_000_000
SINGLE_CALLS = 20_000


def best_seconds(work, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    hands13 = random_hands(BATCH_ROWS, 13, seed=13)
    hands14 = random_hands(BATCH_ROWS, 14, seed=14)
    mjcore.shanten_batch(hands13[:10]), mjcore.is_win_batch(hands14[:10])  # tables built before timing
    rows = [
        ("shanten_batch, 13 tiles, standard form", mjcore.shanten_batch, hands13, Forms.STANDARD),
        ("shanten_batch, 13 tiles, default forms", mjcore.shanten_batch, hands13, Forms.DEFAULT),
        ("is_win_batch, 14 random tiles, standard form", mjcore.is_win_batch, hands14, Forms.STANDARD),
        ("is_win_batch, 14 random tiles, default forms", mjcore.is_win_batch, hands14, Forms.DEFAULT),
    ]
    for label, fn, arr, forms in rows:
        seconds = best_seconds(lambda: fn(arr, forms))
        print(f"{label:<46} {seconds / len(arr) * 1e9:6.1f} ns/hand")

    lists = [row.tolist() for row in hands13[:SINGLE_CALLS]]
    four = xiangting.PlayerCount.FOUR
    ours = best_seconds(lambda: [mjcore.shanten(h) for h in lists]) / len(lists)
    theirs = best_seconds(lambda: [xiangting.calculate_replacement_number(h, four) for h in lists]) / len(lists)
    print(f"{'mjcore.shanten, single call (list of 34 ints)':<46} {ours * 1e9:6.0f} ns/call")
    print(f"{'xiangting.calculate_replacement_number':<46} {theirs * 1e9:6.0f} ns/call  (mjcore {theirs / ours:.2f}x)")


if __name__ == "__main__":
    main()
