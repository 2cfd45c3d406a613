"""Result types shared by both backends, so that the native core and the reference return equal objects.

``Group`` and ``Decomposition`` are named tuples rather than dataclasses: a decomposition call creates several
of them, and building a tuple is several times cheaper than running a frozen dataclass ``__init__``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..hand import Meld
from ..tiles import tile_name, unicode_tile

__all__ = ["Group", "Decomposition", "Waits", "DiscardChoice", "FORM_NAMES"]

# Names of the specific forms a decomposition can take (``Decomposition.form``).
FORM_NAMES = (
    "standard",  # sets + pair
    "seven_pairs",  # 七对
    "thirteen_orphans",  # 十三幺
    "lesser_honors_knitted",  # 全不靠: 14 distinct tiles from one knitted pattern + honours
    "greater_honors_knitted",  # 七星不靠: all seven honours + seven knitted tiles
    "knitted_straight",  # 组合龙: 147/258/369 in three suits + a set + a pair
)

# Group kinds (``Group.kind``).
GROUP_KINDS = ("chow", "pung", "kong", "pair", "knitted", "single")


class Group(NamedTuple):
    """One part of a decomposition.

    kind:   "chow", "pung", "kong" (a declared kong), "pair", "knitted" (the nine tiles of a knitted
            straight), or "single" (a lone tile of 十三幺 / 全不靠 / 七星不靠).
    tiles:  the kinds the group stands for, sorted.
    wilds:  the kinds that wild tiles stand for inside this group (a sub-multiset of ``tiles``), sorted.
    meld:   the declared meld this group is, or None for a concealed group.
    """

    kind: str
    tiles: tuple[int, ...]
    wilds: tuple[int, ...] = ()
    meld: Meld | None = None

    @property
    def concealed(self) -> bool:
        return self.meld is None or self.meld.is_concealed

    def __str__(self) -> str:
        text = "".join(tile_name(t)[0] for t in self.tiles) + tile_name(self.tiles[0])[1]
        if self.kind == "knitted":
            text = " ".join(tile_name(t) for t in self.tiles)
        if self.wilds:
            text += "(*=" + ",".join(tile_name(t) for t in self.wilds) + ")"
        return f"[{text}]" if self.meld is not None else text


class Decomposition(NamedTuple):
    """One way to read a complete hand. ``groups`` is sorted: declared melds keep their place after the
    concealed groups in canonical order. ``wild_tiles`` lists what every wild tile stands for, sorted."""

    form: str
    groups: tuple[Group, ...]
    wild_tiles: tuple[int, ...] = ()

    @property
    def pair(self) -> Group | None:
        pairs = [g for g in self.groups if g.kind == "pair"]
        return pairs[0] if len(pairs) == 1 else None

    def __str__(self) -> str:
        return f"{self.form}: " + " ".join(str(g) for g in self.groups)


@dataclass(frozen=True, slots=True)  # slots: no per-instance dict to build in the hot single call
class Waits:
    """Answer of ``waits`` for a 3n+1 hand. When ``shanten`` is 0 the tiles are the winning tiles (听牌);
    otherwise they are the useful tiles (进张) that lower the shanten. ``tiles`` pairs each kind with how
    many copies remain unseen (hand, melds and the given visible tiles counted), in kind order."""

    shanten: int
    tiles: tuple[tuple[int, int], ...]

    @property
    def ready(self) -> bool:
        return self.shanten == 0

    @property
    def total(self) -> int:
        """Useful or winning copies left in all."""
        return sum(n for _, n in self.tiles)

    @property
    def kinds(self) -> tuple[int, ...]:
        return tuple(t for t, _ in self.tiles)

    def __str__(self) -> str:
        label = "waits" if self.ready else f"shanten {self.shanten}, useful"
        listed = " ".join(f"{tile_name(t)}{unicode_tile(t)}×{n}" for t, n in self.tiles)
        return f"{label}: {listed} ({self.total} tiles)"


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    """One row of the 何切 table for a 3n+2 hand: discarding ``discard`` leaves ``shanten`` with these useful
    tiles (or winning tiles when ``shanten`` is 0), each with the copies that remain unseen."""

    discard: int
    shanten: int
    tiles: tuple[tuple[int, int], ...]

    @property
    def total(self) -> int:
        return sum(n for _, n in self.tiles)

    @property
    def kinds(self) -> tuple[int, ...]:
        return tuple(t for t, _ in self.tiles)

    def __str__(self) -> str:
        listed = " ".join(f"{tile_name(t)}×{n}" for t, n in self.tiles)
        return f"discard {tile_name(self.discard)}: shanten {self.shanten}, {self.total} tiles: {listed}"
