"""How the ``efficiency`` bot plays at a table with ghosts (鬼牌, 推倒胡), as the Rust ``bots::ghost_efficiency``:
it counts its ghosts as wild tiles in its distance to a win, so it keeps them above any tile — it discards one
only when it holds nothing else — and otherwise plays as at any table: it wins whenever it may; it discards to
leave the fewest tiles missing, ties broken by the seed's order of value (``discard_order``); it pons or konges
a discard only when that lowers its distance, and declares its own kongs when they cost nothing in distance.

The distance is the standard form's (four sets and a pair), each kind capped at four (a ghost as a fifth copy
is not counted: a bot's estimate, not a win check). Under 四花鬼 / 八花鬼 the held flower ghosts are wilds too,
and a flower is discarded only when no tile can go."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ...table.types import Action, Observation
from ...tiles import NUM_KINDS
from ..analysis.standard import standard_missing
from .discard_order import tie_break

__all__ = ["choose"]

_SETS = 4  # sets a concealed part forms besides its pair, with no meld declared
_CAPS = (4,) * NUM_KINDS
_NEVER = 127  # a ghost's "shanten" as a discard: after every other tile (the engine's i8::MAX)
_WIN, _PASS = Action("win"), Action("pass")


class _GhostHand:
    """The seat's hand split into its natural tiles and its ghosts."""

    def __init__(self, observation: Observation, ghosts: Collection[int]) -> None:
        self.naturals = [0 if kind in ghosts else count for kind, count in enumerate(observation.hand)]
        self.wilds = sum(observation.hand[kind] for kind in ghosts) + len(observation.flower_ghosts)
        self.sets = max(_SETS - len(observation.melds[observation.seat]), 0)

    def shanten_without(self, removed: Sequence[tuple[int, int]], sets: int) -> int:
        """Shanten with ``removed`` (kind, copies) natural tiles taken out and ``sets`` sets to form: −1
        complete."""
        counts = list(self.naturals)
        for kind, copies in removed:
            counts[kind] = max(counts[kind] - copies, 0)
        missing = standard_missing(tuple(counts), _CAPS, sets, 0)
        assert missing is not None  # capped at four, a target always fits
        return max(missing - self.wilds, 0) - 1


def choose(observation: Observation, legal: list[Action], ghosts: Collection[int]) -> Action:
    """The ghost-aware choice among ``legal`` for a deal whose ghosts are ``ghosts`` (empty where flowers are
    the ghosts)."""
    if _WIN in legal:
        return _WIN
    hand = _GhostHand(observation, ghosts)
    if observation.offered is not None:
        return _claim(hand, observation, legal)
    candidates = []
    for action in legal:
        if action.kind != "discard":
            continue
        shanten = _NEVER if action.tile in ghosts else hand.shanten_without([(action.tile, 1)], hand.sets)
        candidates.append(((shanten, tie_break(observation, action.tile, shanten)), action.tile))
    if not candidates:
        return legal[0]
    (after_discard, _), discard = min(candidates)
    # A kong that leaves the hand as fast as the best discard costs nothing.
    for action in legal:
        if action.kind == "concealed_kong":
            after = hand.shanten_without([(action.tile, 4)], max(hand.sets - 1, 0))
        elif action.kind == "added_kong":
            after = hand.shanten_without([(action.tile, 1)], hand.sets)
        else:
            continue
        if after <= after_discard:
            return action
    return Action("discard", discard)


def _claim(hand: _GhostHand, observation: Observation, legal: list[Action]) -> Action:
    """Pon or kong a discard only when the hand after it (and its best discard, for a pon) is closer to a win."""
    tile = observation.offered.tile
    sets = max(hand.sets - 1, 0)
    best, choice = hand.shanten_without([], hand.sets), _PASS
    for action in legal:
        if action.kind == "pon":
            after = min((hand.shanten_without([(tile, 2), (kind, 1)], sets) for kind in range(NUM_KINDS)
                         if hand.naturals[kind] > 2 * (kind == tile)), default=_NEVER)  # fmt: skip
        elif action.kind == "kong":
            after = hand.shanten_without([(tile, 3)], sets)
        else:
            continue
        if after < best:
            best, choice = after, action
    return choice if choice in legal else _PASS
