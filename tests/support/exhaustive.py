"""All one-suit concealed hands of up to 14 tiles, as count vectors (used by the exhaustive tests and by
scripts/long_checks.py)."""

from __future__ import annotations

import itertools

import numpy as np


def one_suit_hands(max_tiles: int = 14) -> np.ndarray:
    """Every count vector of the 1m..9m suit with 1..``max_tiles`` tiles and a hand size (3n+1 or 3n+2), as rows
    of a (N, 34) uint8 array in lexicographic order of the nine counts."""
    rows = [c for c in itertools.product(range(5), repeat=9) if sum(c) <= max_tiles and sum(c) % 3 != 0]
    out = np.zeros((len(rows), 34), dtype=np.uint8)
    out[:, :9] = np.array(rows, dtype=np.uint8)
    return out
