"""Folk scoring backed by the Rust core (``rules::folk``): the twins of ``mjcore.reference.rules.folk``."""

from __future__ import annotations

from ...hand import HandLike, as_hand
from .result import FolkScore
from .ruleset import FolkRuleset
from .situation import Gd789Situation, LaozhangSituation

__all__ = ["score"]

NO_SEAT = 255


def score(hand: HandLike, win: int, where: LaozhangSituation, rules: FolkRuleset) -> FolkScore:
    from ... import _core
    from ...analysis.calls import parse_hand

    h = as_hand(hand, parse_hand)
    extra = where if isinstance(where, Gd789Situation) else None
    row = _core.folk_score(rules.compiled, bytes(h.concealed), [m.as_tuple() for m in h.melds], h.wilds,
                           h.flower_bits, win, where.seat, where.dealer, where.self_drawn,
                           NO_SEAT if where.discarder is None else where.discarder,
                           bytes(extra.other_kongs) if extra else b"", list(extra.horses) if extra else [])  # fmt: skip
    return FolkScore.from_row(rules, row)
