"""Observation encodings by name: an encoding is ``rows`` rows of 34 uint8 columns. Each backend knows its rows
per name (the native core's ``env_planes``, the twin's ``reference/env/encoding.py``); reading a name, with its
aliases and its error, and the exact bounds of every value (docs/env.md's plane and info tables) are shared here
(pure Python)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import InvalidArgumentError, shown

__all__ = ["Encoding", "encoding_in", "PLANE_LAYOUT", "upper_bounds"]

_COLUMNS = 34
_MELD_SLOTS = 5

# (name, first row, rows, largest value) of every plane group, in row order: docs/env.md's table (the native
# ``PLANES``; tests/env/test_spaces.py checks the two agree). Counts of one kind are 0..4, markers 0..1.
PLANE_LAYOUT: tuple[tuple[str, int, int, int], ...] = (
    ("hand", 0, 4, 1), ("drawn", 4, 1, 1), ("offered", 5, 1, 1), ("discards", 6, 4, 4), ("claimed", 10, 4, 4),
    ("melds", 14, 4, 4), ("kongs", 18, 4, 1), ("seen", 22, 1, 4), ("info", 23, 1, 255), ("ghosts", 24, 1, 1),
    ("ghost_indicator", 25, 1, 1), ("discard_order", 26, 128, 1), ("discard_claims", 154, 4, 4),
    ("meld_tiles", 158, 20, 4), ("meld_info", 178, 4, 34),
)


def _info_row() -> np.ndarray:
    """The largest value of each column of the info row (its columns are documented in docs/env.md)."""
    row = np.zeros(_COLUMNS, dtype=np.uint8)
    row[0] = 144  # tiles left in the wall
    row[1:6] = 3  # round wind, seat wind, dealer, decision kind, who offers
    row[6:10] = 255  # flowers set aside (bit f)
    row[10:14] = 255  # scores, 128 + points / unit clamped
    row[14:18] = _MELD_SLOTS  # melds per seat
    row[18:22] = 255  # discards made, capped
    row[22:26] = 1  # has won
    row[26:31] = 255  # flower ghosts held / discarded (bit f)
    row[31] = 8  # the flower ghost just drawn: 1 + f
    return row


def _meld_info_row() -> np.ndarray:
    row = np.zeros(_COLUMNS, dtype=np.uint8)
    row[0:_MELD_SLOTS] = 5  # meld kind 1..5
    row[8:8 + _MELD_SLOTS] = 4  # 1 + relative seat of the feeder
    row[16:16 + _MELD_SLOTS] = 34  # 1 + the claimed tile
    return row


def upper_bounds(rows: int) -> np.ndarray:
    """The largest value each cell of an encoding of ``rows`` rows can hold: the ``high`` of its Box (1 for the
    cells that are always 0)."""
    high = np.zeros((rows, _COLUMNS), dtype=np.uint8)
    for name, first, count, largest in PLANE_LAYOUT:
        if first >= rows:
            break
        if name == "info":
            high[first] = _info_row()
        elif name == "meld_info":
            high[first:first + count] = _meld_info_row()
        elif name == "discard_claims":
            high[first:first + count, :32] = largest  # one column per discard slot shown
        else:
            high[first:first + count] = largest
    # A cell that is always 0 (a column past a plane's slots) is bounded by 1 rather than 0: Gymnasium's and
    # Stable-Baselines3's checkers warn of a Box whose low equals its high anywhere.
    return np.maximum(high, 1)


@dataclass(frozen=True)
class Encoding:
    """An observation encoding: ``rows`` rows of 34 uint8 columns (one per tile kind)."""

    name: str
    rows: int

    def high(self) -> np.ndarray:
        return upper_bounds(self.rows)

    def space(self, flat: bool = False) -> Any:
        """Its Gymnasium Box with the exact bounds of every cell: (rows, 34), or (rows * 34,) when ``flat``."""
        from gymnasium import spaces

        high = self.high()
        if flat:
            high = high.reshape(-1)
        return spaces.Box(np.zeros_like(high), high, dtype=np.uint8)


_ALIASES = {"compact": "compact-v2", "extended": "extended-v2"}


def encoding_in(rows: Mapping[str, int], name: str) -> Encoding:
    """The encoding ``name`` (or its alias) of a backend whose encodings have ``rows`` rows."""
    if not isinstance(name, str):
        raise InvalidArgumentError(f"encoding must be a name ({', '.join(rows)}), not {shown(name)}")
    name = _ALIASES.get(name, name)
    if name not in rows:
        raise InvalidArgumentError(f"unknown encoding {name!r}: expected one of {', '.join(rows)}")
    return Encoding(name, rows[name])
