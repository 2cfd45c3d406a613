"""The pure-Python twin plays the Sichuan, Taiwan, 789 and 老章 tables exactly as the native engine: every
per-deal array of ``simulate`` (random and efficiency bots, several seeds), and ``Table`` step by step — who
acts, the legal actions, every seat's observation, the log, the outcome and the payments. Each sample is
checked to reach its family's own play (several winners, kong money, end checks, flowers), so that agreement
covers it."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import mjcore
from mjcore.reference.table import Table as TwinTable
from mjcore.notation import parse_tiles

from tests.rules.taiwan.test_table import play_t20
from tests.support.twin import assert_simulate_alike, same_state, step_alike

pytestmark = pytest.mark.filterwarnings("ignore::mjcore.rules.folk.PlaceholderWarning")

RULESETS = ("sichuan", "taiwan", "gd-789", "laozhang")


def _reaches(ruleset: str, run) -> list[str]:
    """What the family's sample must show, by name: the parts of its play that agreement then covers."""
    won = ~run["exhaustive_draw"]
    kongs = (run["kong_money"] != 0).any(axis=1)
    end_checks = run["exhaustive_draw"] & (run["payments"] != run["kong_money"]).any(axis=1)
    shows = {
        "sichuan": {"wins": won.any(), "kong money": kongs.any(), "流局 end checks": end_checks.any()},
        # Random 16-tile hands seldom win: the efficiency runs below win.
        "taiwan": {"flowers": (run["flowers"] > 0).any()},
        "gd-789": {"wins": won.any(), "kong money": kongs.any(), "flowers": (run["flowers"] > 0).any()},
        "laozhang": {"wins": won.any(), "dealer wins": run["winners"][np.arange(len(won)), run["dealer"]].any()},
    }[ruleset]  # fmt: skip
    return [name for name, shown in shows.items() if not shown]


def _agree(ruleset: str, deals: int, seed: int, bots, offset: int = 0):
    return assert_simulate_alike(ruleset, deals, seed, bots, offset, where=ruleset)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("seed", (3, 20))
def test_random_bots_give_the_native_per_deal_arrays(ruleset: str, seed: int) -> None:
    native = _agree(ruleset, 80, seed, ("random",) * 4, offset=seed)
    assert _reaches(ruleset, native) == [], f"{ruleset} seed {seed}: the sample misses these"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_efficiency_bots_give_the_native_per_deal_arrays(ruleset: str) -> None:
    # Few deals: the twin's efficiency bot is an exact shanten per candidate, slow by design.
    runs = [_agree(ruleset, 3, 7, ("efficiency",) * 4, offset=2),
            _agree(ruleset, 4, 8, ("efficiency", "random", "efficiency", "random"), offset=5)]
    assert any((~run["exhaustive_draw"]).any() for run in runs), "the efficiency bots win"
    if ruleset == "sichuan":  # 血战到底: the deal plays on after a win (random bots rarely win twice)
        assert any((run["winners"].sum(axis=1) >= 2).any() for run in runs)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_table_steps_agree(ruleset: str) -> None:
    native, twin = mjcore.Table(ruleset=ruleset), TwinTable(ruleset=ruleset)
    for deal in (1, 6):
        step_alike(native, twin, 9, deal, random.Random(deal), f"{ruleset} deal {deal}")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_table_play_is_the_deal_simulate_plays(ruleset: str) -> None:
    run = mjcore.simulate(ruleset, 2, seed=4, bots=("efficiency", "random") * 2)
    native, twin = mjcore.Table(ruleset=ruleset), TwinTable(ruleset=ruleset)
    for deal in range(2):
        for table in (native, twin):
            table.reset(4, deal, dealer=deal % 4)
            table.play(("efficiency", "random") * 2)
        assert twin.log() == native.log(), f"deal {deal}"
        assert twin.payments() == native.payments() == tuple(run["payments"][deal].tolist())


def _taiwan_wall(hands: list[str], flowers: list[int], head: list[int]) -> list[int]:
    """Deals ``hands`` (16 codes each, the dealer = seat 0 first; seat s's ``flowers[s]`` are the next
    flowers), then ``head``, then the other tiles in kind order."""
    codes, next_flower = [], 0
    for text, count in zip(hands, flowers):
        codes += list(parse_tiles(text)) + [34 + next_flower + i for i in range(count)]
        next_flower += count
    codes += head
    for kind in range(34):
        codes += [kind] * (4 - codes.count(kind))
    return codes


def _passive(table, wall: list[int]) -> None:
    """Passes every claim and discards each drawn tile (else the first legal action)."""
    table.reset(0, 0, wall=wall)
    while (seat := table.to_act()) is not None:
        view = table.observation(seat)
        if view.offered is not None:
            table.step(("pass", None))
        elif view.drawn is not None:
            table.step(("discard", view.drawn))
        else:
            table.step(table.legal_actions()[0])


def test_a_taiwan_flower_win_ends_the_deal_as_natively() -> None:
    # S holds 1f..7f; after E's discard S draws 8f, draws its replacement and wins 八仙過海 as a self-draw.
    hands = ["123456789m123456p7z", "789p123s456s", "777s888s999s1z1z2z2z3z4z4z", "111m222m333m444m5z5z5z6z"]
    wall = _taiwan_wall(hands, [0, 7, 0, 0], [7, 41])
    native, twin = mjcore.Table(ruleset="taiwan"), TwinTable(ruleset="taiwan")
    for table in (native, twin):
        _passive(table, wall)
    assert [(w.seat, w.from_seat, w.fan) for w in twin.outcome()] == [(1, None, 8)]
    assert twin.log() == native.log()
    assert twin.payments() == native.payments()


@pytest.mark.parametrize("variant", ("b", "c"))
@pytest.mark.parametrize("declare", (True, False))
def test_taiwan_eye_locks_the_seat_and_charges_its_fee_as_natively(declare: bool, variant: str) -> None:
    # T20: S declares 眼牌 (or only discards): locked, it is asked no claim; b) W wins and S pays its 眼牌费,
    # c) S self-draws and pays itself nothing.
    native, native_asked = play_t20(declare, variant)
    twin, twin_asked = play_t20(declare, variant, TwinTable(ruleset="taiwan"))
    assert twin_asked == native_asked
    assert twin.log() == native.log()
    assert twin.outcome() == native.outcome()
    assert twin.payments() == native.payments()
    assert any('"action":"eye"' in line for line in twin.log()) == declare


SWAPS = [("three", True), ("four", True), ("three", False)]  # (options.swap_three, options.void_suit)


def _swapping(option: str, void_suit: bool):
    return mjcore.load_ruleset("sichuan").with_options(swap_three=option, void_suit=void_suit)


@pytest.mark.parametrize("option, void_suit", SWAPS)
def test_sichuan_swaps_give_the_native_per_deal_arrays(option: str, void_suit: bool) -> None:
    rules = _swapping(option, void_suit)
    runs = [_agree(rules, 30, 11, ("random",) * 4, offset=4), _agree(rules, 3, 7, ("efficiency",) * 4, offset=2),
            _agree(rules, 3, 8, ("efficiency", "random", "efficiency", "random"), offset=5)]
    # Without 定缺 the bots keep three suits and seldom win: there the swap and the turns after it agree.
    assert any((~run["exhaustive_draw"]).any() for run in runs) or not void_suit


@pytest.mark.parametrize("option, void_suit", SWAPS)
def test_sichuan_swaps_step_as_natively(option: str, void_suit: bool) -> None:
    # Who picks, the legal picks, each seat's passing counts, the pass and its logged direction.
    rules = _swapping(option, void_suit)
    native, twin = mjcore.Table(ruleset=rules), TwinTable(ruleset=rules)
    directions = set()
    for deal in (1, 4, 5, 8, 9):  # seed 5 passes these deals 1, 3, 3, 2, 2 seats on
        chooser = random.Random(deal)
        for table in (native, twin):
            table.reset(5, deal, dealer=deal % 4)
        while native.to_act() is not None:
            same_state(native, twin, f"{option} deal {deal}")
            action = chooser.choice(native.legal_actions())
            native.step(action)
            twin.step(action)
        assert twin.log() == native.log()
        assert twin.payments() == native.payments()
        replayed = TwinTable(ruleset=rules)
        replayed.replay(native.log())  # the picks replay, the pass follows from the start line
        assert replayed.payments() == native.payments()
        directions |= {json.loads(line)["direction"] for line in twin.log() if '"type":"swap"' in line}
    assert directions == {1, 2, 3}


@pytest.mark.parametrize("next_dealer", ("first_winner", "last_winner", "rotate"))
def test_sichuan_games_pass_the_deal_as_natively(next_dealer: str) -> None:
    # OC-S16 over a game (efficiency and random bots, whose seed 7 game has a first winning tile two seats won
    # on): the same dealers, round winds and logs deal after deal.
    rules = mjcore.load_ruleset("sichuan").with_options(next_dealer=next_dealer)
    native, twin = mjcore.Table(ruleset=rules), TwinTable(ruleset=rules)
    for table in (native, twin):
        table.reset_game(7, wind_rounds=1, max_deals=12)
    dealers, shared_first_wins = [], 0
    while True:
        view = native.observation(0)
        assert (twin.observation(0).dealer, twin.observation(0).round_wind) == (view.dealer, view.round_wind)
        dealers.append(view.dealer)
        for table in (native, twin):
            table.play(("efficiency", "random") * 2)
        assert twin.log() == native.log(), f"deal {len(dealers)}"
        kinds = [json.loads(line)["type"] for line in twin.log()]
        first = kinds.index("win") if "win" in kinds else None
        shared_first_wins += first is not None and kinds[first + 1] == "win"  # 一炮多响 lines follow each other
        more = native.next_deal()
        assert twin.next_deal() == more
        if not more:
            break
    assert len(set(dealers)) > 1, "the deal passes"
    if next_dealer == "first_winner":
        assert shared_first_wins, "a first winning tile with several winners (its discarder deals next)"


def test_sichuan_seats_name_voids_and_discard_them_first_as_natively() -> None:
    native, twin = mjcore.Table(ruleset="sichuan"), TwinTable(ruleset="sichuan")
    for table in (native, twin):
        table.reset(3, 1, dealer=2)
    for offset in range(4):
        same_state(native, twin, f"void {offset}")
        assert twin.to_act() == (2 + offset) % 4
        assert [a.kind for a in twin.legal_actions()] == ["void"] * 3
        for table in (native, twin):
            table.step(("void", offset % 3))
    same_state(native, twin, "the dealer's first turn")
    hand = twin.observation(2).hand
    if any(hand[0:9]):  # the dealer (seat 2) named m void: 必须打缺
        assert {a.tile // 9 for a in twin.legal_actions() if a.kind == "discard"} == {0}
