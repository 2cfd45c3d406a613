"""Tile kinds and their names (reading a tile's text is ``notation.tile_index``).

Kinds are integers 0..33: 0-8 = 1-9m (万), 9-17 = 1-9p (筒), 18-26 = 1-9s (条/索), 27-30 = East South West
North (1z-4z), 31 = White 白 (5z), 32 = Green 发 (6z), 33 = Red 中 (7z). Flowers are numbered 1..8 (1f-8f:
春夏秋冬梅兰菊竹) and never appear in counts.
"""

from __future__ import annotations

from .errors import ArgumentTypeError, InvalidTileError, shown

__all__ = [
    "NUM_KINDS",
    "SUITS",
    "TERMINALS_AND_HONOURS",
    "tile_name",
    "unicode_tile",
    "chinese_name",
    "is_honor",
    "is_terminal",
    "suit_of",
    "number_of",
]

NUM_KINDS = 34
SUITS = "mpsz"
TERMINALS_AND_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

_HONOUR_CHINESE = "东南西北白发中"
_SUIT_CHINESE = "万筒条"
_NUMERALS = "一二三四五六七八九"
FLOWER_CHINESE = "春夏秋冬梅兰菊竹"

# Unicode code points in kind order (man, pin, sou, then E S W N 白 发 中).
_UNICODE = (
    [chr(0x1F007 + i) for i in range(9)]
    + [chr(0x1F019 + i) for i in range(9)]
    + [chr(0x1F010 + i) for i in range(9)]
    + [chr(0x1F000 + i) for i in range(4)]
    + [chr(0x1F006), chr(0x1F005), chr(0x1F004)]
)
WILD_UNICODE = chr(0x1F02A)


def _check(index: int) -> int:
    if isinstance(index, bool) or not isinstance(index, int):
        raise ArgumentTypeError(f"a tile kind is an int 0..33, not {type(index).__name__}")
    if not 0 <= index < NUM_KINDS:
        raise InvalidTileError(f"tile kind {shown(index)} does not exist: kinds are 0..33")
    return index


def suit_of(index: int) -> str:
    """The mpsz suit letter of a kind."""
    return SUITS[_check(index) // 9]


def number_of(index: int) -> int:
    """The 1-based number within the suit (honours 1..7)."""
    return _check(index) % 9 + 1


def is_honor(index: int) -> bool:
    return _check(index) >= 27


def is_terminal(index: int) -> bool:
    """A suited 1 or 9."""
    return not is_honor(index) and number_of(index) in (1, 9)


def tile_name(index: int) -> str:
    """mpsz name, e.g. ``tile_name(31) == '5z'``."""
    return f"{number_of(index)}{suit_of(index)}"


def unicode_tile(index: int) -> str:
    return _UNICODE[_check(index)]


def chinese_name(index: int) -> str:
    """Chinese name: ``一万``, ``五筒``, ``九条``, ``东`` ... ``中``."""
    _check(index)
    if index >= 27:
        return _HONOUR_CHINESE[index - 27]
    return _NUMERALS[index % 9] + _SUIT_CHINESE[index // 9]
