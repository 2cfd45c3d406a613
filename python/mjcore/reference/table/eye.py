"""眼牌 (Taiwan B.3, T20a, OC-T5), the twin of the Rust ``table::deal::eye``: a seat whose hand would be ready
after a discard may declare 眼牌 with that discard (``Action("eye", kind)``). From then on its hand is locked:
each turn it draws and either wins by self-draw or discards the drawn tile (or, under OC-T5 "wait_preserving",
makes a kong that keeps its waits: ``winners_stay.wait_keeping_kongs``, as a locked 血流 winner); it claims nothing (the deal asks it
no claim). The family reads the locked seats from the deal's context (``DealContext.locked``) to charge their
眼牌费 when another seat wins. Played where the deal's hooks say ``eye_declarations``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from ...hand import Forms, Hand
from ...table.types import Action
from ...tiles import NUM_KINDS
from ..analysis.decompose import has_decomposition
from ..analysis.forms import COPIES, FormOptions

__all__ = ["eye_declarations", "locked_turn"]

_STANDARD = FormOptions(Forms.STANDARD)


def _near_held(waiting: Sequence[int], kind: int) -> bool:
    """Whether ``kind`` lies within two places of a held tile of its suit (itself for an honour): a tile far from
    every held one would stand alone, in no set and no pair."""
    if kind >= 27:
        return waiting[kind] > 0
    first = kind - kind % 9
    return any(waiting[k] for k in range(max(first, kind - 2), min(first + 9, kind + 3)))


def _ready(waiting: Sequence[int]) -> bool:
    """Whether one more tile (of a kind not held four times) makes the concealed ``waiting`` sets and a pair."""
    for kind in range(NUM_KINDS):
        if waiting[kind] < COPIES and _near_held(waiting, kind):
            complete = list(waiting)
            complete[kind] += 1
            if has_decomposition(Hand(tuple(complete)), _STANDARD):
                return True
    return False


def eye_declarations(concealed: Sequence[int], discardable: Sequence[int]) -> list[Action]:
    """The 眼牌 declarations of a seat on turn: one per ``discardable`` kind whose discard leaves its hand ready,
    in kind order (they sort after every other action of the turn)."""
    declarations = []
    for kind in sorted(discardable):
        if concealed[kind]:
            left = list(concealed)
            left[kind] -= 1
            if _ready(left):
                declarations.append(Action("eye", kind))
    return declarations


def locked_turn(drawn: Optional[int], can_win: bool) -> list[Action]:
    """The turn of a locked seat: the drawn tile goes, unless the draw wins (a locked seat claims nothing, so
    its turn always follows a draw)."""
    return ([Action("discard", drawn)] if drawn is not None else []) + ([Action("win")] if can_win else [])
