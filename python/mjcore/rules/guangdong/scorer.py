"""Guangdong scoring backed by the Rust core: the family's core for the one ``score`` (``rules/score_signature``)."""

from __future__ import annotations

from ... import _core
from ...hand import HandLike, native_form
from .result import ScoreResult
from .ruleset import Ruleset
from .situation import Situation

__all__ = ["score"]


def score(hand: HandLike, win: int, where: Situation, rules: Ruleset) -> ScoreResult:
    """Scoring through the Rust core, which reads the hand and the situation and makes the result itself."""
    return _core.score(rules.compiled, rules.score_entries, native_form(hand), win, where)
