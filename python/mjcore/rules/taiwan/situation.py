"""How a Taiwan hand won: the situation keywords of ``score(..., ruleset="taiwan")``, checked here once for both
backends."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import ArgumentTypeError, IllegalActionError, InvalidArgumentError
from ..regional import keywords as kw
from ..regional.keywords import NO_SEAT
from ..regional.ruleset import RegionalRuleset

__all__ = ["KEYWORDS", "Situation", "situation_of"]

KEYWORDS = ("seat", "dealer", "streak", "round_wind", "self_drawn", "discarder", "robbing_kong", "kong_bloom",
            "last_tile", "heavenly", "earthly", "human", "eye_seats")  # fmt: skip
FLAG_NAMES = ("self_drawn", "robbing_kong", "kong_bloom", "last_tile", "heavenly", "earthly", "human")


@dataclass(frozen=True)
class Situation:
    """``seat``: the winner (0..3 = E S W N in turn order); ``dealer`` and its ``streak`` (連N: N); seat winds
    and flower seats count from the dealer (OC-T2). ``round_wind`` 0..3. ``self_drawn``: 自摸, otherwise
    ``discarder`` fed the tile (or, with ``robbing_kong``, whose 加槓 was robbed). ``kong_bloom``: 槓上開花 (a
    replacement after a kong or a flower). ``last_tile``: 海底撈月 / 河底撈魚. ``heavenly``/``earthly``/
    ``human``: 天胡/地胡/人胡. ``eye_seats``: the seats that declared 眼牌 (each other one pays the 眼牌费)."""

    seat: int = 0
    dealer: int = 0
    streak: int = 0
    round_wind: int = 0
    self_drawn: bool = False
    discarder: int | None = None
    robbing_kong: bool = False
    kong_bloom: bool = False
    last_tile: bool = False
    heavenly: bool = False
    earthly: bool = False
    human: bool = False
    eye_seats: tuple[int, ...] = ()
    # The seat that is East when it is not the dealer (OC-T2 "first_dealer": the game's first dealer, set by the
    # table only); None: the dealer is East.
    east: int | None = None

    @property
    def flags(self) -> int:
        return sum(1 << i for i, name in enumerate(FLAG_NAMES) if getattr(self, name))

    @property
    def seat_wind(self) -> int:
        """Counted from East: the dealer, or the seat ``east`` names (it also picks the seat's flowers)."""
        return (self.seat - (self.dealer if self.east is None else self.east)) % 4

    def native(self) -> tuple[int, ...]:
        """(seat, dealer, streak, round wind, flags, discarder, eye seat bits) for the engine."""
        return (self.seat, self.dealer, self.streak, self.round_wind, self.flags,
                NO_SEAT if self.discarder is None else self.discarder, sum(1 << s for s in self.eye_seats))  # fmt: skip


def situation_of(given: Mapping[str, Any], rules: RegionalRuleset) -> Situation:
    kw.check_names("taiwan", given, KEYWORDS)
    g = dict(given)
    raw_eyes = g.get("eye_seats", ())
    if isinstance(raw_eyes, (str, bytes)) or not hasattr(raw_eyes, "__iter__"):
        raise ArgumentTypeError("eye_seats must be a collection of seats")
    where = Situation(seat=kw.seat(g.get("seat", 0), "seat"), dealer=kw.seat(g.get("dealer", 0), "dealer"),
                      streak=kw.count(g.get("streak", 0), "streak", 0, 100),
                      round_wind=kw.seat(g.get("round_wind", 0), "round_wind"),
                      discarder=kw.optional_seat(g.get("discarder"), "discarder"),
                      eye_seats=tuple(sorted({kw.seat(s, "eye_seats") for s in raw_eyes})),
                      **{name: kw.flag(g.get(name, False), name) for name in FLAG_NAMES})  # fmt: skip
    _check(where, rules)
    return where


def _check(s: Situation, rules: RegionalRuleset) -> None:
    if s.self_drawn:
        if s.discarder is not None or s.robbing_kong or s.human:
            raise IllegalActionError("a self-drawn win has no discarder, robbed kong or 人胡")
    else:
        if s.discarder is None:
            raise InvalidArgumentError("discarder: required for a win on another player's tile (or set self_drawn)")
        if s.discarder == s.seat:
            raise IllegalActionError("discarder: the winner itself")
        if s.kong_bloom or s.heavenly or s.earthly:
            raise IllegalActionError("kong_bloom (槓上開花), heavenly and earthly are self-drawn wins: set self_drawn")
    if s.last_tile and s.robbing_kong:
        raise IllegalActionError("last_tile with robbing_kong: no kong is declared at the wall's end")
    if sum((s.heavenly, s.earthly, s.human)) > 1:
        raise IllegalActionError("heavenly, earthly and human: at most one")
    if s.heavenly and s.seat != s.dealer:
        raise IllegalActionError("heavenly (天胡) is the dealer's win")
    if (s.earthly or s.human) and s.seat == s.dealer:
        raise IllegalActionError("earthly (地胡) and human (人胡) are non-dealers' wins")
    if s.eye_seats and not rules.options["eye"]:
        raise InvalidArgumentError("eye_seats: this ruleset has no 眼牌 (options.eye = false)")
    if s.seat in s.eye_seats and not s.self_drawn:
        raise IllegalActionError("a 眼牌 player wins only by self-draw")
