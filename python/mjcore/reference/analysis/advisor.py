"""The discard advisor (何切), the one-player model of docs/advisor.md, written for clarity: exact dynamic
programming over the hands reachable by drawing, never sampling.

For each candidate discard the player holds a 3n+1 hand ``h`` and draws ``draws`` more times. At draw ``j``
(counting from 0) kind ``i`` comes with probability ``w_i(h) / (wall - j)``, where ``w_i(h) = 4 - (copies of i
in h, melds counted) - (copies of i in seen)`` — the row's own discard is in the pool, so it counts as seen. In
plain mode the draws explored are those that lower the shanten (the useful tiles); any other draw is thrown back
at once and the hand stays. After a useful draw the 3n+2 hand either is complete (a self-drawn win, worth 1 when
``ruleset`` is None) or keeps its best discard among those that keep the new shanten.

``V(h, j; k)`` is the value of holding ``h`` before draw ``j`` when the player has ``k`` draws in all::

    V(h, k; k) = terminal(h)                      (win, EV: 0; ready: 1 if h is ready else 0)
    V(h, j; k) = sum_i p_ij * U(h + i, j + 1; k) + (1 - sum_i p_ij) * V(h, j + 1; k),   p_ij = w_i(h)/(wall - j)
    U(g, j; k) = value(g) if g is complete, else max over kept discards d of V(g - d, j; k)

and the row's curve is ``V(h0, 0; k)`` for k = 0..draws. Each of the three quantities (win probability, ready
probability, expected value) is maximised on its own, for each k on its own.

>>> advice = advise("123m456p789s1122z", draws=3)  # ready on 1z/2z: 4 copies, wall 136 - 13
>>> [round(x, 6) for x in advice.best.win_probability]
[0.0, 0.03252, 0.064016, 0.094519]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import numpy as np

from ...analysis.advice_args import (DEFAULT_DRAWS, batch_items, check_draws_and_wall, check_indicator_seen,
                                     read_indicator, read_ruleset, refuse_unsupported, seen_counts, unseen_counts)
from ...analysis.advice_result import Advice, AdviceRow, name, row_order
from ...errors import InvalidArgumentError
from ...hand import Forms, FormsLike, Hand, HandLike, as_hand
from ...notation import parse_hand
from ...table.types import WinSituation
from ...tiles import NUM_KINDS, tile_name
from ..table.deal_hooks import DealContext, DealHooks
from ..table.families import twin_family
from .forms import COPIES, FormOptions
from .shanten import best_shanten

__all__ = ["advise", "advise_batch"]


class _Wins:
    """Which complete hands win and what each is worth: every one worth 1 without a ruleset; with one, the
    family's twin table decides and settles it — its win check and ``settle``, or, where the win check is the
    deal's hooks (推倒胡), their ``judge`` and ``declare`` with the table's fixed ghosts and no horses turned — the
    value being what the winner receives for the self-draw. Each (hand, winning tile) is scored once per call."""

    def __init__(self, rules: Any, seating: tuple[int, int, int], melds: tuple, indicator: Optional[int]) -> None:
        self.rules = rules
        self.seat, self.dealer, self.round_wind = seating
        self.melds = melds
        self.ghosts: frozenset[int] = frozenset()
        self.memo: dict[tuple[tuple[int, ...], int], Optional[float]] = {}
        if rules is None:
            if indicator is not None:
                raise InvalidArgumentError("advise: indicator= is for a ruleset that turns its ghosts (翻鬼), and "
                                           "none is given")  # fmt: skip
            return
        family = twin_family(rules)
        self.check = family.win_check(rules)
        self.settle = family.settle
        self.hooks = self.check if isinstance(self.check, DealHooks) else None
        flips = self.hooks is not None and self.hooks.flips()
        if self.hooks is not None and self.hooks.flower_ghosts:
            raise NotImplementedError("advise: flowers held as ghosts (四花鬼 / 八花鬼) are not supported yet")
        if flips and indicator is None:
            raise InvalidArgumentError("advise: this ruleset turns its ghosts from an indicator (翻鬼): give "
                                       "indicator= (the indicator tile, which is also in seen)")  # fmt: skip
        if not flips and indicator is not None:
            raise InvalidArgumentError("advise: indicator= is for a ruleset that turns its ghosts (翻鬼); this "
                                       "one's are fixed")  # fmt: skip
        if self.hooks is not None:
            self.ghosts = self.hooks.ghost_kinds(indicator)
            self.context = DealContext(self.ghosts, indicator, (), 0)

    def value(self, drawn: tuple[int, ...], tile: int) -> Optional[float]:
        """The value of self-drawing ``tile`` into ``drawn`` (concealed, the tile included); None: no win."""
        if self.rules is None:
            return 1.0
        key = (drawn, tile)
        if key not in self.memo:
            # A plain self-draw: no kong replacement, not the last tile, no flowers, nothing shown (和绝张 unscored).
            situation = WinSituation(winner=self.seat, tile=tile, from_seat=None, robbing_kong=False,
                                     kong_replacement=False, kong_feeder=None, last_tile=False, first_go_around=None,
                                     winners_on_discard=1, dealer=self.dealer, round_wind=self.round_wind)  # fmt: skip
            hand = Hand(drawn, self.melds)
            won = None
            if self.hooks is not None:
                declared = self.hooks.declare(hand, situation, self.context)
                if declared is not None and declared.settled.pattern >= 0:  # pattern -1: the scorer refused it
                    won = float(declared.settled.payments[self.seat])
            elif self.check(hand, situation) not in (None, False):
                won = float(self.settle(self.rules, hand, situation).payments[self.seat])
            self.memo[key] = won
        return self.memo[key]


class _Search:
    """The memoised DP of one row: ``seen`` fixed (the row's discard included), states keyed by their concealed
    counts (melds and wilds never change). Shanten values are shared by every row of a call (``shanten_of``)."""

    def __init__(self, hand: Hand, seen: tuple[int, ...], options: FormOptions, draws: int, wall: int,
                 shanten_of: dict, wins: _Wins) -> None:  # fmt: skip
        self.wins = wins
        self.melds = hand.melds
        self.wilds = hand.wilds
        self.meld_copies = [a - c for a, c in zip(hand.all_counts(), hand.concealed)]
        self.seen = seen
        self.options = options
        self.draws = draws
        self.wall = wall
        self.shanten_of = shanten_of
        self.memo: dict[tuple, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def shanten(self, concealed: tuple[int, ...]) -> int:
        """Shanten of ``concealed``, its copies of the ruleset's ghost kinds counted as wilds."""
        s = self.shanten_of.get(concealed)
        if s is None:
            ghosts = self.wins.ghosts
            naturals = tuple(0 if k in ghosts else c for k, c in enumerate(concealed))
            wilds = self.wilds + sum(concealed[k] for k in ghosts)
            s = best_shanten(Hand(naturals, self.melds, wilds), self.options)
            self.shanten_of[concealed] = s
        return s

    def weight(self, concealed: tuple[int, ...], kind: int) -> int:
        return COPIES - concealed[kind] - self.meld_copies[kind] - self.seen[kind]

    def useful(self, concealed: tuple[int, ...]) -> list[int]:
        """Kinds whose draw lowers the shanten of a 3n+1 hand (a fifth copy is never drawn)."""
        current = self.shanten(concealed)
        out = []
        for kind in range(NUM_KINDS):
            if concealed[kind] + self.meld_copies[kind] < COPIES:
                if self.shanten(_plus(concealed, kind)) < current:
                    out.append(kind)
        return out

    def value(self, concealed: tuple[int, ...], j: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(win, ready, EV) vectors of ``V(h, j; k)`` over k = 0..draws; entries k < j are unused (0)."""
        key = (concealed, j)
        found = self.memo.get(key)
        if found is not None:
            return found
        size = self.draws + 1
        win, ready, ev = np.zeros(size), np.zeros(size), np.zeros(size)
        shanten = self.shanten(concealed)
        ready[j] = 1.0 if shanten == 0 else 0.0  # k = j: no draw left
        # A hand ``shanten`` useful draws from ready can neither be ready nor win within fewer draws than that:
        # every entry stays 0 (exactly what the recursion would add up), so the search stops there.
        if j < self.draws and shanten <= self.draws - j:
            stay_win, stay_ready, stay_ev = self.value(concealed, j + 1)
            denominator = self.wall - j
            # Under a ruleset a draw completing a hand that is not a legal win there is thrown back like any other.
            explored = [(kind, self.weight(concealed, kind)) for kind in self.useful(concealed)
                        if shanten > 0 or self.wins.value(_plus(concealed, kind), kind) is not None]
            copies = sum(w for _, w in explored)
            if copies > denominator:
                raise InvalidArgumentError(
                    f"wall {self.wall} is too small: at draw {j} the hand has {copies} useful copies to draw but only "
                    f"{denominator} tiles are left")
            moved = 0.0
            later = slice(j + 1, size)
            for kind, w in explored:
                if w <= 0:
                    continue
                p = w / denominator
                moved += p
                u_win, u_ready, u_ev = self.after_draw(_plus(concealed, kind), kind, j + 1)
                win[later] += p * u_win[later]
                ready[later] += p * u_ready[later]
                ev[later] += p * u_ev[later]
            stay = 1.0 - moved
            win[later] += stay * stay_win[later]
            ready[later] += stay * stay_ready[later]
            ev[later] += stay * stay_ev[later]
        found = (win, ready, ev)
        self.memo[key] = found
        return found

    def after_draw(self, concealed: tuple[int, ...], kind: int, j: int
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # fmt: skip
        """``U(g, j; k)``: a winning hand (drawn ``kind``) wins, worth its value; otherwise the best kept discard,
        per quantity and per k."""
        size = self.draws + 1
        target = self.shanten(concealed)
        if target == -1:
            one = np.ones(size)
            return one, one, np.full(size, self.wins.value(concealed, kind))
        best_win, best_ready, best_ev = np.full(size, -np.inf), np.full(size, -np.inf), np.full(size, -np.inf)
        for kind in range(NUM_KINDS):
            if concealed[kind]:
                after = _minus(concealed, kind)
                if self.shanten(after) == target:
                    win, ready, ev = self.value(after, j)
                    np.maximum(best_win, win, out=best_win)
                    np.maximum(best_ready, ready, out=best_ready)
                    np.maximum(best_ev, ev, out=best_ev)
        return best_win, best_ready, best_ev


def _plus(concealed: tuple[int, ...], kind: int) -> tuple[int, ...]:
    return concealed[:kind] + (concealed[kind] + 1,) + concealed[kind + 1:]


def _minus(concealed: tuple[int, ...], kind: int) -> tuple[int, ...]:
    return concealed[:kind] + (concealed[kind] - 1,) + concealed[kind + 1:]


def _row(hand: Hand, kind: int | None, seen: tuple[int, ...], unseen: tuple[int, ...], options: FormOptions,
         draws: int, wall: int, shanten_of: dict, wins: _Wins) -> AdviceRow:  # fmt: skip
    row_seen = seen if kind is None else _plus(seen, kind)
    concealed = hand.concealed if kind is None else _minus(hand.concealed, kind)
    search = _Search(hand, row_seen, options, draws, wall, shanten_of, wins)
    useful = tuple((tile_name(t), unseen[t]) for t in search.useful(concealed))
    win, ready, ev = (v.copy() for v in search.value(concealed, 0))
    for v in (win, ready, ev):
        v.setflags(write=False)
    return AdviceRow(name(kind), search.shanten(concealed), useful, win, ready, ev)


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
    self-draw; ``seat``, ``dealer`` and ``round_wind`` (0..3) place the advised seat."""
    checked = as_hand(hand, parse_hand)
    refuse_unsupported(hand_changes, shanten_down, checked)
    rules, seating = read_ruleset(ruleset, forms, seven_pairs_quads, situation)
    if rules is None:
        options = FormOptions.of(forms, seven_pairs_quads, True)
    else:  # the forms the ruleset's table plays for (its efficiency bot's aim), every 七对 shape: the win check judges
        options = FormOptions(twin_family(rules).aim(rules).forms)
    shown = read_indicator(indicator)
    wins = _Wins(rules, seating, checked.melds, shown)
    seen_34 = seen_counts(seen)
    check_indicator_seen(shown, seen_34)
    unseen = unseen_counts(checked, seen_34)
    wall = check_draws_and_wall(draws, wall, sum(unseen))
    best_shanten(checked, options)  # refuses forms that cannot apply, with the analysis calls' error
    shanten_of: dict = {}
    if checked.is_complete_size:
        kinds: list[int | None] = [k for k in range(NUM_KINDS) if checked.concealed[k]]
    else:
        kinds = [None]
    rows = [_row(checked, k, seen_34, unseen, options, draws, wall, shanten_of, wins) for k in kinds]
    keyed = sorted(zip(kinds, rows), key=lambda kr: row_order(kr[0], kr[1].shanten, kr[1].useful_total,
                                                               kr[1].win_probability, kr[1].ready_probability,
                                                               kr[1].expected_value))
    return Advice(tuple(r for _, r in keyed), draws, wall)


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
    """``advise`` of each hand in turn, ``seen`` and ``wall`` None or one entry per hand (the native batch runs
    them on all cores; the answers are the same). An error names the hand by its index."""
    if not isinstance(seven_pairs_quads, bool):
        raise TypeError(f"seven_pairs_quads must be a bool, not {type(seven_pairs_quads).__name__}")
    read_ruleset(ruleset, forms, seven_pairs_quads, situation)
    items = list(batch_items(hands, seen, wall, draws, lambda h: as_hand(h, parse_hand), hand_changes,
                             shanten_down, read_indicator(indicator)))  # fmt: skip
    answers = []
    for i, item in enumerate(items):
        try:
            answers.append(advise(item.hand, ruleset=ruleset, draws=draws, seen=item.seen, wall=item.wall,
                                  forms=forms, seven_pairs_quads=seven_pairs_quads, indicator=indicator,
                                  **situation))  # fmt: skip
        except (InvalidArgumentError, TypeError, NotImplementedError) as error:
            raise type(error)(f"hand {i}: {error}") from None
    return answers
