"""Sichuan mahjong (血战到底, 血流成河): the ruleset schema, the situation keywords, the deal's money events and
settlement. ``mjcore.score(hand, win, ruleset="sichuan", void_suit="m", ...)`` scores one win with the Rust
core; ``mjcore.rules.sichuan.settle`` settles a deal's events; ``mjcore.reference.rules.sichuan`` is the pure-Python twin
of both. docs/sichuan.md gives every ruling."""

from __future__ import annotations

from .events import EndHand, Kong, Out, Settlement, Win
from .ruleset import SICHUAN_FAN_KEYS, SICHUAN_OPTIONS
from .situation import KEYWORDS, Situation, situation_of
from .settlement import settle

__all__ = ["EndHand", "KEYWORDS", "Kong", "Out", "SICHUAN_FAN_KEYS", "SICHUAN_OPTIONS", "Settlement", "Situation",
           "Win", "settle", "situation_of"]  # fmt: skip
