"""Scoring one Sichuan win in plain Python: check the hand, take the best reading's fan, add the situation,
apply the cap (or 天胡/地胡), then the payments of the win and 呼叫转移."""

from __future__ import annotations

from ....errors import IllegalActionError, InvalidHandError
from ....hand import HandLike, MeldKind, as_hand
from ....rules.regional.result import RegionalScore, score_of
from ....rules.regional.ruleset import RegionalRuleset
from ....rules.sichuan.ruleset import SICHUAN_FAN_KEYS
from ....rules.sichuan.situation import Situation
from ....tiles import tile_name
from ....notation import parse_hand
from ..regional_hand import check_hand
from .fans import hand_fans, self_draw_scores, situational_fans
from .payments import fan_money, paid_fan, pay, win_payers

__all__ = ["check_sichuan_hand", "score"]

SUITS = "mps"


def check_sichuan_hand(hand, win: int, void: int | None, rules: RegionalRuleset, robbing_kong: bool = False,
                       kong_bloom: bool = False) -> list[int]:  # fmt: skip
    """The checks of a Sichuan hand (108 tiles: no honours, flowers or chi; no void-suit tile under 定缺);
    returns every tile's count with the winning tile."""
    if hand.flowers:
        raise InvalidHandError("Sichuan plays 108 tiles: no flowers")
    if any(m.kind == MeldKind.CHI for m in hand.melds):
        raise InvalidHandError("Sichuan has no chi: melds are pon and kongs")
    counts = check_hand(hand, win, "Sichuan", 13, robbing_kong, kong_bloom)
    honours = [t for t in range(27, 34) if counts[t]]
    if honours:
        raise InvalidHandError(f"Sichuan plays 108 tiles: no honours, and the hand holds {tile_name(honours[0])}")
    if void is not None:
        held = [t for t in range(9 * void, 9 * void + 9) if counts[t]]
        if held:
            raise IllegalActionError(f"the hand holds {tile_name(held[0])} of its void suit {SUITS[void]}: under 定缺 "
                                     "it cannot win")  # fmt: skip
    return counts


def score(hand: HandLike, win: int, s: Situation, rules: RegionalRuleset) -> RegionalScore:
    h = as_hand(hand, parse_hand)
    counts = check_sichuan_hand(h, win, s.void_suit, rules, s.robbing_kong, s.kong_bloom)
    # OC-S7 "allowed": the dealer's 暗杠 before its first discard keeps 天胡.
    kongs_kept = s.heavenly and rules.options["heavenly_after_kong"] == "allowed"
    if (s.heavenly or s.earthly) and any(not (kongs_kept and m.kind == MeldKind.CONCEALED_KONG) for m in h.melds):
        raise IllegalActionError("heavenly/earthly: the first go-around has no pon or kong yet")
    # A.4: every win holds at most two suits (缺一门), whether or not 定缺 is played; a three-suit hand is a 花猪
    # (A.8), not a win — reported as any other hand that does not win.
    if sum(any(counts[9 * suit:9 * suit + 9]) for suit in range(3)) > 2:
        return RegionalScore.not_a_win("sichuan")
    own = hand_fans(h, win, counts, rules)
    if own is None:
        return RegionalScore.not_a_win("sichuan")
    entries, total = own
    entries = sorted(entries + situational_fans(s, rules), key=lambda e: SICHUAN_FAN_KEYS.index(e[0]))
    total = sum(value for _, _, value in entries)
    mode = rules.options["heaven_earth"]
    if (s.heavenly or s.earthly) and mode != "off":
        key = "tian_hu" if s.heavenly else "di_hu"
        cap = rules.options["cap"]
        value = cap if mode == "cap" and cap else rules.value(key)
        entries, total, counted = [(key, 1, value)], value, value
    else:
        counted = paid_fan(total, rules)
    meets = total >= rules.options["minimum_fan"]
    win_money, transfer = [0] * 4, [0] * 4
    if meets:
        self_draw = self_draw_scores(s, rules)
        payer = s.discarder if not s.self_drawn else s.kong_fed_by
        payers = win_payers(s.seat, self_draw, payer, s.still_in, rules)
        pay(win_money, s.seat, payers, fan_money(counted, self_draw, rules))
        pay(transfer, s.seat, [s.discarder] if s.discarder is not None else [], _transfer(s, rules))
    return score_of(rules, entries, total, counted, meets, [("win", win_money), ("transfer", transfer)])


def _transfer(s: Situation, rules: RegionalRuleset) -> int:
    """呼叫转移 (OC-S10): on a 杠上炮 the konger hands the winner that kong's money; with several winners
    nothing, or an equal share each (the remainder stays with the konger)."""
    if not s.kong_discard or rules.options["call_transfer"] == "off":
        return 0
    if s.winners_on_discard == 1:
        return s.kong_money
    return s.kong_money // s.winners_on_discard if rules.options["call_transfer_shared"] == "split" else 0
