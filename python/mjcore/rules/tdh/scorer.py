"""推倒胡 scoring backed by the Rust core (``rules::tdh``): the twin of ``mjcore.reference.rules.tdh.score``."""

from __future__ import annotations

from ... import _core
from ...analysis.calls import parse_hand
from ...hand import HandLike, as_hand
from .result import TdhScore
from .ruleset import TdhRuleset
from .situation import TdhSituation

__all__ = ["score"]


def score(hand: HandLike, win: int, where: TdhSituation, rules: TdhRuleset) -> TdhScore:
    """Scores a 推倒胡 win (``hand`` = the 13 tiles before ``win``, ghosts written with their faces)."""
    h = as_hand(hand, parse_hand)
    w = where
    row = _core.tdh_score(rules.compiled, bytes(h.concealed), [m.as_tuple() for m in h.melds], h.wilds,
                          len(h.flowers), win, w.seat_wind, w.dealer, w.source,
                          -1 if w.discarder is None else w.discarder, w.kong_bloom,
                          -1 if w.kong_fed_by is None else w.kong_fed_by, w.last_tile,
                          -1 if w.ghost_indicator is None else w.ghost_indicator, bytes(w.horses),
                          [(s, k, -1 if f is None else f) for s, k, f in w.other_kongs], w.dealer_streak)  # fmt: skip
    return TdhScore.from_row(rules, w.horses, row)
