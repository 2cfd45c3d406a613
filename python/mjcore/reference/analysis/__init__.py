"""The pure-Python twin of ``mjcore.analysis``: decomposition by form, exact shanten, waits and the batch forms."""

from .batch import is_win_batch, shanten_batch
from .decompose import decompose, is_win
from .shanten import shanten, shanten_by_form
from .waits import waits

__all__ = ["decompose", "is_win", "is_win_batch", "shanten", "shanten_batch", "shanten_by_form", "waits"]
