"""Chinese Official (国标, MCR) pieces shared by both scoring backends: the fan table and its ruleset object,
the situation, the result type. ``mjcore.score(..., ruleset="mcr")`` scores with the Rust core
(``scorer``); ``mjcore.reference.rules.mcr`` is the pure-Python twin."""

from __future__ import annotations

from .result import FanScore, McrScore
from .ruleset import MCR_FAN_KEYS, MCR_FOLK_FAN_KEYS, McrRuleset, mcr_ruleset
from .situation import Situation, situation_of
from .table import FanTable, default_table, load_table

__all__ = [
    "MCR_FAN_KEYS",
    "MCR_FOLK_FAN_KEYS",
    "FanScore",
    "FanTable",
    "McrRuleset",
    "McrScore",
    "Situation",
    "default_table",
    "load_table",
    "mcr_ruleset",
    "situation_of",
]
