"""Ghost kinds (鬼牌) for the analysis batch forms: ``shanten_batch(rows, ghosts=…)`` and
``is_win_batch(rows, ghosts=…)`` read hands written with the ghosts' faces (``5z`` under 白板做鬼), those kinds
wild. ``ghosts`` is a 推倒胡 ruleset (or its name) with fixed ghosts — 翻鬼 needs its indicator: pass the
kinds — or the kinds themselves, as tile text (``"5z"``), kind numbers or tile names. A ghost may stand for
any tile, its own face and a fifth copy included (as ``wild_fifth_copy`` says, OC-45)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, Union

import numpy as np

from ..errors import ArgumentTypeError, InvalidArgumentError, NotationError, shown
from ..hand import Hand
from ..notation import parse_tiles

__all__ = ["GhostsLike", "ghost_kinds", "ghost_hand"]

GhostsLike = Union[None, str, Sequence[Union[int, str]], Any]  # Any: a TdhRuleset


_WHAT = "ghosts takes a 推倒胡 ruleset (or its name), tile text such as '5z', or tile kinds"


def ghost_kinds(ghosts: GhostsLike) -> tuple[int, ...]:
    """The wild kinds ``ghosts`` names, ascending and distinct (empty: none). Anything but a 推倒胡 ruleset
    (or its name), tile text and a sequence of kinds or tile names is refused by name: ``ghosts=31`` (give
    ``[31]``), another family's ruleset, empty text."""
    # Deferred: ``mjcore.rules``'s package init imports the native scorers, which import ``analysis.calls``.
    from ..rules.families import RULESET_CLASSES
    from ..rules.registry import load_ruleset

    if ghosts is None:
        return ()
    if isinstance(ghosts, str):
        if ghosts in _shipped():
            ghosts = load_ruleset(ghosts)  # a shipped ruleset's name
        elif not ghosts.strip():
            raise InvalidArgumentError(f"ghosts={ghosts!r} names no tile: {_WHAT} (None: no ghosts)")
        else:
            return tuple(sorted(set(_tiles(ghosts))))
    if isinstance(ghosts, RULESET_CLASSES):
        if not hasattr(ghosts, "wild_kinds"):  # a ruleset with ghosts says which kinds are wild
            raise InvalidArgumentError(f"ghosts: {ghosts.name!r} is a {ghosts.family} ruleset, which has no ghosts: "
                                       f"{_WHAT}")  # fmt: skip
        if ghosts.needs_indicator:
            raise InvalidArgumentError("翻鬼 ghosts depend on the indicator: pass the ghost kinds themselves")
        return ghosts.wild_kinds()
    if isinstance(ghosts, (bytes, bytearray, Mapping)) or not isinstance(ghosts, (Sequence, np.ndarray)) \
            or (isinstance(ghosts, np.ndarray) and ghosts.ndim != 1):  # fmt: skip
        raise ArgumentTypeError(f"{_WHAT}, not {type(ghosts).__name__} {shown(ghosts, 60)}"
                                + (f" (a single kind is [{ghosts}])" if isinstance(ghosts, int) and
                                   not isinstance(ghosts, bool) and 0 <= ghosts < 34 else ""))  # fmt: skip
    kinds = []
    for kind in ghosts:
        if isinstance(kind, str):
            kinds += list(_tiles(kind))
        elif isinstance(kind, (int, np.integer)) and not isinstance(kind, (bool, np.bool_)) and 0 <= kind < 34:
            kinds.append(int(kind))
        else:
            raise InvalidArgumentError(f"ghosts: {shown(kind, 60)} is not a tile kind 0..33 or a tile name")
    return tuple(sorted(set(kinds)))


@functools.lru_cache(maxsize=1)
def _shipped() -> frozenset[str]:
    from ..rules.registry import rulesets

    return frozenset(rulesets())


def _tiles(text: str) -> list[int]:
    """The tiles of ghost text, a notation error prefixed with ``ghosts``."""
    try:
        return parse_tiles(text)
    except NotationError as error:
        raise NotationError(f"ghosts: {error}", error.position) from None


def ghost_hand(row: Sequence[int], kinds: Sequence[int]) -> Hand:
    """The hand of a count row with the ghost kinds taken out as wild tiles."""
    counts = list(row)
    wilds = sum(counts[k] for k in kinds)
    for k in kinds:
        counts[k] = 0
    return Hand(tuple(counts), (), wilds)
