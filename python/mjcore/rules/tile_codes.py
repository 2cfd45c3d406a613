"""Tile codes of the families that take flowers as winning tiles or ghosts (推倒胡's flower ghosts, the folk
tables): a kind 0..33, or a flower ``'1f'``..``'8f'`` as ``FLOWER_BASE + n - 1`` — shared by those families'
situations and scorers in both backends."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from ..errors import ArgumentTypeError, InvalidTileError
from ..notation import win_tile_index

__all__ = ["FLOWER_BASE", "tile_code", "tile_codes"]

# Tile codes at and above this are flowers (FLOWER_BASE + n - 1 for flower nf); below it the 34 kinds.
FLOWER_BASE = 34

_FLOWER = re.compile(r"([1-8])f")
_GROUP = re.compile(r"\s*([0-9]+)([mpszf])")


def tile_code(tile: int | str, what: str) -> int:
    """A tile as the family's code: a kind 0..33 (an index or a name such as ``'3p'``, ``'白'``), or a flower
    ``'1f'``..``'8f'`` as ``FLOWER_BASE + n - 1``."""
    try:
        return _named_code(tile) if isinstance(tile, str) else win_tile_index(tile)
    except InvalidTileError as error:
        raise InvalidTileError(f"{what}: {error}") from None


@functools.lru_cache(maxsize=512)
def _named_code(name: str) -> int:
    """A tile name's code, parsed once per name (parsing costs more than the whole native score)."""
    flower = _FLOWER.fullmatch(name.strip())
    return FLOWER_BASE + int(flower.group(1)) - 1 if flower else win_tile_index(name)


def tile_codes(tiles: Iterable[int | str] | str, what: str) -> tuple[int, ...]:
    """Several tiles: a list of tiles, or mpsz text (``"7p2z"``, ``"6m 8s 1z"``, flowers ``"3f"``)."""
    if isinstance(tiles, str):
        text, out, pos = tiles.strip(), [], 0
        while pos < len(text):
            group = _GROUP.match(text, pos)
            if group is None:
                raise InvalidTileError(f"{what}: cannot read {text[pos:]!r} as tiles (mpsz, e.g. '7p2z')")
            out += [tile_code(digit + group.group(2), what) for digit in group.group(1)]
            pos = group.end()
        return tuple(out)
    if not isinstance(tiles, Iterable):
        raise ArgumentTypeError(f"{what} must be a list of tiles or mpsz text, not {type(tiles).__name__}")
    return tuple(tile_code(tile, what) for tile in tiles)
