"""The folk tables at the table (issue 12): the 789 table's 截胡 (of several winners on one discard only the
biggest hand wins, the nearest on a tie, OC-34) from an explicit wall, and 老章's dealer doubling — each
deal's money equal to what the folk scoring says of its win."""

from __future__ import annotations

import warnings

import pytest

import mjcore
from mjcore import _core
from mjcore.rules.folk import LaozhangSituation, PlaceholderWarning
from mjcore.rules.folk.scorer import score
from mjcore.table.types import Action

with warnings.catch_warnings():
    warnings.simplefilter("ignore", PlaceholderWarning)
    GD789 = mjcore.load_ruleset("gd-789")
    LAOZHANG = mjcore.load_ruleset("laozhang")


def wall_of(hands: list[str], head: str, flowers: int) -> list[int]:
    """A wall dealing ``hands`` (13 each, the dealer = seat 0 first), then ``head``; the other tiles in kind
    order, the flowers last."""
    order: list[int] = []
    for text in hands:
        tiles = _core.parse_tiles(text)
        assert len(tiles) == 13, text
        order += tiles
    order += _core.parse_tiles(head)
    return order + [k for k in range(34) for _ in range(4 - order.count(k))] + list(range(34, 34 + flowers))


# E draws 5p and discards it: S (鸡胡) and W (清一色) both win on it.
HANDS = ["234m567m123s456s7z", "123m456m789s11z46p", "123p678p999p11p46p", "2z2z3z3z4z4z5z5z6z6z8m8m9m"]


def discard_5p(rules) -> mjcore.Table:
    table = mjcore.Table(ruleset=rules)
    table.reset(0, 0, wall=wall_of(HANDS, "5p", rules.table_rules.flowers))
    table.step(Action("discard", 13))
    while table.to_act() is not None:
        assert Action("win") in table.legal_actions()
        table.step(Action("win"))
    return table


def test_789_the_biggest_hand_takes_the_discard() -> None:
    table = discard_5p(GD789)
    (winner,) = table.outcome()
    assert (winner.seat, winner.from_seat) == (2, 0), "截胡: 清一色 beats the nearer 鸡胡"
    share = GD789["hand_stake"] * GD789.value("qing_yi_se")
    assert table.payments() == (-share, 0, share, 0)
    nearest = discard_5p(GD789.with_options(several_winners="first"))
    (winner,) = nearest.outcome()
    assert winner.seat == 1
    assert nearest.payments() == (-GD789["hand_stake"] * GD789.value("ji_hu"), GD789["hand_stake"], 0, 0)


def test_laozhang_the_dealer_pays_double_as_the_scoring_says() -> None:
    table = discard_5p(LAOZHANG)
    winners = table.outcome()
    assert [w.seat for w in winners] == [1, 2], "一炮多响 at the 老章 table (the Guangdong default)"
    expected, shares = [0, 0, 0, 0], 0
    for seat, text in ((1, HANDS[1]), (2, HANDS[2])):
        scored = score(text, 13, LaozhangSituation(seat=seat, dealer=0, discarder=0), LAOZHANG)
        shares += scored.share
        for s, paid in enumerate(scored.payments):
            expected[s] += paid
    assert table.payments() == tuple(expected)
    assert -expected[0] == LAOZHANG["dealer_factor"] * shares, "the dealer pays double (§6)"


@pytest.mark.parametrize("name", ["gd-789", "laozhang"])
def test_simulate_plays_the_folk_tables(name: str) -> None:
    rules = GD789 if name == "gd-789" else LAOZHANG
    for bots in (("random",) * 4, ("efficiency",) * 4):
        one = mjcore.simulate(rules, 200, seed=4, bots=bots, threads=1)
        two = mjcore.simulate(rules, 200, seed=4, bots=bots, threads=2)
        assert one.totals == two.totals and (one["payments"] == two["payments"]).all()
        assert (one["payments"].sum(axis=1) == 0).all()
    assert not one["exhaustive_draw"].all()
