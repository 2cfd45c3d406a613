"""How a Sichuan hand won: the situation keywords of ``score(..., ruleset="sichuan")``, checked here once for
both backends (the engine repeats the range checks it relies on)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import ArgumentTypeError, IllegalActionError, InvalidArgumentError, shown
from ..regional import keywords as kw
from ..regional.keywords import NO_SEAT
from ..regional.ruleset import RegionalRuleset

__all__ = ["KEYWORDS", "Situation", "situation_of", "suit_index"]

KEYWORDS = ("seat", "void_suit", "self_drawn", "discarder", "robbing_kong", "kong_bloom", "kong_fed_by",
            "kong_discard", "last_tile", "heavenly", "earthly", "dealer", "still_in", "kong_money",
            "winners_on_discard")  # fmt: skip
ALL_SEATS = (0, 1, 2, 3)


def suit_index(value: Any, name: str = "void_suit") -> int | None:
    """A suit as 0..2 (m p s), given as that index or a letter or 万/筒/条."""
    if value is None:
        return None
    names = {"m": 0, "p": 1, "s": 2, "万": 0, "筒": 1, "条": 2}
    if isinstance(value, str) and value in names:
        return names[value]
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1, 2):
        return value
    raise InvalidArgumentError(f"{name} {shown(value)} is not a suit: 'm', 'p' or 's' (0, 1, 2)")


@dataclass(frozen=True)
class Situation:
    """``seat``: the winner (0..3 = E S W N). ``void_suit``: the winner's declared void (定缺), required while
    the ruleset's ``void_suit`` option is on. ``self_drawn``: 自摸; otherwise ``discarder`` fed the tile, or,
    with ``robbing_kong``, whose 补杠 was robbed. ``kong_bloom``: 杠上花 (self-drawn on a kong replacement),
    ``kong_fed_by`` the seat that fed that kong's 直杠 (点杠花). ``kong_discard``: 杠上炮 (the discarder had
    just drawn a kong replacement); ``kong_money`` what that kong earned it, handed to the winner (呼叫转移),
    ``winners_on_discard`` how many won on the discard (一炮多响). ``last_tile``: 海底 (捞月 self-drawn, 炮
    on a discard). ``heavenly``/``earthly``: 天胡/地胡 (``dealer`` says who deals). ``still_in``: the seats
    not yet won (血战到底): only they pay a self-draw."""

    seat: int = 0
    void_suit: int | None = None
    self_drawn: bool = False
    discarder: int | None = None
    robbing_kong: bool = False
    kong_bloom: bool = False
    kong_fed_by: int | None = None
    kong_discard: bool = False
    last_tile: bool = False
    heavenly: bool = False
    earthly: bool = False
    dealer: int = 0
    still_in: tuple[int, ...] = ALL_SEATS
    kong_money: int = 0
    winners_on_discard: int = 1

    @property
    def flags(self) -> int:
        """The flags as the engine's bit set, in ``FLAG_NAMES`` order."""
        return sum(1 << i for i, name in enumerate(FLAG_NAMES) if getattr(self, name))

    def native(self) -> tuple[int, ...]:
        """(seat, void, flags, discarder, kong_fed_by, dealer, still_in bits, kong_money, winners) for the engine."""
        none = NO_SEAT
        return (self.seat, none if self.void_suit is None else self.void_suit, self.flags,
                none if self.discarder is None else self.discarder,
                none if self.kong_fed_by is None else self.kong_fed_by, self.dealer,
                sum(1 << s for s in self.still_in), self.kong_money, self.winners_on_discard)  # fmt: skip


FLAG_NAMES = ("self_drawn", "robbing_kong", "kong_bloom", "kong_discard", "last_tile", "heavenly", "earthly")


def situation_of(given: Mapping[str, Any], rules: RegionalRuleset) -> Situation:
    """The situation from ``score``'s keywords, every name and combination checked."""
    kw.check_names("sichuan", given, KEYWORDS)
    g = dict(given)
    seat = kw.seat(g.get("seat", 0), "seat")
    flags = {name: kw.flag(g.get(name, False), name) for name in FLAG_NAMES}
    discarder = kw.optional_seat(g.get("discarder"), "discarder")
    fed_by = kw.optional_seat(g.get("kong_fed_by"), "kong_fed_by")
    raw_in = g.get("still_in", ALL_SEATS)
    if isinstance(raw_in, (str, bytes)) or not hasattr(raw_in, "__iter__"):
        raise ArgumentTypeError("still_in must be a collection of seats")
    still_in = tuple(sorted({kw.seat(s, "still_in") for s in raw_in}))
    where = Situation(seat=seat, void_suit=suit_index(g.get("void_suit")), discarder=discarder,
                      kong_fed_by=fed_by, dealer=kw.seat(g.get("dealer", 0), "dealer"), still_in=still_in,
                      kong_money=kw.count(g.get("kong_money", 0), "kong_money", 0, 1_000_000),
                      winners_on_discard=kw.count(g.get("winners_on_discard", 1), "winners_on_discard", 1, 3),
                      **flags)  # fmt: skip
    _check(where, rules)
    return where


def _check(s: Situation, rules: RegionalRuleset) -> None:
    """The combinations a win cannot have; both backends rely on these."""
    o = rules.options
    if o["void_suit"] and s.void_suit is None:
        raise InvalidArgumentError("void_suit: required under 定缺 (the ruleset's void_suit option): 'm', 'p' or 's'")
    if not o["void_suit"] and s.void_suit is not None:
        raise InvalidArgumentError("void_suit: this ruleset plays without 定缺 (options.void_suit = false)")
    if o["mode"] == "xueliu" and s.still_in != ALL_SEATS:
        raise InvalidArgumentError("still_in: under 血流成河 every seat stays in after its win")
    if s.seat not in s.still_in:
        raise IllegalActionError(f"seat {s.seat} is not in still_in: a seat that has won has left (血战到底)")
    if s.self_drawn:
        if s.discarder is not None:
            raise IllegalActionError("a self-drawn win has no discarder")
        if s.robbing_kong or s.kong_discard:
            raise IllegalActionError("robbing_kong (抢杠胡) and kong_discard (杠上炮) win another player's tile: not "
                                     "self_drawn")  # fmt: skip
    else:
        if s.discarder is None:
            raise InvalidArgumentError("discarder: required for a win on another player's tile (or set self_drawn)")
        if s.discarder == s.seat or s.discarder not in s.still_in:
            raise IllegalActionError(f"discarder {s.discarder}: the winner itself, or a seat that has left")
        if s.kong_bloom or s.heavenly or s.earthly:
            raise IllegalActionError("kong_bloom (杠上花), heavenly and earthly are self-drawn wins: set self_drawn")
    if s.kong_fed_by is not None and (not s.kong_bloom or s.kong_fed_by == s.seat or s.kong_fed_by not in s.still_in):
        raise IllegalActionError("kong_fed_by (点杠花): the seat that fed the 直杠 of a kong_bloom, another seat still in")
    if s.robbing_kong and s.kong_discard:
        raise IllegalActionError("robbing_kong and kong_discard: a robbed 补杠 gives no replacement tile to discard")
    if s.last_tile and (s.robbing_kong or s.kong_bloom):
        raise IllegalActionError("last_tile: no kong can be declared once the wall is empty")
    if s.kong_money and not s.kong_discard:
        raise IllegalActionError("kong_money (呼叫转移) is handed over on a kong_discard (杠上炮) only")
    if s.winners_on_discard > 1 and s.self_drawn:
        raise IllegalActionError("winners_on_discard: several winners share one discard, not a self-draw")
    if s.heavenly and s.earthly:
        raise IllegalActionError("heavenly and earthly: at most one")
    if s.heavenly and s.seat != s.dealer:
        raise IllegalActionError("heavenly (天胡) is the dealer's win on the dealt tiles")
    if s.earthly and s.seat == s.dealer:
        raise IllegalActionError("earthly (地胡) is a non-dealer's win on the first draw")
