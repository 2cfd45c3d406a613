"""What the Sichuan and Taiwan families share: the ruleset object (option schema, data rows), the result of one
win, the situation keywords each family checks, and the hook ``score`` dispatches through. The families live
in ``mjcore.rules.sichuan`` and ``mjcore.rules.taiwan``; their pure-Python twins in ``mjcore.reference``."""

from __future__ import annotations

from .result import Entry, RegionalScore
from .ruleset import Choice, IntRange, RegionalRuleset, Row, Switch

__all__ = ["Choice", "Entry", "IntRange", "RegionalRuleset", "RegionalScore", "Row", "Switch"]
