"""How the hand was won: the flags the situation fans and the winds depend on, checked for consistency."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import IllegalActionError, InvalidArgumentError

__all__ = ["Situation"]


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
