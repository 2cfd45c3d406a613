"""Batch forms of ``shanten`` and ``is_win`` over a C-contiguous uint8 array of shape (N, 34): one hand of
concealed counts per row, no melds and no wilds. The array is validated as a whole first (the same checks and
errors as the native core), then each row is answered in turn.

>>> import numpy as np
>>> rows = np.zeros((2, 34), dtype=np.uint8)
>>> rows[0, :14] = [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 0, 0, 0, 3]  # 123456789m11p 555p
>>> rows[1, [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, 33]] = [1] * 13 + [2]  # 十三幺
>>> shanten_batch(rows).tolist(), is_win_batch(rows).tolist()
([-1, -1], [True, True])
"""

from __future__ import annotations

import numpy as np

from ...analysis.batch_input import checked_batch
from ...analysis.ghost_kinds import GhostsLike, ghost_hand, ghost_kinds
from ...hand import Forms, FormsLike
from .decompose import has_decomposition
from .forms import FormOptions
from .shanten import best_shanten, no_form_problem

__all__ = ["shanten_batch", "is_win_batch"]


def shanten_batch(
    arr: np.ndarray, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True,
    ghosts: GhostsLike = None,
) -> np.ndarray:  # fmt: skip
    """Shanten of every row (3n+1 or 3n+2 tiles) as an int8 array of shape (N,); the kinds of ``ghosts`` wild."""
    options = FormOptions.of(forms, seven_pairs_quads, wild_fifth_copy)
    kinds = ghost_kinds(ghosts)
    rows = checked_batch(arr, complete_only=False,
                         row_problem=lambda row: no_form_problem(ghost_hand(row.tolist(), kinds), options))
    return np.array([best_shanten(ghost_hand(row.tolist(), kinds), options) for row in rows], dtype=np.int8)


def is_win_batch(
    arr: np.ndarray, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True,
    ghosts: GhostsLike = None,
) -> np.ndarray:  # fmt: skip
    """``is_win`` of every row (3n+2 tiles) as a bool array of shape (N,); the kinds of ``ghosts`` wild."""
    options = FormOptions.of(forms, seven_pairs_quads, wild_fifth_copy)
    kinds = ghost_kinds(ghosts)
    rows = checked_batch(arr, complete_only=True)
    return np.array([has_decomposition(ghost_hand(row.tolist(), kinds), options) for row in rows], dtype=bool)
