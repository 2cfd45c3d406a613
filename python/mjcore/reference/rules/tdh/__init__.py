"""推倒胡 scoring in plain Python: the twin of ``mjcore.rules.tdh.scorer`` (the same results and errors);
``tiles`` holds the ghost modes and the horse mapping, ``scorer`` the forms and the settlement."""

from __future__ import annotations

from ....hand import HandLike, as_hand
from ....rules.tdh.result import TdhScore
from ....rules.tdh.ruleset import TdhRuleset
from ....rules.tdh.situation import TdhSituation
from ....notation import parse_hand
from .scorer import score_row

__all__ = ["score"]


def score(hand: HandLike, win: int, where: TdhSituation, rules: TdhRuleset) -> TdhScore:
    """Scores a 推倒胡 win (``hand`` = the 13 tiles before ``win``, ghosts written with their faces)."""
    return TdhScore.from_row(rules, where.horses, score_row(as_hand(hand, parse_hand), win, where, rules))
