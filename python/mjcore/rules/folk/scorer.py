"""Folk scoring backed by the Rust core (``rules::folk``): the twins of ``mjcore.reference.rules.folk``."""

from __future__ import annotations

from ... import _core
from ...hand import HandLike, native_form
from .result import FolkScore
from .ruleset import FolkRuleset
from .situation import LaozhangSituation

__all__ = ["score"]


def score(hand: HandLike, win: int, where: LaozhangSituation, rules: FolkRuleset) -> FolkScore:
    return _core.folk_score(rules.compiled, rules, native_form(hand), win, where)  # reads all, makes the result
