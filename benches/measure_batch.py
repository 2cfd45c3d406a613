"""Per-hand cost of the batch calls on one core, validation and numpy included.

Run: ``RAYON_NUM_THREADS=1 python benches/measure_batch.py`` (drop the variable for all cores). Prints ns/hand, the
best of several repeats, for shanten_batch and is_win_batch over 1,000,000 seeded random hands.
"""

from __future__ import annotations

import time

import numpy as np

import mjcore
from mjcore import Forms

try:
    from .conftest import random_hands, winning_hands
except ImportError:  # run as a script
    from conftest import random_hands, winning_hands

N = 1_000_000


def best_ns_per_hand(fn, arr, *args, repeats: int = 7) -> float:
    fn(arr[:1000], *args)  # tables built before timing
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn(arr, *args)
        best = min(best, time.perf_counter() - start)
    return best / len(arr) * 1e9


def main() -> None:
    hands13 = random_hands(N, 13, seed=13)
    hands14 = random_hands(N, 14, seed=14)
    wins = winning_hands(N // 5, seed=41)
    rows = [
        ("shanten_batch, 13 tiles, standard", mjcore.shanten_batch, hands13, Forms.STANDARD),
        ("shanten_batch, 13 tiles, default forms", mjcore.shanten_batch, hands13, Forms.DEFAULT),
        ("is_win_batch, 14 random tiles, standard", mjcore.is_win_batch, hands14, Forms.STANDARD),
        ("is_win_batch, 14 random tiles, default forms", mjcore.is_win_batch, hands14, Forms.DEFAULT),
        ("is_win_batch, winning hands, default forms", mjcore.is_win_batch, wins, Forms.DEFAULT),
    ]
    for label, fn, arr, forms in rows:
        print(f"{label:<46} {best_ns_per_hand(fn, arr, forms):6.1f} ns/hand")


if __name__ == "__main__":
    main()
