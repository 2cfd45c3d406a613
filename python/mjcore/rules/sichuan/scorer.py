"""Sichuan scoring backed by the Rust core (the twin of ``mjcore.reference.rules.sichuan.scorer``); a whole
deal's settlement is ``settlement``."""

from __future__ import annotations

from ...hand import HandLike, as_hand
from ..regional.result import RegionalScore, score_of
from ..regional.ruleset import RegionalRuleset
from .situation import Situation

__all__ = ["score"]


def score(hand: HandLike, win: int, s: Situation, rules: RegionalRuleset) -> RegionalScore:
    from ... import _core
    from ...analysis.calls import parse_hand

    h = as_hand(hand, parse_hand)
    row = _core.sichuan_score(rules.compiled, bytes(h.concealed), [m.as_tuple() for m in h.melds], h.wilds,
                              h.flower_bits, win, s.native())  # fmt: skip
    if row is None:
        return RegionalScore.not_a_win("sichuan")
    entries, total, counted, meets, money = row
    return score_of(rules, entries, total, counted, meets, money)
