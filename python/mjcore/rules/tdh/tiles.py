"""推倒胡 tiles: which kinds are in the set, which are ghosts (鬼牌) under each mode, and where a horse points.
The same rules as ``rust/engine/src/rules/tdh/tiles.rs``, in the base layer: the twin's scorer and table read them,
and so does ``analysis.ghost_kinds`` for a ruleset's fixed ghosts."""

from __future__ import annotations

from ...errors import InvalidHandError
from ...tiles import tile_name
from .names import FLOWER_BASE
from .ruleset import TdhRuleset

__all__ = ["ghost_kinds", "horse_seat", "in_set", "next_kind"]

WINDS, DRAGONS = (27, 28, 29, 30), (33, 32, 31)  # E S W N; 中 发 白 (OC-27: 中→发→白→中)
SEVEN_CYCLE = (27, 28, 29, 30, 33, 32, 31)  # E1's single honour cycle


def next_kind(kind: int, cycle: str) -> int:
    """The kind after ``kind`` (翻鬼, OC-27): n→n+1 and 9→1 in a suit; winds and dragons each in their own
    cycle, or one seven-tile cycle."""
    if kind < 27:
        return kind - 8 if kind % 9 == 8 else kind + 1
    for ring in ((SEVEN_CYCLE,) if cycle == "seven" else (WINDS, DRAGONS)):
        if kind in ring:
            return ring[(ring.index(kind) + 1) % len(ring)]
    raise AssertionError(kind)


def ghost_kinds(rules: TdhRuleset, indicator: int | None) -> tuple[int, ...]:
    """The tile kinds that are wild: none, 白, 中, the one or two kinds after the 翻鬼 indicator. Flower ghosts
    are no kind: the hand holds them as wilds."""
    mode = rules.ghost_mode
    if mode == "white":
        return (31,)
    if mode == "red":
        return (33,)
    if mode in ("flip", "flip_two"):
        assert indicator is not None  # the shared situation checks it is given
        if indicator >= FLOWER_BASE:
            raise InvalidHandError("ghost_indicator: a flower cannot be flipped as the 翻鬼 indicator")
        first = next_kind(indicator, rules["flip_honour_cycle"])
        return (first,) if mode == "flip" else (first, next_kind(first, rules["flip_honour_cycle"]))
    return ()


def in_set(code: int, rules: TdhRuleset) -> bool:
    """Whether the tile (a kind or a flower code) exists in the ruleset's set."""
    if code >= FLOWER_BASE:
        return code - FLOWER_BASE < rules.flowers
    if rules["tiles"] == "no_characters":
        return code >= 9
    if rules["tiles"] == "no_honours":
        return code < 27
    return True


def check_in_set(code: int, rules: TdhRuleset, what: str) -> None:
    if not in_set(code, rules):
        name = f"{code - FLOWER_BASE + 1}f" if code >= FLOWER_BASE else tile_name(code)
        raise InvalidHandError(f"{what}: tile {name} is not in this ruleset's set (tiles = {rules['tiles']!r}, "
                               f"ghosts = {rules.ghost_mode!r})")  # fmt: skip


# Offset from the dealer a horse of each suited number points at: 1 5 9 → dealer, 2 6 → 下家, 3 7 → 对家, 4 8 → 上家.
HORSE_NUMBER = (0, 1, 2, 3, 0, 1, 2, 3, 0)
HORSE_HONOUR = {"e1": (0, 1, 2, 3, 2, 1, 0), "e2": (0, 1, 2, 3, 3, 2, 1)}  # E S W N 白 发 中 (OC-32)


def horse_seat(code: int, dealer: int, rules: TdhRuleset) -> int:
    """The seat a horse tile points at, counted from the dealer (a ghost's face counts as its face, OC-47;
    flower n points like the number n, OC-TDH-2)."""
    if code >= FLOWER_BASE:
        offset = (code - FLOWER_BASE) % 4
    elif code >= 27:
        offset = HORSE_HONOUR[rules["horse_dragons"]][code - 27]
    else:
        offset = HORSE_NUMBER[code % 9]
    return (dealer + offset) % 4


def horse_face(code: int) -> int:
    """What one horse is worth under 一马全中: its number, 10 for an honour or a flower (OC-TDH-4)."""
    return code % 9 + 1 if code < 27 else 10
