"""Hands and melds, shared by both backends, and the coercion every single-hand function applies to its input.

A ``Hand`` holds the concealed tiles as 34 counts, the declared melds, a number of wild tiles and the flowers.
It validates itself on construction, so a ``Hand`` object always describes a hand that can exist.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from .errors import ArgumentTypeError, InvalidArgumentError, InvalidHandError, shown
from .tiles import FLOWER_CHINESE, NUM_KINDS, SUITS, number_of, suit_of, tile_name, unicode_tile

__all__ = ["Forms", "MeldKind", "Meld", "Hand", "HandLike", "as_hand", "coerce_counts", "forms_bits", "native_form",
           "MAX_SETS"]

MAX_SETS = 5


class Forms(enum.IntFlag):
    """Winning forms. Rulesets differ: 鸡平胡 has no seven pairs; 贵港 and MCR do; only MCR has knitted forms."""

    STANDARD = 1
    SEVEN_PAIRS = 2
    THIRTEEN_ORPHANS = 4
    KNITTED = 8  # 全不靠, 七星不靠 and 组合龙 (knitted straight + a set + a pair)

    DEFAULT = STANDARD | SEVEN_PAIRS | THIRTEEN_ORPHANS
    ALL = STANDARD | SEVEN_PAIRS | THIRTEEN_ORPHANS | KNITTED


_FORM_NAMES = {
    "standard": Forms.STANDARD,
    "seven_pairs": Forms.SEVEN_PAIRS,
    "thirteen_orphans": Forms.THIRTEEN_ORPHANS,
    "knitted": Forms.KNITTED,
    "default": Forms.DEFAULT,
    "all": Forms.ALL,
}

FormsLike = Union[Forms, int, str, Iterable[str]]


def forms_bits(forms: FormsLike) -> int:
    """Normalises ``forms`` (a ``Forms`` flag, an int, a name, or names) to its bit set."""
    if isinstance(forms, bool):
        raise ArgumentTypeError("forms must be a Forms flag, an int, a form name or an iterable of names, not bool")
    if isinstance(forms, int):
        if not 0 < forms <= int(Forms.ALL):
            raise InvalidArgumentError(f"forms bit set {shown(forms)} is not within 1..15")
        return int(forms)
    if isinstance(forms, str):
        forms = [forms]
    bits = 0
    try:
        names = list(forms)
    except TypeError:
        raise ArgumentTypeError(f"forms must be a Forms flag, an int or form names, not {type(forms).__name__}") from None
    for name in names:
        if not isinstance(name, str):
            raise ArgumentTypeError(f"form names are strings, not {type(name).__name__}")
        try:
            bits |= _FORM_NAMES[name]
        except KeyError:
            raise InvalidArgumentError(
                f"unknown form {name!r}: expected one of {', '.join(sorted(_FORM_NAMES))}"
            ) from None
    if bits == 0:
        raise InvalidArgumentError("forms is empty: name at least one form")
    return bits


class MeldKind(enum.IntEnum):
    CHI = 0  # 吃, a claimed chow
    PON = 1  # 碰, a claimed pung
    KONG = 2  # 明杠 (直杠): a claimed discard onto a concealed pung
    ADDED_KONG = 3  # 加杠: a drawn tile added to an exposed pon
    CONCEALED_KONG = 4  # 暗杠

    @property
    def is_kong(self) -> bool:
        return self >= MeldKind.KONG

    @property
    def size(self) -> int:
        return 4 if self.is_kong else 3


_MELD_BRACKETS = {
    MeldKind.CHI: "[]",
    MeldKind.PON: "[]",
    MeldKind.KONG: "[]",
    MeldKind.ADDED_KONG: "{}",
    MeldKind.CONCEALED_KONG: "()",
}


@dataclass(frozen=True)
class Meld:
    """A declared meld. ``tile`` is the lowest tile (first of a chow). ``claimed`` is the tile taken from a
    discard, ``from_offset`` who fed it: 1 = 下家 (next), 2 = 对家 (opposite), 3 = 上家 (previous)."""

    kind: MeldKind
    tile: int
    claimed: int | None = None
    from_offset: int | None = None

    def __post_init__(self) -> None:
        kind = self.kind
        if not isinstance(kind, MeldKind):
            if isinstance(kind, bool) or not isinstance(kind, int):
                raise ArgumentTypeError(f"meld kind must be a MeldKind, not {type(kind).__name__}")
            if kind not in range(5):
                raise InvalidHandError(f"meld kind {kind} is not 0..4")
            object.__setattr__(self, "kind", MeldKind(kind))
        _check_kind(self.tile, "meld tile")
        name = self.describe()
        if self.kind == MeldKind.CHI and (self.tile >= 27 or self.tile % 9 > 6):
            raise InvalidHandError(f"meld {name}: a chow must start at 1..7 of a suit, not {tile_name(self.tile)}")
        if self.claimed is not None:
            _check_kind(self.claimed, "claimed tile")
            inside = self.tile <= self.claimed <= self.tile + 2 if self.kind == MeldKind.CHI else self.claimed == self.tile
            if not inside:
                raise InvalidHandError(f"meld {name}: claimed tile {tile_name(self.claimed)} is not part of the meld")
            if self.kind == MeldKind.CONCEALED_KONG:
                raise InvalidHandError(f"meld {name}: a concealed kong has no claimed tile")
        if self.from_offset is not None:
            if isinstance(self.from_offset, bool) or not isinstance(self.from_offset, int):
                raise ArgumentTypeError("from_offset must be an int 1..3 or None")
            if self.from_offset not in (1, 2, 3):
                raise InvalidHandError(
                    f"meld {name}: from_offset must be 1 (下家), 2 (对家) or 3 (上家), not {self.from_offset}"
                )
            if self.kind == MeldKind.CONCEALED_KONG:
                raise InvalidHandError(f"meld {name}: a concealed kong is fed by nobody")
            if self.kind == MeldKind.CHI and self.from_offset != 3:
                raise InvalidHandError(
                    f"meld {name}: a chow can only be claimed from the 上家 (offset 3), not offset {self.from_offset}"
                )

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == MeldKind.CHI:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * self.kind.size

    @property
    def is_chow(self) -> bool:
        return self.kind == MeldKind.CHI

    @property
    def is_kong(self) -> bool:
        return self.kind.is_kong

    @property
    def is_concealed(self) -> bool:
        return self.kind == MeldKind.CONCEALED_KONG

    def describe(self) -> str:
        """The meld without annotations: ``[123m]``, ``[555z]``, ``[1111s]``, ``{1111s}``, ``(1111s)``."""
        open_, close = _MELD_BRACKETS[self.kind]
        digits = "".join(str(number_of(t)) for t in self.tiles)
        return f"{open_}{digits}{suit_of(self.tile)}{close}"

    def __str__(self) -> str:
        text = self.describe()
        if self.claimed is None and self.from_offset is None:
            return text
        note = ""
        if self.claimed is not None:
            note += ":" + tile_name(self.claimed)
        if self.from_offset is not None:
            note += f"<{self.from_offset}"
        return text[:-1] + note + text[-1]

    def as_tuple(self) -> tuple[int, int, int, int]:
        """The boundary form used by the native core: (kind, tile, claimed or -1, from_offset or 0)."""
        return (
            int(self.kind),
            self.tile,
            -1 if self.claimed is None else self.claimed,
            0 if self.from_offset is None else self.from_offset,
        )


def _check_kind(value: Any, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{what} must be an int tile kind 0..33, not {type(value).__name__}")
    if not 0 <= value < NUM_KINDS:
        from .errors import InvalidTileError

        raise InvalidTileError(f"{what} {value} does not exist: kinds are 0..33")


@dataclass(frozen=True)
class Hand:
    """A hand: concealed counts (34 ints), melds, wild tiles (jokers), flowers (numbers 1..8).

    The concealed part, wilds included, holds 3n+1 tiles (waiting) or 3n+2 tiles (complete-sized) for
    n = 0..5; n plus the number of melds is at most 5, so 13-tile and 16-tile play both fit.
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    wilds: int = 0
    flowers: tuple[int, ...] = ()
    _size: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        counts = coerce_counts(self.concealed)
        object.__setattr__(self, "concealed", counts)
        melds = tuple(self.melds)
        for meld in melds:
            if not isinstance(meld, Meld):
                raise ArgumentTypeError(f"melds must be Meld objects, not {type(meld).__name__}")
        object.__setattr__(self, "melds", melds)
        if isinstance(self.wilds, bool) or not isinstance(self.wilds, int):
            raise ArgumentTypeError(f"wilds must be an int, not {type(self.wilds).__name__}")
        if not 0 <= self.wilds <= 8:
            raise InvalidHandError(f"{self.wilds} wild tiles: a hand holds 0..8")
        flowers = tuple(sorted(self.flowers))
        for f in flowers:
            if isinstance(f, bool) or not isinstance(f, int):
                raise ArgumentTypeError(f"flowers are ints 1..8, not {type(f).__name__}")
            if not 1 <= f <= 8:
                raise InvalidHandError(f"flower {f} does not exist: flowers are 1..8")
        if len(set(flowers)) != len(flowers):
            raise InvalidHandError(f"flowers {flowers} repeat a flower: each exists once")
        object.__setattr__(self, "flowers", flowers)
        totals = list(counts)
        for meld in melds:
            for t in meld.tiles:
                totals[t] += 1
        for index, total in enumerate(totals):
            if total > 4:
                raise InvalidHandError(f"tile {tile_name(index)} appears {total} times counting melds: at most 4")
        size = sum(counts) + self.wilds
        object.__setattr__(self, "_size", size)
        if size % 3 == 0 or size // 3 > MAX_SETS:
            raise InvalidHandError(
                f"a concealed part of {size} tiles is not a hand: it must hold 3n+1 or 3n+2 tiles (1, 2, 4, 5, … 16, 17)"
            )
        sets = size // 3 + len(melds)
        if sets > MAX_SETS:
            raise InvalidHandError(
                f"{len(melds)} melds plus a concealed part of {size} tiles make {sets} sets: at most {MAX_SETS}"
            )

    # Construction -------------------------------------------------------------------------------------------

    @classmethod
    def from_tiles(cls, tiles: Iterable[int], **kwargs: Any) -> Hand:
        """A hand from a list of kinds (each 0..33)."""
        counts = [0] * NUM_KINDS
        for t in tiles:
            _check_kind(t, "tile")
            counts[t] += 1
        return cls(tuple(counts), **kwargs)

    # Views --------------------------------------------------------------------------------------------------

    @property
    def size(self) -> int:
        """Concealed tiles, wilds included."""
        return self._size

    @property
    def is_complete_size(self) -> bool:
        """3n+2 concealed tiles: a candidate win, or a hand about to discard."""
        return self._size % 3 == 2

    @property
    def sets_needed(self) -> int:
        """Sets the concealed part must form besides the pair."""
        return self._size // 3

    def tiles(self) -> list[int]:
        """Concealed tiles as a sorted list of kinds (wilds excluded)."""
        return [i for i, c in enumerate(self.concealed) for _ in range(c)]

    def all_counts(self) -> tuple[int, ...]:
        """Counts of every real tile the hand holds or shows: concealed plus melds."""
        totals = list(self.concealed)
        for meld in self.melds:
            for t in meld.tiles:
                totals[t] += 1
        return tuple(totals)

    @property
    def flower_bits(self) -> int:
        return sum(1 << (f - 1) for f in self.flowers)

    def native_parts(self) -> tuple[bytes, tuple[tuple[int, int, int, int], ...], int, int]:
        """The boundary form the native core takes: (counts, melds, wilds, flower bits)."""
        return bytes(self.concealed), tuple(m.as_tuple() for m in self.melds), self.wilds, self.flower_bits

    def mpsz(self) -> str:
        """Canonical mpsz text: concealed by suit, ``*`` per wild, flowers, then melds in order."""
        parts = []
        for s, suit in enumerate(SUITS):
            length = 7 if suit == "z" else 9
            digits = "".join(str(n + 1) * self.concealed[s * 9 + n] for n in range(length))
            if digits:
                parts.append(digits + suit)
        text = "".join(parts) + "*" * self.wilds
        if self.flowers:
            text += "".join(str(f) for f in self.flowers) + "f"
        for meld in self.melds:
            text += (" " if text else "") + str(meld)
        return text

    def unicode(self) -> str:
        """Unicode tiles: concealed, wilds (🀪), flowers, then melds in brackets."""
        text = "".join(unicode_tile(t) for t in self.tiles()) + chr(0x1F02A) * self.wilds
        text += "".join(FLOWER_CHINESE[f - 1] for f in self.flowers)
        for meld in self.melds:
            open_, close = _MELD_BRACKETS[meld.kind]
            text += " " + open_ + "".join(unicode_tile(t) for t in meld.tiles) + close
        return text

    def __str__(self) -> str:
        return self.mpsz()

    def __repr__(self) -> str:
        return f"Hand({self.mpsz()!r})"

    def with_tile(self, tile: int) -> Hand:
        """A copy with one more concealed tile."""
        counts = list(self.concealed)
        _check_kind(tile, "tile")
        counts[tile] += 1
        return Hand(tuple(counts), self.melds, self.wilds, self.flowers)

    def without_tile(self, tile: int) -> Hand:
        """A copy with one concealed tile removed."""
        _check_kind(tile, "tile")
        if self.concealed[tile] == 0:
            raise InvalidHandError(f"tile {tile_name(tile)} is not in the concealed part")
        counts = list(self.concealed)
        counts[tile] -= 1
        return Hand(tuple(counts), self.melds, self.wilds, self.flowers)


HandLike = Union[Hand, str, bytes, bytearray, memoryview, Sequence[int], Any]


def coerce_counts(value: Any) -> tuple[int, ...]:
    """34 counts from a sequence of ints, bytes, or a numpy array; errors name the entry."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        data = bytes(value)
    elif isinstance(value, str):
        raise ArgumentTypeError("counts must be a sequence of 34 ints, not str (use parse_hand for text)")
    else:
        shape = getattr(value, "shape", None)
        if shape is not None and len(shape) != 1:
            raise InvalidHandError(f"counts must be one-dimensional with 34 entries, got shape {tuple(shape)}")
        try:
            data = list(value)
        except TypeError:
            raise ArgumentTypeError(f"counts must be a sequence of 34 ints, not {type(value).__name__}") from None
    if len(data) != NUM_KINDS:
        raise InvalidHandError(f"counts must have 34 entries, got {len(data)}")
    out = []
    for index, c in enumerate(data):
        if isinstance(c, bool) or not hasattr(c, "__index__"):
            raise ArgumentTypeError(f"count of {tile_name(index)} (index {index}) must be an int, not {type(c).__name__}")
        c = c.__index__()
        if not 0 <= c <= 4:
            raise InvalidHandError(f"count of {tile_name(index)} (index {index}) is {c}: must be 0..4")
        out.append(c)
    return tuple(out)


def as_hand(value: HandLike, parse: Callable[[str], Hand]) -> Hand:
    """Every single-hand function's input: a ``Hand``, hand text (parsed by the backend's ``parse``), or 34
    counts (a sequence, bytes, or a numpy uint8 array)."""
    if isinstance(value, Hand):
        return value
    if isinstance(value, str):
        return parse(value)
    return Hand(coerce_counts(value))


def _crossing_text(text: str) -> Hand | str:
    """Hand text as the core may take it: a ``str`` whose characters all encode in UTF-8 (a lone surrogate
    does not, and is refused by the shared parser, naming it)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        from .notation import parse_hand  # deferred: the notation module builds hands

        return parse_hand(text)
    return str(text)


def native_form(value: HandLike) -> Hand | str | bytes | list | tuple:
    """A single-hand input as the native calls that read hands themselves take it: a ``Hand``, hand text
    and 34 counts as a list, tuple or bytes pass unchanged (the core parses and checks them with the errors
    of ``parse_hand`` and ``Hand``); any other accepted input (a numpy array, a bytearray…) becomes a ``Hand``
    here, as ``as_hand`` makes it."""
    kind = type(value)
    if kind is str and not value.isascii() or isinstance(value, str) and kind is not str:
        return _crossing_text(value)
    if kind is Hand or kind is str or kind is list or kind is tuple or kind is bytes:
        return value
    if isinstance(value, Hand):  # a subclass, which the core reads as its base
        return value
    return Hand(coerce_counts(value))
