"""The discard advisor (何切, issue 29) backed by the Rust core (rust/engine/src/advisor/); the model, its
formulas and its state encoding are in docs/advisor.md, the twin is ``mjcore.reference.advise``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import _core
from ..hand import Forms, FormsLike, HandLike, as_hand
from ..tiles import tile_name
from ..table.parts import table_parts
from .advice_args import (DEFAULT_DRAWS, batch_items, check_draws_and_wall, check_indicator_seen, read_indicator,
                          read_ruleset, refuse_unsupported, seen_counts, unseen_counts)
from .advice_result import Advice, AdviceRow, name, row_order
from .calls import parse_hand

__all__ = ["advise", "advise_batch"]


def advise(
    hand: HandLike,
    *,
    ruleset: Any = None,
    draws: int = DEFAULT_DRAWS,
    seen: Any = None,
    wall: int | None = None,
    hand_changes: bool = False,
    shanten_down: bool = False,
    forms: FormsLike = Forms.DEFAULT,
    seven_pairs_quads: bool = True,
    indicator: int | str | None = None,
    **situation: int,
) -> Advice:
    """The 何切 table of the one-player model (docs/advisor.md): one row per distinct discard of a 3n+2 hand,
    best first (a 3n+1 hand: one row, ``tile`` None), each with the shanten and useful tiles after the discard
    and the win probability, ready probability and expected value within k draws, k = 0..``draws``.

    ``seen``: tiles visible at the start (34 counts or tile text); ``wall``: the tiles the first draw comes from
    (default: every unseen tile, 136 minus the hand, its melds and ``seen``). ``ruleset=None``: every complete
    hand of ``forms`` wins, worth 1, so the expected value equals the win probability. With a ruleset (name,
    path or loaded) a win is a legal win of its table and worth the settlement the winner receives for the
    self-draw; ``seat``, ``dealer`` and ``round_wind`` (0..3) place the advised seat. ``indicator``: under
    翻鬼 (a ruleset whose ghosts are turned from an indicator) the deal's indicator tile, which is also in
    ``seen``; refused elsewhere."""
    if not isinstance(seven_pairs_quads, bool):
        raise TypeError(f"seven_pairs_quads must be a bool, not {type(seven_pairs_quads).__name__}")
    checked = as_hand(hand, parse_hand)
    refuse_unsupported(hand_changes, shanten_down, checked)
    rules, seating = read_ruleset(ruleset, forms, seven_pairs_quads, situation)
    shown = read_indicator(indicator)
    seen_34 = seen_counts(seen)
    check_indicator_seen(shown, seen_34)
    unseen = unseen_counts(checked, seen_34)
    wall = check_draws_and_wall(draws, wall, sum(unseen))
    parts = None if rules is None else table_parts(rules)
    meta, curves = _core.advise(checked, forms, seven_pairs_quads, draws, bytes(seen_34), wall, parts, seating,
                                shown)  # fmt: skip
    return _advice(meta, curves, draws, wall)


def advise_batch(
    hands: Sequence[HandLike],
    *,
    ruleset: Any = None,
    draws: int = DEFAULT_DRAWS,
    seen: Sequence[Any] | None = None,
    wall: Sequence[int | None] | None = None,
    hand_changes: bool = False,
    shanten_down: bool = False,
    forms: FormsLike = Forms.DEFAULT,
    seven_pairs_quads: bool = True,
    indicator: int | str | None = None,
    **situation: int,
) -> list[Advice]:
    """``advise`` for many hands at once, on all cores (``RAYON_NUM_THREADS`` caps them) without the GIL: one
    ``Advice`` per hand, in order, each equal to ``advise(hands[i], seen=seen[i], wall=wall[i], ...)``.
    ``seen`` and ``wall``: None for every hand, or one entry per hand; the ruleset, draws, forms, situation and
    ``indicator`` are shared. Every hand is checked before any work, and an error names the hand (``hand 3:
    …``). Ctrl-C stops the batch. The answer does not depend on the thread count (each hand's search is its own)."""
    if not isinstance(seven_pairs_quads, bool):
        raise TypeError(f"seven_pairs_quads must be a bool, not {type(seven_pairs_quads).__name__}")
    rules, seating = read_ruleset(ruleset, forms, seven_pairs_quads, situation)
    shown = read_indicator(indicator)
    items = list(batch_items(hands, seen, wall, draws, lambda h: as_hand(h, parse_hand), hand_changes,
                             shanten_down, shown))  # fmt: skip
    parts = None if rules is None else table_parts(rules)
    answers = _core.advise_batch([item.hand for item in items], forms, seven_pairs_quads, draws,
                                 [bytes(item.seen) for item in items], [item.wall for item in items], parts,
                                 seating, shown)  # fmt: skip
    return [_advice(meta, curves, draws, item.wall) for item, (meta, curves) in zip(items, answers)]


def _advice(meta: list, curves: Any, draws: int, wall: int) -> Advice:
    """The native rows wrapped and sorted best first."""
    curves.setflags(write=False)  # each row's curves are read-only views of this array
    rows = []
    for (kind, shanten, useful), (win, ready, value) in zip(meta, curves):
        useful_named = tuple((tile_name(t), n) for t, n in useful)
        row = AdviceRow(name(kind), shanten, useful_named, win, ready, value)
        rows.append((row_order(kind, shanten, row.useful_total, win, ready, value), row))
    rows.sort(key=lambda kr: kr[0])
    return Advice(tuple(r for _, r in rows), draws, wall)
