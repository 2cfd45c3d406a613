"""The ``efficiency`` bot (牌效率), as the Rust ``bots::efficiency``: plays for the fastest win, deterministically.

- It wins whenever the engine offers a win (the engine offers only legal wins, 起和 included).
- On its turn it discards to minimise shanten, then to maximise the useful copies it has not seen, then by the
  seed's order of value (``discard_order``). It declares a concealed or added kong when the hand after it is at
  least as fast as after the best discard.
- It claims a discard (chi, pon, kong) only when the hand after the claim (and its best discard) has a lower
  shanten, or the same shanten with more useful copies; among claims the best wins, ties in legal order.

Shanten counts towards the table's forms (``Aim``; the 鸡平胡 shapes by default); useful copies (进张) are the
unseen copies of the kinds whose draw lowers it, counted against what the seat sees: its own hand, every meld
and every discard. Where the aim judges waits (MCR), a ready hand counts only the copies that would be legal
wins (a discard-win wait four times, a wait legal only when self-drawn once): a ready bot discards for the most
of them, and claims into a ready hand only when that hand has some. Readable, not fast: every candidate is a
fresh exact shanten.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ...errors import InvalidHandError
from ...hand import Forms, Hand, Meld, MeldKind
from ...table.types import Action, Observation, WinSituation, win_fan
from ...tiles import NUM_KINDS
from ..analysis.decompose import has_decomposition
from ..analysis.forms import COPIES, FormOptions
from . import ghost_efficiency
from .aim import SPEED, Aim
from .deal import SEATS
from .discard_order import tie_break
from .swap_choice import choose_swap
from .void_choice import choose_void

__all__ = ["EfficiencyBot"]

# (shanten, −useful copies): smaller is better.
Progress = tuple[int, int]

# What a copy of a wait is worth to ``_ready_value``: a discard win can come from three seats, a self-drawn one
# only from the seat's own draws.
_DISCARD_WAIT = 4
_SELF_DRAWN_WAIT = 1
# Concealed tiles of a complete whole-hand form (seven pairs, thirteen orphans, the knitted forms).
_WHOLE_HAND_TILES = 14
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
    def __init__(self, aim: Aim = SPEED) -> None:
        self._aim = aim
        self._view: Observation | None = None  # the observation of the decision under way

    def start_deal(self, seed: int, deal: int, seat: int) -> None:
        """Nothing to reset: the bot has no randomness and no memory between decisions."""

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        # At a table with ghosts (推倒胡) the bot counts them as wild: its own module.
        if observation.ghosts or observation.flowers_are_ghosts:
            return ghost_efficiency.choose(observation, legal, frozenset(observation.ghosts))
        if _WIN in legal:  # whenever the table offers one (眼牌's declarations sort after it)
            return _WIN
        void = choose_void(observation, legal)
        if void is not None:
            return void
        pick = choose_swap(observation, legal)
        if pick is not None:
            return pick
        unseen = unseen_copies(observation)
        melds = observation.melds[observation.seat]
        self._view = observation
        if observation.offered is not None:
            return self._answer_offer(observation.hand, melds, observation.offered.tile, legal, unseen)
        return self._take_turn(observation, melds, legal, unseen)

    # Decisions ----------------------------------------------------------------------------------------------

    def _answer_offer(self, concealed: Sequence[int], melds: Sequence[Meld], offered: int, legal: list[Action],
                      unseen: tuple[int, ...]) -> Action:
        """A claim that makes the hand faster, or pass."""
        standing = Hand(tuple(concealed), tuple(melds))
        best, choice = self._progress(standing, unseen), _PASS
        if self._aim.judge is not None:
            claims = [(action, claim) for action in legal if (claim := claimed(concealed, action, offered))]
            after = {action: Hand(left, (*melds, meld)) for action, (left, meld) in claims}
            shanten = {action: self._shanten_after(hand) for action, hand in after.items()}
            lowest = min(shanten.values(), default=None)
            if lowest == 0:
                return self._claim_into_ready(standing, best[0], [(a, after[a]) for a in after if shanten[a] == 0],
                                              unseen)  # fmt: skip
        for action in legal:
            claim = claimed(concealed, action, offered)
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
        fastest = min(progress for _, progress in discards)
        # Only the legal discards (必须打缺 restricts them at a 定缺 table) among the fastest; when none is, the
        # first legal action, as the engine's bot falls back to.
        allowed = [d for d in discards if d[1] == fastest and Action("discard", d[0]) in legal]
        if not allowed:
            return legal[0]
        discard, progress = min(allowed, key=lambda d: (d[1], tie_break(observation, d[0], d[1][0])))
        if progress[0] == 0 and self._aim.judge is not None:
            # Ready: the discard that leaves the most legal wins, if any does (else the fastest, as ever).
            valued = [(kind, self._ready_value(hand.without_tile(kind), unseen)) for kind, _ in discards]
            worth = [(kind, value) for kind, value in valued if value > 0]
            if worth:
                return Action("discard", min(worth, key=lambda d: (-d[1], tie_break(observation, d[0], 0)))[0])
        best_kong = None
        for action in legal:
            if action.kind not in ("concealed_kong", "added_kong"):
                continue
            after = self._progress_after(after_kong(hand, action), unseen)
            if best_kong is None or after < best_kong[0]:
                best_kong = (after, action)
        if best_kong is not None and best_kong[0] <= progress:
            return best_kong[1]
        return Action("discard", discard)

    # Evaluation ---------------------------------------------------------------------------------------------

    def _progress(self, hand: Hand, unseen: tuple[int, ...]) -> Progress:
        """(shanten, −useful copies) of a 3n+1 hand."""
        shanten = self._aim.shanten(hand)
        useful = sum(
            unseen[kind]
            for kind in range(NUM_KINDS)
            if unseen[kind] and self._aim.shanten(hand.with_tile(kind)) < shanten
        )
        return shanten, -useful

    def _shanten_after(self, hand: Hand) -> int:
        """The shanten of a 3n+1 hand, or of a 3n+2 hand after its best discard."""
        if not hand.is_complete_size:
            return self._aim.shanten(hand)
        return min(self._aim.shanten(hand.without_tile(k)) for k in range(NUM_KINDS) if hand.concealed[k])

    def _best_discards(self, hand: Hand, unseen: tuple[int, ...]) -> list[tuple[int, Progress]]:
        """The discards of a 3n+2 hand that leave the lowest shanten, each with its progress, in kind order."""
        left = {kind: hand.without_tile(kind) for kind in range(NUM_KINDS) if hand.concealed[kind]}
        shanten = {kind: self._aim.shanten(h) for kind, h in left.items()}
        lowest = min(shanten.values())
        return [(kind, self._progress(h, unseen)) for kind, h in left.items() if shanten[kind] == lowest]

    def _progress_after(self, hand: Hand, unseen: tuple[int, ...]) -> Progress:
        """A 3n+1 hand as it stands, a 3n+2 hand after its best discard."""
        if not hand.is_complete_size:
            return self._progress(hand, unseen)
        return min(progress for _, progress in self._best_discards(hand, unseen))

    # Judged waits (the aim's win check) -------------------------------------------------------------------

    def _claim_into_ready(self, standing: Hand, now: int, ready: list[tuple[Action, Hand]],
                          unseen: tuple[int, ...]) -> Action:  # fmt: skip
        """Where claims would leave the hand ready: the claim (or the pass, when the hand is ready already)
        whose ready hand keeps the most legal wins; pass when none keeps any."""
        best, choice = (self._ready_value(standing, unseen) if now == 0 else 0), _PASS
        for action, hand in ready:
            # A claimed kong's hand (3n+1, its replacement to come) has no discard to make: as in the engine,
            # it keeps no judged wait, so the bot never kongs into a ready hand.
            value = max((self._ready_value(hand.without_tile(k), unseen) for k in range(NUM_KINDS)
                         if hand.is_complete_size and hand.concealed[k]
                         and self._aim.shanten(hand.without_tile(k)) == 0), default=0)  # fmt: skip
            if value > best:
                best, choice = value, action
        return choice

    def _ready_value(self, waiting: Hand, unseen: tuple[int, ...]) -> int:
        """The unseen copies of the ready 3n+1 ``waiting``'s waits that the aim's win check calls a legal win,
        a discard-win wait counting four per copy and one legal only when self-drawn one. Each wait is judged
        as a win in the middle of the deal (no situational fan)."""
        view, judge = self._view, self._aim.judge
        value = 0
        for kind in range(NUM_KINDS):
            if not unseen[kind]:
                continue
            complete = list(waiting.concealed)
            complete[kind] += 1
            # The concealed part completes: as sets and a pair, or (14 tiles) in a whole-hand form.
            forms = self._aim.forms if sum(complete) == _WHOLE_HAND_TILES else Forms.STANDARD
            if not has_decomposition(Hand(tuple(complete)), FormOptions(forms)):
                continue
            # Copies in the open (和绝张 at three): all but the unseen ones, when the seat holds none.
            shown = 0 if waiting.concealed[kind] else COPIES - unseen[kind]
            situation = WinSituation(
                winner=view.seat, tile=kind, from_seat=(view.seat + 1) % SEATS, robbing_kong=False,
                kong_replacement=False, kong_feeder=None, last_tile=False, first_go_around=None,
                winners_on_discard=1, dealer=view.dealer, round_wind=view.round_wind, shown=shown,
            )  # fmt: skip
            hand = Hand(tuple(complete), waiting.melds)
            if _wins(judge(hand, situation)):
                value += unseen[kind] * _DISCARD_WAIT
            elif _wins(judge(hand, dataclasses.replace(situation, from_seat=None))):
                value += unseen[kind] * _SELF_DRAWN_WAIT
        return value


def _wins(result: object) -> bool:
    return win_fan(result) is not None


def claimed(concealed: Sequence[int], action: Action, offered: int) -> tuple[tuple[int, ...], Meld] | None:
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


def after_kong(hand: Hand, action: Action) -> Hand:
    """The hand after declaring a concealed kong, or an added kong (which replaces its pon)."""
    left = list(hand.concealed)
    if action.kind == "concealed_kong":
        left[action.tile] -= 4
        return Hand(tuple(left), (*hand.melds, Meld(MeldKind.CONCEALED_KONG, action.tile)))
    left[action.tile] -= 1
    kept = tuple(m for m in hand.melds if not (m.kind == MeldKind.PON and m.tile == action.tile))
    return Hand(tuple(left), (*kept, Meld(MeldKind.ADDED_KONG, action.tile)))
