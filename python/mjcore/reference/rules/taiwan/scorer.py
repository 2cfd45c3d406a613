"""Scoring one Taiwan win in plain Python: check the 16-tile hand, take the best reading's 台, then the
payments 底 + (台 + D) × 台價 (B.5) and the 眼牌费 (B.3)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ....errors import InvalidArgumentError, IllegalActionError
from ....hand import HandLike, as_hand
from ....rules.regional.result import RegionalScore, score_of
from ....rules.regional.ruleset import RegionalRuleset
from ....rules.taiwan.flower_win import flower_situation
from ....rules.taiwan.situation import Situation
from ....notation import parse_hand
from ..regional_hand import check_hand
from .tai import best_tai

__all__ = ["score", "score_flower_win", "payments"]


MoneyRows = list[tuple[str, list[int]]]
Entries = list[tuple[str, int, int]]


def payments(s: Situation, counted: int, rules: RegionalRuleset) -> tuple[MoneyRows, Entries]:
    """The money rows of a win paid on ``counted`` 台, and the dealer's entries when the dealer takes part."""
    o = rules.options
    dealer_tai = rules.value("zhuang_jia") + s.streak * rules.value("lian_zhuang")
    payers = [p for p in range(4) if p != s.seat] if s.self_drawn else [s.discarder]
    win = [0] * 4
    for payer in payers:
        extra = dealer_tai if s.dealer in (s.seat, payer) else 0
        amount = o["base"] + (counted + extra) * o["tai_value"]
        win[payer] -= amount
        win[s.seat] += amount
    fee = {"tai": o["tai_value"], "base": o["base"], "base_plus_tai": o["base"] + o["tai_value"]}[o["eye_fee"]]
    eyes = [0] * 4
    for eye in s.eye_seats:
        if eye != s.seat:
            eyes[eye] -= fee
            eyes[s.seat] += fee
    involved = s.dealer == s.seat or s.dealer in payers
    dealer = [("zhuang_jia", 1, rules.value("zhuang_jia"))] if involved else []
    if involved and s.streak:
        dealer.append(("lian_zhuang", s.streak, s.streak * rules.value("lian_zhuang")))
    return [("win", win), ("eye_fee", eyes)], dealer


def score(hand: HandLike, win: int, s: Situation, rules: RegionalRuleset) -> RegionalScore:
    h = as_hand(hand, parse_hand)
    counts = check_hand(h, win, "Taiwan", 16, s.robbing_kong, kong_bloom=False)
    if (s.heavenly or s.earthly or s.human) and any(not m.is_concealed for m in h.melds):
        raise IllegalActionError("heavenly/earthly/human: no call has been made yet, so no exposed meld")
    entries = best_tai(h, win, s, counts, rules)
    if entries is None:
        return RegionalScore.not_a_win("taiwan")
    total = sum(value for _, _, value in entries)
    cap = rules.options["cap"]
    counted = min(total, cap) if cap else total
    meets = total >= rules.options["minimum_tai"]
    money, dealer = payments(s, counted, rules) if meets else ([("win", [0] * 4), ("eye_fee", [0] * 4)], [])
    return score_of(rules, entries, total, counted, meets, money, dealer)


def score_flower_win(kind: str, seat: Any, *, payer: Any = None, dealer: Any = 0, streak: int = 0,
                     eye_seats: Iterable[Any] = (), ruleset: Any = "taiwan") -> RegionalScore:  # fmt: skip
    """See ``mjcore.rules.taiwan.score_flower_win``."""
    from ....rules.registry import load_ruleset

    rules = load_ruleset(ruleset)
    if getattr(rules, "family", None) != "taiwan":
        raise InvalidArgumentError("score_flower_win takes a taiwan ruleset")
    s = flower_situation(kind, seat, payer, dealer, streak, eye_seats)
    value = rules.value(kind)
    money, dealer_rows = payments(s, value, rules)
    return score_of(rules, [(kind, 1, value)], value, value, True, money, dealer_rows)
