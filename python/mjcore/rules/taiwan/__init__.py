"""Taiwan 16-tile mahjong: the ruleset schema and the situation keywords. ``mjcore.score(hand, win,
ruleset="taiwan", seat=..., ...)`` scores one win with the Rust core, ``mjcore.rules.taiwan.score_flower_win`` a
flower win (八仙過海, 七搶一); ``mjcore.reference.rules.taiwan`` is the pure-Python twin. docs/taiwan.md gives every
ruling."""

from __future__ import annotations

from .scorer import score_flower_win
from .ruleset import TAIWAN_OPTIONS, TAIWAN_TAI_KEYS
from .situation import KEYWORDS, Situation, situation_of

__all__ = ["KEYWORDS", "Situation", "TAIWAN_OPTIONS", "TAIWAN_TAI_KEYS", "score_flower_win", "situation_of"]
