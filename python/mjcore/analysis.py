"""Hand analysis backed by the Rust core: win detection, decomposition, shanten, waits, and their batch forms.

Every function here has a twin of the same name and signature in ``mjcore.reference`` (pure Python).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _core
from .hand import Forms, FormsLike, Hand, HandLike, Meld, as_hand, forms_bits
from .results import DiscardChoice, Decomposition, Waits

__all__ = [
    "parse_hand",
    "is_win",
    "decompose",
    "shanten",
    "shanten_by_form",
    "waits",
    "shanten_batch",
    "is_win_batch",
]

_DEFAULT_FORMS = Forms.DEFAULT  # looked up once: a class attribute lookup on the enum costs a call's worth
_DEFAULT_BITS = int(_DEFAULT_FORMS)


def parse_hand(text: str) -> Hand:
    """Parses hand text: mpsz (``123m456p789s1122z``), Chinese (``一万二万三万 五筒 东东``), Unicode tiles, wilds
    (``*``), flowers (``1f``) and melds (``[123m]`` chi, ``[555z]`` pon, ``[1111s]`` kong, ``{1111s}`` added
    kong, ``(1111s)`` concealed kong; ``[123m:2m<3]`` names the claimed tile and its feeder)."""
    if not isinstance(text, str):
        raise TypeError(f"parse_hand takes a str, not {type(text).__name__}")
    counts, melds, wilds, flowers = _core.parse_hand(text)
    return Hand(
        tuple(counts),
        tuple(Meld(k, t, None if c < 0 else c, f or None) for k, t, c, f in melds),
        wilds,
        tuple(n + 1 for n in range(8) if flowers >> n & 1),
    )


def _parts(hand: HandLike) -> tuple[Any, tuple, int]:
    """(counts, melds, wilds) for the native call. Plain count lists and bytes skip building a ``Hand``: the
    core validates them itself, and this keeps the single-call path short."""
    kind = type(hand)
    if kind is list or kind is bytes or kind is tuple:
        return hand, (), 0
    if kind is np.ndarray and hand.dtype == np.uint8 and hand.shape == (34,):
        return hand.tobytes(), (), 0
    h = as_hand(hand, parse_hand)
    return bytes(h.concealed), tuple(m.as_tuple() for m in h.melds), h.wilds


def _bits(forms: FormsLike) -> int:
    return _DEFAULT_BITS if forms is _DEFAULT_FORMS else forms_bits(forms)


def is_win(
    hand: HandLike, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True
) -> bool:
    """Whether a 3n+2-tile hand is complete in one of ``forms``."""
    bits = _DEFAULT_BITS if forms is _DEFAULT_FORMS else forms_bits(forms)  # inline: a call costs as much
    if type(hand) is list:  # the hot single call: plain counts go straight to the core, which validates them
        return _core.is_win(hand, (), 0, bits, seven_pairs_quads, wild_fifth_copy)
    return _core.is_win(*_parts(hand), bits, seven_pairs_quads, wild_fifth_copy)


def shanten(
    hand: HandLike, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True
) -> int:
    """The shanten number (replacement number − 1): −1 complete, 0 ready (听牌). A tile of which the hand (melds
    included) holds all four cannot be waited on. The minimum over ``forms``."""
    bits = _DEFAULT_BITS if forms is _DEFAULT_FORMS else forms_bits(forms)  # inline: a call costs as much
    if type(hand) is list:  # the hot single call: plain counts go straight to the core, which validates them
        return _core.shanten(hand, (), 0, bits, seven_pairs_quads, wild_fifth_copy)
    return _core.shanten(*_parts(hand), bits, seven_pairs_quads, wild_fifth_copy)


_FORM_BY_BIT = {int(Forms.STANDARD): "standard", int(Forms.SEVEN_PAIRS): "seven_pairs",
                int(Forms.THIRTEEN_ORPHANS): "thirteen_orphans", int(Forms.KNITTED): "knitted"}


def shanten_by_form(
    hand: HandLike, forms: FormsLike = Forms.ALL, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True
) -> dict[str, int | None]:
    """Shanten per form, e.g. ``{"standard": 1, "seven_pairs": 3, ...}``; None where the form cannot apply
    (seven pairs with melds, a 16-tile hand for thirteen orphans...)."""
    counts, melds, wilds = _parts(hand)
    rows = _core.shanten_by_form(counts, melds, wilds, _bits(forms), seven_pairs_quads, wild_fifth_copy)
    return {_FORM_BY_BIT[bit]: value for bit, value in rows}


def decompose(
    hand: HandLike, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True
) -> list[Decomposition]:
    """Every distinct decomposition of a complete 3n+2 hand (empty when it is not a win), in canonical order.
    With wild tiles, each decomposition says what every wild tile stands for."""
    bits = _DEFAULT_BITS if forms is _DEFAULT_FORMS else forms_bits(forms)  # inline: a call costs as much
    if type(hand) is list or type(hand) is bytes:  # plain counts: the core validates them, no melds
        return _core.decompositions(hand, (), 0, bits, seven_pairs_quads, wild_fifth_copy, ())
    h = as_hand(hand, parse_hand)
    melds = tuple(m.as_tuple() for m in h.melds)
    return _core.decompositions(bytes(h.concealed), melds, h.wilds, bits, seven_pairs_quads, wild_fifth_copy,
                                h.melds)


def waits(
    hand: HandLike,
    forms: FormsLike = Forms.DEFAULT,
    *,
    visible: Any = None,
    seven_pairs_quads: bool = True,
    wild_fifth_copy: bool = True,
) -> Waits | list[DiscardChoice]:
    """For a 3n+1 hand: its shanten and the winning tiles (when ready) or the useful tiles (进张) that lower
    the shanten, each with the copies still unseen. For a 3n+2 hand: the 何切 table, one ``DiscardChoice`` per
    distinct discard, best first (lowest shanten, then most useful copies, then tile order).

    ``visible``: optional 34 counts of tiles seen elsewhere (discards, other players' melds) that are no
    longer available."""
    if type(hand) is list:  # plain counts: the core validates them, so no Hand is built here
        counts, melds, wilds, complete = hand, (), 0, sum(hand) % 3 == 2
    else:
        h = as_hand(hand, parse_hand)
        counts, melds, wilds = bytes(h.concealed), tuple(m.as_tuple() for m in h.melds), h.wilds
        complete = h.is_complete_size
    seen = None if visible is None else bytes(_visible_counts(visible))
    args = (counts, melds, wilds, _bits(forms), seven_pairs_quads, wild_fifth_copy, seen)
    if complete:
        return [DiscardChoice(d, s, tuple(tiles)) for d, s, tiles in _core.discards(*args)]
    s, tiles = _core.waits(*args)
    return Waits(s, tuple(tiles))


def _visible_counts(visible: Any) -> tuple[int, ...]:
    from .hand import coerce_counts

    return coerce_counts(visible)


def _batch_array(arr: Any) -> np.ndarray:
    if not isinstance(arr, np.ndarray):
        raise TypeError(f"batch input must be a numpy uint8 array of shape (N, 34), not {type(arr).__name__}")
    return arr


def shanten_batch(
    arr: np.ndarray, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True
) -> np.ndarray:
    """Shanten of every row of a C-contiguous uint8 array of shape (N, 34) (concealed counts, no melds).
    Validates every row first (a bad row is named by index), then runs on all cores without the GIL.
    Returns an int8 array of shape (N,)."""
    return _core.shanten_batch(_batch_array(arr), _bits(forms), seven_pairs_quads, wild_fifth_copy)


def is_win_batch(
    arr: np.ndarray, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True
) -> np.ndarray:
    """``is_win`` of every row of a C-contiguous uint8 array of shape (N, 34) of 3n+2-tile hands. Returns a bool
    array of shape (N,)."""
    return _core.is_win_batch(_batch_array(arr), _bits(forms), seven_pairs_quads, wild_fifth_copy)
