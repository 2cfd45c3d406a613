"""How a folk-table hand was won, shared by both backends (checked once, so both receive and refuse the same
situations). Seats are 0..3 in turn order; ``dealer`` (default 0) is this hand's dealer, who also counts the
789 horses (§5: "庄家为1，逆时针算起")."""

from __future__ import annotations

from dataclasses import dataclass, fields
from collections.abc import Sequence
from typing import Any, Mapping

from ...errors import ArgumentTypeError, InvalidArgumentError
from ..regional.keywords import flag, optional_seat, seat
from ..tile_codes import tile_code

__all__ = ["Gd789Situation", "LaozhangSituation", "GD789_KEYWORDS", "LAOZHANG_KEYWORDS", "situation_builder"]


@dataclass(frozen=True)
class LaozhangSituation:
    """seat: the winner; dealer: this hand's dealer; self_drawn (自摸) or ``discarder``, exactly one."""

    seat: int = 0
    dealer: int = 0
    self_drawn: bool = False
    discarder: int | None = None

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "seat", seat(self.seat, "seat"))
        set_(self, "dealer", seat(self.dealer, "dealer"))
        set_(self, "discarder", optional_seat(self.discarder, "discarder"))
        flag(self.self_drawn, "self_drawn")
        if self.self_drawn == (self.discarder is not None):
            raise InvalidArgumentError("give exactly one of self_drawn=True or discarder (a seat)")
        if self.discarder == self.seat:
            raise InvalidArgumentError("the discarder must be another seat than the winner's")


@dataclass(frozen=True)
class Gd789Situation(LaozhangSituation):
    """As 老章, plus ``other_kongs``: the owner seat of every kong declared by the seats that did not win (the
    winner's are its hand's melds), and ``horses``: each 买马 bet as (buyer seat, horse tile), the tile a kind
    (``'5m'``, 0..33) or a flower (``'3f'``)."""

    other_kongs: tuple[int, ...] = ()
    horses: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        set_ = object.__setattr__
        if isinstance(self.other_kongs, (str, bytes)) or not isinstance(self.other_kongs, Sequence):
            raise ArgumentTypeError(f"other_kongs must be a sequence of seats, not {type(self.other_kongs).__name__}")
        kongs = tuple(seat(owner, "other_kongs") for owner in self.other_kongs)
        if self.seat in kongs:
            raise InvalidArgumentError("other_kongs: the winner's own kongs are the melds of the hand")
        for owner in set(kongs):
            if kongs.count(owner) > 4:
                raise InvalidArgumentError(f"other_kongs: seat {owner} cannot hold more than four kongs")
        set_(self, "other_kongs", kongs)
        if isinstance(self.horses, (str, bytes)) or not hasattr(self.horses, "__iter__"):
            raise ArgumentTypeError(f"horses must be a sequence of (buyer, tile), not {type(self.horses).__name__}")
        bets = []
        for bet in self.horses:
            if not isinstance(bet, (tuple, list)) or len(bet) != 2:
                raise InvalidArgumentError(f"horses: each bet is (buyer seat, horse tile), not {bet!r}")
            bets.append((seat(bet[0], "horses buyer"), tile_code(bet[1], "horses")))
        set_(self, "horses", tuple(bets))


GD789_KEYWORDS = tuple(f.name for f in fields(Gd789Situation))
LAOZHANG_KEYWORDS = tuple(f.name for f in fields(LaozhangSituation))


def situation_builder(kind: type) -> Any:
    """The ``Family.build`` of a folk family: its typed situation as given, or built from the keywords."""

    def build(situation: Any, keywords: Mapping[str, Any], rules: Any) -> Any:
        if situation is None:
            return kind(**keywords)
        if type(situation) is not kind:
            raise ArgumentTypeError(f"this family's situation is a {kind.__module__}.{kind.__name__}, "
                            f"not {type(situation).__name__}")  # fmt: skip
        if keywords:
            raise ArgumentTypeError(f"give either situation= or keyword flags, not both ({', '.join(sorted(keywords))})")
        return situation

    return build
