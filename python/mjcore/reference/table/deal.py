"""One deal as a state machine driven one decision at a time — the readable twin of the Rust ``table::deal``
(RULES.md §1.3–§1.9), producing the identical event log, its rules read from ``TableRules`` (the tile set and
flowers, the hand size, the reserved tail, the claims, the win sources, several winners, 漏胡, the end), and
what a family adds beyond deciding wins through its ``DealHooks`` (定缺, kong and flower money, the settlement
of the whole deal, flower wins; ``deal_hooks``).

Exactly one seat acts at each decision point. Claims on a discard are asked seat by seat in turn order from
the discarder; once all have answered they resolve by priority: win > pon/kong > chi, the winners chosen by
``several_winners`` (all: 一炮多响; first: answers stop at the first win; highest). An added kong is first
offered to the seats that could rob it (抢杠). When the deal plays on after a win (``winners`` > 1), a winner
leaves the table — or stays in, its hand locked, where the hooks say ``winners_stay`` (血流成河).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Optional, Union

from ...arguments import check_u64
from ...errors import IllegalActionError, InvalidArgumentError, InvalidHandError
from ...hand import Hand, Meld, MeldKind
from ...table.types import Action, Observation, OfferedTile, WinCheck, WinSituation, Winner
from ...rules.table_rules import DEFAULT_TABLE_RULES, TableRules
from ...tiles import NUM_KINDS, tile_name
from . import log
from .abortive import FOUR_KONGS, FOUR_WINDS, four_kongs_by_several, four_winds
from .claim_swap import allowed_after_claim
from .deal_hooks import DealContext, DealHooks, Declared, FinalHand, FinishedDeal, PayingEvent, table_hooks
from .discard_history import discard_history
from .eye import eye_declarations, locked_turn
from .swap import pass_swapped, swap_choices, swap_direction
from .wall import FIRST_FLOWER, Wall, tile_set
from ..twelve_tiles import twelve_tiles_trigger
from .winners_stay import wait_keeping_kongs

__all__ = ["Deal", "SEATS"]

SEATS = 4


def _can_start_chow(kind: int) -> bool:
    return kind < 27 and kind % 9 <= 6


def _action_text(action: Action) -> str:
    """Like the Rust ``Display``: ``discard 5m``, ``chi 345m``, ``pon``."""
    if action.tile is None:
        return action.kind
    if action.kind == "chi":
        name = tile_name(action.tile)
        number = int(name[0])
        return f"chi {number}{number + 1}{number + 2}{name[1]}"
    return f"{action.kind} {tile_name(action.tile)}"


@dataclass
class _Seat:
    concealed: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    melds: list[Meld] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    missed_wins: set[int] = field(default_factory=set)  # 漏胡: tiles passed as a legal win since the last 动牌
    flowers: set[int] = field(default_factory=set)  # the flowers 0..7 set aside
    # 四花鬼 / 八花鬼: the flower ghosts 0..7 held (in the hand) and those discarded (``flower_ghosts``).
    flower_ghosts: set[int] = field(default_factory=set)
    discarded_flowers: set[int] = field(default_factory=set)
    missed_fan: int = 0  # 过手加番: the most fan of a win passed since the last 动牌
    void: Optional[int] = None  # 定缺: the suit 0..2 named void, once named
    # 回头杠 (``hooks.returned_kongs``): the kinds of its pons made while it kept the fourth copy in hand.
    pons_with_fourth: set[int] = field(default_factory=set)

    def void_kinds(self) -> range:
        return range(0) if self.void is None else range(9 * self.void, 9 * self.void + 9)

    def moved(self) -> None:
        """动牌 (a draw or a claim) lifts what passing a win blocked."""
        self.missed_wins.clear()
        self.missed_fan = 0


@dataclass(frozen=True)
class _Drawn:
    tile: int  # a wall code: 34..41 a flower ghost drawn (四花鬼 / 八花鬼)
    replacement: bool  # a kong replacement from the tail
    # for the replacement of a melded kong, or of any kong of a chain that began with one (OC-48): the discarder
    # of that first kong's tile
    kong_feeder: Optional[int] = None
    after_flower: bool = False  # a flower's replacement


class _Offer(enum.Enum):
    DISCARD = "discard"
    ADDED_KONG = "added_kong"  # only a win (抢杠) can claim it
    MELDED_KONG = "melded_kong"  # a discard claimed onto a concealed pung where 明杠可抢: only a win, not its discarder


@dataclass(frozen=True)
class _Turn:
    seat: int
    drawn: Optional[_Drawn]  # None right after a chi or pon: discard only


@dataclass(frozen=True)
class _Voids:
    """定缺: ``seat`` names its void suit; the seats name theirs in turn from the dealer, who holds its first
    draw ``drawn`` meanwhile."""

    seat: int
    drawn: _Drawn


@dataclass(frozen=True)
class _Swap:
    """换三张: ``seat`` picks a tile to pass (``swap``); the dealer holds its first draw ``drawn`` meanwhile."""

    seat: int
    drawn: _Drawn


@dataclass
class _ClaimWindow:
    tile: int
    from_seat: int
    offer: _Offer
    choices: list[tuple[int, list[Action]]]  # seats with a choice, in turn order from the discarder
    answers: list[Action] = field(default_factory=list)
    feeder: Optional[int] = None  # for a melded kong: the discarder of its tile


class Deal:
    def __init__(self, seed: int, index: int, dealer: int, round_wind: int, win_check: WinCheck,
                 wall: Optional[Wall] = None, rules: TableRules = DEFAULT_TABLE_RULES,
                 hooks: Optional[DealHooks] = None) -> None:
        """Deal ``index`` of the run seeded with ``seed`` (or from a given ``wall`` of the tile set): the hand
        size to each seat from the dealer on, dealt flowers replaced from the tail, then the dealer's extra tile
        as a draw. ``hooks``: what the family adds (定缺, paying events, flower wins; see ``deal_hooks``)."""
        check_u64("seed", seed)
        check_u64("deal", index)
        if dealer not in range(SEATS) or round_wind not in range(SEATS):
            raise InvalidArgumentError(f"dealer {dealer} and round wind {round_wind} must both be 0..3")
        self.seed = seed
        self.index = index
        self.dealer = dealer
        self.round_wind = round_wind
        self._win_check = win_check
        self.rules = rules
        self._wall = wall if wall is not None else Wall.for_deal(seed, index, rules)
        if len(self._wall.order) != len(tile_set(rules)):
            raise InvalidArgumentError(f"the wall holds {len(self._wall.order)} tiles, the table's tile set "
                                       f"{len(tile_set(rules))}")  # fmt: skip
        self._wins: list[Winner] = []  # the wins so far; the deal may play on after a win
        self.first_winners = 0  # how many won on the first winning tile (一炮多响: several)
        self._won: set[int] = set()  # seats that have won
        self._left: set[int] = set()  # those of them that left the table (all, unless winners stay: 血流成河)
        self._extra_tile: set[int] = set()  # self-drawn winners, a robbed konger whose tile ended the deal
        self._seats = [_Seat() for _ in range(SEATS)]
        self._locked: set[int] = set()  # 眼牌: the seats that declared it, their hands locked (``eye``)
        self._phase: Union[_Turn, _ClaimWindow, _Voids, _Swap, None] = None
        self._passing = [[0] * NUM_KINDS for _ in range(SEATS)]  # 换三张: each seat's picks
        # What the family adds (ghosts, 定缺, money outside the wins; defaults: none): given, or the win check's own.
        self.hooks = hooks if hooks is not None else table_hooks(win_check)
        # What events other than wins paid (kong, flower money, end checks), and the kong money among it.
        self.event_payments = [0] * SEATS
        self.kong_money = [0] * SEATS
        # The money among them the family settled apart, by kind (Sichuan's 呼叫转移, 退税, 查花猪, 查大叫).
        self.side_money = [[0] * SEATS for _ in range(4)]
        self._kong_discard = False  # the last discard followed its discarder's kong replacement (杠上炮)
        self._flower_win = None  # a flower win the last flower made, taken once its replacement is drawn
        self.abortive_draw: Optional[str] = None  # why the deal ended in an abortive draw, if it did (OC-T15)
        # A whole-deal settlement's payments of every win (None: the wins' own).
        self.deal_win_payments: Optional[list[tuple[int, ...]]] = None
        # Discards so far (claimed ones included) and whether anyone has claimed or declared a kong: together
        # they tell a win in the uninterrupted first go-around (天和, 地和, 人和).
        self._discards_made = 0
        self._interrupted = False
        # 四風連打 / 四槓 (OC-39, OC-T15): the family's say, else the table's ``end.abortive_draws``.
        self._abortive_draws = rules.abortive_draws if self.hooks.abortive_draws is None else self.hooks.abortive_draws
        # while an added kong's tile is on offer: the feeder of the chain of kongs it continues (OC-48)
        self._chain_feeder: Optional[int] = None
        # 十二张落地 in the order it happened: (the seat that claimed its fourth meld, who fed that meld).
        self._twelve_tiles_down: list[tuple[int, int]] = []
        # The hand and situation each winner was settled with, so that the win can be scored and paid (None
        # for a flower win, which has no hand).
        self.settlements: list[Optional[tuple[Hand, WinSituation]]] = []
        # For each, the win as the family declared it there and then (None: settled afterwards from the above).
        self.declared: list = []
        self.dealer_streak = 0  # the dealer's 连庄 count, set by the game (节节高)
        self._legal: list[Action] = []
        self._events = [log.start(seed, index, dealer, round_wind, self._wall.order)]
        self.outcome: Optional[list[Winner]] = None
        # 翻鬼: the indicator is turned from the wall's tail before the deal and stays out of play.
        self.ghost_indicator = self._wall.draw_replacement() if self.hooks.flips() else None
        if self.ghost_indicator is not None and self.ghost_indicator >= FIRST_FLOWER:
            raise InvalidArgumentError("翻鬼 turns a playing tile: a set with flowers cannot flip its ghost")
        self.ghosts = self.hooks.ghost_kinds(self.ghost_indicator)
        dealt_flowers = [0] * SEATS
        for offset in range(SEATS):
            seat = (dealer + offset) % SEATS
            for _ in range(rules.hand):
                code = self._wall.draw()
                if code >= FIRST_FLOWER and self.hooks.flower_ghosts:
                    self._seats[seat].flower_ghosts.add(code - FIRST_FLOWER)
                elif code >= FIRST_FLOWER:
                    self._set_flower_aside(seat, code - FIRST_FLOWER)
                    dealt_flowers[seat] += 1
                else:
                    self._seats[seat].concealed[code] += 1
        # Dealt flowers are replaced from the tail, the dealer first, each seat until it holds none.
        for offset in range(SEATS):
            seat = (dealer + offset) % SEATS
            while dealt_flowers[seat]:
                code = self._wall.draw_replacement()
                if code >= FIRST_FLOWER:
                    self._set_flower_aside(seat, code - FIRST_FLOWER)
                else:
                    self._seats[seat].concealed[code] += 1
                    dealt_flowers[seat] -= 1
        self._draw_for(dealer)
        if self.hooks.swap_tiles and isinstance(self._phase, _Turn):
            self._phase = _Swap(dealer, self._phase.drawn)
            self._legal = self._swap_choices(dealer)
        elif self.hooks.void_suit and isinstance(self._phase, _Turn):
            self._start_voids(self._phase.drawn)

    def _start_voids(self, drawn: _Drawn) -> None:
        self._phase = _Voids(self.dealer, drawn)
        self._legal = self._void_choices()

    def _swap_choices(self, seat: int) -> list[Action]:
        return swap_choices(self._seats[seat].concealed, self._passing[seat], self.hooks.swap_tiles)

    def _pick_swap(self, phase: _Swap, tile: int) -> None:
        """Records the pick; after a seat's last one the next seat picks, and after the last seat's the tiles
        pass (logged with their direction) and the deal goes on to 定缺, or the dealer's turn."""
        seat = phase.seat
        self._passing[seat][tile] += 1
        done = sum(self._passing[seat]) == self.hooks.swap_tiles
        if not done or (seat + 1) % SEATS != self.dealer:
            following = (seat + 1) % SEATS if done else seat
            self._phase = _Swap(following, phase.drawn)
            self._legal = self._swap_choices(following)
            return
        direction = swap_direction(self.seed, self.index)
        hands = [state.concealed for state in self._seats]
        drawn = replace(phase.drawn, tile=pass_swapped(hands, self._passing, direction, self.dealer, phase.drawn.tile))
        self._events.append(log.swap(direction))
        if self.hooks.void_suit:
            self._start_voids(drawn)
        else:
            self._enter_turn(self.dealer, drawn)

    def _void_choices(self) -> list[Action]:
        return [Action("void", suit) for suit in range(3) if "mps"[suit] in self.rules.suits]

    def _name_void(self, phase: _Voids, suit: int) -> None:
        """Records the void; once every seat has named one, the dealer's turn begins (its draw judged again:
        a hand holding its void suit cannot win)."""
        self._seats[phase.seat].void = suit
        following = (phase.seat + 1) % SEATS
        if following != self.dealer:
            self._phase = _Voids(following, phase.drawn)
            self._legal = self._void_choices()
            return
        self._enter_turn(self.dealer, phase.drawn)

    def _set_flower_aside(self, seat: int, flower: int) -> None:
        self._seats[seat].flowers.add(flower)
        self._events.append(log.flower(seat, flower))
        self._settle_event(PayingEvent("flower", seat, flower=flower))
        if self._flower_win is None:
            self._flower_win = self.hooks.flower_win([set(s.flowers) for s in self._seats], self.dealer,
                                                     self.dealer_streak)

    def _settle_event(self, event: PayingEvent) -> list[int]:
        paid = self.hooks.settle(event, self.dealer) or [0] * SEATS
        self.event_payments = [t + p for t, p in zip(self.event_payments, paid)]
        return paid

    def _settle_kong(self, seat: int, kind: MeldKind, feeder: Optional[int]) -> None:
        """Kong money, paid as the kong is made (returned at a 流局 unless the family keeps it)."""
        paid = self._settle_event(PayingEvent("kong", seat, meld_kind=kind, feeder=feeder))
        self.kong_money = [t + p for t, p in zip(self.kong_money, paid)]

    def _next_active(self, seat: int) -> int:
        """The first seat after ``seat`` in turn order that has not won and left the table."""
        return next((s for s in ((seat + o) % SEATS for o in range(1, SEATS)) if s not in self._left), seat)

    # Public view --------------------------------------------------------------------------------------------

    def to_act(self) -> Optional[int]:
        phase = self._phase
        if isinstance(phase, (_Turn, _Voids, _Swap)):
            return phase.seat
        if isinstance(phase, _ClaimWindow) and len(phase.answers) < len(phase.choices):
            return phase.choices[len(phase.answers)][0]
        return None

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def winners_so_far(self) -> frozenset[int]:
        """The seats that have won so far: a winner leaves the table when the deal plays on (血战到底) or stays
        in, its hand locked (血流成河)."""
        return frozenset(self._won)

    @property
    def wall_remaining(self) -> int:
        return self._wall.remaining

    def log_lines(self) -> list[str]:
        return [log.to_json(event) for event in self._events]

    def observation(self, seat: int) -> Observation:
        if seat not in range(SEATS):
            raise InvalidArgumentError(f"seat {seat} is not 0..3")
        phase = self._phase
        drawn = phase.drawn.tile if isinstance(phase, _Turn) and phase.seat == seat and phase.drawn else None
        offered = None
        if isinstance(phase, _ClaimWindow):
            offered = OfferedTile(phase.tile, phase.from_seat, phase.offer is not _Offer.DISCARD)
        return Observation(
            seat=seat,
            hand=tuple(self._seats[seat].concealed),
            drawn=drawn,
            melds=tuple(tuple(s.melds) for s in self._seats),
            discards=tuple(tuple(s.discards) for s in self._seats),
            wall_remaining=self._wall.remaining,
            dealer=self.dealer,
            round_wind=self.round_wind,
            to_act=self.to_act(),
            offered=offered,
            discard_history=discard_history(self._events),
            flowers=tuple(tuple(sorted(s.flowers)) for s in self._seats),
            ghosts=tuple(sorted(self.ghosts)),
            ghost_indicator=self.ghost_indicator,
            flower_ghosts=tuple(sorted(self._seats[seat].flower_ghosts)),
            discarded_flowers=tuple(tuple(sorted(s.discarded_flowers)) for s in self._seats),
            flowers_are_ghosts=self.hooks.flower_ghosts,
            # Each seat's void: one's own once named, the others' once all are (the picks show together).
            voids=tuple(s.void if other == seat or not isinstance(phase, _Voids) else None
                        for other, s in enumerate(self._seats)),
            passing=tuple(self._passing[seat]) if self.hooks.swap_tiles else (),
        )

    # Stepping -----------------------------------------------------------------------------------------------

    def step(self, action: Action) -> None:
        """Applies the decision of the seat to act; an action not among the legal ones raises
        ``IllegalActionError`` and changes nothing."""
        action = Action(*action)
        if not action.is_valid():
            raise InvalidArgumentError(f"{action} is not an action: kinds are pass, discard, chi, pon, kong, "
                                       "concealed_kong, added_kong, win; a tile with discard, chi and the kongs")
        seat = self.to_act()
        if seat is None:
            raise IllegalActionError(f"{_action_text(action)}: the deal is over")
        if action not in self._legal:
            legal = ", ".join(_action_text(a) for a in self._legal)
            raise IllegalActionError(f"{_action_text(action)} is not legal for seat {seat} now; legal: {legal}")
        self._events.append(log.act(seat, action))
        phase, self._phase = self._phase, None
        if isinstance(phase, _Turn):
            self._take_turn(phase, action)
        elif isinstance(phase, _Voids):
            self._name_void(phase, action.tile)
        elif isinstance(phase, _Swap):
            self._pick_swap(phase, action.tile)
        else:
            self._answer(phase, action)
        self.check_invariants()

    def _take_turn(self, turn: _Turn, action: Action) -> None:
        seat, state = turn.seat, self._seats[turn.seat]
        if action.kind == "eye":  # 眼牌: the seat locks its hand, then discards as declared
            self._locked.add(seat)
            action = Action("discard", action.tile)
        if action.kind == "win":
            winner = self._declared_winner(seat, turn.drawn.tile, None, turn.drawn, False)
            self._extra_tile.add(seat)
            self._settle_wins([winner], seat)
        elif action.kind == "discard_flower":
            self._discard_flower_ghost(seat, action.tile - FIRST_FLOWER)
        elif action.kind == "discard":
            state.concealed[action.tile] -= 1
            state.discards.append(action.tile)
            self._discards_made += 1
            self._kong_discard = turn.drawn is not None and turn.drawn.replacement
            if self._discards_made == SEATS:
                if self.hooks.follow_dealer:
                    self._follow_dealer()
                if self._abortive_draws and four_winds(self._first_discards_alike()):
                    self._end_abortive(FOUR_WINDS)
                    return
            self._offer(seat, action.tile, _Offer.DISCARD)
        elif action.kind == "concealed_kong":
            state.concealed[action.tile] -= 4
            self._interrupted = True
            self._add_meld(seat, Meld(MeldKind.CONCEALED_KONG, action.tile), None)
            self._settle_kong(seat, MeldKind.CONCEALED_KONG, None)
            # OC-48: a kong declared on a melded kong's replacement continues its chain, whose feeder stays
            # liable for a bloom at the end.
            self._draw_replacement_for(seat, turn.drawn.kong_feeder if turn.drawn else None)
        else:  # added_kong
            self._interrupted = True
            self._chain_feeder = turn.drawn.kong_feeder if turn.drawn else None
            if "added" in self.rules.robbable_kongs:
                self._offer(seat, action.tile, _Offer.ADDED_KONG)
            else:
                self._complete_added_kong(seat, action.tile)

    def _discard_flower_ghost(self, seat: int, flower: int) -> None:
        """A flower ghost discarded: nobody may claim it (a ghost is never ponged, konged or won on), so the next
        seat draws. 跟庄 never follows a flower (each exists once): the check sees no first discard here."""
        state = self._seats[seat]
        state.flower_ghosts.remove(flower)
        state.discarded_flowers.add(flower)
        self._discards_made += 1
        self._kong_discard = False
        if self.hooks.follow_dealer and self._discards_made == SEATS:
            self._follow_dealer()
        self._draw_for(self._next_active(seat))

    def _answer(self, window: _ClaimWindow, action: Action) -> None:
        seat, choices = window.choices[len(window.answers)]
        if action.kind != "win" and Action("win") in choices:
            # 漏胡 (OC-15): passing (or out-claiming) a legal win blocks that tile (or every discard win) until
            # the seat's next 动牌.
            if self.rules.missed_win == "higher_fan":
                # 过手加番 (OC-S12): a later discard win must be worth strictly more than the passed one.
                passed = self._judge(seat, window.tile, window.from_seat, None, window.offer is not _Offer.DISCARD)
                self._seats[seat].missed_fan = max(self._seats[seat].missed_fan, passed or 0)
            every = set(range(NUM_KINDS))
            blocked = {"off": set(), "same_tile": {window.tile}, "any_tile": every, "higher_fan": every}
            self._seats[seat].missed_wins |= blocked[self.rules.missed_win]
        window.answers.append(action)
        # The first claimant's win takes the tile: the seats after it are not asked.
        decided = action.kind == "win" and self.rules.several_winners == "first"
        if len(window.answers) < len(window.choices) and not decided:
            self._legal = window.choices[len(window.answers)][1]
            self._phase = window
        else:
            self._resolve(window)

    def _resolve(self, window: _ClaimWindow) -> None:
        answered = [(seat, answer) for (seat, _), answer in zip(window.choices, window.answers)]
        robbing = window.offer is not _Offer.DISCARD
        winning_seats = [seat for seat, answer in answered if answer.kind == "win"]
        if self.rules.several_winners == "highest" and len(winning_seats) > 1:
            # 截胡: the highest hand alone wins, the nearest one on a tie.
            fans = [self._judge(seat, window.tile, window.from_seat, None, robbing) or 0 for seat in winning_seats]
            winning_seats = [winning_seats[fans.index(max(fans))]]
        # Settled with the number of winners known (一炮多响 can change the fan: QQ's 一炮三响 floor).
        winners = [self._declared_winner(seat, window.tile, window.from_seat, None, robbing, len(winning_seats))
                   for seat in winning_seats]  # fmt: skip
        if winners:
            # OC-S22: play resumes after the farthest winner, or after the discarder (the robbed konger).
            self._settle_wins(winners, window.from_seat if self.hooks.resume_after_discarder else winning_seats[-1])
            return
        if robbing:
            self._complete_kong(window)
            return
        pung = [(seat, a) for seat, a in answered if a.kind in ("pon", "kong")]
        chow = [(seat, a) for seat, a in answered if a.kind == "chi"]
        claims = pung or chow
        if claims:
            self._claim(*claims[0], window.tile, window.from_seat)
        else:
            self._draw_for(self._next_active(window.from_seat))

    def _settle_wins(self, winners: list[Winner], resume_after: int) -> None:
        """Records wins; the deal then ends (enough winners, or one seat left) or plays on from the first active
        seat after ``resume_after`` (the winner, or the farthest of several from the discarder)."""
        self._events += [event for w in winners for event in log.win_events(w)]
        if not self._wins:
            self.first_winners = len(winners)
        self._won |= {w.seat for w in winners}
        if self.hooks.winners_stay:
            self._keep_winners_in(winners)
        else:
            self._left = set(self._won)
        self._wins += winners
        robbed = winners[0].from_seat if winners[0].robbing_kong else None
        enough = len(self._wins) >= self.rules.winners or SEATS - len(self._left) <= 1
        if enough and not self.hooks.winners_stay:
            if robbed is not None:
                self._extra_tile.add(robbed)
            self._finish()
            return
        if robbed is not None:
            # Playing on: the robbed tile left the konger's hand for the winners; it lies with its discards.
            self._seats[robbed].concealed[winners[0].tile] -= 1
            self._seats[robbed].discards.append(winners[0].tile)
        self._draw_for(self._next_active(resume_after))

    def _keep_winners_in(self, winners: list[Winner]) -> None:
        """血流成河: the new winners stay in, their hands locked; a self-drawn winning tile leaves the hand face up,
        with the winner's discards (``winners_stay``)."""
        for w in winners:
            if self.hooks.winners_locked:
                self._locked.add(w.seat)
            if w.from_seat is None:
                self._extra_tile.discard(w.seat)
                self._seats[w.seat].concealed[w.tile] -= 1
                self._seats[w.seat].discards.append(w.tile)

    def _claim(self, seat: int, action: Action, tile: int, from_seat: int) -> None:
        self._seats[from_seat].discards.pop()
        self._interrupted = True
        if action.kind == "kong" and "melded" in self.rules.robbable_kongs:
            # 明杠可抢: the tile waits in the konger's hand while the others may rob it.
            self._seats[seat].moved()
            self._seats[seat].concealed[tile] += 1
            self._offer(seat, tile, _Offer.MELDED_KONG, feeder=from_seat)
            return
        self._meld_claimed(seat, action, tile, from_seat)

    def _complete_kong(self, window: _ClaimWindow) -> None:
        """Completes a kong nobody robbed."""
        if window.offer is _Offer.MELDED_KONG:
            self._seats[window.from_seat].concealed[window.tile] -= 1
            self._meld_claimed(window.from_seat, Action("kong"), window.tile, window.feeder)
        else:
            self._complete_added_kong(window.from_seat, window.tile)

    def _meld_claimed(self, seat: int, action: Action, tile: int, from_seat: int) -> None:
        """Forms the meld of a claimed discard ``tile`` of ``from_seat`` (not in ``seat``'s hand) and moves on."""
        state = self._seats[seat]
        state.moved()
        kind = {"chi": MeldKind.CHI, "kong": MeldKind.KONG, "pon": MeldKind.PON}[action.kind]
        lowest = action.tile if action.kind == "chi" else tile
        meld = Meld(kind, lowest, tile, (from_seat - seat) % SEATS)
        used = list(meld.tiles)
        used.remove(tile)
        for t in used:
            state.concealed[t] -= 1
        if kind == MeldKind.PON and self.hooks.returned_kongs and state.concealed[tile]:
            state.pons_with_fourth.add(tile)
        self._add_meld(seat, meld, from_seat)
        self._note_twelve_tiles(seat)
        if kind == MeldKind.KONG:
            self._settle_kong(seat, kind, from_seat)
            self._draw_replacement_for(seat, from_seat)
        else:
            self._enter_turn(seat, None)

    def _complete_added_kong(self, seat: int, tile: int) -> None:
        state = self._seats[seat]
        state.concealed[tile] -= 1
        position = next(i for i, m in enumerate(state.melds) if m.kind == MeldKind.PON and m.tile == tile)
        pon = state.melds[position]
        kong = Meld(MeldKind.ADDED_KONG, tile, pon.claimed, pon.from_offset)
        state.melds[position] = kong
        feeder = None if pon.from_offset is None else (seat + pon.from_offset) % SEATS
        self._events.append(log.meld(seat, kong, feeder, tile in state.pons_with_fourth))
        self._note_twelve_tiles(seat)  # counting exposed tiles (OC-14), the fourth tile may put the twelfth down
        self._settle_kong(seat, MeldKind.ADDED_KONG, feeder)
        # The pon's feeder is not liable for a bloom (§4.4); the feeder of a chain it continues is (OC-48).
        chain, self._chain_feeder = self._chain_feeder, None
        self._draw_replacement_for(seat, chain)

    def _follow_dealer(self) -> None:
        """跟庄 (OC-51): after the fourth discard of an uninterrupted first go-around, all four seats' first
        discards are the dealer's first one."""
        if self._first_discards_alike() is not None:
            self._settle_event(PayingEvent("follow_dealer", self.dealer))

    def _first_discards_alike(self) -> Optional[int]:
        """After the fourth discard: the tile every seat discarded first, when the first go-around was
        uninterrupted (no claim, no kong) and those discards are one kind (跟庄, 四風連打)."""
        first = [state.discards[0] if state.discards else None for state in self._seats]
        alike = not self._interrupted and first[self.dealer] is not None and len(set(first)) == 1
        return first[self.dealer] if alike else None

    def _end_abortive(self, reason: str) -> None:
        """Ends the deal in an abortive draw (``abortive``)."""
        self.abortive_draw = reason
        self._events.append(log.abortive(reason))
        self._finish()

    def _add_meld(self, seat: int, meld: Meld, from_seat: Optional[int]) -> None:
        self._seats[seat].melds.append(meld)
        self._events.append(log.meld(seat, meld, from_seat))

    def _draw_for(self, seat: int) -> None:
        """An ordinary draw from the head, or the end of the deal when the wall is empty (§1.9)."""
        code = self._wall.draw()
        if code is None:
            self._finish()
        elif code >= FIRST_FLOWER and not self.hooks.flower_ghosts:
            self._set_flower_aside(seat, code - FIRST_FLOWER)
            self._draw_from_tail(seat, False, None)
        else:
            self._receive(seat, _Drawn(code, False), False)

    def _draw_replacement_for(self, seat: int, kong_feeder: Optional[int]) -> None:
        """A kong replacement from the tail, once the kong stands (unless it makes 四槓, an abortive draw where
        played); kongs are legal only while the wall holds a tile (OC-17), or a kong on an empty wall (where
        allowed) draws none and the deal ends."""
        if self._abortive_draws and four_kongs_by_several([state.melds for state in self._seats]):
            self._end_abortive(FOUR_KONGS)
            return
        self._draw_from_tail(seat, True, kong_feeder)

    def _draw_from_tail(self, seat: int, kong: bool, kong_feeder: Optional[int]) -> None:
        """A replacement from the tail (after a kong, or a flower), flowers set aside and replaced in turn; the
        deal ends when the wall runs out first."""
        after_flower = not kong
        while (code := self._wall.draw_replacement()) is not None and code >= FIRST_FLOWER \
                and not self.hooks.flower_ghosts:
            after_flower = True
            self._set_flower_aside(seat, code - FIRST_FLOWER)
        if code is None:
            self._finish()
        else:
            self._receive(seat, _Drawn(code, kong, kong_feeder, after_flower), True)

    def _receive(self, seat: int, drawn: _Drawn, from_tail: bool) -> None:
        state = self._seats[seat]
        if drawn.tile >= FIRST_FLOWER:  # a flower ghost (四花鬼 / 八花鬼) stays in the hand
            state.flower_ghosts.add(drawn.tile - FIRST_FLOWER)
        else:
            state.concealed[drawn.tile] += 1
        state.moved()
        self._events.append(log.draw(seat, drawn.tile, from_tail))
        if self._flower_win is not None:
            self._take_flower_win(seat, drawn.tile)
            return
        self._enter_turn(seat, drawn)

    def _take_flower_win(self, drawer: int, tile: int) -> None:
        """A flower win ends the deal once the flower's replacement ``tile`` reached ``drawer`` (recorded as the
        win's tile: none completes a flower win)."""
        win, self._flower_win = self._flower_win, None
        self._extra_tile.add(drawer)
        winner = Winner(win.winner, tile, win.payer, False, win.fan)
        self._won.add(win.winner)
        self._left.add(win.winner)
        self._events.append(log.win(winner))
        self._wins.append(winner)
        self.declared.append(Declared(win.fan, win.settled))
        self.settlements.append(None)
        self._finish()

    def _enter_turn(self, seat: int, drawn: Optional[_Drawn]) -> None:
        legal = []
        state = self._seats[seat]
        rules = self.rules
        void = state.void_kinds()
        if drawn is not None:
            source = "kong_bloom" if drawn.replacement else "self_draw"
            if source in rules.sources and self._judge(seat, drawn.tile, None, drawn, False) is not None:
                legal.append(Action("win"))
            if seat in self._locked:  # 眼牌, or a 血流 winner: the drawn tile goes, unless it wins (or kongs)
                # The kongs that keep the waits: a 血流 winner's, or a 眼牌 seat's under "wait_preserving".
                may_kong = self.hooks.winners_stay if seat in self._won else self.hooks.eye_kongs
                kongs = (wait_keeping_kongs(state.concealed, state.melds, drawn.tile, rules)
                         if may_kong and self._may_kong() else [])  # fmt: skip
                self._legal = sorted(locked_turn(drawn.tile, bool(legal)) + kongs, key=Action.sort_key)
                self._phase = _Turn(seat, drawn)
                return
            if self._may_kong():
                if rules.concealed_kong:
                    legal += [Action("concealed_kong", k) for k in range(NUM_KINDS)
                              if state.concealed[k] == 4 and self._meldable(k) and k not in void]
                if rules.added_kong:
                    legal += [Action("added_kong", m.tile) for m in state.melds
                              if m.kind == MeldKind.PON and state.concealed[m.tile] > 0]
        discardable = [k for k in range(NUM_KINDS) if state.concealed[k] > 0]
        if self.hooks.must_discard_void and any(k in void for k in discardable):
            discardable = [k for k in discardable if k in void]  # 必须打缺: the void suit goes first
        if drawn is None and self.hooks.no_swap_discard:  # 食替: right after a chi or pon, not the set's kinds
            discardable = allowed_after_claim(discardable, state.melds[-1] if state.melds else None)
        legal += [Action("discard", k) for k in discardable]
        if self.hooks.eye_declarations:
            legal += eye_declarations(state.concealed, discardable)
        legal += [Action("discard_flower", FIRST_FLOWER + f) for f in state.flower_ghosts]
        self._legal = sorted(legal, key=Action.sort_key)
        self._phase = _Turn(seat, drawn)

    def _offer(self, from_seat: int, tile: int, offer: _Offer, feeder: Optional[int] = None) -> None:
        """Offers ``tile`` to the other seats; moves on directly when nobody has a choice. ``feeder``: the
        discarder of a melded kong's tile, who cannot rob it."""
        choices = []
        next_seat = self._next_active(from_seat)
        robbing = offer is not _Offer.DISCARD
        may_win = ("robbing_kong" if robbing else "discard") in self.rules.sources
        for offset in range(1, SEATS):
            seat = (from_seat + offset) % SEATS
            # Not asked: the seats that left, a 眼牌 seat (locked, never won: a locked 血流 winner may still
            # win), the feeder.
            if seat in self._left or (seat in self._locked and seat not in self._won) or seat == feeder:
                continue
            options = []
            state = self._seats[seat]
            blocked = tile in state.missed_wins
            # 过手加番: a blocked seat may still win for strictly more fan than it passed.
            above = self.rules.missed_win == "higher_fan"
            if may_win and (not blocked or above):
                fan = self._judge(seat, tile, from_seat, None, robbing)
                if fan is not None and (not blocked or fan > state.missed_fan):
                    options.append(Action("win"))
            if offer is _Offer.DISCARD and seat not in self._locked:  # a locked hand melds nothing
                # Chi only by the seat right after the discarder (not by the next active one).
                options += self._claim_options(seat, tile, offset == 1)
            if options:
                options.append(Action("pass"))
                choices.append((seat, sorted(options, key=Action.sort_key)))
        if choices:
            self._legal = choices[0][1]
            self._phase = _ClaimWindow(tile, from_seat, offer, choices, feeder=feeder)
        elif robbing:
            self._complete_kong(_ClaimWindow(tile, from_seat, offer, [], feeder=feeder))
        else:
            self._draw_for(next_seat)

    def _claim_options(self, seat: int, tile: int, is_next: bool) -> list[Action]:
        """Pon, kong and (for the discarder's 下家, where chi is played) chi of a discarded ``tile``."""
        concealed = self._seats[seat].concealed
        rules = self.rules
        options = []
        meldable = self._meldable(tile)
        held = 0 if tile in self._seats[seat].void_kinds() else concealed[tile]  # 定缺: no pon or kong of the void
        if rules.pon and held >= 2 and meldable:
            options.append(Action("pon"))
        if rules.melded_kong and held == 3 and self._may_kong() and meldable:
            options.append(Action("kong"))
        if is_next and rules.chi == "next_seat":
            for lowest in range(max(tile - 2, 0), tile + 1):
                if _can_start_chow(lowest) and all(k == tile or concealed[k] > 0 for k in range(lowest, lowest + 3)):
                    options.append(Action("chi", lowest))
        return options

    def _may_kong(self) -> bool:
        """A kong may be declared while the wall holds a tile (OC-17), or always where the family allows a kong
        on an empty wall (Sichuan OC-S21: it draws no replacement, and the deal ends)."""
        return self.hooks.kong_on_empty_wall or self._wall.remaining > 0

    def _meldable(self, kind: int) -> bool:
        """A kind may be ponged or konged: all but the ghosts, unless the family lets ghosts meld."""
        return kind not in self.ghosts or self.hooks.ghost_melds

    def _context(self) -> DealContext:
        return DealContext(self.ghosts, self.ghost_indicator, self._wall.undrawn(), self.dealer_streak,
                           frozenset(self._locked))

    def ghosts_held(self, winner: Winner) -> int:
        """The ghosts ``winner``'s winning hand held, its winning tile included."""
        state = self._seats[winner.seat]
        held = sum(state.concealed[kind] for kind in self.ghosts) + len(state.flower_ghosts)
        return held + (winner.from_seat is not None and winner.tile in self.ghosts)

    def _judge(self, seat: int, tile: int, from_seat: Optional[int], drawn: Optional[_Drawn],
               robbing_kong: bool, winners_on_discard: int = 1, settle: bool = False) -> Optional[int]:
        """The fan if ``seat`` wins with ``tile`` (already in hand when self-drawn), else None. Each seat is
        asked alone, as the only winner; the count of winners is given when the win is settled (``settle``:
        the hand and situation are kept in ``settlements``)."""
        state = self._seats[seat]
        concealed = list(state.concealed)
        if from_seat is not None:
            concealed[tile] += 1
        if self.hooks.void_suit and (state.void is None or any(concealed[k] for k in state.void_kinds())):
            return None  # 定缺: a hand holding its void suit (or before naming one) cannot win
        situation = WinSituation(
            winner=seat,
            tile=tile,
            from_seat=from_seat,
            robbing_kong=robbing_kong,
            kong_replacement=drawn is not None and drawn.replacement,
            kong_feeder=None if drawn is None else drawn.kong_feeder,
            last_tile=self._wall.remaining == 0,
            first_go_around=self._first_go_around(seat, from_seat, robbing_kong),
            winners_on_discard=winners_on_discard,
            dealer=self.dealer,
            round_wind=self.round_wind,
            feeder_already_liable=self._feeder_already_liable(seat),
            flowers=tuple(sorted(state.flowers)),
            shown=self._shown_copies(tile, from_seat is not None and not robbing_kong),
            kong_discard=from_seat is not None and not robbing_kong and self._kong_discard,
            flower_replacement=drawn is not None and drawn.after_flower,
        )
        hand = Hand(tuple(concealed), tuple(state.melds), len(state.flower_ghosts))  # flower ghosts are wilds
        context = self._context()
        if settle:
            self.settlements.append((hand, situation))
            declared = self.hooks.declare(hand, situation, context)
            self.declared.append(declared)
            if declared is not None:
                return declared.fan
        return self.hooks.judge(self._win_check, hand, situation, context)

    def _declared_winner(self, seat: int, tile: int, from_seat: Optional[int], drawn: Optional[_Drawn],
                         robbing_kong: bool, winners_on_discard: int = 1) -> Winner:  # fmt: skip
        """The winner ``seat`` as its win is settled, with the horses its family turned (买马)."""
        settled = len(self.declared)
        fan = self._judge(seat, tile, from_seat, drawn, robbing_kong, winners_on_discard, settle=True) or 0
        declared = self.declared[-1] if len(self.declared) > settled else None
        return Winner(seat, tile, from_seat, robbing_kong, fan, () if declared is None else declared.horses)

    def _shown_copies(self, tile: int, on_discard: bool) -> int:
        """Copies of ``tile`` in the open: every seat's discards and exposed melds (a concealed kong lies face
        down), less the discard being won on (``on_discard``: it is still the discarder's last)."""
        shown = sum(state.discards.count(tile) + sum(m.tiles.count(tile) for m in state.melds
                                                      if m.kind != MeldKind.CONCEALED_KONG)
                    for state in self._seats)  # fmt: skip
        return shown - on_discard

    def _note_twelve_tiles(self, seat: int) -> None:
        """Records ``seat``'s 十二张落地 (its trigger meld's feeder) the first time its melds reach it under the
        family's count (OC-14, ``hooks.twelve_tiles_count``; the scorer reads the same): what 包先不包后 orders."""
        if any(victim == seat for victim, _ in self._twelve_tiles_down):
            return
        melds = self._seats[seat].melds
        index = twelve_tiles_trigger(melds, self.hooks.twelve_tiles_count, self.rules.hand)
        if index is not None and melds[index].from_offset is not None:
            self._twelve_tiles_down.append((seat, (seat + melds[index].from_offset) % SEATS))

    def _feeder_already_liable(self, seat: int) -> bool:
        """包先不包后: whether whoever fed ``seat`` its fourth claimed meld had fed another seat's fourth one first."""
        victims = [victim for victim, _ in self._twelve_tiles_down]
        if seat not in victims:
            return False
        at = victims.index(seat)
        feeder = self._twelve_tiles_down[at][1]
        return any(fed == feeder for _, fed in self._twelve_tiles_down[:at])

    def _first_go_around(self, seat: int, from_seat: Optional[int], robbing_kong: bool) -> Optional[str]:
        """天和, 地和 or 人和: nobody has claimed or declared a kong yet, and the seats before the winner in the
        first go-around have each discarded once."""
        # Sichuan OC-S7 "allowed": before the first discard only the dealer's own 暗杠 can have interrupted.
        kong_kept = self.hooks.heavenly_after_kong and self._discards_made == 0
        if (self._interrupted and not kong_kept) or robbing_kong:
            return None
        if from_seat is None and seat == self.dealer and self._discards_made == 0:
            return "heavenly"
        if from_seat is None and seat != self.dealer and self._discards_made == (seat - self.dealer) % SEATS:
            return "earthly"
        if from_seat is not None and seat != self.dealer and self._discards_made == 1:
            return "human"
        return None

    def _finish(self) -> None:
        """Ends the deal with the wins so far (none: an exhaustive draw)."""
        winners = self._wins
        if not winners and not self.hooks.kong_money_on_draw:
            # 荒庄荒杠 (OC-30): the kong money paid during the deal is returned.
            self.event_payments = [t - k for t, k in zip(self.event_payments, self.kong_money)]
            self.kong_money = [0] * SEATS
        self._settle_event(PayingEvent("end", winners=frozenset(self._won)))
        self._settle_whole_deal(winners)
        self._events.append(log.end(winners, self._wall.remaining))
        self.outcome = winners
        self._legal = []
        self._phase = None

    def _settle_whole_deal(self, winners: list[Winner]) -> None:
        """A family that settles the whole deal at once replaces its wins' payments and the other money."""
        hands = tuple(FinalHand(tuple(s.concealed), tuple(s.melds), tuple(s.discards), s.void) for s in self._seats)
        finished = FinishedDeal(self._events, list(winners), hands, self.dealer,
                                self._wall.remaining == 0 and len(winners) < self.rules.winners)  # fmt: skip
        money = self.hooks.settle_deal(finished)
        if money is None:
            return
        wins, self.event_payments, self.kong_money, self.side_money = money
        if wins is not None:  # None: the wins keep their own settlement (老章's 数胡尾 settles the losers only)
            self.deal_win_payments = [tuple(paid) for paid in wins]

    # Invariants ---------------------------------------------------------------------------------------------

    def check_invariants(self) -> None:
        """Every tile of the set accounted for (undrawn wall + hands + melds + discards + flowers set aside =
        the set, so no kind five times) and hand sizes fitting the phase."""
        seen = [0] * (FIRST_FLOWER + 8)
        if self.ghost_indicator is not None:
            seen[self.ghost_indicator] += 1
        for t in self._wall.undrawn():
            seen[t] += 1
        for seat, state in enumerate(self._seats):
            for f in (*state.flowers, *state.flower_ghosts, *state.discarded_flowers):
                seen[FIRST_FLOWER + f] += 1
            for k, c in enumerate(state.concealed):
                seen[k] += c
            for m in state.melds:
                for t in m.tiles:
                    seen[t] += 1
            for t in state.discards:
                seen[t] += 1
            if state.pons_with_fourth - {m.tile for m in state.melds if m.kind in (MeldKind.PON, MeldKind.ADDED_KONG)}:
                raise InvalidHandError(f"invariant broken: seat {seat}'s 回头杠 kinds {sorted(state.pons_with_fourth)} "
                                       "are not all its pons'")  # fmt: skip
            size = sum(state.concealed) + len(state.flower_ghosts) + 3 * len(state.melds)
            expected = self.rules.hand + self._holds_extra_tile(seat)
            if size != expected:
                raise InvalidHandError(f"invariant broken: seat {seat} holds {size} tiles (melds as 3), expected {expected}")
        expected_set = [0] * len(seen)
        for code in tile_set(self.rules):
            expected_set[code] += 1
        for kind, count in enumerate(seen):
            if count != expected_set[kind]:
                raise InvalidHandError(f"invariant broken: {count} of wall code {kind} on the table instead of "
                                       f"{expected_set[kind]}")  # fmt: skip

    def _holds_extra_tile(self, seat: int) -> bool:
        phase = self._phase
        if isinstance(phase, _Turn) and phase.seat == seat:
            return True
        if isinstance(phase, (_Voids, _Swap)) and seat == self.dealer:
            return True
        if isinstance(phase, _ClaimWindow) and phase.offer is not _Offer.DISCARD and phase.from_seat == seat:
            return True
        return seat in self._extra_tile
