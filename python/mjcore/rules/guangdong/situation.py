"""The circumstances of a win, shared by both scoring backends: who won how, on which seat and round, and the
events the Guangdong rules score or make someone liable for (RULES.md §2.4–§2.6).

Seats are read by ``mjcore.seats`` (0..3 = East … North, or a wind name), winning tiles by
``mjcore.notation.win_tile_index``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import ArgumentTypeError, InvalidArgumentError
from ...seats import seat_index

__all__ = ["DEALER", "Situation", "check_flag", "situation_of"]

# The codes the native core takes for the win source and the limit hands.
SELF_DRAWN, DISCARD, ROBBED_KONG = 0, 1, 2
NO_LIMIT, HEAVENLY, EARTHLY, HUMAN = 0, 1, 2, 3
DEALER = 0  # seats are seat winds; the dealer is East (OC-1)


def check_flag(value: object, name: str) -> None:
    """A situation flag is a bool: ``self_drawn=1`` or ``"yes"`` is a mistake in every family, not a truthy
    value."""
    if not isinstance(value, bool):
        raise ArgumentTypeError(f"{name} must be a bool, not {type(value).__name__}")


# Mistakes both families refuse with the same words (``mjcore.rules.mcr.situation`` takes a discarder too).
ONE_SOURCE = "give exactly one of self_drawn=True or discarder (a seat)"
OTHER_SEAT = "the discarder and kong_fed_by must be another seat than the winner's"

# The flags of ``Situation``.
_FLAGS = ("self_drawn", "robbing_kong", "kong_bloom", "last_tile", "heavenly", "earthly", "human",
          "feeder_already_liable")  # fmt: skip


@dataclass(frozen=True)
class Situation:
    """How a hand won.

    seat_wind / round_wind: the winner's seat (= seat wind) and the round wind.
    self_drawn: won on an own draw. Otherwise ``discarder`` is who discarded the winning tile — or, with
        ``robbing_kong``, whose added kong was robbed (抢杠 scores and pays as a self-draw).
    kong_bloom: won on a kong's replacement tile (杠上开花, self-drawn); ``kong_fed_by`` is who discarded the
        tile of a melded kong onto a concealed pung before it (that seat is liable).
    last_tile: won with the last wall tile (海底; scores only when self-drawn, RULES.md OC-22).
    heavenly / earthly / human: 天和 / 地和 / 人和.
    winners_on_discard: players winning on this discard (一炮多响; QQ floors 一炮三响).
    feeder_already_liable: 包先不包后 — whoever fed the winner's fourth claimed meld had already put another
        player 12-tiles-down before, so is not liable again.
    Who fed each declared meld is part of the hand: ``Meld.from_offset`` (1 下家, 2 对家, 3 上家).
    """

    seat_wind: int = 0
    round_wind: int = 0
    self_drawn: bool = False
    discarder: int | None = None
    robbing_kong: bool = False
    kong_bloom: bool = False
    kong_fed_by: int | None = None
    last_tile: bool = False
    heavenly: bool = False
    earthly: bool = False
    human: bool = False
    winners_on_discard: int = 1
    feeder_already_liable: bool = False

    def __post_init__(self) -> None:
        for name in _FLAGS:
            check_flag(getattr(self, name), name)
        set_ = object.__setattr__
        set_(self, "seat_wind", seat_index(self.seat_wind, "seat_wind"))
        set_(self, "round_wind", seat_index(self.round_wind, "round_wind"))
        for name in ("discarder", "kong_fed_by"):
            value = getattr(self, name)
            if value is not None:
                set_(self, name, seat_index(value, name))
        if sum((self.heavenly, self.earthly, self.human)) > 1:
            raise InvalidArgumentError("at most one of heavenly, earthly and human")
        if self.self_drawn and self.robbing_kong:
            raise InvalidArgumentError("robbing a kong is not self_drawn: give discarder = the robbed seat")
        if isinstance(self.winners_on_discard, bool) or not isinstance(self.winners_on_discard, int):
            raise ArgumentTypeError("winners_on_discard must be an int 1..3")
        self._check_consistent()

    def _check_consistent(self) -> None:
        """The same checks as the engine's, so that both backends reject the same situations."""
        seat = self.seat_wind
        if self.self_drawn == (self.discarder is not None):
            raise InvalidArgumentError(ONE_SOURCE)
        if self.discarder == seat or self.kong_fed_by == seat:
            raise InvalidArgumentError(OTHER_SEAT)
        if self.kong_bloom and not self.self_drawn:
            raise InvalidArgumentError("a kong bloom (杠上开花) is self-drawn")
        if self.kong_fed_by is not None and not self.kong_bloom:
            raise InvalidArgumentError("kong_fed_by applies only to a kong bloom")
        if self.winners_on_discard not in (1, 2, 3) or (self.winners_on_discard > 1 and self.self_drawn):
            raise InvalidArgumentError("winners_on_discard is 1..3, and more than 1 only for a win on a discard")
        dealer = DEALER
        if ((self.heavenly and (seat != dealer or not self.self_drawn))
                or (self.earthly and (seat == dealer or not self.self_drawn))
                or (self.human and (seat == dealer or self.discarder != dealer or self.robbing_kong))):
            raise InvalidArgumentError("天和 is the dealer's self-draw, 地和 a non-dealer's self-draw, 人和 a "
                                       "non-dealer's win on the dealer's discard")  # fmt: skip

    @property
    def source_code(self) -> int:
        return SELF_DRAWN if self.self_drawn else ROBBED_KONG if self.robbing_kong else DISCARD

    @property
    def limit_code(self) -> int:
        return HEAVENLY if self.heavenly else EARTHLY if self.earthly else HUMAN if self.human else NO_LIMIT


def _is_default(value: Any, default: Any) -> bool:
    """``value`` is a keyword's default (compared within its type only: an array or 0 is no default)."""
    return value is default or (type(value) is type(default) and value == default)


def situation_of(situation: Situation | None, **flags: Any) -> Situation:
    """The situation of a ``score`` call: ``situation`` as given, or one built from the keyword shortcuts
    (not both)."""
    if situation is None:
        return Situation(**flags)
    if not isinstance(situation, Situation):  # an MCR situation names other flags
        raise ArgumentTypeError("situation must be an mjcore.Situation under a Guangdong table, not "
                        f"{type(situation).__name__}")  # fmt: skip
    changed = sorted(k for k, v in flags.items() if not _is_default(v, getattr(Situation, k)))
    if changed:
        raise ArgumentTypeError(f"give either situation= or keyword flags, not both ({', '.join(changed)})")
    return situation
