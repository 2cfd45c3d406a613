"""The ``advisor`` bot, as the Rust ``bots::advisor``: plays by the discard advisor's expected value (the
settlement the winner receives, in the one-player model of docs/advisor.md), asking the twin advisor
``mjcore.reference.advise`` under the table's ruleset.

- It wins whenever the table offers a win.
- On its turn it discards the advisor's best row among the legal discards that leave the lowest shanten:
  expected value, then win probability, then ready probability, each rounded to 1e-12, then more useful copies,
  tile order. It declares a concealed or added kong when the hand after it is worth at least the best discard's
  hand (value, win and ready probability, then shanten).
- It claims a discard (chi, pon, kong) when the hand after the claim (and its best discard) is worth more than the
  hand as it stands (the same four keys); among claims the most valuable, ties in legal order.

The horizon is a quarter of the wall left, rounded up, capped at ``draws_cap``, and 0 (no search) when the hand as
it stands is more than ``ADVISOR_DEPTH`` from ready; ``seen`` is every discard on the table and the other seats'
melds (a concealed kong lies face down). A decision the advisor refuses (a wall too small for an explored state's
copies) is the efficiency bot's. Readable, not fast: one advice per candidate.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Optional

from ...errors import InvalidArgumentError, MjcoreError
from ...hand import Hand, Meld, MeldKind
from ...notation import parse_tiles
from ...rules.families import FAMILIES
from ...table.types import Action, Observation
from ...tiles import NUM_KINDS
from ..analysis import advisor  # a module, not its function: the advisor imports this package's deal hooks
from ..analysis.forms import COPIES
from .aim import Aim
from .deal import SEATS
from .efficiency import EfficiencyBot, after_kong, claimed

__all__ = ["AdvisorBot", "ADVISOR_DRAWS"]

ADVISOR_DRAWS = 6  # the Rust ``bots::ADVISOR_DRAWS``: the horizon's cap (docs/advisor.md, "The bot")
ADVISOR_DEPTH = 1  # the Rust ``bots::ADVISOR_DEPTH``: a hand further from ready is ranked with no draw
_WIN = Action("win")
_PASS = Action("pass")

# A row's rank, best first: (-EV, -win, -ready, shanten, -useful copies, kind), the values rounded to 1e-12.
Rank = tuple[int, int, int, int, int, int]


def _rounded(x: float) -> int:
    return math.floor(float(x) * 1e12 + 0.5)  # as the Rust bot rounds: the advisors agree to 1e-12


def _rank(row: Any, kind: Optional[int]) -> Rank:
    return (-_rounded(row.expected_value[-1]), -_rounded(row.win_probability[-1]),
            -_rounded(row.ready_probability[-1]), row.shanten, -row.useful_total, 0 if kind is None else kind)


class AdvisorBot:
    def __init__(self, aim: Aim, draws_cap: int = ADVISOR_DRAWS) -> None:
        if aim.rules is None:
            served = ", ".join(name for name, row in FAMILIES.items() if row.advisor)
            raise InvalidArgumentError(f'bot "advisor": this table\'s family is not valued by the advisor (it serves '
                                       f"the families whose wins one self-draw settles: {served})")
        self._rules = aim.rules
        self._draws_cap = draws_cap
        self._fallback = EfficiencyBot(aim)

    def start_deal(self, seed: int, deal: int, seat: int) -> None:
        """Nothing to reset: the bot has no randomness and no memory between decisions."""

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        try:
            return self._decide(observation, legal)
        except MjcoreError:
            return self._fallback.choose(observation, legal)

    def _decide(self, observation: Observation, legal: list[Action]) -> Action:
        if _WIN in legal:
            return _WIN
        seat = observation.seat
        self._seat, self._dealer, self._round_wind = seat, observation.dealer, observation.round_wind
        self._seen = _seen_by(observation, seat)
        hand = Hand(tuple(observation.hand), tuple(observation.melds[seat]))
        # One horizon for every hand the decision compares: none when the hand is too far from ready.
        self._draws = 0
        shanten = self._best(hand)[0][3]
        near = shanten <= ADVISOR_DEPTH
        self._draws = min(-(-observation.wall_remaining // SEATS), self._draws_cap) if near else 0
        if observation.offered is not None:
            return self._answer_offer(hand, observation.offered.tile, legal)
        return self._take_turn(hand, legal)

    def _best(self, hand: Hand, taken: Optional[int] = None, legal: Optional[list[Action]] = None
              ) -> Optional[tuple[Rank, Optional[int]]]:  # fmt: skip
        """The rank and discard of the best row of ``hand`` (among ``legal`` discards when given)."""
        seen = list(self._seen)
        if taken is not None:
            seen[taken] = max(seen[taken] - 1, 0)
        held = hand.all_counts()
        wall = max(sum(max(COPIES - held[k] - seen[k], 0) for k in range(NUM_KINDS)), self._draws, 1)
        advice = advisor.advise(hand, ruleset=self._rules, draws=self._draws, seen=tuple(seen), wall=wall,
                                seat=self._seat, dealer=self._dealer, round_wind=self._round_wind)  # fmt: skip
        # Only the discards leaving the lowest shanten contend (the Rust bot computes no other row).
        lowest = min(row.shanten for row in advice.rows)
        kept = [row for row in advice.rows if row.shanten == lowest]
        ranked = sorted((_rank(row, _kind(row.tile)), _kind(row.tile)) for row in kept)
        for rank, kind in ranked:
            if kind is None or legal is None or Action("discard", kind) in legal:
                return rank, kind
        return None

    def _take_turn(self, hand: Hand, legal: list[Action]) -> Action:
        best = self._best(hand, legal=legal)
        if best is None or best[1] is None:
            raise InvalidArgumentError("no legal discard among the advisor's rows")
        discard_rank, discard = best
        best_kong: Optional[tuple[tuple[int, ...], Action]] = None
        for action in legal:
            if action.kind not in ("concealed_kong", "added_kong"):
                continue
            found = self._best(after_kong(hand, action))
            if found is not None and (best_kong is None or found[0][:4] < best_kong[0]):
                best_kong = (found[0][:4], action)
        if best_kong is not None and best_kong[0] <= discard_rank[:4]:
            return best_kong[1]
        return Action("discard", discard)

    def _answer_offer(self, hand: Hand, offered: int, legal: Sequence[Action]) -> Action:
        standing = self._best(hand)
        if standing is None:
            return _PASS
        best = (standing[0][:4], _PASS)
        for action in legal:
            claim = claimed(hand.concealed, action, offered)
            if claim is None:
                continue
            left, meld = claim
            found = self._best(Hand(left, (*hand.melds, meld)), taken=offered)
            if found is not None and found[0][:4] < best[0]:
                best = (found[0][:4], action)
        return best[1]


def _kind(tile: Optional[str]) -> Optional[int]:
    return None if tile is None else parse_tiles(tile)[0]


def _seen_by(observation: Observation, seat: int) -> tuple[int, ...]:
    """Every discard on the table and the other seats' melds (a concealed kong is face down)."""
    seen = [0] * NUM_KINDS
    for other in range(SEATS):
        for tile in observation.discards[other]:
            seen[tile] += 1
        if other == seat:
            continue
        for meld in observation.melds[other]:
            meld_: Meld = meld
            if meld_.kind != MeldKind.CONCEALED_KONG:
                for tile in meld_.tiles:
                    seen[tile] += 1
    if max(seen) > COPIES:
        raise InvalidArgumentError(f"a tile kind is seen more than four times: {seen}")
    return tuple(seen)
