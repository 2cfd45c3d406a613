"""The pure-Python Chinese Official (国标, MCR) scorer: the 81 fans of ``rulesets/mcr.toml``.

>>> from mjcore.reference.rules.mcr import score, Situation
>>> result = score("123456789m1234p", 9, Situation(self_drawn=True))  # 1p: 234p and a pair of 1p
>>> result.total, result.meets_minimum
(23, True)
"""

from __future__ import annotations

from ....hand import HandLike, as_hand
from ....notation import parse_hand
from ....rules.mcr.result import FanScore, McrScore
from ....rules.mcr.ruleset import McrRuleset
from ....rules.mcr.situation import Situation
from ....rules.mcr.table import FanTable, default_table, load_table
from .scorer import score_hand

__all__ = ["FanScore", "FanTable", "McrScore", "Situation", "default_table", "load_table", "score", "score_ruleset"]


def score(
    hand: HandLike, win_tile: int, situation: Situation | None = None, table: FanTable | None = None
) -> McrScore:
    """Scores a win. ``hand`` is the 13 tiles before the winning tile (declared melds count 3 each; flowers
    add 花牌); ``win_tile`` the tile won on. Not a win is a value: a result with no fans and ``is_win`` False.
    Raises InvalidHandError for a hand MCR cannot hold (wilds, a wrong size, a fifth copy) and
    InvalidArgumentError for a situation the hand contradicts."""
    return score_hand(as_hand(hand, parse_hand), win_tile, situation or Situation(), table or default_table())


def score_ruleset(hand: HandLike, win: int, where: Situation, rules: McrRuleset) -> McrScore:
    """The family's core for the public ``score`` (``mjcore.reference.rules.score``): a win under ``rules``'s fan
    table."""
    return score(hand, win, where, rules.table)
