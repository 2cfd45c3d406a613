"""Sichuan scoring backed by the Rust core (the twin of ``mjcore.reference.rules.sichuan.scorer``); a whole
deal's settlement is ``settlement``."""

from __future__ import annotations

from ... import _core
from ...hand import HandLike, native_form
from ..regional.result import RegionalScore, score_of
from ..regional.ruleset import RegionalRuleset
from .situation import Situation

__all__ = ["score"]


def score(hand: HandLike, win: int, s: Situation, rules: RegionalRuleset) -> RegionalScore:
    row = _core.sichuan_score(rules.compiled, native_form(hand), win, s)  # reads the hand and the situation
    if row is None:
        return RegionalScore.not_a_win("sichuan")
    entries, total, counted, meets, money = row
    return score_of(rules, entries, total, counted, meets, money)
