"""How the hand was won: the flags the situation fans and the winds depend on, checked for consistency."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import ArgumentTypeError, InvalidArgumentError
from ..guangdong.situation import Situation as SharedSituation
from ..guangdong.situation import ONE_SOURCE, OTHER_SEAT, check_flag
from ...seats import seat_index

__all__ = ["Situation", "situation_of"]


@dataclass(frozen=True)
class Situation:
    """``self_drawn``: won on an own draw (自摸) rather than a discard. ``last_copy``: the winning tile is the
    last unseen copy, the other three being visible on the table (和绝张; it is also inferred when the hand's
    own melds show the three). ``kong_replacement``: the winning draw replaced a kong (杠上开花).
    ``robbing_kong``: won on a tile added to a kong (抢杠和). ``wall_last``: the winning tile is the wall's
    last (妙手回春 when drawn, 海底捞月 when a discard). Winds are 0..3 = East South West North; the dealer sits
    East.

    The first go-around of an uninterrupted game (no claim, no kong yet), scored only by a ruleset with the
    seed's folk fans on: ``heavenly`` (天和) the dealer wins on the dealt tiles; ``earthly`` (地和) a non-dealer
    wins on the first own draw; ``human`` (人和) a win on a discard of the first go-around; ``heavenly_ready``
    (天听) the hand was ready from the deal and won later, unchanged but for concealed kongs. At most one."""

    self_drawn: bool = False
    last_copy: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    wall_last: bool = False
    seat_wind: int = 0
    prevalent_wind: int = 0
    heavenly: bool = False
    earthly: bool = False
    human: bool = False
    heavenly_ready: bool = False

    def __post_init__(self) -> None:
        for name in ("self_drawn", "last_copy", "kong_replacement", "robbing_kong", "wall_last", *OPENINGS):
            check_flag(getattr(self, name), name)
        for name in ("seat_wind", "prevalent_wind"):
            wind = getattr(self, name)
            if isinstance(wind, bool) or not isinstance(wind, int):
                raise ArgumentTypeError(f"{name} must be an int 0..3, not {type(wind).__name__}")
            if not 0 <= wind <= 3:
                raise InvalidArgumentError(f"{name} must be 0..3 (East South West North), not {wind}")
        if self.kong_replacement and not self.self_drawn:
            raise InvalidArgumentError("kong_replacement (杠上开花) is a self-drawn win: set self_drawn")
        if self.robbing_kong and self.self_drawn:
            raise InvalidArgumentError("robbing_kong (抢杠和) wins another player's tile: it cannot be self_drawn")
        if self.robbing_kong and self.wall_last:
            raise InvalidArgumentError("robbing_kong with wall_last: no kong can be declared once the wall is empty")
        self._check_opening()

    @property
    def opening(self) -> int:
        """Which first-go-around win this is: 0 none, else 1 + the index of its flag in ``OPENINGS``."""
        return next((i + 1 for i, name in enumerate(OPENINGS) if getattr(self, name)), 0)

    def _check_opening(self) -> None:
        """The same checks as the engine's ``McrSituation::validate``."""
        if sum(getattr(self, name) for name in OPENINGS) > 1:
            raise InvalidArgumentError("at most one of heavenly, earthly, human and heavenly_ready")
        first_go_around = self.heavenly or self.earthly or self.human
        if first_go_around and (self.kong_replacement or self.robbing_kong or self.wall_last):
            raise InvalidArgumentError("a first-go-around win (天和/地和/人和) has no kong yet and a full wall")
        if self.heavenly and not (self.self_drawn and self.seat_wind == 0 and not self.last_copy):
            raise InvalidArgumentError("heavenly (天和) is the dealer's (East's) self-drawn win on the dealt tiles")
        if self.earthly and not (self.self_drawn and self.seat_wind != 0):
            raise InvalidArgumentError("earthly (地和) is a non-dealer's self-drawn win on the first draw")
        if self.human and self.self_drawn:
            raise InvalidArgumentError("human (人和) is a win on a discard: it cannot be self_drawn")


def _check_discarder(discarder: Any, self_drawn: Any, seat_wind: Any) -> None:
    """MCR scores no payments, so needs no discarder; one may still be given (as for a Guangdong table), and
    is refused as there when it contradicts the win (the same class and message as ``mjcore.Situation``)."""
    if discarder is None:
        return
    check_flag(self_drawn, "self_drawn")
    if seat_index(discarder, "discarder") == seat_index(seat_wind, "seat_wind"):
        raise InvalidArgumentError(OTHER_SEAT)
    if self_drawn:
        raise InvalidArgumentError(ONE_SOURCE)


# The first-go-around flags, in the order of their codes (``Situation.opening``, the engine's ``Opening``).
OPENINGS = ("heavenly", "earthly", "human", "heavenly_ready")

# The score() keywords of the Guangdong situation that MCR does not score (no payments).
_GUANGDONG_ONLY = {key: getattr(SharedSituation, key) for key in (
    "kong_fed_by", "winners_on_discard", "feeder_already_liable")}  # fmt: skip
# The shared keywords MCR scores, with their defaults.
_SHARED = {key: getattr(SharedSituation, key) for key in (
    "self_drawn", "seat_wind", "round_wind", "robbing_kong", "kong_bloom", "last_tile", "heavenly", "earthly",
    "human")}  # fmt: skip


def _is_default(value: Any, default: Any) -> bool:
    """``value`` is the keyword's default (compared only within its type: an array is no default)."""
    return value is default or (type(value) is type(default) and value == default)


def situation_of(situation: Any, *, last_copy: bool, heavenly_ready: bool, **flags: Any) -> Situation:
    """The MCR situation of a ``score(..., ruleset="mcr")`` call, named as for Guangdong: ``kong_bloom`` is
    杠上开花, ``last_tile`` the wall's last tile, ``round_wind`` the prevalent wind; ``last_copy`` (和绝张) is
    MCR's own, as is ``heavenly_ready`` (天听); ``heavenly``/``earthly``/``human`` are the folk fans' 天和/地和/人和.
    ``situation`` may be an MCR ``Situation``, or the shared ``mjcore.Situation`` (its discarder is not needed;
    ``last_copy`` and ``heavenly_ready`` may be added), instead of the keywords. Keywords only Guangdong scores
    are refused."""
    guangdong = {key: flags.pop(key) for key in _GUANGDONG_ONLY}
    given = sorted(key for key, value in guangdong.items() if not _is_default(value, _GUANGDONG_ONLY[key]))
    if given:
        raise InvalidArgumentError(f"{', '.join(given)}: not part of an MCR situation")
    discarder = flags.pop("discarder", None)
    if situation is not None and discarder is not None:
        raise ArgumentTypeError("give either situation= or keyword flags, not both")
    _check_discarder(discarder, flags["self_drawn"], flags["seat_wind"])
    check_flag(last_copy, "last_copy")
    check_flag(heavenly_ready, "heavenly_ready")
    mcr_only = last_copy or heavenly_ready
    if situation is not None and (flags != _SHARED or (mcr_only and isinstance(situation, Situation))):
        raise ArgumentTypeError("give either situation= or keyword flags, not both")
    if isinstance(situation, Situation):
        return situation
    if isinstance(situation, SharedSituation):
        flags = {key: getattr(situation, key) for key in _SHARED}
    elif situation is not None:
        raise ArgumentTypeError(f"situation must be an mjcore.Situation or an MCR Situation, not {type(situation).__name__}")
    return Situation(self_drawn=flags["self_drawn"], last_copy=last_copy, kong_replacement=flags["kong_bloom"],
                     robbing_kong=flags["robbing_kong"], wall_last=flags["last_tile"],
                     seat_wind=seat_index(flags["seat_wind"], "seat_wind"),
                     prevalent_wind=seat_index(flags["round_wind"], "round_wind"), heavenly=flags["heavenly"],
                     earthly=flags["earthly"], human=flags["human"], heavenly_ready=heavenly_ready)  # fmt: skip
