"""MCR table play (issue 10, item 3): ``simulate("mcr")`` and ``Table(ruleset="mcr")`` on the 144-tile table —
invariants over many seeds, competition payments, flowers as 花牌, the dealer passing every deal, and a deal
from an explicit wall that ends in a known win with known payments."""

from __future__ import annotations

import numpy as np
import pytest

import mjcore
from mjcore.errors import RulesetError
import mjcore.table
from mjcore.reference.table import Table as TwinTable
from mjcore.table import Table

from tests.support.sim_helpers import bot_game

MCR = mjcore.load_ruleset("mcr")
FLOWER = 34  # wall code of 1f
RED = 31  # 5z, kind index of a dragon


@pytest.mark.parametrize("bots", [("efficiency",) * 4, ("random", "efficiency", "random", "efficiency")])
def test_simulated_deals_keep_the_invariants_and_pay_as_mcr(bots: tuple[str, ...]) -> None:
    result = mjcore.simulate("mcr", 160, seed=21, bots=bots, threads=1)
    payments, winners, fan = result["payments"], result["winners"], result["fan"]
    assert (payments.sum(axis=1) == 0).all(), "zero-sum"
    assert (winners.sum(axis=1) <= 1).all(), "截和: one winner per discard"
    assert (result["flowers"].sum(axis=1) <= 8).all()
    won = winners.any(axis=1)
    for k in np.flatnonzero(won):
        seat = int(np.flatnonzero(winners[k])[0])
        value = 8 + int(fan[k, seat])
        assert fan[k, seat] - result["flowers"][k, seat] >= 8, "8番起和 without the flowers"
        others = [s for s in range(4) if s != seat]
        if result["self_drawn"][k]:
            assert payments[k, seat] == 3 * value and all(payments[k, s] == -value for s in others)
        else:
            discarder = int(result["discarder"][k])
            assert payments[k, discarder] == -value
            assert all(payments[k, s] == -8 for s in others if s != discarder)
    assert not payments[~won].any(), "an exhaustive draw pays nothing"
    main_fans = {result.pattern_keys[p] for p in result["pattern"][winners]}
    assert main_fans <= set(MCR.fan_keys)
    if bots == ("efficiency",) * 4:
        assert won.mean() > 0.5, "the value-aware bots win most deals"


def test_one_simulation_is_the_same_for_any_thread_count_and_split() -> None:
    whole = mjcore.simulate("mcr", 24, seed=4, threads=2)
    parts = mjcore.simulate("mcr", 10, seed=4, threads=1) + mjcore.simulate("mcr", 14, seed=4, deal_offset=10)
    for column in whole.per_deal:
        np.testing.assert_array_equal(whole[column], parts[column], err_msg=column)


def test_several_winners_and_the_dealer_rotation_are_options() -> None:
    several = MCR.with_options(several_winners="all")
    assert (mjcore.simulate(several, 40, seed=2, threads=1)["payments"].sum(axis=1) == 0).all()
    assert len(bot_game(mjcore.table, 5, ruleset="mcr")) == 16, "the dealer passes every deal: 4 rounds of 4"
    stays = MCR.with_options(dealer_stays="win_or_draw")
    assert len(bot_game(mjcore.table, 5, ruleset=stays)) > 16, "random bots seldom win: draws keep the dealer"
    with pytest.raises(RulesetError, match="end.dealer_stays"):
        MCR.with_options(dealer_stays="sometimes")


def _wall(hands: list[str], draws: list[int], tail: list[int]) -> list[int]:
    """A 144-tile wall: the four dealt hands (seat 0 first), then ``draws`` from the head, ``tail`` the last
    tiles (drawn from the end first), the rest of the set in between."""
    left = [kind for kind in range(34) for _ in range(4)] + list(range(34, 42))
    head = []
    for hand in hands:
        head += [int(t) for t in hand.split()]
    head += draws
    for code in head + tail:
        left.remove(code)
    return head + left + tail[::-1]


@pytest.mark.parametrize("table_class", [Table, TwinTable], ids=["native", "twin"])
def test_a_wall_dealt_for_a_known_win_pays_what_mcr_pays(table_class: type) -> None:
    # Seat 1 waits on 5z for seven pairs; seat 0 (the dealer) holds a flower, replaced from the tail, and
    # discards the 5z it draws; seat 1 wins on it.
    seven_pairs = "0 0 1 1 11 11 12 12 22 22 23 23 31"
    junk = ["2 4 6 8 13 15 17 20 24 26 28 30 34", "3 5 7 9 14 16 18 21 25 27 29 32 33",
            "2 4 6 8 13 15 17 20 24 26 28 30 32"]  # fmt: skip
    table = table_class(ruleset="mcr")
    table.reset(0, 0, wall=_wall([junk[0], seven_pairs, junk[1], junk[2]], [RED], [9]))
    assert table.observation(0).hand[9] == 1, "the dealt flower was replaced from the tail"
    assert [table.observation(seat).flowers[0] for seat in range(4)] == [(0,)] * 4, "1f is public, by seat 0"
    assert table.to_act() == 0
    table.step(("discard", RED))
    assert table.to_act() == 1 and ("win", None) in [tuple(a) for a in table.legal_actions()]
    table.step(("win", None))
    (winner,) = table.outcome()
    expected = mjcore.score("1122m3344p5566s5z", RED, ruleset="mcr").total
    assert (winner.seat, winner.from_seat, winner.fan) == (1, 0, expected)
    assert table.payments() == (-(8 + expected), (8 + expected) + 8 + 8, -8, -8)


@pytest.mark.parametrize("table_class", [Table, TwinTable], ids=["native", "twin"])
def test_the_last_tile_of_the_wall_scores_last_tile_draw(table_class: type) -> None:
    """Every flower is dealt (to seats 0 and 2) and replaced from the tail at once, so the 84 tiles left are drawn
    in turn order with nobody claiming: the last one (5z, wall position 135) goes to seat 3, waiting on it for
    seven pairs, and it wins 妙手回春 as the table's state says."""
    flowers = " ".join(str(code) for code in range(34, 38))
    hands = [f"{flowers} {RED} 2 4 6 8 13 15 17", "3 5 7 9 14 16 18 21 25 27 29 32 33",
             f"{' '.join(str(code) for code in range(38, 42))} {RED} 2 4 6 8 13 15 17",
             "0 0 1 1 11 11 12 12 22 22 23 23 31"]  # fmt: skip
    wall = _wall(hands, [], [])
    wall.remove(RED)
    wall.insert(135, RED)
    table = table_class(ruleset="mcr")
    table.reset(0, 0, wall=wall)
    while table.to_act() is not None:
        seat, legal = table.to_act(), [tuple(a) for a in table.legal_actions()]
        view = table.observation(seat)
        if ("win", None) in legal and view.wall_remaining == 0:
            table.step(("win", None))
        elif view.offered is not None:
            table.step(("pass", None))
        else:
            table.step(("discard", view.drawn))
    (winner,) = table.outcome()
    hand = "1122m3344p5566s5z"
    expected = mjcore.score(hand, RED, ruleset="mcr", self_drawn=True, last_tile=True, seat_wind=3).total
    mid_deal = mjcore.score(hand, RED, ruleset="mcr", self_drawn=True, seat_wind=3).total
    assert (winner.seat, winner.from_seat, winner.fan) == (3, None, expected)
    assert expected == mid_deal - 1 + 8, "妙手回春 8 replaces 自摸 1"
    assert table.payments() == (-(8 + expected),) * 3 + (3 * (8 + expected),)
