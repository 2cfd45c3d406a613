"""Types shared by both table engines — the native ``mjcore.table.Table`` and the pure-Python twin
``mjcore.reference.table`` — so that an AI environment or a test sees the same actions and observations from
either: actions, the situation of a potential win, observations, winners.

Seats are 0..3 in turn order (``next = (seat + 1) % 4``); winds are 0..3 = East..North.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Optional, Union

import numpy as np

from ..arguments import check_index, check_int_in
from ..errors import ArgumentTypeError, InvalidArgumentError, InvalidTileError, NotationError
from ..hand import Hand, Meld

__all__ = ["log_lines", "ACTION_KINDS", "Action", "WinSituation", "WinCheck", "win_fan", "OfferedTile", "Discard", "Observation",
           "Horse", "Winner", "SEATS", "checked_action", "check_seat", "check_dealer_and_wind", "check_wind_rounds",
           "check_streak", "wall_codes"]

SEATS = 4
MAX_CODE = 41  # wall codes: kinds 0..33, flowers 34..41

# Action kinds in their sort order: legal actions are always listed sorted by (kind, tile).
ACTION_KINDS = ("pass", "discard", "chi", "pon", "kong", "concealed_kong", "added_kong", "win", "void", "swap",
                "eye", "discard_flower")
# Kinds that name a tile: the discarded kind (also of 眼牌's "eye" declaration), the lowest tile of the chow, the
# kind of the kong, 换三张's picked "swap" kind — 定缺's "void", whose ``tile`` is the suit named void, 0..2, and
# "discard_flower" (推倒胡's 四花鬼 / 八花鬼), whose ``tile`` is the held flower ghost's wall code 34..41 (1f..8f).
_KINDS_WITH_TILE = frozenset({"discard", "chi", "concealed_kong", "added_kong", "void", "swap", "eye",
                              "discard_flower"})


class Action(NamedTuple):
    """One decision: ``Action("discard", 4)``, ``Action("chi", 2)`` (chow starting at 3m), ``Action("pon")``,
    ``Action("win")``, ``Action("pass")``…"""

    kind: str
    tile: Optional[int] = None

    def sort_key(self) -> tuple[int, int]:
        return ACTION_KINDS.index(self.kind), -1 if self.tile is None else self.tile

    def is_valid(self) -> bool:
        """Whether the kind exists and names a tile exactly when it must."""
        return self.kind in ACTION_KINDS and (self.tile is not None) == (self.kind in _KINDS_WITH_TILE)


def checked_action(action: object) -> Action:
    """``action`` as an ``Action`` if it is one, or a (kind, tile) pair: a kind name and None or an int tile.
    Anything else is refused by name, never unpacked or converted (a bool or a float is no tile)."""
    if not isinstance(action, tuple) or not 1 <= len(action) <= 2:
        raise InvalidArgumentError(f"an action is an Action(kind, tile) or a (kind, tile) pair, not {action!r}")
    kind, tile = (*action, None)[:2]
    if not isinstance(kind, str):
        raise InvalidArgumentError(f"an action's kind is a name ({', '.join(ACTION_KINDS)}), not {kind!r}")
    if tile is not None:
        tile = check_index("an action's tile", tile)
        if not 0 <= tile <= MAX_CODE:
            raise InvalidTileError(f"tile {tile} does not exist: wall codes are 0..{MAX_CODE}")
    return Action(kind, tile)


def check_seat(seat: object) -> int:
    """A seat number 0..3 (not a bool, not a float)."""
    seat = check_index("seat", seat)
    if not 0 <= seat < SEATS:
        raise InvalidArgumentError(f"seat {seat} is not 0..3")
    return seat


def check_dealer_and_wind(dealer: object, round_wind: object) -> tuple[int, int]:
    """A deal's dealer seat and round wind, both 0..3."""
    dealer, round_wind = check_index("dealer", dealer), check_index("round_wind", round_wind)
    if not (0 <= dealer < SEATS and 0 <= round_wind < SEATS):
        raise InvalidArgumentError(f"dealer {dealer} and round wind {round_wind} must both be 0..3")
    return dealer, round_wind


def check_wind_rounds(wind_rounds: object) -> int:
    """A game's wind rounds, 1..4. ``None`` (an endless game, OC-2's alternative) is refused with its reason."""
    if wind_rounds is None:
        raise InvalidArgumentError("wind_rounds=None (an endless game, OC-2) is refused: not offered, a game ends "
                                   "after wind_rounds (1..4) wind rounds or max_deals deals; play games in turn")  # fmt: skip
    wind_rounds = check_index("wind_rounds", wind_rounds)
    if not 1 <= wind_rounds <= SEATS:
        raise InvalidArgumentError(f"wind_rounds {wind_rounds} must be 1..4")
    return wind_rounds


def check_streak(streak: object) -> int:
    """A dealer's 连庄 count, 0..255."""
    return check_int_in("streak", streak, 0, 255)


def wall_codes(wall: object, name: str = "wall") -> list[int]:
    """A given wall as a list of int wall codes 0..41 in draw order, refused by ``name`` and position otherwise;
    whether it holds the table's tile set is the engine's check."""
    if isinstance(wall, (str, bytes)) or not isinstance(wall, (Sequence, np.ndarray)):
        raise InvalidArgumentError(f"{name}: a wall is a sequence of wall codes in draw order, not {wall!r:.60}")
    codes = []
    for position, code in enumerate(wall):
        code = check_index(f"{name}[{position}]", code)
        if not 0 <= code <= MAX_CODE:
            raise InvalidTileError(f"{name}[{position}]: wall code {code} does not exist: codes are 0..{MAX_CODE}")
        codes.append(code)
    return codes


@dataclass(frozen=True)
class WinSituation:
    """Everything about a potential win besides the hand."""

    winner: int
    tile: int
    from_seat: Optional[int]  # the discarder or robbed konger; None when self-drawn
    robbing_kong: bool
    kong_replacement: bool
    kong_feeder: Optional[int]  # after a melded kong (claimed discard onto a pung): who discarded its tile
    last_tile: bool  # the wall is empty
    # A win in the uninterrupted first go-around: "heavenly" (天和, the dealer's dealt tiles), "earthly" (地和,
    # a non-dealer's first draw) or "human" (人和, on the dealer's first discard); None otherwise.
    first_go_around: Optional[str]
    # Seats winning on this tile (一炮多响): 1 while each seat is asked, the final count when the win is settled.
    winners_on_discard: int
    dealer: int
    round_wind: int
    # 包先不包后: whoever fed the winner's fourth claimed meld had fed another seat's fourth one first.
    feeder_already_liable: bool = False
    # The winner's flowers set aside (0..7 = 1f..8f), for families that score them (MCR's 花牌).
    flowers: tuple[int, ...] = ()
    # Copies of the winning tile in the open besides the winning one — every seat's discards and exposed melds
    # (a concealed kong lies face down) — so 3 means the last copy (和绝张). The pure-Python table fills these
    # two; a native ``win_check`` receives the situation without them (their defaults).
    shown: int = 0
    # 杠上炮: the discard came right after its discarder drew a kong replacement; and the tile is a flower's
    # replacement (Taiwan's 槓上開花 counts it as a bloom). Filled by the pure-Python table.
    kong_discard: bool = False
    flower_replacement: bool = False

    @property
    def self_drawn(self) -> bool:
        return self.from_seat is None

    @property
    def seat_wind(self) -> int:
        """The winner's seat wind: the dealer is East (RULES.md OC-1)."""
        return (self.winner - self.dealer) % 4


# Decides wins: the winner's whole hand (winning tile included) and the situation. Returns None or False for
# "not a legal win" (passing it is not 漏胡), True for a win worth 0 fan, or the fan as an int.
WinCheck = Callable[[Hand, WinSituation], Union[int, bool, None]]


def win_fan(result: Union[int, bool, None]) -> Optional[int]:
    """Normalises a ``WinCheck`` answer to the fan of a legal win, or None."""
    if result is None or result is False:
        return None
    if result is True:
        return 0
    if not isinstance(result, int) or result < 0:
        raise ArgumentTypeError(f"a win check returns None, a bool or a fan >= 0, not {result!r}")
    return result


@dataclass(frozen=True)
class OfferedTile:
    """A tile the other seats may claim: a discard, or a tile being added to a pon (robbable)."""

    tile: int
    from_seat: int
    added_kong: bool


class Discard(NamedTuple):
    """One discard as it was made, and the seat that took it into a meld (chi, pon or melded kong), if any."""

    tile: int
    claimed_by: Optional[int] = None


@dataclass(frozen=True)
class Observation:
    """What one seat can see. Other seats' concealed tiles and the wall order are hidden."""

    seat: int
    hand: tuple[int, ...]  # own concealed counts (34)
    drawn: Optional[int]  # the tile just drawn, during this seat's own turn after a draw (34..41: a flower ghost)
    melds: tuple[tuple[Meld, ...], ...]  # every seat's melds (public)
    discards: tuple[tuple[int, ...], ...]  # every seat's discards still on the table, oldest first
    wall_remaining: int
    dealer: int
    round_wind: int
    to_act: Optional[int]
    offered: Optional[OfferedTile]
    # Every seat's discards in the order made, claimed ones included and marked; a robbed kong's tile was never
    # discarded and is not among them. ``discards`` is the part still on the table.
    discard_history: tuple[tuple[Discard, ...], ...] = ((), (), (), ())
    # The flowers each seat has set aside (public), as flower numbers 0..7 (1f..8f) in order; MCR scores each.
    flowers: tuple[tuple[int, ...], ...] = ((), (), (), ())
    # 定缺 (Sichuan): each seat's void suit 0..2 — one's own once named, the others' once all are (None: not).
    voids: tuple[Optional[int], ...] = (None, None, None, None)

    def void(self, seat: int) -> Optional[int]:
        return self.voids[_seat("seat", seat)]
    # 换三张 (a Sichuan option): the 34 counts of the tiles this seat picked to pass (they stay in ``hand``
    # until every seat has picked; after the pass, what it passed); () where the table plays no 换三张.
    passing: tuple[int, ...] = ()
    # The deal's wild kinds (ghosts, 鬼牌; public) and its 翻鬼 indicator, if its ghosts were flipped.
    ghosts: tuple[int, ...] = ()
    ghost_indicator: Optional[int] = None
    # 四花鬼 / 八花鬼 (推倒胡): the flower ghosts this seat holds (its own, concealed) and those every seat has
    # discarded (public), as flower numbers 0..7 (1f..8f) in order; empty at other tables.
    flower_ghosts: tuple[int, ...] = ()
    discarded_flowers: tuple[tuple[int, ...], ...] = ((), (), (), ())
    flowers_are_ghosts: bool = False  # the table's flowers are ghosts held in the hand (四花鬼 / 八花鬼)

    def seat_wind(self, seat: int) -> int:
        return (seat - self.dealer) % SEATS

    def relative(self, seat: int) -> int:
        """Where ``seat`` sits from this viewer: 0 self, 1 下家 (plays next), 2 对家, 3 上家 (played before)."""
        return (_seat("seat", seat) - self.seat) % SEATS

    def absolute(self, offset: int) -> int:
        """The table seat at ``offset`` from this viewer (the inverse of ``relative``)."""
        return (self.seat + _seat("offset", offset)) % SEATS


def _seat(name: str, value: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value not in range(SEATS):
        raise InvalidArgumentError(f"{name} must be 0..3, not {value!r}")
    return value


class Horse(NamedTuple):
    """A horse (买马) a win turned from the wall's tail: its wall code (34..41: a flower), the seat that bought
    it and the seat it picks (推倒胡: the winner's own horses, each pointing at a seat; 789: a mirror bet)."""

    tile: int
    buyer: int
    seat: int


@dataclass(frozen=True)
class Winner:
    seat: int
    tile: int
    from_seat: Optional[int]  # None when self-drawn
    robbing_kong: bool
    fan: int
    horses: tuple[Horse, ...] = ()  # the horses its win turned, in the order turned


def log_lines(lines: object) -> list[str]:
    """An event log as ``Table.replay`` of both backends takes it: a list (or other sequence) of ``str``, each
    one whose characters all are text (a lone surrogate, ``"\\ud800"``, is refused as ``NotationError`` naming
    it and its line)."""
    if isinstance(lines, (str, bytes, bytearray)) or not isinstance(lines, Sequence):
        raise ArgumentTypeError(f"lines must be a list of str (the log's JSON lines), not {type(lines).__name__}")
    checked = list(lines)
    for number, line in enumerate(checked, start=1):
        if not isinstance(line, str):
            raise ArgumentTypeError(f"log line {number} must be a str, not {type(line).__name__}")
        if not line.isascii():
            try:
                line.encode("utf-8")
            except UnicodeEncodeError as error:
                raise NotationError(f"log line {number}: {line[error.start]!r} (at position {error.start}) is a "
                                    "lone surrogate, not a character", error.start) from None  # fmt: skip
    return checked

