"""推倒胡 scoring backed by the Rust core (``rules::tdh``): the twin of ``mjcore.reference.rules.tdh.score``."""

from __future__ import annotations

from ... import _core

__all__ = ["score"]


# score(hand, win, where, rules) -> TdhScore: a 推倒胡 win (``hand`` = the 13 tiles before ``win`` in any spelling,
# ghosts written with their faces; ``where`` a ``TdhSituation``; ``rules`` a ``TdhRuleset``). The core reads every
# argument and makes the result itself: a Python frame around it cost a tenth of the call.
score = _core.tdh_score
