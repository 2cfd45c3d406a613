"""How a 推倒胡 hand was won, shared by both backends: the score keywords of the family, checked for
consistency, so that the native core and the reference receive (and refuse) exactly the same situations.

Seats are 0..3 in turn order. ``dealer`` (default 0) says who deals; horses point at seats counted from the
dealer. With the default dealer every seat is also its seat wind (East, South, West, North), as elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from ...errors import ArgumentTypeError, InvalidArgumentError, shown
from ...seats import seat_index
from ..tile_codes import tile_code, tile_codes
from .names import KONG_KINDS, SOURCES
from .ruleset import TdhRuleset

__all__ = ["TdhSituation", "tdh_situation", "tile_code", "tile_codes", "TDH_KEYWORDS"]

_ROBBED = {True: "added", "added": "added", "melded": "melded", "concealed": "concealed"}


@dataclass(frozen=True)
class TdhSituation:
    """seat_wind: the winner's seat. self_drawn (自摸; a kong bloom too) or ``discarder``: who discarded the
    winning tile, or with ``robbing_kong`` whose kong was robbed (True or "added"; "melded" under 明杠可抢;
    "concealed" is always refused). kong_bloom: won on a kong's replacement tile; kong_fed_by: who discarded
    the tile of the melded kong that began the chain (杠爆全包, OC-48). last_tile: 海底. ghost_indicator: the
    flipped tile of 翻鬼 / 翻双鬼. horses: the horse tiles drawn (买马). other_kongs: the kongs of seats that did
    not win, as (seat, "concealed" | "added" | "melded", fed_by: the discarder of a melded kong, else None).
    dealer: the dealer's seat; dealer_streak: the dealer's 连庄 count (节节高, 买马节节高)."""

    seat_wind: int = 0
    self_drawn: bool = False
    discarder: int | None = None
    robbing_kong: bool | str = False
    kong_bloom: bool = False
    kong_fed_by: int | None = None
    last_tile: bool = False
    ghost_indicator: int | None = None
    horses: tuple[int, ...] = ()
    other_kongs: tuple[tuple[int, int, int | None], ...] = ()
    dealer: int = 0
    dealer_streak: int = 0

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "seat_wind", seat_index(self.seat_wind, "seat_wind"))
        set_(self, "dealer", seat_index(self.dealer, "dealer"))
        for name in ("discarder", "kong_fed_by"):
            if getattr(self, name) is not None:
                set_(self, name, seat_index(getattr(self, name), name))
        for name in ("self_drawn", "kong_bloom", "last_tile"):
            if not isinstance(getattr(self, name), bool):
                raise ArgumentTypeError(f"{name} must be a bool, not {type(getattr(self, name)).__name__}")
        if self.robbing_kong is not False and (not isinstance(self.robbing_kong, (bool, str))
                                               or self.robbing_kong not in _ROBBED):  # fmt: skip
            raise InvalidArgumentError(f"robbing_kong must be False, True, 'added', 'melded' or 'concealed', "
                                       f"not {shown(self.robbing_kong)}")  # fmt: skip
        if self.ghost_indicator is not None:
            set_(self, "ghost_indicator", tile_code(self.ghost_indicator, "ghost_indicator"))
        set_(self, "horses", tile_codes(self.horses, "horses"))
        if isinstance(self.other_kongs, (str, bytes, Mapping)) or not isinstance(self.other_kongs, Iterable):
            raise ArgumentTypeError(f"other_kongs must be a list of (seat, kind, fed_by), not "
                                    f"{type(self.other_kongs).__name__} {shown(self.other_kongs, 60)}")  # fmt: skip
        set_(self, "other_kongs", tuple(self._kong(entry) for entry in self.other_kongs))
        streak = self.dealer_streak
        if isinstance(streak, bool) or not isinstance(streak, int):
            raise ArgumentTypeError(f"dealer_streak must be an int, not {type(streak).__name__}")
        if not 0 <= streak <= 100:
            raise InvalidArgumentError(f"dealer_streak must be 0..100, not {shown(streak)}")
        self._check_consistent()

    def _kong(self, entry: Any) -> tuple[int, int, int | None]:
        if not isinstance(entry, (tuple, list)) or len(entry) != 3:
            raise InvalidArgumentError(f"other_kongs: each kong is (seat, kind, fed_by), not {shown(entry, 60)}")
        seat, kind, fed_by = entry
        seat = seat_index(seat, "other_kongs seat")
        if not isinstance(kind, str) or kind not in KONG_KINDS:
            raise InvalidArgumentError(f"other_kongs: kind {shown(kind, 60)} is not one of {', '.join(KONG_KINDS)}")
        if seat == self.seat_wind:
            raise InvalidArgumentError("other_kongs: the winner's own kongs are the melds of the hand")
        if kind == "melded":
            if fed_by is None:
                raise InvalidArgumentError("other_kongs: a melded kong needs fed_by, the seat whose discard it took")
            fed_by = seat_index(fed_by, "other_kongs fed_by")
            if fed_by == seat:
                raise InvalidArgumentError("other_kongs: a melded kong is fed by another seat than its owner's")
        elif fed_by is not None:
            raise InvalidArgumentError(f"other_kongs: a {kind} kong is fed by nobody (fed_by None)")
        return seat, KONG_KINDS.index(kind), fed_by

    def _check_consistent(self) -> None:
        seat = self.seat_wind
        robbing = self.robbing_kong is not False
        if self.self_drawn == (self.discarder is not None):
            raise InvalidArgumentError("give exactly one of self_drawn=True or discarder (a seat)")
        if self.discarder == seat or self.kong_fed_by == seat:
            raise InvalidArgumentError("the discarder and kong_fed_by must be another seat than the winner's")
        if self.kong_bloom and not self.self_drawn:
            raise InvalidArgumentError("a kong bloom (杠上开花) is self-drawn")
        if self.kong_fed_by is not None and not self.kong_bloom:
            raise InvalidArgumentError("kong_fed_by applies only to a kong bloom")
        if robbing and self.self_drawn:
            raise InvalidArgumentError("robbing a kong is not self_drawn: give discarder = the robbed seat")
        if robbing and self.last_tile:
            raise InvalidArgumentError("robbing_kong with last_tile: no kong can be declared once the wall is empty")
        for kong_seat in range(4):
            if sum(1 for owner, _, _ in self.other_kongs if owner == kong_seat) > 4:
                raise InvalidArgumentError(f"other_kongs: seat {kong_seat} cannot hold more than four kongs")

    @property
    def source(self) -> int:
        """The win source code (``names.SOURCES``)."""
        if self.self_drawn:
            return 0
        if self.robbing_kong is False:
            return 1
        return SOURCES.index("robbing_" + _ROBBED[self.robbing_kong])

    def check_for(self, rules: TdhRuleset) -> None:
        """The checks that depend on the ruleset: the 翻鬼 indicator and the number of horses."""
        if rules.needs_indicator and self.ghost_indicator is None:
            raise InvalidArgumentError(f"ghosts = {rules.ghost_mode!r} (翻鬼) needs ghost_indicator, the flipped tile")
        if not rules.needs_indicator and self.ghost_indicator is not None:
            raise InvalidArgumentError(f"ghost_indicator is given but ghosts = {rules.ghost_mode!r} flips no tile")
        expected = rules["horses"]
        if rules["streak_horses"] and self.seat_wind == self.dealer:
            expected += 2 * self.dealer_streak
        if len(self.horses) != expected:
            raise InvalidArgumentError(f"horses: this ruleset draws {expected} horse tiles for this win, "
                                       f"{len(self.horses)} given")  # fmt: skip


# The keywords of ``score`` that the family takes (TdhSituation's fields); every other keyword is refused.
TDH_KEYWORDS = tuple(f.name for f in fields(TdhSituation))


def tdh_situation(situation: TdhSituation | None, keywords: Mapping[str, Any], rules: TdhRuleset) -> TdhSituation:
    """The situation of a ``score`` call under a 推倒胡 ruleset: ``situation`` as given, or one built from the
    keywords (not both), checked against the ruleset. ``keywords`` are those the caller set."""
    unknown = sorted(set(keywords) - set(TDH_KEYWORDS))
    if unknown:
        raise InvalidArgumentError(f"{', '.join(unknown)}: not a keyword of 推倒胡 scoring (the family takes "
                                   f"{', '.join(TDH_KEYWORDS)})")  # fmt: skip
    if situation is None:
        where = TdhSituation(**keywords)
    elif not isinstance(situation, TdhSituation):
        raise ArgumentTypeError(f"a 推倒胡 situation is an mjcore.rules.tdh.TdhSituation, not {type(situation).__name__}")
    elif keywords:
        raise ArgumentTypeError(f"give either situation= or keyword flags, not both ({', '.join(sorted(keywords))})")
    else:
        where = situation
    where.check_for(rules)
    return where
