"""Hand analysis backed by the Rust core: win detection, decomposition, shanten, waits, and their batch forms.

Every function here has a twin of the same name and signature in ``mjcore.reference`` (pure Python).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core, notation
from ..arguments import check_flag
from ..errors import ArgumentTypeError
from ..hand import Forms, FormsLike, Hand, HandLike, Meld, as_hand, forms_bits
from . import ghost_calls
from .ghost_kinds import GhostsLike, ghost_kinds
from .results import Decomposition

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
        raise ArgumentTypeError(f"parse_hand takes a str, not {type(text).__name__}")
    if not text.isascii() and not _encodable(text):
        return notation.parse_hand(text)  # the text holds a lone surrogate: the shared parser names it
    counts, melds, wilds, flowers = _core.parse_hand(text)
    return Hand(
        tuple(counts),
        tuple(Meld(k, t, None if c < 0 else c, f or None) for k, t, c, f in melds),
        wilds,
        tuple(n + 1 for n in range(8) if flowers >> n & 1),
    )


def _encodable(text: str) -> bool:
    """Whether ``text`` can cross into the core (UTF-8): a lone surrogate (``"\\ud800"``) cannot."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _flags(seven_pairs_quads: object, wild_fifth_copy: object) -> None:
    check_flag("seven_pairs_quads", seven_pairs_quads)
    check_flag("wild_fifth_copy", wild_fifth_copy)


def _native_parts(hand: HandLike) -> tuple[bytes, tuple, int]:
    """(counts, melds, wilds) of a hand spelling the core does not read itself (a ``Hand``, hand text, a
    bytearray, another array or sequence): the core calls this, so each spelling keeps the coercion and the
    errors of ``as_hand``."""
    h = as_hand(hand, parse_hand)
    return bytes(h.concealed), tuple(m.as_tuple() for m in h.melds), h.wilds


def _parts(hand: HandLike) -> tuple[Any, tuple, int]:
    """(counts, melds, wilds) for the native call. Plain count lists and bytes skip building a ``Hand``: the
    core validates them itself."""
    kind = type(hand)
    if kind is list or kind is bytes or kind is tuple:
        return hand, (), 0
    if kind is np.ndarray and hand.dtype == np.uint8 and hand.shape == (34,):
        return hand.tobytes(), (), 0
    return _native_parts(hand)


def _bits(forms: FormsLike) -> int:
    return _DEFAULT_BITS if forms is _DEFAULT_FORMS else forms_bits(forms)


# The hot single calls are the native functions themselves: every hand spelling and ``forms`` are read in the
# core (rust/bindings/src/hand_arg.rs, forms_arg.rs), which turns to ``_native_parts`` and ``forms_bits`` for
# the rare spellings. Their signatures, with annotations, are in _core.pyi. A call given ``ghosts`` is handed by
# the core to ``ghost_calls.native`` (rust/bindings/src/ghost_calls.rs).
is_win = _core.is_win
shanten = _core.shanten
waits = _core.waits


_FORM_BY_BIT = {int(Forms.STANDARD): "standard", int(Forms.SEVEN_PAIRS): "seven_pairs",
                int(Forms.THIRTEEN_ORPHANS): "thirteen_orphans", int(Forms.KNITTED): "knitted"}


def shanten_by_form(
    hand: HandLike, forms: FormsLike = Forms.ALL, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True,
    ghosts: GhostsLike = None,
) -> dict[str, int | None]:  # fmt: skip
    """Shanten per form, e.g. ``{"standard": 1, "seven_pairs": 3, ...}``; None where the form cannot apply
    (seven pairs with melds, a 16-tile hand for thirteen orphans...). ``ghosts``: see ``ghost_meaning``."""
    _flags(seven_pairs_quads, wild_fifth_copy)
    if ghosts is not None:
        return ghost_calls.native("shanten_by_form", hand, forms, seven_pairs_quads, wild_fifth_copy, ghosts)
    counts, melds, wilds = _parts(hand)
    rows = _core.shanten_by_form(counts, melds, wilds, _bits(forms), seven_pairs_quads, wild_fifth_copy)
    return {_FORM_BY_BIT[bit]: value for bit, value in rows}


def decompose(
    hand: HandLike, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True,
    ghosts: GhostsLike = None,
) -> list[Decomposition]:  # fmt: skip
    """Every distinct decomposition of a complete 3n+2 hand (empty when it is not a win), in canonical order.
    With wild tiles, each decomposition says what every wild tile stands for; ``ghosts`` (a 推倒胡 ruleset or
    the kinds) makes those kinds' concealed tiles wild (``ghost_meaning``)."""
    if seven_pairs_quads is not True or wild_fifth_copy is not True:
        _flags(seven_pairs_quads, wild_fifth_copy)
    if ghosts is not None:
        return ghost_calls.native("decompose", hand, forms, seven_pairs_quads, wild_fifth_copy, ghosts)
    bits = _DEFAULT_BITS if forms is _DEFAULT_FORMS else forms_bits(forms)  # inline: a call costs as much
    kind = type(hand)
    if kind is list or kind is bytes:  # plain counts: the core validates them, no melds
        return _core.decompositions(hand, (), 0, bits, seven_pairs_quads, wild_fifth_copy, ())
    if kind is np.ndarray and hand.dtype == np.uint8 and hand.shape == (34,):  # a batch row, as its bytes
        return _core.decompositions(hand.tobytes(), (), 0, bits, seven_pairs_quads, wild_fifth_copy, ())
    h = as_hand(hand, parse_hand)
    melds = tuple(m.as_tuple() for m in h.melds)
    return _core.decompositions(bytes(h.concealed), melds, h.wilds, bits, seven_pairs_quads, wild_fifth_copy,
                                h.melds)


def _batch_array(arr: Any) -> np.ndarray:
    if not isinstance(arr, np.ndarray):
        raise ArgumentTypeError(f"batch input must be a numpy uint8 array of shape (N, 34), not {type(arr).__name__}")
    return arr


def shanten_batch(
    arr: np.ndarray, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True,
    ghosts: GhostsLike = None,
) -> np.ndarray:  # fmt: skip
    """Shanten of every row of a C-contiguous uint8 array of shape (N, 34) (concealed counts, no melds).
    Validates every row first (a bad row is named by index), then runs on all cores without the GIL.
    ``ghosts`` (a 推倒胡 ruleset or the kinds, ``mjcore.ghost_kinds``) makes those kinds wild: rows are
    written with the ghosts' faces. Returns an int8 array of shape (N,)."""
    _flags(seven_pairs_quads, wild_fifth_copy)
    kinds = ghost_kinds(ghosts)
    if kinds:
        return _core.shanten_batch_ghosts(_batch_array(arr), list(kinds), _bits(forms), seven_pairs_quads,
                                          wild_fifth_copy)  # fmt: skip
    return _core.shanten_batch(_batch_array(arr), _bits(forms), seven_pairs_quads, wild_fifth_copy)


def is_win_batch(
    arr: np.ndarray, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True,
    ghosts: GhostsLike = None,
) -> np.ndarray:  # fmt: skip
    """``is_win`` of every row of a C-contiguous uint8 array of shape (N, 34) of 3n+2-tile hands, the kinds of
    ``ghosts`` wild (as ``shanten_batch``). Returns a bool array of shape (N,)."""
    _flags(seven_pairs_quads, wild_fifth_copy)
    kinds = ghost_kinds(ghosts)
    if kinds:
        return _core.is_win_batch_ghosts(_batch_array(arr), list(kinds), _bits(forms), seven_pairs_quads,
                                         wild_fifth_copy)  # fmt: skip
    return _core.is_win_batch(_batch_array(arr), _bits(forms), seven_pairs_quads, wild_fifth_copy)
