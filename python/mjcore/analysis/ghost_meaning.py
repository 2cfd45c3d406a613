"""The single analysis calls with ghosts (鬼牌): ``is_win``, ``shanten``, ``shanten_by_form``, ``waits`` and
``decompose`` given ``ghosts=`` read a hand written with the ghosts' faces as the table sees it. Both backends
answer through this module (pure Python, no backend of its own), each passing its own ghost-free calls as a
``Backend`` — the native core through ``ghost_calls.native``, the twin through ``reference/analysis/ghosts.py`` —
so they share one meaning:

- The concealed tiles of a ghost kind are wild tiles (``Hand.wilds``, beside any ``*`` already there); a
  ghost may stand for any tile, its own face and — as ``wild_fifth_copy`` says (OC-45) — a fifth copy.
  Declared melds keep their faces (a pung of ghosts is a pung of that face).
- ``is_win``, ``shanten``, ``shanten_by_form``: the ghost-free answer for that hand.
- ``decompose``: the ghost-free decompositions of that hand; ``Group.wilds`` and ``Decomposition.wild_tiles``
  say what each ghost stands for (ghosts are interchangeable, so which ghost is which is not told; a ghost
  standing for its own face is listed as that face).
- ``waits``: a drawn tile of a ghost kind is a ghost, so it lowers the shanten of every hand not complete:
  every ghost kind the hand does not hold four of (faces in the hand and its melds) is listed among the
  winning or useful tiles, with its unseen copies (4 − faces held − visible). Other kinds are listed as drawn
  naturals. A 3n+2 hand's 何切 table has a row per natural kind; a ghost, like a wild, is never worth
  discarding and has none.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ..errors import InvalidHandError
from ..hand import Hand, HandLike, as_hand, coerce_counts
from ..tiles import NUM_KINDS, tile_name
from .ghost_kinds import GhostsLike, ghost_kinds
from .results import DiscardChoice, Waits

__all__ = ["Backend", "ghost_view", "is_win", "shanten", "shanten_by_form", "waits", "decompose"]

COPIES = 4
MAX_WILDS = 8  # what a Hand holds (and the engine's excess budget)


class Backend(NamedTuple):
    """One backend's ghost-free single calls and its hand parser."""

    parse_hand: Callable[[str], Hand]
    is_win: Callable[..., bool]
    shanten: Callable[..., int]
    shanten_by_form: Callable[..., dict]
    waits: Callable[..., Any]
    decompose: Callable[..., list]


def ghost_view(hand: HandLike, kinds: tuple[int, ...], parse: Callable[[str], Hand]) -> Hand:
    """The hand with its concealed ghosts taken out as wild tiles (a bad hand or too many ghosts refused)."""
    h = as_hand(hand, parse)
    concealed = list(h.concealed)
    wilds = h.wilds
    in_melds = h.all_counts()
    for kind in kinds:
        if in_melds[kind] > COPIES:
            raise InvalidHandError(
                f"tile {tile_name(kind)}: the hand and its melds hold {in_melds[kind]}: at most 4"
            )
        wilds += concealed[kind]
        concealed[kind] = 0
    if wilds > MAX_WILDS:
        raise InvalidHandError(f"{wilds} ghosts and wild tiles in one hand: at most {MAX_WILDS}")
    return Hand(tuple(concealed), h.melds, wilds, h.flowers)


def is_win(backend: Backend, hand: HandLike, forms: Any, spq: bool, wfc: bool, ghosts: GhostsLike) -> bool:
    view = ghost_view(hand, ghost_kinds(ghosts), backend.parse_hand)
    return backend.is_win(view, forms, seven_pairs_quads=spq, wild_fifth_copy=wfc)


def shanten(backend: Backend, hand: HandLike, forms: Any, spq: bool, wfc: bool, ghosts: GhostsLike) -> int:
    view = ghost_view(hand, ghost_kinds(ghosts), backend.parse_hand)
    return backend.shanten(view, forms, seven_pairs_quads=spq, wild_fifth_copy=wfc)


def shanten_by_form(backend: Backend, hand: HandLike, forms: Any, spq: bool, wfc: bool, ghosts: GhostsLike) -> dict:
    view = ghost_view(hand, ghost_kinds(ghosts), backend.parse_hand)
    return backend.shanten_by_form(view, forms, seven_pairs_quads=spq, wild_fifth_copy=wfc)


def decompose(backend: Backend, hand: HandLike, forms: Any, spq: bool, wfc: bool, ghosts: GhostsLike) -> list:
    view = ghost_view(hand, ghost_kinds(ghosts), backend.parse_hand)
    return backend.decompose(view, forms, seven_pairs_quads=spq, wild_fifth_copy=wfc)


def waits(
    backend: Backend, hand: HandLike, forms: Any, visible: Any, spq: bool, wfc: bool, ghosts: GhostsLike
) -> Waits | list[DiscardChoice]:
    kinds = ghost_kinds(ghosts)
    parsed = as_hand(hand, backend.parse_hand)
    view = ghost_view(parsed, kinds, backend.parse_hand)
    answer = backend.waits(view, forms, visible=visible, seven_pairs_quads=spq, wild_fifth_copy=wfc)
    if not kinds:
        return answer
    held = parsed.all_counts()
    seen = (0,) * NUM_KINDS if visible is None else coerce_counts(visible)
    # The backend has checked held + seen <= 4 for the naturals; the ghosts' faces are checked here.
    for kind in kinds:
        if held[kind] + seen[kind] > COPIES:
            raise InvalidHandError(
                f"tile {tile_name(kind)}: the hand and its melds hold {held[kind]} and {seen[kind]} more are "
                f"visible, {held[kind] + seen[kind]} in all: at most 4"
            )
    drawn = tuple((kind, COPIES - held[kind] - seen[kind]) for kind in kinds if held[kind] < COPIES)

    def with_ghosts(tiles: tuple) -> tuple:
        # A 3n+1 hand is never complete, and one more wild always brings it a tile closer.
        return tuple(sorted(tuple(t for t in tiles if t[0] not in kinds) + drawn))

    if isinstance(answer, Waits):
        return Waits(answer.shanten, with_ghosts(answer.tiles))
    rows = [DiscardChoice(c.discard, c.shanten, with_ghosts(c.tiles)) for c in answer]
    return sorted(rows, key=lambda c: (c.shanten, -c.total, c.discard))
