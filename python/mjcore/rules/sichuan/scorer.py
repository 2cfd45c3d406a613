"""Sichuan scoring backed by the Rust core (the twin of ``mjcore.reference.rules.sichuan.scorer``); a whole
deal's settlement is ``settlement``."""

from __future__ import annotations

from ... import _core

__all__ = ["score"]


# score(hand, win, s, rules) -> RegionalScore: a Sichuan win (``s`` a ``Situation``, ``rules`` a
# ``RegionalRuleset``). The core reads every argument and makes the result itself.
score = _core.sichuan_score
