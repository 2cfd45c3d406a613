"""Hand analysis through the Rust core: parsing, win detection, decomposition, exact shanten, waits, the batch
forms over numpy arrays, and the discard advisor ``advise`` (docs/advisor.md). ``mjcore.reference.analysis`` is
the pure-Python twin."""

from .advice_result import Advice, AdviceRow
from .advisor import advise
from .calls import decompose, is_win, is_win_batch, parse_hand, shanten, shanten_batch, shanten_by_form, waits
from .results import FORM_NAMES, Decomposition, DiscardChoice, Group, Waits

__all__ = ["FORM_NAMES", "Advice", "AdviceRow", "Decomposition", "DiscardChoice", "Group", "Waits", "advise",
           "decompose", "is_win", "is_win_batch", "parse_hand", "shanten", "shanten_batch", "shanten_by_form", "waits"]
