"""Reading hand text: the same grammar, accepted inputs and errors as the native parser (``notation.rs``).

Grammar (whitespace, ``,``, ``、`` and the emoji variation selectors are ignored between tokens):

- numbers then a suit: ASCII digits or Chinese numerals (一..九, 两), then ``m``/``p``/``s``/``z``/``f`` or
  万萬 / 筒饼餅 / 条條索 / 花. ``z`` numbers 1..7 are 东南西北白发中; ``f`` numbers 1..8 are the flowers
  春夏秋冬梅兰菊竹.
- single characters: 东南西北白发中 (also 東, 發), the flowers 春夏秋冬梅兰(蘭)菊竹, the Unicode tiles
  U+1F000..U+1F029, and ``*`` or 🀪 for a wild tile.
- melds: ``[123m]`` chi, ``[555z]`` pon, ``[1111s]`` claimed kong, ``{1111s}`` added kong, ``(1111s)``
  concealed kong. Inside ``[...]`` or ``{...}``, ``:TILE`` names the claimed tile and ``<K`` its feeder
  (1 下家, 2 对家, 3 上家): ``[123m:2m<3]``.

>>> parse_hand("一万二万三万 五筒 九条九索 东东 中发白") == parse_hand("123m5p99s11567z")
True
>>> parse_hand("123m45p** 13f [555z] (9999p)").mpsz()
'123m45p**13f [555z] (9999p)'
>>> parse_tiles("🀇🀙🀐🀀🀆")
[0, 9, 18, 27, 31]
>>> parse_hand("123x")
Traceback (most recent call last):
    ...
mjcore.errors.NotationError: numbers must be followed by a suit (m, p, s, z, f, 万, 筒, 条, 索): found 'x' (at position 3)
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass

from .errors import ArgumentTypeError, InvalidHandError, InvalidTileError, NotationError, shown
from .hand import Hand, Meld, MeldKind
from .tiles import NUM_KINDS, tile_name

__all__ = ["parse_hand", "parse_tiles", "parse_tile", "tile_index", "win_tile_index"]

MAX_WILDS = 8

# The Unicode White_Space property, which is what Rust's ``char::is_whitespace`` tests (Python's
# ``str.isspace`` also accepts U+001C..U+001F, which the native parser rejects).
_WHITESPACE = frozenset(
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
# Separators that carry no meaning: commas, the Chinese enumeration comma, and the variation selectors that
# sometimes follow 🀄.
_IGNORED = _WHITESPACE | {",", "、", "\ufe0e", "\ufe0f"}

_NUMERALS = {str(d): d for d in range(10)} | {
    "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
}

# Suit markers: the index of the suit's first kind, or "f" for flowers.
_SUIT_MARKERS = {
    **dict.fromkeys("mM万萬", 0),
    **dict.fromkeys("pP筒饼餅", 9),
    **dict.fromkeys("sS条條索", 18),
    **dict.fromkeys("zZ", 27),
    **dict.fromkeys("fF花", "f"),
}
_SUIT_LETTER = {0: "m", 9: "p", 18: "s", 27: "z"}

_CLOSING = {"[": "]", "{": "}", "(": ")"}


@dataclass(frozen=True)
class _Tile:
    kind: int


@dataclass(frozen=True)
class _Flower:
    number: int


class _Wild:
    """A wild tile (joker)."""


_WILD = _Wild()
_Item = _Tile | _Flower | _Wild


def _single_characters() -> dict[str, _Item]:
    """Characters that are a whole tile by themselves."""
    table: dict[str, _Item] = {"*": _WILD, "\U0001F02A": _WILD}
    for number, names in enumerate(["东東", "南", "西", "北", "白", "发發", "中"]):
        table.update(dict.fromkeys(names, _Tile(27 + number)))
    for number, names in enumerate(["春", "夏", "秋", "冬", "梅", "兰蘭", "菊", "竹"], start=1):
        table.update(dict.fromkeys(names, _Flower(number)))
    # Unicode block order: winds, then 中 发 白, then man, sou, pin; then the flowers.
    for offset in range(4):
        table[chr(0x1F000 + offset)] = _Tile(27 + offset)
    table["\U0001F004"], table["\U0001F005"], table["\U0001F006"] = _Tile(33), _Tile(32), _Tile(31)
    for number in range(9):
        table[chr(0x1F007 + number)] = _Tile(number)
        table[chr(0x1F010 + number)] = _Tile(18 + number)
        table[chr(0x1F019 + number)] = _Tile(9 + number)
    table.update({"\U0001F022": _Flower(5), "\U0001F023": _Flower(6), "\U0001F024": _Flower(8),
                  "\U0001F025": _Flower(7)})
    for number in range(4):
        table[chr(0x1F026 + number)] = _Flower(number + 1)
    return table


_SINGLE = _single_characters()


def _escaped(c: str, quote: str) -> str:
    """One character as Rust's debug formatting prints it, so that messages match the native ones."""
    named = {"\t": "\\t", "\r": "\\r", "\n": "\\n", "\\": "\\\\", "\0": "\\0", quote: "\\" + quote}
    if c in named:
        return named[c]
    if c.isprintable() and unicodedata.category(c) not in ("Mn", "Me"):
        return c
    return f"\\u{{{ord(c):x}}}"


def _quoted_char(c: str) -> str:
    return "'" + _escaped(c, "'") + "'"


def _quoted(text: str) -> str:
    return '"' + "".join(_escaped(c, '"') for c in text) + '"'


def _error(position: int, message: str) -> NotationError:
    return NotationError(f"{message} (at position {position})", position)


class _Parser:
    """A cursor over the characters of the text; positions are 0-based character indexes."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def peek(self) -> str | None:
        return self.text[self.pos] if self.pos < len(self.text) else None

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in _IGNORED:
            self.pos += 1

    def items_group(self) -> tuple[int, list[_Item]]:
        """One group: a run of numbers closed by a suit marker, or a single-character tile. Returns the
        group's start position and its items."""
        start = self.pos
        c = self.peek()
        if c is None:
            raise _error(start, "unexpected end of text")
        if c in _SINGLE:
            self.pos += 1
            return start, [_SINGLE[c]]
        if c not in _NUMERALS:
            raise _error(start, f"unexpected character {_quoted_char(c)}: not a tile")
        numbers = []
        while (c := self.peek()) is not None and c in _NUMERALS:
            numbers.append((self.pos, _NUMERALS[c]))
            self.pos += 1
        marker = _SUIT_MARKERS.get(c) if c is not None else None
        if marker is None:
            found = f"found {_quoted_char(c)}" if c is not None else "found the end of the text"
            raise _error(self.pos, f"numbers must be followed by a suit (m, p, s, z, f, 万, 筒, 条, 索): {found}")
        self.pos += 1
        return start, [_numbered_item(position, number, marker) for position, number in numbers]

    def meld(self) -> Meld:
        """A bracketed meld, with its optional ``:claimed`` tile and ``<feeder``."""
        open_pos = self.pos
        opening = self.text[open_pos]
        closing = _CLOSING[opening]
        self.pos += 1
        tiles: list[int] = []
        claimed: int | None = None
        feeder: int | None = None
        while True:
            self.skip_space()
            c = self.peek()
            if c is None:
                raise _error(open_pos, f"'{opening}' is never closed")
            if c == closing:
                self.pos += 1
                break
            if c in ":<":
                if opening == "(":
                    raise _error(self.pos, "a concealed kong has no claimed tile or feeder")
                self.pos += 1
                self.skip_space()
                if c == ":":
                    position, items = self.items_group()
                    if claimed is not None or len(items) != 1 or not isinstance(items[0], _Tile):
                        raise _error(position, "':' must be followed by one claimed tile")
                    claimed = items[0].kind
                else:
                    number = _NUMERALS.get(self.peek() or "")
                    if feeder is not None or number not in (1, 2, 3):
                        raise _error(
                            self.pos, "'<' must be followed by the feeder: 1 (下家), 2 (对家) or 3 (上家)"
                        )
                    feeder = number
                    self.pos += 1
                continue
            if claimed is not None or feeder is not None:
                raise _error(self.pos, "meld tiles must come before ':' and '<'")
            position, items = self.items_group()
            for item in items:
                if not isinstance(item, _Tile):
                    raise _error(position, "a meld holds only playing tiles (no wilds or flowers)")
                tiles.append(item.kind)
        kind = _classify_meld(opening, tiles)
        if kind is None:
            raise _error(open_pos, f"{opening}{' '.join(map(tile_name, tiles))}{closing} is not a meld: "
                                   f"expected {_MELD_EXPECTED[opening]}")
        try:
            return Meld(kind, min(tiles), claimed, feeder)
        except InvalidHandError as problem:
            raise _error(open_pos, str(problem)) from None


_MELD_EXPECTED = {
    "[": "a chow of three consecutive tiles, a pung of three or a kong of four",
    "{": "an added kong of four identical tiles",
    "(": "a concealed kong of four identical tiles",
}


def _numbered_item(position: int, number: int, marker: int | str) -> _Item:
    if marker == "f":
        if not 1 <= number <= 8:
            raise _error(position, f"{number}f is not a flower (1f..8f)")
        return _Flower(number)
    length = 7 if marker == 27 else 9
    if not 1 <= number <= length:
        raise _error(position, f"{number}{_SUIT_LETTER[marker]} is not a tile (numbers run 1..{length})")
    return _Tile(marker + number - 1)


def _classify_meld(opening: str, tiles: list[int]) -> MeldKind | None:
    """The meld kind that the bracket and the tiles describe, or None when they describe none."""
    identical = len(set(tiles)) == 1
    if opening == "[" and len(tiles) == 3:
        if identical:
            return MeldKind.PON
        low, middle, high = sorted(tiles)
        is_chow = high < 27 and middle == low + 1 and high == low + 2 and low // 9 == high // 9
        return MeldKind.CHI if is_chow else None
    if len(tiles) == 4 and identical:
        return {"[": MeldKind.KONG, "{": MeldKind.ADDED_KONG, "(": MeldKind.CONCEALED_KONG}[opening]
    return None


def parse_hand(text: str) -> Hand:
    """Parses hand text into a validated ``Hand`` (see the module documentation for the grammar).

    >>> parse_hand("[123m:2m<3] 1122z").melds[0].claimed
    1
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"parse_hand takes a str, not {type(text).__name__}")
    parser = _Parser(text)
    counts = [0] * NUM_KINDS
    melds: list[Meld] = []
    wilds = 0
    flowers: list[int] = []
    while True:
        parser.skip_space()
        c = parser.peek()
        if c is None:
            break
        if c in _CLOSING:
            melds.append(parser.meld())
            continue
        if c in _CLOSING.values():
            raise _error(parser.pos, f"unmatched '{c}'")
        start, items = parser.items_group()
        for item in items:
            if isinstance(item, _Tile):
                if counts[item.kind] >= 4:
                    raise _error(start, f"tile {tile_name(item.kind)} appears more than 4 times")
                counts[item.kind] += 1
            elif isinstance(item, _Flower):
                if item.number in flowers:
                    raise _error(start, f"flower {item.number}f appears twice")
                flowers.append(item.number)
            else:
                if wilds >= MAX_WILDS:
                    raise _error(start, f"more than {MAX_WILDS} wild tiles")
                wilds += 1
    return Hand(tuple(counts), tuple(melds), wilds, tuple(flowers))


def parse_tiles(text: str) -> list[int]:
    """The playing tiles of ``text``, in order (no melds, flowers or wilds; no limit on copies).

    >>> parse_tiles("5z 白 二万")
    [31, 31, 1]
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"parse_tiles takes a str, not {type(text).__name__}")
    parser = _Parser(text)
    kinds = []
    while True:
        parser.skip_space()
        if parser.peek() is None:
            return kinds
        start, items = parser.items_group()
        for item in items:
            if isinstance(item, _Wild):
                raise _error(start, "a wild tile is not a playing tile here")
            if isinstance(item, _Flower):
                raise _error(start, "a flower is not a playing tile here")
            kinds.append(item.kind)


def parse_tile(text: str) -> int:
    """The kind of exactly one playing tile.

    >>> parse_tile("白"), parse_tile("7z"), parse_tile("🀝")
    (31, 33, 13)
    """
    kinds = parse_tiles(text)
    if len(kinds) != 1:
        raise InvalidTileError(f"{_quoted(text)} is not one tile: it names {len(kinds)} tiles")
    return kinds[0]


# The public name (``mjcore.tile_index``): the base layer's one parser serves both backends.
tile_index = parse_tile


# The kinds of the tile names ``score`` reads on every call, parsed once (a refused name raises and is not kept).
_cached_tile = functools.lru_cache(maxsize=512)(parse_tile)


def win_tile_index(tile: int | str) -> int:
    """A winning tile as a kind 0..33, given as an index or a tile name (``"3p"``, ``"白"``)."""
    if type(tile) is str:
        return _cached_tile(tile)
    if isinstance(tile, str):
        return parse_tile(tile)
    if isinstance(tile, bool) or not isinstance(tile, int):
        raise ArgumentTypeError(f"the winning tile is a kind 0..33 or a name like '3p', not {type(tile).__name__}")
    if not 0 <= tile < NUM_KINDS:
        raise InvalidTileError(f"tile kind {shown(tile)} is not 0..33")
    return tile
