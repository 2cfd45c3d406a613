"""Hand analysis through the Rust core: parsing, win detection, decomposition, exact shanten, waits and the
batch forms over numpy arrays. ``mjcore.reference.analysis`` is the pure-Python twin."""

from .calls import decompose, is_win, is_win_batch, parse_hand, shanten, shanten_batch, shanten_by_form, waits
from .results import FORM_NAMES, Decomposition, DiscardChoice, Group, Waits

__all__ = ["FORM_NAMES", "Decomposition", "DiscardChoice", "Group", "Waits", "decompose", "is_win", "is_win_batch",
           "parse_hand", "shanten", "shanten_batch", "shanten_by_form", "waits"]
