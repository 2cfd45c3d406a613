"""Folk scoring backed by the Rust core (``rules::folk``): the twins of ``mjcore.reference.rules.folk``."""

from __future__ import annotations

from ... import _core

__all__ = ["score"]


# score(hand, win, where, rules) -> FolkScore: a 789 or 老章 win (``where`` a ``LaozhangSituation`` or
# ``Gd789Situation``; ``rules`` a ``FolkRuleset``). The core reads every argument and makes the result itself.
score = _core.folk_score
