"""Timing helpers shared by the measuring scripts (not pytest-benchmark): best of several rounds, by process CPU
time (a busy machine inflates it less) or by wall time (for work spread over several processes or threads)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_seconds(work: Callable[[], object], repeats: int = 5, clock: Callable[[], float] = time.process_time) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = clock()
        work()
        best = min(best, clock() - start)
    return best


def best_wall(work: Callable[[], object], repeats: int = 3) -> float:
    return best_seconds(work, repeats, time.perf_counter)
