"""The Guangdong family (鸡平胡 gd-cgc5, QQ gd-qq3, 贵港 gd-guigang): the ruleset schema, the situation of a win
and the scored result. ``mjcore.score(..., ruleset="gd-cgc5")`` scores with the Rust core;
``mjcore.reference.rules.guangdong`` is the pure-Python twin."""

from .result import ScoreEntry, ScoreResult
from .ruleset import EXTRA_KEYS, PATTERN_KEYS, ExtraRow, Floor, Liabilities, PatternRow, Ruleset, RulesetOptions
from .situation import Situation, situation_of
from ...seats import SEAT_NAMES

__all__ = ["EXTRA_KEYS", "PATTERN_KEYS", "SEAT_NAMES", "ExtraRow", "Floor", "Liabilities", "PatternRow", "Ruleset",
           "RulesetOptions", "ScoreEntry", "ScoreResult", "Situation", "situation_of"]
