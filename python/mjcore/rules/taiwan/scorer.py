"""Taiwan scoring backed by the Rust core (the twins of ``mjcore.reference.rules.taiwan``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ... import _core
from ..regional.result import RegionalScore, score_of
from .flower_win import FLOWER_WINS, flower_situation

__all__ = ["score", "score_flower_win"]


# score(hand, win, s, rules) -> RegionalScore: a Taiwan win (``s`` a ``Situation``, ``rules`` a
# ``RegionalRuleset``). The core reads every argument and makes the result itself.
score = _core.taiwan_score


def score_flower_win(kind: str, seat: Any, *, payer: Any = None, dealer: Any = 0, streak: int = 0,
                     eye_seats: Iterable[Any] = (), ruleset: Any = "taiwan") -> RegionalScore:  # fmt: skip
    """A flower win (B.6): ``kind`` "ba_xian_guo_hai" (八仙過海: ``seat`` holds all eight flowers, paid as a
    self-draw) or "qi_qiang_yi" (七搶一: ``payer`` holds the single flower and pays alone). The row's 台, no
    hand 台, plus the dealer's 台 where the dealer takes part."""
    from ..registry import load_ruleset

    rules = load_ruleset(ruleset)
    if getattr(rules, "family", None) != "taiwan":
        from ...errors import InvalidArgumentError

        raise InvalidArgumentError("score_flower_win takes a taiwan ruleset")
    s = flower_situation(kind, seat, payer, dealer, streak, eye_seats)
    entries, total, counted, meets, money, dealer_rows = _core.taiwan_flower_win(
        rules.compiled, FLOWER_WINS.index(kind), s.native())
    return score_of(rules, entries, total, counted, meets, money, dealer_rows)
