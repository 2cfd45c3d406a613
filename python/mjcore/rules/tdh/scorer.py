"""推倒胡 scoring backed by the Rust core (``rules::tdh``): the twin of ``mjcore.reference.rules.tdh.score``."""

from __future__ import annotations

from ... import _core
from ...hand import HandLike, native_form
from .result import TdhScore
from .ruleset import TdhRuleset
from .situation import TdhSituation

__all__ = ["score"]


def score(hand: HandLike, win: int, where: TdhSituation, rules: TdhRuleset) -> TdhScore:
    """Scores a 推倒胡 win (``hand`` = the 13 tiles before ``win``, ghosts written with their faces)."""
    return _core.tdh_score(rules.compiled, rules, native_form(hand), win, where)  # reads all, makes the result
