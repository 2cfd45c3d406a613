"""The one-line progress bar of long simulations (the CLI's chunks, a cluster's shards): deals done, deals/s and
the time left, redrawn in place."""

from __future__ import annotations

from typing import TextIO

_BAR_WIDTH = 30


def print_progress(done: int, total: int, elapsed: float, out: TextIO) -> None:
    rate = done / elapsed if elapsed > 0 else 0.0
    filled = _BAR_WIDTH * done // max(total, 1)
    left = f"{(total - done) / rate:5.0f}s left" if rate else ""
    out.write(f"\r[{'#' * filled}{'.' * (_BAR_WIDTH - filled)}] {done:>11,}/{total:,} deals "
              f"{rate:>9,.0f} deals/s {left}")  # fmt: skip
    out.flush()
