"""A Sichuan deal's money in plain Python (A.5, A.7, A.8): kong money at once, each win's payments and 呼叫转移
as the events come, then at a 流局 退税, 查花猪 and 查大叫. Pure arithmetic over the events; only 查大叫 scores
hands (each ready player's best wait)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from types import MappingProxyType

from ....errors import ArgumentTypeError, IllegalActionError, InvalidArgumentError
from ....hand import Hand
from ....rules.regional.ruleset import RegionalRuleset
from ....rules.sichuan.events import MONEY_KINDS, EndHand, Event, Kong, Out, Settlement, Win, end_hands
from ....rules.sichuan.ruleset import FIXED_PIG_PENALTIES
from ....rules.sichuan.situation import Situation
from ....rules.registry import RulesetLike, load_ruleset
from .fans import hand_fans, situational_fans
from .payments import fan_money, paid_fan, pay, win_payers

__all__ = ["settle", "settle_with_wins", "best_wait_fan", "end_status"]


@dataclass
class _KongLedger:
    """What one kong earned from each payer, less what 呼叫转移 passed on."""

    seat: int
    received: dict[int, int] = field(default_factory=dict)


def settle(events: Iterable[Event], end: Iterable[EndHand] | None = None, *, ruleset: RulesetLike = "sichuan",
           wall_exhausted: bool = True) -> Settlement:  # fmt: skip
    """Each seat's money by event type over a deal's ``events`` (in order); ``end``: the final hands of the
    seats checked at a 流局 (``wall_exhausted``)."""
    return settle_with_wins(events, end, ruleset=ruleset, wall_exhausted=wall_exhausted)[0]


def settle_with_wins(events: Iterable[Event], end: Iterable[EndHand] | None = None, *, ruleset: RulesetLike = "sichuan",
                     wall_exhausted: bool = True) -> tuple[Settlement, list[list[int]]]:  # fmt: skip
    """As ``settle``, with each winner's own win money in the order they won (the table pays each win)."""
    rules = load_ruleset(ruleset)
    if getattr(rules, "family", None) != "sichuan":
        raise InvalidArgumentError("settle takes a sichuan ruleset")
    money = {kind: [0] * 4 for kind in MONEY_KINDS}
    wins: list[list[int]] = []
    xueliu = rules.options["mode"] == "xueliu"
    won: list[int] = []
    kongs: list[_KongLedger] = []
    ended = False
    for event in events:
        if ended:
            raise IllegalActionError("an event after the third winner: the hand ended (血战到底)")
        active = [s for s in range(4) if xueliu or s not in won]
        if isinstance(event, Out):
            _require_in(event.seat, active, "Out")
            won.append(event.seat)
        elif isinstance(event, Kong):
            kongs.append(_kong(event, active, rules, money["kong"]))
        elif isinstance(event, Win):
            wins += _win(event, active, kongs, rules, money)
            won.extend(seat for seat, _ in event.winners if seat not in won)
        else:
            raise ArgumentTypeError(f"events are Kong, Win or Out, not {type(event).__name__}")
        ended = not xueliu and len(won) >= 3
    status = ["won" if s in won else "unchecked" for s in range(4)]
    checked = [s for s in range(4) if s not in won]
    if (ended and rules.options["check_fourth"]) or (wall_exhausted and not ended and len(checked) >= 2):
        _end_checks(checked, end_hands(end), won, kongs, rules, money, status)
    frozen = {kind: (row[0], row[1], row[2], row[3]) for kind, row in money.items()}
    return Settlement(MappingProxyType(frozen), (status[0], status[1], status[2], status[3]), tuple(won)), wins


def _require_in(seat: int, active: list[int], what: str) -> None:
    if seat not in active:
        raise IllegalActionError(f"{what}: seat {seat} has already won and left the hand (血战到底)")


def _kong(event: Kong, active: list[int], rules: RegionalRuleset, money: list[int]) -> _KongLedger:
    o = rules.options
    _require_in(event.seat, active, "Kong")
    ledger = _KongLedger(event.seat)
    if event.kind == "direct":
        _require_in(event.feeder, active, "Kong feeder")
        payers, amount = [event.feeder], o["direct_kong"]
    else:
        payers = [s for s in active if s != event.seat]
        paid = o["added_kong"] if event.kind == "added" else o["concealed_kong"]
        amount = 0 if event.returned and not o["returned_kong_pays"] else paid
    base = o["base"]
    for payer in payers:
        ledger.received[payer] = amount * base
    pay(money, event.seat, payers, amount * base)
    return ledger


def _win(event: Win, active: list[int], kongs: list[_KongLedger], rules: RegionalRuleset,
         money: dict[str, list[int]]) -> list[list[int]]:  # fmt: skip
    """Pays the winners of one tile; returns each one's win money."""
    if event.discarder is not None:
        _require_in(event.discarder, active, "Win discarder")
    each = []
    for seat, fan in event.winners:
        _require_in(seat, active, "Win")
        self_draw = event.how == "self_drawn"
        payers = win_payers(seat, self_draw, event.discarder, active, rules)
        own = [0] * 4
        pay(own, seat, payers, fan_money(fan, self_draw, rules))
        money["win"] = [t + p for t, p in zip(money["win"], own)]
        each.append(own)
    if event.kong_discard and rules.options["call_transfer"] != "off":
        _transfer(event, kongs, rules, money["transfer"])
    return each


def _transfer(event: Win, kongs: list[_KongLedger], rules: RegionalRuleset, money: list[int]) -> None:
    """呼叫转移 (OC-S10): the discarder's last kong's money (or all its kong money), to the one winner, or
    split equally among several (the remainder stays); what is passed on is no longer refundable."""
    konger = event.discarder
    own = [k for k in kongs if k.seat == konger]
    if not own:
        raise IllegalActionError(f"Win.kong_discard: seat {konger} has declared no kong")
    sources = own[-1:] if rules.options["call_transfer"] == "kong" else own
    held = sum(sum(k.received.values()) for k in sources)
    winners = [seat for seat, _ in event.winners]
    if len(winners) > 1 and rules.options["call_transfer_shared"] == "none":
        return
    share = held // len(winners)
    if share == 0:
        return
    for seat in winners:
        pay(money, seat, [konger], share)
    _consume(sources, share * len(winners))


def _consume(sources: list[_KongLedger], amount: int) -> None:
    """Removes ``amount`` from the ledgers (latest kong first, payers in seat order)."""
    for ledger in reversed(sources):
        for payer in sorted(ledger.received):
            taken = min(amount, ledger.received[payer])
            ledger.received[payer] -= taken
            amount -= taken


def best_wait_fan(hand: Hand, void: int | None, rules: RegionalRuleset, visible: tuple[int, ...] | None) -> int | None:
    """The most a ready hand can win (查大叫, OC-S15): its best winning tile, scored as a discard (or as a
    self-draw under ready_check_basis = "self_draw") and capped; None when it is not ready."""
    o = rules.options
    counts = hand.all_counts()
    situation = Situation(self_drawn=o["ready_check_basis"] == "self_draw", void_suit=void)
    best = None
    for tile in range(27):
        if counts[tile] >= 4 or (void is not None and tile // 9 == void):
            continue
        if visible is not None and not o["dead_wait_counts"] and counts[tile] + visible[tile] >= 4:
            continue
        with_win = list(counts)
        with_win[tile] += 1
        own = hand_fans(hand, tile, with_win, rules)
        if own is None:
            continue
        total = own[1] + sum(v for _, _, v in situational_fans(situation, rules))
        fan = paid_fan(total, rules)
        best = fan if best is None else max(best, fan)
    return best


def end_status(end: EndHand, rules: RegionalRuleset) -> tuple[str, int | None]:
    """("flower_pig" | "ready" | "not_ready", the best wait's fan when ready)."""
    hand = end.hand
    if hand.size + 3 * len(hand.melds) != 13 or hand.wilds or hand.flowers:
        raise InvalidArgumentError(f"EndHand seat {end.seat}: a final Sichuan hand holds 13 tiles counting melds as 3")
    counts = hand.all_counts()
    if rules.options["void_suit"]:
        if end.void is None:
            raise InvalidArgumentError(f"EndHand seat {end.seat}: void required under 定缺")
        pig = any(counts[t] for t in range(9 * end.void, 9 * end.void + 9))
    else:
        pig = len({t // 9 for t in range(27) if counts[t]}) == 3
    if any(counts[t] for t in range(27, 34)):
        raise InvalidArgumentError(f"EndHand seat {end.seat}: Sichuan hands hold no honours")
    if pig:
        return "flower_pig", None
    fan = best_wait_fan(hand, end.void, rules, end.visible)
    return ("ready", fan) if fan is not None else ("not_ready", None)


def _end_checks(checked: list[int], ends: dict[int, EndHand], won: list[int], kongs: list[_KongLedger],
                rules: RegionalRuleset, money: dict[str, list[int]], status: list[str]) -> None:  # fmt: skip
    """退税 → 查花猪 → 查大叫 (A.8) among the ``checked`` seats."""
    o = rules.options
    best: dict[int, int] = {}
    exempt: set[int] = set()
    for seat in checked:
        if seat not in ends:
            raise InvalidArgumentError(f"seat {seat} is checked at the end of the hand: give its EndHand")
        status[seat], fan = end_status(ends[seat], rules)
        if fan is not None:
            best[seat] = fan
        if o["void_discards_exempt"] and ends[seat].void_discards:
            exempt.add(seat)
    for seat in checked:
        if status[seat] == "ready":
            continue
        for ledger in (k for k in kongs if k.seat == seat):
            for payer, amount in ledger.received.items():
                if o["refund_to"] == "all" or payer not in won:
                    pay(money["refund"], payer, [seat], amount)
    base = o["base"]
    pig_amount = base * FIXED_PIG_PENALTIES.get(o["flower_pig"], 2 ** o["cap"])
    pigs = [s for s in checked if status[s] == "flower_pig" and s not in exempt]
    receivers = [s for s in checked if status[s] != "flower_pig"]
    if o["flower_pig"] == "cap_and_winners":
        receivers += won
    for pig in pigs:
        for receiver in receivers:
            pay(money["flower_pig"], receiver, [pig], pig_amount)
    for payer in (s for s in checked if status[s] == "not_ready" and s not in exempt):
        for ready, fan in best.items():
            pay(money["ready_check"], ready, [payer], fan_money(fan, o["ready_check_basis"] == "self_draw", rules))
