"""The Guangdong folk tables, the 789 folk table (``ruleset="gd-789"``, family ``gd789``) and 老章
(``ruleset="laozhang"``): the ruleset object, the situations, the result, and the 截胡 helper.
``mjcore.score`` scores with the Rust core (``scorer``); ``mjcore.reference.rules.folk`` is the pure-Python twin."""

from __future__ import annotations

from .result import FolkScore, pick_winner
from .ruleset import FolkRow, FolkRuleset, PlaceholderWarning
from .situation import GD789_KEYWORDS, LAOZHANG_KEYWORDS, Gd789Situation, LaozhangSituation

__all__ = ["GD789_KEYWORDS", "LAOZHANG_KEYWORDS", "FolkRow", "FolkRuleset", "FolkScore", "Gd789Situation",
           "LaozhangSituation", "PlaceholderWarning", "pick_winner"]  # fmt: skip
