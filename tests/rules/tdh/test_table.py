"""推倒胡 at the table (issue 11): the procedural cases of TDH_CASES.md (T35 流局, T41 跟庄, T47 a ghost is never
ponged, T49 four ghosts are never konged but win as 四鬼胡) played through ``Table`` from explicit walls, each
against the option that changes its answer; the ghost kinds seen at the table; and invariants of many
simulated deals (zero-sum with kong money and horses, kong money returned at a 流局, the reserve never drawn)."""

from __future__ import annotations

import json
from typing import Optional

import numpy as np
import pytest

import mjcore
from mjcore import _core
from mjcore.table import Table
from mjcore.table.types import Action
from tests.support.paths import DATA

TDH = mjcore.load_ruleset("tdh")
CASES = {c["id"]: c for c in json.loads((DATA / "tdh_cases.json").read_text())["cases"]}


def code(tile: str) -> int:
    (kind,) = _core.parse_tiles(tile)
    return kind


def wall(hands: list[str], head: str = "", tail: str = "") -> list[int]:
    """A 136-tile wall dealing ``hands`` (13 tiles each, from the dealer on in turn order), then ``head`` in
    draw order (the dealer's 14th tile first); ``tail`` ends the wall (its last tile is the first kong
    replacement, horse or 翻鬼 indicator); the other tiles fill the middle in kind order."""
    order: list[int] = []
    for text in hands:
        tiles = _core.parse_tiles(text)
        assert len(tiles) == 13, text
        order += tiles
    order += list(_core.parse_tiles(head))
    end = list(_core.parse_tiles(tail))
    used = order + end
    assert all(used.count(k) <= 4 for k in range(34)), "at most four of a kind"
    middle = [k for k in range(34) for _ in range(4 - used.count(k))]
    return order + middle + end


def play(table: Table, script: list[Action], until: Optional[int] = None) -> None:
    """Plays the scripted actions, then (to the end, or until ``until`` actions in all) a seat that never wins
    or declares: it passes on every claim and discards the tile it drew."""
    steps = 0
    while table.to_act() is not None and (until is None or steps < until):
        legal = table.legal_actions()
        if script:
            action = script.pop(0)
        elif Action("pass") in legal:
            action = Action("pass")
        else:
            drawn = table.observation(table.to_act()).drawn
            discards = [a for a in legal if a.kind == "discard"]
            action = next((a for a in discards if a.tile == drawn), discards[0])
        assert action in legal, (action, legal)
        table.step(action)
        steps += 1


def table_of(rules: mjcore.TdhRuleset, hands: list[str], head: str, tail: str = "", dealer: int = 0) -> Table:
    table = Table(ruleset=rules)
    table.reset(1, 0, dealer=dealer, wall=wall(hands, head, tail))
    return table


# T47: P1 discards 5z; P2 holds 5z 5z. Dealer P0 discards its drawn 9p first (nobody holds 9p).
T47_HANDS = ["1m2m3m4m5m6m7m8m9m1p2p3p4p", "1s2s3s4s5s6s7s8s9s5z6z7z1z", "5z5z2m3m4m5p6p7p8p1s1s2s3s",
             "1z1z2z3z4z6z7z9m9m8m7m6m5m"]  # fmt: skip


@pytest.mark.parametrize("ghosts, offered", [("white", False), ("none", True)])
def test_t47_a_discarded_ghost_is_never_ponged(ghosts: str, offered: bool) -> None:
    assert CASES["T47"]["expected"]["claim"] == "refused"
    table = table_of(TDH.with_options(ghosts=ghosts), T47_HANDS, "9p2z9s")
    play(table, [Action("discard", code("9p")), Action("discard", code("5z"))], until=2)
    assert table.to_act() == 2
    legal = table.legal_actions()
    # Under 白板做鬼 the ghost goes by: seat 2 simply draws; without ghosts it may pon the 白.
    assert (Action("pon") in legal) == offered
    assert (table.observation(2).drawn is None) == offered


# T49: P3 (after dealer P2) holds three 5z and draws the fourth; its other tiles complete nothing.
T49_HANDS = ["1m2m3m4m5m6m7m8m9m1p2p3p4p", "5z5z5z1s4s7s1p4p7p2m5m8m6z", "1z1z2z2z3z3z4z4z6z7z7z1p2p",
             "9m9m8m8m7m7m6m6m5p5p6p6p7p"]  # fmt: skip


@pytest.mark.parametrize(
    "options, kong, win",
    [({}, False, True), ({"four_ghosts": False}, False, False), ({"ghosts": "red"}, True, False)],
)
def test_t49_four_ghosts_are_never_konged_and_win_as_four_ghosts(options: dict, kong: bool, win: bool) -> None:
    assert CASES["T49"]["expected"]["claim"] == "refused"
    table = table_of(TDH.with_options(**options), T49_HANDS, "9p5z", dealer=2)
    play(table, [Action("discard", code("9p"))], until=1)
    assert table.to_act() == 3 and table.observation(3).drawn == code("5z")
    legal = table.legal_actions()
    assert (Action("concealed_kong", code("5z")) in legal) == kong
    assert (Action("win") in legal) == win
    if win:
        table.step(Action("win"))
        (winner,) = table.outcome()
        assert (winner.seat, winner.tile, winner.from_seat, winner.robbing_kong) == (3, code("5z"), None, False)
        assert table.payments() == (-2, -2, -2, 6)  # 四鬼胡 (T23): share 2b, no 无鬼加倍


# T35: dealer P1 konges 2222z concealed; P2 pons nothing but kongs P0's 9s onto 999s; P3 pons P2's 1p and
# later adds the fourth. Then nobody wins (流局).
T35_HANDS = ["2z2z2z2z1m1m1m3m3m3m5m5m5m", "9s9s9s1p2s2s3s3s4s4s6p6p7p", "1p1p5p5p6s6s7s7s8s8s3z3z4z",
             "9s2p3p4p4m4m6m6m8m8m1s1s1z"]  # fmt: skip
T35_SCRIPT = [
    Action("concealed_kong", code("2z")), Action("discard", code("7m")),  # P1; replacement 8m from the tail
    Action("discard", code("1p")), Action("pon"), Action("discard", code("4z")),  # P2 → P3 pons
    Action("discard", code("9s")), Action("kong"),  # P0 → P2's melded kong; replacement 9p
]  # fmt: skip


@pytest.mark.parametrize("on_draw", [False, True])
def test_t35_kong_money_at_an_exhaustive_draw(on_draw: bool) -> None:
    case = CASES["T35"]
    table = table_of(TDH.with_options(kong_money_on_draw=on_draw), T35_HANDS, "7m8p1z1p", "3m9p8m",
                     dealer=case["dealer"])  # fmt: skip
    script = list(T35_SCRIPT)
    play(table, script, until=len(script))
    # P2 discards its replacement; P3 draws the fourth 1p and adds it to its pon.
    play(table, [Action("discard", code("9p"))], until=1)
    assert table.to_act() == 3 and Action("added_kong", code("1p")) in table.legal_actions()
    play(table, [Action("added_kong", code("1p"))])
    assert table.outcome() == []  # 流局
    kinds = [json.loads(line)["kind"] for line in table.log() if json.loads(line)["type"] == "meld"]
    assert sorted(k for k in kinds if "kong" in k) == ["added_kong", "concealed_kong", "kong"]
    with_money = (-6, 5, 0, 1)  # the case's note: 流局算杠
    expected = with_money if on_draw else tuple(case["expected"]["net"])
    assert table.payments() == expected and table.kong_money() == expected


@pytest.mark.parametrize("follow_dealer", [True, False])
def test_t41_follow_the_dealer_is_paid_even_at_a_draw(follow_dealer: bool) -> None:
    case = CASES["T41"]
    # Dealer P2 then P3, P0, P1 each discard their only 9s.
    hands = ["9s1m2m3m4m5m6m7m8m9m1p2p3p", "9s4p5p6p7p8p9p1s2s3s4s5s6s", "9s1z2z3z4z5z6z7z1m2m3m4m5m",
             "9s6m7m8m9m1p2p3p4p5p6p7p8p"]  # fmt: skip
    table = table_of(TDH.with_options(follow_dealer=follow_dealer), hands, "7s7s7s7s", dealer=case["dealer"])
    script = [Action("discard", code("9s"))] * 4
    play(table, script)
    assert table.outcome() == []
    assert table.payments() == (tuple(case["expected"]["net"]) if follow_dealer else (0, 0, 0, 0))


def test_a_pon_in_the_first_go_around_cancels_follow_the_dealer() -> None:
    # As T41, but P3 pons the dealer's 7m (it holds two) before discarding 9s: the go-around is broken.
    hands = ["9s7m2m3m4m5m6m1z8m9m1p2p3p", "9s7m7m6p7p8p9p1s2s3s4s5s6s", "9s1z2z3z4z5z6z2z1m2m3m4m5m",
             "9s6m3z8m9m1p2p3p4p5p6p7p8p"]  # fmt: skip
    table = table_of(TDH.with_options(follow_dealer=True), hands, "7s7s7s7s", dealer=2)
    play(table, [Action("discard", code("7m")), Action("pon"), Action("discard", code("9s")),
                 Action("discard", code("9s")), Action("discard", code("9s")), Action("discard", code("9s"))])  # fmt: skip
    assert table.payments() == (0, 0, 0, 0)


def test_the_ghost_kinds_are_visible_and_the_flipped_indicator_is_out_of_play() -> None:
    table = Table(ruleset="tdh")
    table.reset(3, 0)
    view = table.observation(0)
    assert (view.ghosts, view.ghost_indicator) == ((code("5z"),), None)
    flip = TDH.with_options(ghosts="flip_two")
    table = table_of(flip, T47_HANDS, "", tail="9m")  # the indicator 9m: 1m and 2m are wild
    view = table.observation(1)
    assert (view.ghosts, view.ghost_indicator) == ((code("1m"), code("2m")), code("9m"))
    assert view.wall_remaining == 136 - 52 - 1 - 1  # dealt, the dealer's draw, and the indicator


def test_the_flipped_ghost_changes_by_deal_and_horses_stay_in_the_reserve() -> None:
    rules = TDH.with_options(ghosts="flip", horses=8, discard_wins=True)
    run = mjcore.simulate(rules, deals=400, seed=5, bots=("random", "efficiency", "random", "efficiency"),
                          threads=1)  # fmt: skip
    ghosts = run["ghosts"]
    assert len(np.unique(ghosts)) > 10 and all(bin(int(g)).count("1") == 1 for g in ghosts)
    won = run["winners"]
    assert (run["horse_hits"][~won] == 0).all() and run["horse_hits"].max() <= 8
    assert run["horse_hits"].sum() > 0
    assert (run["winner_ghosts"][~won] == 0).all()


@pytest.mark.parametrize("options", [
    {}, {"horses": 4, "horse_follows_kong": True, "follow_dealer": True}, {"discard_wins": True, "ghosts": "red"},
    {"ghosts": "flip_two", "rob_melded_kong": True, "kong_money_on_draw": True, "horses": 2},
    {"ghosts": "none", "tiles": "no_characters", "seven_pairs": True},
    {"tiles": "no_honours", "ghosts": "flip", "one_horse": True, "horses": 1, "base": 5},
])  # fmt: skip
def test_simulated_deals_are_zero_sum_with_kong_money_and_horses(options: dict) -> None:
    rules = TDH.with_options(**options)
    for bots in (("random",) * 4, ("efficiency",) * 4):
        run = mjcore.simulate(rules, deals=300, seed=11, bots=bots, threads=1)
        payments, kongs = run["payments"], run["kong_money"]
        assert (payments.sum(axis=1) == 0).all() and (kongs.sum(axis=1) == 0).all()
        drawn = run["exhaustive_draw"]
        if not rules["kong_money_on_draw"]:
            assert (kongs[drawn] == 0).all()
        # At a draw only 跟庄 pays besides kong money: the dealer b × base to each other seat.
        base = rules["base"]
        for row, dealer in zip(payments[drawn] - kongs[drawn], run["dealer"][drawn]):
            follow = [-3 * base if seat == dealer else base for seat in range(4)]
            assert list(row) in ([0, 0, 0, 0], follow) and (rules["follow_dealer"] or not any(row))
        assert (run["winners"].sum(axis=1)[~drawn] >= 1).all()
        assert run.totals == mjcore.sim.result.totals_of(run.per_deal)
        if not rules["discard_wins"]:
            assert (run["discarder"][~run["robbing_kong"]] == -1).all()  # OC-28: only own draws win


def test_simulate_tdh_is_the_same_for_any_thread_count() -> None:
    one = mjcore.simulate("tdh", deals=200, seed=2, threads=1)
    two = mjcore.simulate("tdh", deals=200, seed=2, threads=2)
    assert one.totals == two.totals
    assert all((one[c] == two[c]).all() for c in mjcore.sim.result.COLUMNS)
    assert "kong money" in str(one.summary())



@pytest.mark.parametrize("horses", [2, 0])
def test_t37_horses_are_turned_from_the_wall_tail_after_a_win(horses: int) -> None:
    case = CASES["T37"]
    (winner,) = case["winners"]
    # Dealer P1 and P2 discard their drawn tiles; P3 (dealt third) draws the case's winning tile. The wall's
    # tail ends with the case's horses in the order they are turned (the last tile first).
    hands = ["1m2m3m4m5m6m7m8m9m1p2p3p4p", "5m6m7m8m9m1z1z1z2s3s4s7s8s", winner["concealed"],
             "2p3p4p5p6p9s9s9s3z3z3z4z4z"]  # fmt: skip
    tail = "".join(reversed(case["horses"]))
    rules = TDH.with_options(**{**case["options"], "horses": horses})
    table = table_of(rules, hands, "7z7z" + case["win"], tail=tail, dealer=case["dealer"])
    play(table, [Action("discard", code("7z")), Action("discard", code("7z"))], until=2)
    assert table.to_act() == 3 and Action("win") in table.legal_actions()
    table.step(Action("win"))
    expected = tuple(case["net"]) if horses else (-2, -2, -2, 6)  # one hit: 2b more from each payer
    assert table.payments() == expected


def test_the_winner_deals_next_under_dealer_rule_winner() -> None:
    """OC-29's option: the first winner takes the deal (the dealer stays after a draw); by default the deal passes
    to the 下家 unless the dealer won or the deal was drawn."""
    for rule, moved in (("winner", 0), ("stay", 0)):
        table = Table(ruleset=mjcore.load_ruleset("tdh").with_options(dealer_rule=rule))
        table.reset_game(21, wind_rounds=1, max_deals=12)
        while True:
            dealer = table.observation(0).dealer
            table.play(("efficiency",) * 4)
            winners = table.outcome()
            if not table.next_deal():
                break
            after = table.observation(0).dealer
            if rule == "winner":
                expected = winners[0].seat if winners else dealer
            else:
                expected = dealer if not winners or any(w.seat == dealer for w in winners) else (dealer + 1) % 4
            assert after == expected, (rule, dealer, winners)
            moved += after != dealer
        assert moved > 0, rule
