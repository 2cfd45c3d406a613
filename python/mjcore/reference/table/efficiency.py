"""The ``efficiency`` bot (牌效率), as the Rust ``sim::efficiency``: plays for the fastest win, deterministically.

- It wins whenever the engine offers a win (the engine offers only legal wins, 起和 included).
- On its turn it discards to minimise shanten, then to maximise the useful copies it has not seen, then by the
  seed's order of value (``discard_order``). It declares a concealed or added kong when the hand after it is at
  least as fast as after the best discard.
- It claims a discard (chi, pon, kong) only when the hand after the claim (and its best discard) has a lower
  shanten, or the same shanten with more useful copies; among claims the best wins, ties in legal order.

Shanten counts towards the 鸡平胡 shapes (standard and thirteen orphans); useful copies (进张) are the unseen
copies of the kinds whose draw lowers it, counted against what the seat sees: its own hand, every meld and
every discard. Readable, not fast: every candidate is a fresh exact shanten.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import InvalidHandError
from ...hand import Forms, Hand, Meld, MeldKind
from ...table.types import Action, Observation
from ...tiles import NUM_KINDS
from ..analysis.forms import COPIES, FormOptions
from ..analysis.shanten import best_shanten
from .deal import SEATS
from .discard_order import tie_break

__all__ = ["EfficiencyBot"]

# (shanten, −useful copies): smaller is better.
Progress = tuple[int, int]

_CHICKEN_FORMS = FormOptions(Forms.STANDARD | Forms.THIRTEEN_ORPHANS)
_WIN = Action("win")
_PASS = Action("pass")


def unseen_copies(observation: Observation) -> tuple[int, ...]:
    """Four minus the seat's own concealed tiles and every tile in the open (all melds, all discards)."""
    seen = list(observation.hand)
    for seat in range(SEATS):
        for meld in observation.melds[seat]:
            for tile in meld.tiles:
                seen[tile] += 1
        for tile in observation.discards[seat]:
            seen[tile] += 1
    if any(count > COPIES for count in seen):
        raise InvalidHandError(f"a tile kind is seen more than four times: {seen}")
    return tuple(COPIES - count for count in seen)


class EfficiencyBot:
    def __init__(self, options: FormOptions = _CHICKEN_FORMS) -> None:
        self._options = options

    def start_deal(self, seed: int, deal: int, seat: int) -> None:
        """Nothing to reset: the bot has no randomness and no memory between decisions."""

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        if _WIN in legal:
            return _WIN
        unseen = unseen_copies(observation)
        melds = observation.melds[observation.seat]
        if observation.offered is not None:
            return self._answer_offer(observation.hand, melds, observation.offered.tile, legal, unseen)
        return self._take_turn(observation, melds, legal, unseen)

    # Decisions ----------------------------------------------------------------------------------------------

    def _answer_offer(self, concealed: Sequence[int], melds: Sequence[Meld], offered: int, legal: list[Action],
                      unseen: tuple[int, ...]) -> Action:
        """A claim that makes the hand faster, or pass."""
        best, choice = self._progress(Hand(tuple(concealed), tuple(melds)), unseen), _PASS
        for action in legal:
            claim = _claimed(concealed, action, offered)
            if claim is None:
                continue
            left, meld = claim
            after = self._progress_after(Hand(left, (*melds, meld)), unseen)
            if after < best:
                best, choice = after, action
        return choice

    def _take_turn(self, observation: Observation, melds: Sequence[Meld], legal: list[Action],
                   unseen: tuple[int, ...]) -> Action:
        """The best discard, or a kong that is at least as good."""
        hand = Hand(observation.hand, tuple(melds))
        discards = self._best_discards(hand, unseen)
        discard, progress = min(discards, key=lambda d: (d[1], tie_break(observation, d[0], d[1][0])))
        best_kong = None
        for action in legal:
            if action.kind not in ("concealed_kong", "added_kong"):
                continue
            after = self._progress_after(_after_kong(hand, action), unseen)
            if best_kong is None or after < best_kong[0]:
                best_kong = (after, action)
        if best_kong is not None and best_kong[0] <= progress:
            return best_kong[1]
        return Action("discard", discard)

    # Evaluation ---------------------------------------------------------------------------------------------

    def _progress(self, hand: Hand, unseen: tuple[int, ...]) -> Progress:
        """(shanten, −useful copies) of a 3n+1 hand."""
        shanten = best_shanten(hand, self._options)
        useful = sum(
            unseen[kind]
            for kind in range(NUM_KINDS)
            if unseen[kind] and best_shanten(hand.with_tile(kind), self._options) < shanten
        )
        return shanten, -useful

    def _best_discards(self, hand: Hand, unseen: tuple[int, ...]) -> list[tuple[int, Progress]]:
        """The discards of a 3n+2 hand that leave the lowest shanten, each with its progress, in kind order."""
        left = {kind: hand.without_tile(kind) for kind in range(NUM_KINDS) if hand.concealed[kind]}
        shanten = {kind: best_shanten(h, self._options) for kind, h in left.items()}
        lowest = min(shanten.values())
        return [(kind, self._progress(h, unseen)) for kind, h in left.items() if shanten[kind] == lowest]

    def _progress_after(self, hand: Hand, unseen: tuple[int, ...]) -> Progress:
        """A 3n+1 hand as it stands, a 3n+2 hand after its best discard."""
        if not hand.is_complete_size:
            return self._progress(hand, unseen)
        return min(progress for _, progress in self._best_discards(hand, unseen))


def _claimed(concealed: Sequence[int], action: Action, offered: int) -> tuple[tuple[int, ...], Meld] | None:
    """The concealed tiles left and the meld made by claiming ``offered`` with ``action`` (None: not a claim)."""
    left = list(concealed)
    if action.kind == "chi":
        for kind in range(action.tile, action.tile + 3):
            if kind != offered:
                left[kind] -= 1
        return tuple(left), Meld(MeldKind.CHI, action.tile)
    if action.kind in ("pon", "kong"):
        left[offered] -= 2 if action.kind == "pon" else 3
        return tuple(left), Meld(MeldKind.PON if action.kind == "pon" else MeldKind.KONG, offered)
    return None


def _after_kong(hand: Hand, action: Action) -> Hand:
    """The hand after declaring a concealed kong, or an added kong (which replaces its pon)."""
    left = list(hand.concealed)
    if action.kind == "concealed_kong":
        left[action.tile] -= 4
        return Hand(tuple(left), (*hand.melds, Meld(MeldKind.CONCEALED_KONG, action.tile)))
    left[action.tile] -= 1
    kept = tuple(m for m in hand.melds if not (m.kind == MeldKind.PON and m.tile == action.tile))
    return Hand(tuple(left), (*kept, Meld(MeldKind.ADDED_KONG, action.tile)))
