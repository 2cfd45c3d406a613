"""A Sichuan deal's money events, and what the settlement returns. Both backends' ``settle`` take these.

The table engine will emit them as play goes: a ``Kong`` when declared (刮风下雨, paid at once), a ``Win``
per winning tile (several winners on one discard for 一炮多响), an ``Out`` for a seat that left by a win whose
money is settled elsewhere, and at the end one ``EndHand`` per seat still checked (查花猪, 查大叫, 退税)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union

from ...errors import ArgumentTypeError, InvalidArgumentError
from ...hand import Hand, HandLike, as_hand
from ...notation import parse_hand  # pure Python: both backends read the same hands
from ..regional import keywords as kw
from .situation import NO_SEAT, suit_index

__all__ = ["EndHand", "Event", "Kong", "MONEY_KINDS", "Out", "Settlement", "STATUSES", "Win", "native_events"]

KONG_KINDS = ("direct", "added", "concealed")  # 直杠 (刮风, fed), 补杠 (刮风), 暗杠 (下雨)
WIN_KINDS = ("discard", "self_drawn", "robbing_kong", "fed_kong_bloom")
MONEY_KINDS = ("kong", "win", "transfer", "refund", "flower_pig", "ready_check")
STATUSES = ("won", "flower_pig", "ready", "not_ready", "unchecked")


@dataclass(frozen=True)
class Kong:
    """``seat`` declares a kong: ``kind`` "direct" (直杠, ``feeder`` discarded the 4th tile), "added" (补杠)
    or "concealed" (暗杠). ``returned``: a 补杠 whose 4th tile was already in hand at the pon (回头杠)."""

    seat: int
    kind: str
    feeder: int | None = None
    returned: bool = False

    def __post_init__(self) -> None:
        kw.seat(self.seat, "Kong.seat")
        if self.kind not in KONG_KINDS:
            raise InvalidArgumentError(f"Kong.kind {self.kind!r} is not one of {', '.join(KONG_KINDS)}")
        if (self.feeder is None) != (self.kind != "direct"):
            raise InvalidArgumentError("Kong.feeder: given exactly for a direct kong (直杠)")
        if self.feeder is not None and kw.seat(self.feeder, "Kong.feeder") == self.seat:
            raise InvalidArgumentError("Kong.feeder: a seat does not feed its own kong")
        kw.flag(self.returned, "Kong.returned")
        if self.returned and self.kind != "added":
            raise InvalidArgumentError("Kong.returned (回头杠) is an added kong (补杠)")


@dataclass(frozen=True)
class Win:
    """One winning tile: ``winners`` as (seat, fan) with fan the ``counted`` fan of each win's score;
    ``how`` "discard", "self_drawn", "robbing_kong" or "fed_kong_bloom" (点杠花 scored as 当点炮: the feeder
    pays); ``discarder`` the seat that discarded, was robbed or fed. ``kong_discard``: 杠上炮 (呼叫转移)."""

    winners: tuple[tuple[int, int], ...]
    how: str = "discard"
    discarder: int | None = None
    kong_discard: bool = False

    def __post_init__(self) -> None:
        winners = tuple((kw.seat(s, "Win seat"), kw.count(f, "Win fan", 0, 60)) for s, f in self.winners)
        object.__setattr__(self, "winners", winners)
        if self.how not in WIN_KINDS:
            raise InvalidArgumentError(f"Win.how {self.how!r} is not one of {', '.join(WIN_KINDS)}")
        if not 1 <= len(winners) <= 3 or len({s for s, _ in winners}) != len(winners):
            raise InvalidArgumentError("Win.winners: one to three distinct seats")
        if self.how == "self_drawn" and (self.discarder is not None or len(winners) > 1 or self.kong_discard):
            raise InvalidArgumentError("Win: a self-draw has one winner, no discarder and no kong_discard")
        if self.how != "self_drawn":
            if self.discarder is None or kw.seat(self.discarder, "Win.discarder") in {s for s, _ in winners}:
                raise InvalidArgumentError("Win.discarder: required, and not a winner")
        if self.how == "fed_kong_bloom" and len(winners) > 1:
            raise InvalidArgumentError("Win: a kong bloom has one winner")
        kw.flag(self.kong_discard, "Win.kong_discard")
        if self.kong_discard and self.how != "discard":
            raise InvalidArgumentError("Win.kong_discard (杠上炮) is a discard win")


@dataclass(frozen=True)
class Out:
    """``seat`` left the hand by a win settled outside these events."""

    seat: int

    def __post_init__(self) -> None:
        kw.seat(self.seat, "Out.seat")


Event = Union[Kong, Win, Out]


@dataclass(frozen=True)
class EndHand:
    """A checked seat's final hand (13 tiles counting melds as 3) and its declared void; ``void_discards``:
    every discard was of the void suit (全程打缺); ``visible``: 34 counts seen outside this hand (死叫)."""

    seat: int
    hand: Hand
    void: int | None = None
    void_discards: bool = False
    visible: tuple[int, ...] | None = None

    @classmethod
    def of(cls, seat: int, hand: HandLike, void: Any = None, void_discards: bool = False,
           visible: Sequence[int] | None = None) -> EndHand:  # fmt: skip
        seen = None if visible is None else tuple(visible)
        if seen is not None and (len(seen) != 34 or any(not isinstance(c, int) or not 0 <= c <= 4 for c in seen)):
            raise InvalidArgumentError("EndHand.visible: 34 counts 0..4")
        return cls(kw.seat(seat, "EndHand.seat"), as_hand(hand, parse_hand), suit_index(void, "EndHand.void"),
                   kw.flag(void_discards, "EndHand.void_discards"), seen)  # fmt: skip


@dataclass(frozen=True)
class Settlement:
    """Each seat's money (E S W N) by event type (``MONEY_KINDS``), each zero-sum; ``status`` per seat at the
    end (``STATUSES``); ``winners`` in the order they won (by default the first deals next — or, when the first winning tile had
    several winners, its discarder: OC-S16, ``options.next_dealer``)."""

    money: Mapping[str, tuple[int, int, int, int]]
    status: tuple[str, str, str, str]
    winners: tuple[int, ...]

    @property
    def totals(self) -> tuple[int, int, int, int]:
        sums = [sum(row[seat] for row in self.money.values()) for seat in range(4)]
        return (sums[0], sums[1], sums[2], sums[3])


def end_hands(hands: Iterable[EndHand] | None) -> dict[int, EndHand]:
    found: dict[int, EndHand] = {}
    for end in hands or ():
        if not isinstance(end, EndHand):
            raise ArgumentTypeError(f"end hands are EndHand objects, not {type(end).__name__}")
        if end.seat in found:
            raise InvalidArgumentError(f"EndHand: seat {end.seat} given twice")
        found[end.seat] = end
    return found


def native_events(events: Iterable[Event]) -> list[tuple[int, int, int, int, bool, list[tuple[int, int]]]]:
    """Events as the engine takes them: (kind 0 out / 1 kong / 2 win, seat or discarder, kong or win kind,
    feeder, flag (returned / kong_discard), winners)."""
    rows = []
    for e in events:
        if isinstance(e, Out):
            rows.append((0, e.seat, 0, NO_SEAT, False, []))
        elif isinstance(e, Kong):
            rows.append((1, e.seat, KONG_KINDS.index(e.kind), NO_SEAT if e.feeder is None else e.feeder,
                         e.returned, []))  # fmt: skip
        elif isinstance(e, Win):
            rows.append((2, NO_SEAT if e.discarder is None else e.discarder, WIN_KINDS.index(e.how), NO_SEAT,
                         e.kong_discard, list(e.winners)))  # fmt: skip
        else:
            raise ArgumentTypeError(f"events are Kong, Win or Out, not {type(e).__name__}")
    return rows
