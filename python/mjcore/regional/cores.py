"""The native scoring of each regional family as ``score`` calls it: (hand, winning kind, ruleset, the
situation keywords given) → result. ``mjcore.reference.regional`` holds the pure-Python twin."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..hand import HandLike
from .result import RegionalScore
from .ruleset import RegionalRuleset

__all__ = ["NATIVE_CORES", "RegionalCore"]

RegionalCore = Callable[[HandLike, int, RegionalRuleset, Mapping[str, Any]], RegionalScore]


def _sichuan(hand: HandLike, win: int, rules: RegionalRuleset, given: Mapping[str, Any]) -> RegionalScore:
    from ..sichuan import native, situation_of

    return native.score(hand, win, situation_of(given, rules), rules)


def _taiwan(hand: HandLike, win: int, rules: RegionalRuleset, given: Mapping[str, Any]) -> RegionalScore:
    from ..taiwan import native, situation_of

    return native.score(hand, win, situation_of(given, rules), rules)


NATIVE_CORES: Mapping[str, RegionalCore] = {"sichuan": _sichuan, "taiwan": _taiwan}
