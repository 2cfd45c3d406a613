"""Taiwan 16-tile table options (OC-T2, OC-T5, OC-T15, OC-T17), each played alike by the native table and the
pure-Python twin: seat winds fixed from the first dealer, a locked 眼牌 hand's wait-keeping kongs, the abortive
draws 四風連打 and 四槓, and the 食替 ban. Each option gets an explicit-wall deal whose play differs from the
default exactly as the option says, on both engines; with the options on, the twin gives the native per-deal
arrays of ``simulate`` and the same state at every step of random play; OC-T4 "timing" stays refused."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Optional

import pytest

import mjcore
from mjcore import _core
from mjcore.reference.table import Table as TwinTable
from mjcore.table.types import Action

TAIWAN = mjcore.load_ruleset("taiwan")
FLOWERS = list(range(34, 42))
OPTIONS = {
    "seat_wind_from": dict(seat_wind_from="first_dealer"),
    "eye_kongs": dict(eye_kongs="wait_preserving"),
    "abortive_draws": dict(abortive_draws=True),
    "no_swap_discard": dict(no_swap_discard=True),
}
ALL_ON = {name: value for option in OPTIONS.values() for name, value in option.items()}


def tile(text: str) -> int:
    return _core.parse_tiles(text)[0]


def wall_of(hands: list[str], head: str) -> list[int]:
    """A 144-tile wall dealing ``hands`` (16 each, the dealer's first), then ``head`` in draw order, then the
    eight flowers (so that kong replacements, from the tail, are playing tiles), then the other tiles in kind
    order."""
    order: list[int] = []
    for text in hands:
        tiles = list(_core.parse_tiles(text))
        assert len(tiles) == 16, text
        order += tiles
    order += _core.parse_tiles(head)
    rest = [k for k in range(34) for _ in range(4 - order.count(k))]
    assert all(order.count(k) <= 4 for k in range(34))
    return order + FLOWERS + rest


Chooser = Callable[[int, list[Action], object], Optional[Action]]


def play(table, wall: list[int], choose: Chooser, dealer: int = 0, stop: Callable[[], bool] = lambda: False):
    """Deals ``wall`` on ``table`` and plays: ``choose(seat, legal, view)`` scripts a decision (None: pass every
    claim, take an offered win, discard the drawn tile), until the deal ends or ``stop()``."""
    table.reset(0, 0, dealer=dealer, wall=wall)
    while table.to_act() is not None and not stop():
        seat = table.to_act()
        legal, view = table.legal_actions(), table.observation(seat)
        action = choose(seat, legal, view)
        if action is None:
            if view.offered is not None:
                action = Action("win") if Action("win") in legal else Action("pass")
            else:
                action = Action("discard", view.drawn)
        table.step(action)
    return table


def both(options: dict, scenario: Callable[[object], object]) -> list:
    """``scenario(table)`` (returning the table, or the table and what it watched) on a native and a twin table
    with the Taiwan ``options``: the two logs must agree."""
    rules = TAIWAN.with_options(**options)
    runs = [scenario(mjcore.Table(ruleset=rules)), scenario(TwinTable(ruleset=rules))]
    native, twin = (run[0] if isinstance(run, tuple) else run for run in runs)
    assert twin.log() == native.log()
    return runs


def events(table) -> list[dict]:
    return [json.loads(line) for line in table.log()]


# -------------------------------------------------------------------------------- OC-T15: 四風連打, 四槓
# Each seat holds one 1z and one 5z among far-apart tiles (no claim on either); each discards `first` first.
WIND_HANDS = ["1z147m258p369s258m36p5z"] * 4


def first_discards(first: str) -> Chooser:
    done: set[int] = set()

    def choose(seat, legal, view):
        if view.offered is None and seat not in done:
            done.add(seat)
            return Action("discard", tile(first))
        return None

    return choose


@pytest.mark.parametrize("abortive", [False, True])
def test_four_winds_discarded_in_the_first_go_around_end_the_deal_as_a_draw(abortive: bool) -> None:
    wall = wall_of(WIND_HANDS, "2z3z4z6z")
    # The default deal plays on: watched a few steps past the four discards.
    for table in both(dict(abortive_draws=abortive),
                      lambda t: play(t, wall, first_discards("1z"), stop=lambda: len(t.log()) > 4 * 16)):
        log = events(table)
        discards = [e for e in log if e["type"] == "act" and e["action"] == "discard"]
        assert [d["tile"] for d in discards[:4]] == [tile("1z")] * 4
        if abortive:
            assert log[-2:] == [{"type": "abortive", "reason": "four_winds"},
                                {"type": "end", "exhaustive": True, "winners": [], "wall_left": 144 - 64 - 4 - 16}]
            assert table.outcome() == [] and table.payments() == (0, 0, 0, 0) and len(discards) == 4
        else:
            assert table.outcome() is None and len(discards) > 4 and all(e["type"] != "abortive" for e in log)


def test_four_of_a_dragon_is_no_abortive_draw() -> None:
    wall = wall_of(WIND_HANDS, "2z3z4z6z")
    def scenario(table):
        return play(table, wall, first_discards("5z"), stop=lambda: len(table.log()) > 90)

    for table in both(dict(abortive_draws=True), scenario):
        log = events(table)
        assert sum(e["type"] == "act" and e.get("tile") == tile("5z") for e in log) == 4
        assert table.outcome() is None and all(e["type"] != "abortive" for e in log)


# E (dealer) holds 1111m 2222m and S 3333m 4444m (W 5555p with `w_quads`): each declares its concealed kongs.
KONG_HANDS = ["1111m2222m5m9m3p7p2s6s1z5z", "3333m4444m6m1p4p8p3s7s2z6z", "5m8m2p5p9p1s4s8s3z7z6m9m3p6p2s5s",
              "7m8m1p2p4p6p7p8p1s3s4s6s7s9s1z4z"]  # fmt: skip


def konging(seat_kongs: dict[int, list[str]]) -> Chooser:
    left = {seat: [tile(t) for t in tiles] for seat, tiles in seat_kongs.items()}

    def choose(seat, legal, view):
        if view.offered is None and left.get(seat):
            return Action("concealed_kong", left[seat].pop(0))
        return None

    return choose


@pytest.mark.parametrize("abortive", [False, True])
def test_a_fourth_kong_by_a_second_seat_ends_the_deal_as_a_draw(abortive: bool) -> None:
    wall = wall_of(KONG_HANDS, "8p9s")
    kongs = {0: ["1m", "2m"], 1: ["3m", "4m"]}
    def kongs_made(table) -> int:
        return sum('"action":"concealed_kong"' in line for line in table.log())

    for table in both(dict(abortive_draws=abortive), lambda t: play(t, wall, konging(kongs), stop=lambda: kongs_made(
            t) == 4 and t.observation(1).drawn is not None)):
        log = events(table)
        assert sum(e["type"] == "meld" for e in log) == 4
        if abortive:
            assert log[-3]["type"] == "meld" and log[-3]["seat"] == 1 and log[-3]["tile"] == tile("4m")
            assert log[-2] == {"type": "abortive", "reason": "four_kongs"} and log[-1]["exhaustive"]
            assert table.outcome() == [] and table.payments() == (0, 0, 0, 0)
        else:
            assert table.outcome() is None and table.to_act() == 1 and log[-1]["type"] == "draw"


def test_four_kongs_of_one_seat_play_on() -> None:
    hands = ["1111m2222m3333m4444m", *KONG_HANDS[1:]]
    hands[1] = "5m5m6m1p4p8p3s7s2z6z5s5s6p7p8p9p"
    wall = wall_of(hands, "8p9s")
    for table in both(dict(abortive_draws=True),
                      lambda t: play(t, wall, konging({0: ["1m", "2m", "3m", "4m"]}), stop=lambda: len(t.log()) > 70)):
        log = events(table)
        assert sum(e["type"] == "meld" for e in log) == 4 and all(e["type"] != "abortive" for e in log)
        assert table.outcome() is None


# ------------------------------------------------------------------------------------- OC-T17: 食替
# E discards 3m and S (E's 下家, holding 3456m) chis 345m with 45m, keeping 3m and 6m; S then discards 9s,
# W discards 5z and S (holding 555z) pons it, keeping one 5z.
SWAP_HANDS = ["3m9m1p4p7p2s5s8s1z2z3z4z6z7z8m5p", "3m4m5m6m5z5z5z1m9p3s6s9s1z2z7p8p",
              "5z2m7m2p3p6p1s4s7s3z4z6z7z8s9s9m", "1m2m7m8m1p2p3p4p6p8p9p1s2s4s5s7s"]  # fmt: skip


def swap_scenario(table):
    """SWAP_HANDS played: returns the table and S's legal actions right after each of its two claims."""
    after_claims: list[list[Action]] = []

    def choose(seat, legal, view):
        if view.offered is None and view.drawn is None:  # right after S's claim
            after_claims.append(legal)
            return Action("discard", tile("9s" if len(after_claims) == 1 else "1m"))
        if seat == 0 and view.offered is None:
            return Action("discard", tile("3m"))
        if seat == 2 and view.offered is None:
            return Action("discard", tile("5z"))
        if seat == 1 and view.offered is not None:
            return Action("chi", tile("3m")) if view.offered.tile == tile("3m") else Action("pon")
        return Action("pass") if view.offered is not None else None

    play(table, wall_of(SWAP_HANDS, "5m6m"), choose, stop=lambda: len(after_claims) == 2)
    return table, after_claims


def test_after_a_chi_or_pon_the_swap_discards_are_not_legal_under_the_ban() -> None:
    discards = {}
    for on in (False, True):
        for table, after_claims in both(dict(no_swap_discard=on), swap_scenario):
            melds = table.observation(1).melds[1]
            assert [(m.kind.name, m.tile) for m in melds] == [("CHI", tile("3m")), ("PON", tile("5z"))]
            discards[on] = [{a.tile for a in legal if a.kind == "discard"} for legal in after_claims]
    after_chi, after_pon = (discards[False][i] - discards[True][i] for i in range(2))
    assert after_chi == {tile("3m"), tile("6m")}, "the claimed kind, and the kind completing 45m the other way"
    assert after_pon == {tile("5z")}
    assert all(discards[True][i] < discards[False][i] for i in range(2))


def test_the_ban_lifts_when_it_would_leave_no_discard() -> None:
    from mjcore.hand import Meld, MeldKind
    from mjcore.reference.table.claim_swap import allowed_after_claim

    chow = Meld(MeldKind.CHI, tile("3m"), tile("3m"), 3)
    assert allowed_after_claim([tile("3m"), tile("6m"), tile("9m")], chow) == [tile("9m")]
    assert allowed_after_claim([tile("3m"), tile("6m")], chow) == [tile("3m"), tile("6m")]
    middle = Meld(MeldKind.CHI, tile("3m"), tile("4m"), 3)  # 4m into 35m: only 4m itself
    assert allowed_after_claim([tile("2m"), tile("4m"), tile("6m")], middle) == [tile("2m"), tile("6m")]


# ---------------------------------------------------------------------------- OC-T5: 眼牌 kongs
# S holds 678m 111p 456p 789p 11s 23s (ready on 1s / 4s once it lets 9m go): it declares 眼牌 with 9m, and
# its next draw is the fourth 1p. A concealed kong of 1p leaves it waiting on 1s / 4s still.
EYE_HANDS = ["1m2m5m9m3p2p5p9p5s9s1z2z3z4z7z6z", "678m111p456p789p11s23s", "333z234m345m567p888p6z",
             "1m2m3m6m7m8m3p7p2p6p4s6s8s2z4z5z"]  # fmt: skip
EYE_HEAD = "9s9m5z7z6z1p"


def eye_scenario(table):
    """EYE_HANDS played, S declaring 眼牌 with 9m and making the 1p kong when offered: returns the table and, for
    each of S's turns (the declaration, the 1p draw, the replacement after a kong), its legal actions, drawn
    tile and hand."""
    turns: list[tuple[list[Action], Optional[int], tuple[int, ...]]] = []

    def choose(seat, legal, view):
        if seat != 1 or view.offered is not None:
            return Action("pass") if view.offered is not None else None
        turns.append((legal, view.drawn, view.hand))
        if len(turns) == 1:
            return Action("eye", tile("9m"))
        return Action("concealed_kong", tile("1p")) if Action("concealed_kong", tile("1p")) in legal else None

    play(table, wall_of(EYE_HANDS, EYE_HEAD), choose, stop=lambda: len(turns) == 3)
    return table, turns


@pytest.mark.parametrize("wait_preserving", [False, True])
def test_a_locked_eye_hand_makes_the_kong_that_keeps_its_waits(wait_preserving: bool) -> None:
    options = dict(eye_kongs="wait_preserving") if wait_preserving else {}
    for table, turns in both(options, eye_scenario):
        on_one_p, drawn, _ = turns[1]
        assert drawn == tile("1p"), "S drew the fourth 1p"
        kongs = [a for a in on_one_p if a.kind.endswith("kong")]
        assert kongs == ([Action("concealed_kong", tile("1p"))] if wait_preserving else [])
        melds = table.observation(1).melds[1]
        assert [(m.kind.name, m.tile) for m in melds] == ([("CONCEALED_KONG", tile("1p"))] if wait_preserving else [])
        if wait_preserving:
            # The replacement's turn: still locked (only the drawn tile goes), the hand still 678m 456p 789p 11s
            # 23s and so waiting on 1s / 4s.
            legal, drawn, hand = turns[2]
            assert [a for a in legal if a.kind == "discard"] == [Action("discard", drawn)]
            held = [k for k in range(34) for _ in range(hand[k])]
            held.remove(drawn)
            assert held == sorted(_core.parse_tiles("678m456p789p11s23s"))


# ------------------------------------------------------------------------------- OC-T2: seat winds
# W (seat 2) deals; S (seat 1) holds 222z 123m 456m 789m 11p 23p and wins on E's (seat 0) 4p, the third
# discard. Counted from the dealer S sits North; from the game's first dealer (seat 0) it is South, and its
# 南 pung is then its 門風: one 台 more, 10 more from E.
WIND_HANDS_DEALT = ["1m4m7m2p5p8p3s6s9s2m5m8m3p6p1z5z", "1m4m7m2p5p8p3s6s9s2m5m8m3p6p1z5z",
                    "1m4m7m2p5p8p3s6s9s2m5m8m6z7z4z3z", "222z123m456m789m11p23p"]  # fmt: skip


@pytest.mark.parametrize(("first_dealer", "paid"), [(False, 40), (True, 50)])
def test_seat_winds_fixed_from_the_first_dealer_count_the_seat_wind_of_seat_0s_east(first_dealer: bool,
                                                                                     paid: int) -> None:
    # Dealt from the dealer on: seat 2, 3, 0, then 1 (S, the last hand); then seats 2, 3 and 0 draw.
    wall = wall_of(WIND_HANDS_DEALT, "7p9p4p")
    options = dict(seat_wind_from="first_dealer") if first_dealer else {}
    for table in both(options, lambda t: play(t, wall, lambda *_: None, dealer=2)):
        (won,) = table.outcome()
        assert (won.seat, won.from_seat, won.tile) == (1, 0, tile("4p"))
        assert table.payments() == (-paid, paid, 0, 0)


# --------------------------------------------------------------------------- refusals, twin parity
def test_only_timing_priority_is_refused_at_the_table_with_its_reason() -> None:
    for table in (mjcore.Table, TwinTable):
        table(ruleset=TAIWAN.with_options(**ALL_ON)).reset(0, 0)
        with pytest.raises(mjcore.RulesetError, match="options.priority_lost_by = 'timing'.*needs a clock"):
            table(ruleset=TAIWAN.with_options(priority_lost_by="timing"))
    with pytest.raises(mjcore.RulesetError, match="priority_lost_by"):
        mjcore.simulate(TAIWAN.with_options(priority_lost_by="timing"), 1)


@pytest.mark.parametrize("option", [*OPTIONS, "all"])
def test_random_play_with_the_option_agrees_step_by_step(option: str) -> None:
    rules = TAIWAN.with_options(**(ALL_ON if option == "all" else OPTIONS[option]))
    for deal in (1, 2):
        native, twin = mjcore.Table(ruleset=rules), TwinTable(ruleset=rules)
        chooser = random.Random(deal)
        for table in (native, twin):
            table.reset(9, deal, dealer=deal % 4)
        while native.to_act() is not None:
            assert twin.to_act() == native.to_act() and twin.legal_actions() == native.legal_actions()
            action = chooser.choice(native.legal_actions())
            native.step(action)
            twin.step(action)
        assert twin.log() == native.log() and twin.payments() == native.payments()
        assert sum(native.payments()) == 0


def test_additive_scoring_is_refused_with_its_reason() -> None:
    # OC-T9: the rows' 台 are defined with B.4's replacements (門清自摸 replaces 門清 and 自摸).
    with pytest.raises(mjcore.RulesetError, match=r"options.replacements: only 'b4' is available \(OC-T9: .*twice"):
        TAIWAN.with_options(replacements="additive")
