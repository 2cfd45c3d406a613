"""The discard advisor's answer (issue 29, docs/advisor.md), shared by the native advisor and its twin so both
return equal objects.

``Advice.rows`` holds one ``AdviceRow`` per distinct discard, best first. Each row's three curves are float64
arrays of length ``draws + 1``: item k is the value within k draws (item 0: before any draw), so ``[-1]`` is the
answer over every draw."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..tiles import tile_name

__all__ = ["Advice", "AdviceRow", "row_order", "sparkline"]


@dataclass(frozen=True, eq=False)
class AdviceRow:
    """One discard: ``tile`` (mpsz text, e.g. ``"5z"``; None for a 3n+1 hand, which has no discard to choose),
    the ``shanten`` after it, the ``useful`` tiles then (the winning tiles when ready) as (mpsz text, copies
    unseen) pairs — exactly ``waits``' row — and the model's three curves."""

    tile: str | None
    shanten: int
    useful: tuple[tuple[str, int], ...]
    win_probability: np.ndarray
    ready_probability: np.ndarray
    expected_value: np.ndarray

    @property
    def useful_total(self) -> int:
        return sum(n for _, n in self.useful)

    def __str__(self) -> str:
        label = "—" if self.tile is None else self.tile
        return (f"{label:>3} shanten {self.shanten} useful {self.useful_total:>2} "
                f"win {self.win_probability[-1]:.4f} ready {self.ready_probability[-1]:.4f} "
                f"EV {self.expected_value[-1]:.4f}")


@dataclass(frozen=True, eq=False)
class Advice:
    """The advisor's table: ``rows`` best first; ``draws`` and ``wall`` as used (``wall``: the tiles the first
    draw comes from)."""

    rows: tuple[AdviceRow, ...]
    draws: int
    wall: int

    @property
    def best(self) -> AdviceRow:
        return self.rows[0]

    def row(self, tile: str | None) -> AdviceRow:
        """The row of one discard (mpsz text), KeyError when the hand cannot discard it."""
        for r in self.rows:
            if r.tile == tile:
                return r
        raise KeyError(tile)

    def __str__(self) -> str:
        return "\n".join(str(r) for r in self.rows)


def _rounded(x: float) -> float:
    return round(float(x), 12)  # the backends agree to 1e-12: rounding keeps their orders equal


def row_order(kind: int | None, shanten: int, useful_total: int, win: np.ndarray, ready: np.ndarray,
              ev: np.ndarray) -> tuple:  # fmt: skip
    """The sort key of a row, best first: expected value over every draw, then win probability, then ready
    probability (each rounded to 1e-12), then the lower shanten, the more useful copies, the tile order."""
    return (-_rounded(ev[-1]), -_rounded(win[-1]), -_rounded(ready[-1]), shanten, -useful_total,
            -1 if kind is None else kind)


def name(kind: int | None) -> str | None:
    return None if kind is None else tile_name(kind)


_BARS = "▁▂▃▄▅▆▇█"


def sparkline(values, top: float) -> str:
    """One bar per value, scaled to ``top`` (the table's highest value, so rows compare): ``▁`` is 0."""
    if top <= 0:
        return _BARS[0] * len(values)
    last = len(_BARS) - 1
    return "".join(_BARS[min(last, round(last * v / top))] for v in values)
