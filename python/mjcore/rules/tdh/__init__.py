"""推倒胡 (Shenzhen push-down with ghost tiles) pieces shared by both scoring backends: the ruleset object, the
situation keywords, the result type. ``mjcore.score(..., ruleset="tdh")`` scores with the Rust core
(``scorer``); ``mjcore.reference.rules.tdh`` is the pure-Python twin."""

from __future__ import annotations

from .result import Horse, KongPayment, Multiplier, TdhScore, WinForm
from .ruleset import SCHEMA, TdhRuleset, tdh_ruleset
from .situation import TDH_KEYWORDS, TdhSituation, tdh_situation

__all__ = [
    "SCHEMA",
    "TDH_KEYWORDS",
    "Horse",
    "KongPayment",
    "Multiplier",
    "TdhRuleset",
    "TdhScore",
    "TdhSituation",
    "WinForm",
    "tdh_ruleset",
    "tdh_situation",
]
