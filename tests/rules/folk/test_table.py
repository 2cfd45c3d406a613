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


@pytest.mark.parametrize("engine", ["rust", "reference"])
def test_the_789_winner_deals_next_in_a_game(engine: str) -> None:
    """RULES.md §5 / seed 000/789: "上盘的赢家也就是这盘的庄家" — the previous deal's winner deals (``end.dealer_stays
    = "winner_deals"``); after a draw the dealer stays (OC-789-X6). The old 连庄 stays readable as an option."""
    from mjcore.reference import table as reference_sim

    assert GD789.table_rules.dealer_stays == "winner_deals"
    assert GD789.with_options(dealer_stays="win_or_draw").table_rules.dealer_stays == "stays_on_win_or_draw"
    module = mjcore if engine == "rust" else reference_sim
    table = module.Table(ruleset=GD789)
    table.reset_game(11, wind_rounds=1, max_deals=16)
    seen = {"past the 下家": 0, "kept": 0}
    while True:
        dealer = table.observation(0).dealer
        table.play(("efficiency",) * 4)
        winners = table.outcome()
        if not table.next_deal():
            break
        expected = winners[0].seat if winners else dealer
        assert table.observation(0).dealer == expected, (dealer, winners)
        seen["kept"] += expected == dealer
        seen["past the 下家"] += expected not in (dealer, (dealer + 1) % 4)
    # A win by neither the dealer nor its 下家 moves the deal to that winner (连庄 would give it to the 下家).
    assert seen["past the 下家"] > 0, seen
