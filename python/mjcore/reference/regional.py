"""The pure-Python scoring of each regional family as the reference ``score`` calls it (the twin of
``mjcore.regional.cores``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..hand import HandLike
from ..regional.cores import RegionalCore
from ..regional.result import RegionalScore
from ..regional.ruleset import RegionalRuleset
from ..sichuan.situation import situation_of as sichuan_situation
from ..taiwan.situation import situation_of as taiwan_situation

__all__ = ["REFERENCE_CORES"]


def _sichuan(hand: HandLike, win: int, rules: RegionalRuleset, given: Mapping[str, Any]) -> RegionalScore:
    from . import sichuan

    return sichuan.score(hand, win, sichuan_situation(given, rules), rules)


def _taiwan(hand: HandLike, win: int, rules: RegionalRuleset, given: Mapping[str, Any]) -> RegionalScore:
    from . import taiwan

    return taiwan.score(hand, win, taiwan_situation(given, rules), rules)


REFERENCE_CORES: Mapping[str, RegionalCore] = {"sichuan": _sichuan, "taiwan": _taiwan}
