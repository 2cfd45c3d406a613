"""Waits (听牌), useful tiles (进张) and the discard table (何切).

For a 3n+1 hand: its shanten and the kinds whose draw lowers it — the winning tiles when the hand is ready —
each with the copies still unseen: 4 minus the copies in the hand, in its melds and among the ``visible`` tiles.
A kind the hand already holds four of (melds counted) can never be drawn, so it is never listed; a kind whose
copies are all visible elsewhere is still listed, with 0 left.

For a 3n+2 hand: one ``DiscardChoice`` per kind of real concealed tile (a wild is never worth discarding and is
not listed): the shanten after the discard and the useful tiles then, sorted best first (lowest shanten, most
useful copies left, then tile order). The copies left are counted against the whole hand before the discard:
the discarded tile lies in the discard pool, seen.

>>> print(waits("1112345678999m"))  # 九莲宝灯: nine waits
waits: 1m🀇×1 2m🀈×3 3m🀉×3 4m🀊×3 5m🀋×3 6m🀌×3 7m🀍×3 8m🀎×3 9m🀏×1 (23 tiles)
>>> print(waits("19m19p19s1234567z").tiles[-1])  # 十三幺: thirteen waits, three of each left
(33, 3)
>>> print(waits("123m456p789s1122z3z")[0])
discard 3z: shanten 0, 4 tiles: 1z×2 2z×2
"""

from __future__ import annotations

from typing import Any

from ...errors import InvalidHandError
from ...hand import Forms, FormsLike, Hand, HandLike, as_hand, coerce_counts
from ...analysis.ghost_kinds import GhostsLike
from ...analysis.results import DiscardChoice, Waits
from ...tiles import NUM_KINDS, tile_name
from .forms import COPIES, FormOptions
from ...notation import parse_hand
from .ghosts import call
from .shanten import best_shanten

__all__ = ["waits"]


def _unseen(hand: Hand, visible: Any) -> tuple[int, ...]:
    """Copies of each kind not in the hand, its melds or the visible tiles; more than four seen is an error."""
    seen = (0,) * NUM_KINDS if visible is None else coerce_counts(visible)
    unseen = []
    for kind, (own, elsewhere) in enumerate(zip(hand.all_counts(), seen)):
        if own + elsewhere > COPIES:
            raise InvalidHandError(
                f"tile {tile_name(kind)}: the hand and its melds hold {own} and {elsewhere} more are visible, "
                f"{own + elsewhere} in all: at most 4"
            )
        unseen.append(COPIES - own - elsewhere)
    return tuple(unseen)


def _useful(hand: Hand, options: FormOptions, unseen: tuple[int, ...]) -> Waits:
    """The shanten of a 3n+1 hand and the kinds whose draw lowers it, with their unseen copies."""
    current = best_shanten(hand, options)
    held = hand.all_counts()
    tiles = tuple(
        (kind, unseen[kind])
        for kind in range(NUM_KINDS)
        if held[kind] < COPIES and best_shanten(hand.with_tile(kind), options) < current
    )
    return Waits(current, tiles)


def _discard_table(hand: Hand, options: FormOptions, unseen: tuple[int, ...]) -> list[DiscardChoice]:
    """The 何切 table of a 3n+2 hand: each real kind discarded in turn, best row first."""
    choices = []
    for kind in range(NUM_KINDS):
        if hand.concealed[kind]:
            after = _useful(hand.without_tile(kind), options, unseen)
            choices.append(DiscardChoice(kind, after.shanten, after.tiles))
    return sorted(choices, key=lambda c: (c.shanten, -c.total, c.discard))


def waits(
    hand: HandLike,
    forms: FormsLike = Forms.DEFAULT,
    *,
    visible: Any = None,
    seven_pairs_quads: bool = True,
    wild_fifth_copy: bool = True,
    ghosts: GhostsLike = None,
) -> Waits | list[DiscardChoice]:
    """For a 3n+1 hand: its shanten and the winning tiles (when ready) or the useful tiles (进张) that lower
    the shanten, each with the copies still unseen. For a 3n+2 hand: the 何切 table, one ``DiscardChoice`` per
    distinct discard, best first (lowest shanten, then most useful copies, then tile order).

    ``visible``: optional 34 counts of tiles seen elsewhere (discards, other players' melds) that are no
    longer available. ``ghosts``: see ``mjcore.analysis.ghost_meaning`` (a drawn ghost always lowers the shanten)."""
    if ghosts is not None:
        return call("waits", hand, forms, visible, seven_pairs_quads, wild_fifth_copy, ghosts)
    options = FormOptions.of(forms, seven_pairs_quads, wild_fifth_copy)
    checked = as_hand(hand, parse_hand)
    unseen = _unseen(checked, visible)
    if checked.is_complete_size:
        return _discard_table(checked, options, unseen)
    return _useful(checked, options, unseen)
