"""Ghost kinds (鬼牌) for the analysis batch forms: ``shanten_batch(rows, ghosts=…)`` and
``is_win_batch(rows, ghosts=…)`` read hands written with the ghosts' faces (``5z`` under 白板做鬼), those kinds
wild. ``ghosts`` is a 推倒胡 ruleset (or its name) with fixed ghosts — 翻鬼 needs its indicator: pass the
kinds — or the kinds themselves, as tile text (``"5z"``), kind numbers or tile names. A ghost may stand for
any tile, its own face and a fifth copy included (as ``wild_fifth_copy`` says, OC-45)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Union

import numpy as np

from ..errors import InvalidArgumentError
from ..hand import Hand
from ..notation import parse_tiles

__all__ = ["GhostsLike", "ghost_kinds", "ghost_hand"]

GhostsLike = Union[None, str, Sequence[Union[int, str]], Any]  # Any: a TdhRuleset


def ghost_kinds(ghosts: GhostsLike) -> tuple[int, ...]:
    """The wild kinds ``ghosts`` names, ascending and distinct (empty: none)."""
    # Deferred: ``mjcore.rules``'s package init imports the native scorers, which import ``analysis.calls``.
    from ..rules.registry import load_ruleset
    from ..rules.tdh.ruleset import TdhRuleset
    from ..rules.tdh.tiles import ghost_kinds as of_ruleset

    if ghosts is None:
        return ()
    if isinstance(ghosts, str) and not any(ch.isdigit() for ch in ghosts):
        ghosts = load_ruleset(ghosts)  # a ruleset name
    if isinstance(ghosts, TdhRuleset):
        if ghosts.needs_indicator:
            raise InvalidArgumentError("翻鬼 ghosts depend on the indicator: pass the ghost kinds themselves")
        return of_ruleset(ghosts, None)
    if isinstance(ghosts, str):
        return tuple(sorted(set(parse_tiles(ghosts))))
    kinds = []
    for kind in ghosts:
        if isinstance(kind, str):
            kinds += list(parse_tiles(kind))
        elif isinstance(kind, (int, np.integer)) and not isinstance(kind, bool) and 0 <= kind < 34:
            kinds.append(int(kind))
        else:
            raise InvalidArgumentError(f"ghosts: {kind!r} is not a tile kind 0..33 or a tile name")
    return tuple(sorted(set(kinds)))


def ghost_hand(row: Sequence[int], kinds: Sequence[int]) -> Hand:
    """The hand of a count row with the ghost kinds taken out as wild tiles."""
    counts = list(row)
    wilds = sum(counts[k] for k in kinds)
    for k in kinds:
        counts[k] = 0
    return Hand(tuple(counts), (), wilds)
