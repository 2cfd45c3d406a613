"""How the hand was won: the flags the situation fans and the winds depend on, checked for consistency."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import IllegalActionError, InvalidArgumentError
from ..situation import Situation as SharedSituation
from ..situation import seat_index

__all__ = ["Situation", "situation_of"]


def _flag(value: object, name: str) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")


@dataclass(frozen=True)
class Situation:
    """``self_drawn``: won on an own draw (自摸) rather than a discard. ``last_copy``: the winning tile is the
    last unseen copy, the other three being visible on the table (和绝张; it is also inferred when the hand's
    own melds show the three). ``kong_replacement``: the winning draw replaced a kong (杠上开花).
    ``robbing_kong``: won on a tile added to a kong (抢杠和). ``wall_last``: the winning tile is the wall's
    last (妙手回春 when drawn, 海底捞月 when a discard). Winds are 0..3 = East South West North."""

    self_drawn: bool = False
    last_copy: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    wall_last: bool = False
    seat_wind: int = 0
    prevalent_wind: int = 0

    def __post_init__(self) -> None:
        for name in ("self_drawn", "last_copy", "kong_replacement", "robbing_kong", "wall_last"):
            _flag(getattr(self, name), name)
        for name in ("seat_wind", "prevalent_wind"):
            wind = getattr(self, name)
            if isinstance(wind, bool) or not isinstance(wind, int):
                raise TypeError(f"{name} must be an int 0..3, not {type(wind).__name__}")
            if not 0 <= wind <= 3:
                raise InvalidArgumentError(f"{name} must be 0..3 (East South West North), not {wind}")
        if self.kong_replacement and not self.self_drawn:
            raise IllegalActionError("kong_replacement (杠上开花) is a self-drawn win: set self_drawn")
        if self.robbing_kong and self.self_drawn:
            raise IllegalActionError("robbing_kong (抢杠和) wins another player's tile: it cannot be self_drawn")
        if self.robbing_kong and self.wall_last:
            raise IllegalActionError("robbing_kong with wall_last: no kong can be declared once the wall is empty")


# The score() keywords of the Guangdong situation that MCR does not score (no payments, no 天和/地和/人和 rows).
_GUANGDONG_ONLY = {key: getattr(SharedSituation, key) for key in (
    "kong_fed_by", "heavenly", "earthly", "human", "winners_on_discard", "feeder_already_liable")}  # fmt: skip
# The shared keywords MCR scores, with their defaults.
_SHARED = {key: getattr(SharedSituation, key) for key in (
    "self_drawn", "seat_wind", "round_wind", "robbing_kong", "kong_bloom", "last_tile")}  # fmt: skip


def situation_of(situation: Any, *, last_copy: bool, **flags: Any) -> Situation:
    """The MCR situation of a ``score(..., ruleset="mcr")`` call, named as for Guangdong: ``kong_bloom`` is
    杠上开花, ``last_tile`` the wall's last tile, ``round_wind`` the prevalent wind; ``last_copy`` (和绝张) is
    MCR's own. ``situation`` may be an MCR ``Situation``, or the shared ``mjcore.Situation`` (its discarder is
    not needed; ``last_copy`` may be added), instead of the keywords. Keywords only Guangdong scores are
    refused."""
    guangdong = {key: flags.pop(key) for key in _GUANGDONG_ONLY}
    given = sorted(key for key, value in guangdong.items() if value != _GUANGDONG_ONLY[key])
    if given:
        raise InvalidArgumentError(f"{', '.join(given)}: not part of an MCR situation")
    if situation is not None and (flags != _SHARED or (last_copy and isinstance(situation, Situation))):
        raise TypeError("give either situation= or keyword flags, not both")
    if isinstance(situation, Situation):
        return situation
    if isinstance(situation, SharedSituation):
        flags = {key: getattr(situation, key) for key in _SHARED}
    elif situation is not None:
        raise TypeError(f"situation must be an mjcore.Situation or an MCR Situation, not {type(situation).__name__}")
    return Situation(self_drawn=flags["self_drawn"], last_copy=last_copy, kong_replacement=flags["kong_bloom"],
                     robbing_kong=flags["robbing_kong"], wall_last=flags["last_tile"],
                     seat_wind=seat_index(flags["seat_wind"], "seat_wind"),
                     prevalent_wind=seat_index(flags["round_wind"], "round_wind"))  # fmt: skip
