"""What a family adds to the twin's deal beyond a plain win check — the twin of the native ``Adjudicator``'s
other methods and of the ``TableRules`` fields a family sets itself: ghosts (推倒胡: the wild kinds, the 翻鬼
flip, whether ghosts meld), wins judged with the deal's context and declared there and then (horses drawn),
定缺 (the void suit named at the start, 必须打缺), money paid by events other than wins (kongs, flowers, 跟庄,
the end), the money of a whole finished deal (Sichuan: 呼叫转移, 退税, 查花猪, 查大叫) and wins the flowers alone
make (Taiwan). The defaults do nothing, so a family without table extras (Guangdong, MCR) plays exactly as
before. A family's hooks reach the deal given (``Deal(hooks=…)``, from ``families.TwinFamily.hooks``) or as its
win check itself (a ``DealHooks`` that is called as one, as 推倒胡's).

A family option the native table gains later belongs here as one more hook, as 眼牌 and 换三张 are."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...hand import Hand, Meld, MeldKind
from ...table.types import SEATS, Horse, WinCheck, WinSituation, Winner, win_fan

__all__ = ["DealContext", "DealHooks", "Declared", "FinalHand", "FinishedDeal", "FlowerWin", "NO_HOOKS",
           "PayingEvent", "SettledWin", "from_each", "table_hooks"]


@dataclass(frozen=True)
class DealContext:
    """What a question about a win may read of the deal besides the hand, as the Rust ``DealContext``."""

    ghosts: frozenset[int]  # the deal's wild kinds
    indicator: Optional[int]  # the 翻鬼 indicator, if the ghosts were flipped
    undrawn: tuple[int, ...]  # the wall codes not drawn yet, head to tail (the reserved tail included)
    dealer_streak: int  # the dealer's 连庄 count, set by the game
    locked: frozenset[int] = frozenset()  # the seats that declared 眼牌, their hands locked


@dataclass(frozen=True)
class PayingEvent:
    """An event that may pay besides a win: ``kind`` "kong" (``seat`` completed a kong of ``meld_kind``,
    ``feeder`` who fed its claimed tile), "flower" (``seat`` set ``flower`` 0..7 aside), "follow_dealer" (跟庄:
    the three others followed the dealer ``seat``'s first discard) or "end" (the deal is over; ``winners`` the
    seats that won)."""

    kind: str
    seat: int = 0
    meld_kind: Optional[MeldKind] = None
    feeder: Optional[int] = None
    flower: int = 0
    winners: frozenset[int] = frozenset()


@dataclass(frozen=True)
class SettledWin:
    """A win as its settlement says: the pattern row (-1: none), payments by table seat, the liable seat, the
    horses (买马) that hit the winner and the horse money inside the payments (789's mirror bets; zero where
    horses are part of the win itself, as 推倒胡's), every row the win scored (the engine's ``WinInfo::rows``),
    the count the family keeps per win (``WinInfo::count``: Sichuan's 根) and the winner's flower money inside
    the payments (``WinInfo::flower_money``: 789's)."""

    pattern: int
    payments: tuple[int, ...]
    liable: Optional[int] = None
    horse_hits: int = 0
    horse_money: tuple[int, ...] = (0,) * SEATS
    rows: int = 0  # every row of the table the win scored, bit r = row r (MCR: each fan); 0: ``pattern`` only
    count: int = 0
    flower_money: tuple[int, ...] = (0,) * SEATS


@dataclass(frozen=True)
class Declared:
    """A win settled as it is declared (推倒胡 and 789 turn their horses then): the fan the log records, the
    settlement and the horses turned (the log records them)."""

    fan: int
    settled: SettledWin
    horses: tuple[Horse, ...] = ()


@dataclass(frozen=True)
class FlowerWin:
    """A win the flowers alone make: the winner, who pays as a discarder would (None: every other seat), its
    fan and what it pays."""

    winner: int
    payer: Optional[int]
    fan: int
    settled: SettledWin


@dataclass(frozen=True)
class FinalHand:
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    discards: tuple[int, ...]
    void: Optional[int]


@dataclass(frozen=True)
class FinishedDeal:
    """A finished deal as a whole-deal settlement reads it: the log (event dicts), the wins in order, each
    seat's final hand, the dealer, and whether the wall ran out short of enough winners (流局 checks)."""

    events: list[dict]
    winners: list[Winner]
    hands: tuple[FinalHand, ...]
    dealer: int
    wall_exhausted: bool


class DealHooks:
    """The defaults: wins decided by the deal's plain win check; no ghosts, no 定缺, no paying events, no
    whole-deal settlement, no flower wins."""

    void_suit = False  # 定缺: each seat names a void suit before the dealer's first discard
    must_discard_void = False  # 必须打缺: while holding its void suit a seat discards only that suit
    follow_dealer = False  # 跟庄 is checked after the fourth discard of an uninterrupted first go-around
    kong_money_on_draw = True  # kong money stands at a 流局 (there is none by default)
    # Who deals next where the family says so, overriding the table's ``end.dealer_stays`` (None: keep it), one
    # of its names: "winner_deals" the first winner (推倒胡 OC-29), "first_winner_deals" the same unless the first
    # winning tile had several winners, then its discarder, "last_winner_deals" the deal's last winner (Sichuan
    # OC-S16; the dealer stays after a draw under all three), or "passes" (the deal always passes on).
    dealer_stays: Optional[str] = None
    ghost_melds = False  # ghosts may be ponged and konged
    # 四花鬼 / 八花鬼: a flower dealt or drawn stays in the hand as a ghost, asked about as one of the hand's
    # ``wilds`` (a drawn one included: the situation's ``tile`` is then its wall code 34..41).
    flower_ghosts = False
    swap_tiles = 0  # 换三张: the tiles each seat passes after the deal (0: none; ``swap``)
    eye_declarations = False  # 眼牌: a seat on turn may lock its ready hand (``eye``)
    winners_stay = False  # 血流成河: winners stay in, locked, and only the wall ends the deal (``winners_stay``)
    eye_kongs = False  # 眼牌 "wait_preserving": a locked 眼牌 seat may make kongs that keep its waits
    # 四風連打 and 四槓 end the deal as a draw (``abortive``): the family's say (Taiwan's OC-T15), else None — the
    # table's ``end.abortive_draws`` (OC-39).
    abortive_draws: Optional[bool] = None
    no_swap_discard = False  # 食替: no discard of the claimed set's kinds right after a chi or pon (``claim_swap``)
    winners_locked = True  # under ``winners_stay``: a winner's hand is locked (False: it plays on freely, OC-S17)
    returned_kongs = False  # 回头杠: a 补杠 onto a pon made with the fourth tile in hand is logged "returned"
    heavenly_after_kong = False  # 天胡 survives the dealer's own 暗杠 before its first discard (OC-S7)
    kong_on_empty_wall = False  # a kong may be declared with the wall empty: no replacement, the deal ends (OC-S21)
    resume_after_discarder = False  # after a discard win play resumes after the discarder (OC-S22)
    # How 十二张落地 is counted for 包先不包后 (OC-14): "claimed_melds" or "exposed_tiles" (Guangdong's option).
    twelve_tiles_count = "claimed_melds"

    def flips(self) -> bool:
        """Whether a 翻鬼 indicator is turned from the wall's tail before the deal."""
        return False

    def ghost_kinds(self, indicator: Optional[int]) -> frozenset[int]:
        """The wild kinds of a deal whose indicator (under 翻鬼) is ``indicator``."""
        return frozenset()

    def judge(self, win_check: Optional[WinCheck], hand: Hand, situation: WinSituation,
              context: DealContext) -> Optional[int]:
        """The fan if ``hand`` (its winning tile included) is a legal win, else None: by the deal's
        ``win_check`` unless the family judges with the deal's context."""
        assert win_check is not None, "a deal without a win check has hooks that judge"
        return win_fan(win_check(hand, situation))

    def declare(self, hand: Hand, situation: WinSituation, context: DealContext) -> Optional[Declared]:
        """The declared win as the family settles it there and then (horses drawn), or None where the win
        is settled after the deal from its hand and situation (``families.settled_wins``)."""
        return None

    def settle(self, event: PayingEvent, dealer: int) -> Optional[list[int]]:
        """What ``event`` pays each seat (zero-sum), or None: nothing."""
        return None

    def settle_deal(self, deal: FinishedDeal) -> Optional[tuple[list[list[int]], list[int], list[int],
                                                                list[list[int]]]]:  # fmt: skip
        """Each win's payments (in order; None: the wins' own settlement stands), the deal's other money, the
        kong money among it and the side money among it by kind (the engine's ``DealMoney::side``), replacing
        what the wins' own settlement and ``settle`` said; None: keep them."""
        return None

    def flower_win(self, flowers: list[set[int]], dealer: int, streak: int) -> Optional[FlowerWin]:
        """A win the seats' flowers make (asked each time a flower is set aside, with the dealer and its 连庄
        count), or None."""
        return None


NO_HOOKS = DealHooks()


def table_hooks(win_check: WinCheck) -> DealHooks:
    """The hooks of a deal decided by ``win_check``: the check itself when it is a family's hooks."""
    return win_check if isinstance(win_check, DealHooks) else NO_HOOKS


def from_each(seat: int, amount: int) -> list[int]:
    """``seat`` receives ``amount`` from each other seat."""
    return [amount * (SEATS - 1) if s == seat else -amount for s in range(SEATS)]
