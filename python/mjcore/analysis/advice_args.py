"""The discard advisor's arguments, read and checked alike by the native advisor and its twin (docs/advisor.md):
``seen`` as 34 counts, the copies still unseen, ``draws`` and ``wall``."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidArgumentError, InvalidHandError
from ..hand import Hand, coerce_counts
from ..notation import parse_tiles
from ..tiles import NUM_KINDS, tile_name

__all__ = ["DEFAULT_DRAWS", "COPIES", "seen_counts", "unseen_counts", "check_draws_and_wall", "refuse_unsupported"]

DEFAULT_DRAWS = 18  # the riichi calculators' horizon (mahjong-cpp's t_max), so the benchmarks compare
COPIES = 4


def seen_counts(seen: Any) -> tuple[int, ...]:
    """``seen`` as 34 counts: None (nothing seen), 34 counts, or tile text (``"5z5z1m"``, ``"白白 一万"``)."""
    if seen is None:
        return (0,) * NUM_KINDS
    if isinstance(seen, str):
        counts = [0] * NUM_KINDS
        for kind in parse_tiles(seen):
            counts[kind] += 1
        if max(counts) > COPIES:
            kind = counts.index(max(counts))
            raise InvalidArgumentError(f"seen holds {counts[kind]} copies of {tile_name(kind)}: at most 4")
        return tuple(counts)
    return coerce_counts(seen)


def unseen_counts(hand: Hand, seen: tuple[int, ...]) -> tuple[int, ...]:
    """Copies of each kind neither in the hand, its melds nor ``seen``; more than four in all is an error."""
    unseen = []
    for kind, (own, elsewhere) in enumerate(zip(hand.all_counts(), seen)):
        if own + elsewhere > COPIES:
            raise InvalidHandError(
                f"tile {tile_name(kind)}: the hand and its melds hold {own} and {elsewhere} more are visible, "
                f"{own + elsewhere} in all: at most 4"
            )
        unseen.append(COPIES - own - elsewhere)
    return tuple(unseen)


def check_draws_and_wall(draws: Any, wall: Any, unseen_total: int) -> int:
    """Validates ``draws`` and ``wall`` and returns the wall used (default: every unseen tile)."""
    for label, value in (("draws", draws), ("wall", wall)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError(f"{label} must be an int, not {type(value).__name__}")
    if draws is None or draws < 0:
        raise InvalidArgumentError(f"draws must be 0 or more, not {draws}")
    if wall is None:
        wall = unseen_total
    if wall < draws or wall < 1:
        raise InvalidArgumentError(f"wall {wall} must be at least 1 and at least draws ({draws}): every draw needs "
                                   "a tile to come from")
    return wall


def refuse_unsupported(ruleset: Any, hand_changes: Any, shanten_down: Any, hand: Hand) -> None:
    """What this version of the advisor does not do yet, refused by name in both backends."""
    if ruleset is not None:
        raise NotImplementedError("advise: only ruleset=None (every complete hand worth 1) is implemented so far")
    if hand_changes or shanten_down:
        raise NotImplementedError("advise: hand_changes and shanten_down are not implemented yet (plain mode only)")
    if hand.wilds:
        raise InvalidArgumentError("advise: wild tiles (ghosts) are not supported yet")
