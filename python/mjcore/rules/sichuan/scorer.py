"""Sichuan scoring backed by the Rust core (the twin of ``mjcore.reference.rules.sichuan.scorer``); a whole
deal's settlement is ``settlement``."""

from __future__ import annotations

from ... import _core
from ...hand import HandLike, native_form
from ..regional.result import RegionalScore
from ..regional.ruleset import RegionalRuleset
from .situation import Situation

__all__ = ["score"]


def score(hand: HandLike, win: int, s: Situation, rules: RegionalRuleset) -> RegionalScore:
    return _core.sichuan_score(rules.compiled, rules, native_form(hand), win, s)  # reads all, makes the result
