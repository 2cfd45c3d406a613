"""One deal step by step (the base of the AI environment): ``Table`` deals, says whose turn it is and what is
legal, shows each seat its view, applies actions and settles. ``mjcore.reference.table`` is the pure-Python
twin, which produces the identical event log."""

from . import bots
from .bots import BOT_NAMES
from .table import Table
from .types import ACTION_KINDS, SEATS, Action, Discard, Horse, Observation, OfferedTile, WinCheck, Winner, WinSituation

__all__ = ["ACTION_KINDS", "BOT_NAMES", "SEATS", "Action", "Discard", "Horse", "Observation", "OfferedTile", "Table",
           "WinCheck", "WinSituation", "Winner", "bots"]
