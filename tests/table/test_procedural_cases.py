"""The procedural cases of CASES.md (D1, D2, D5, D6) played on constructed walls, on both table engines (D7 and
D8 are covered by tests/sim/test_sim.py and the engine's per-step invariants; D9 by test_guangdong_cases.py). Seats are 0..3 in
turn order with the dealer at seat 0 (East); where a case names other seats, the roles are rotated so that the
deciding discard comes early, which changes nothing in the rule under test."""

from __future__ import annotations

import pytest

import mjcore
import mjcore.table
from mjcore.reference import table as reference_sim
from mjcore.table.types import Action

from tests.support.sim_helpers import scenario_wall

WHITE = 31


@pytest.fixture(params=["rust", "reference"])
def engine(request):
    return mjcore.table if request.param == "rust" else reference_sim


def table_for(engine, hands: list[str], head: str, ruleset: str = "gd-qq3"):
    table = engine.Table(ruleset=ruleset)
    table.reset(0, 0, wall=scenario_wall(hands, head))
    return table


def test_d1_seven_pairs_is_no_win_in_the_chicken_tables(backend):
    hand, tile = "1133m5577p2288s6z", "6z"
    for table in ("gd-cgc5", "gd-qq3"):
        assert not backend.score(hand, tile, ruleset=table, self_drawn=True, seat_wind="E").is_win
    guigang = backend.score(hand, tile, ruleset="gd-guigang", self_drawn=True, seat_wind="E")
    assert guigang.is_win and guigang.pattern.key == "qi_dui"


# D6: a seat holding 888p claims a kong on the 8p discard while another seat can win on it: the win takes
# priority, the discarder pays, and the kong never happens.
WIN_BEATS_KONG = (["8p123m456m7z7z123s9m", "888p123s456s789s5z", "111p222p333p444p6z", "123m456m789m7p9p11z"], "5m")


def test_d6_a_win_beats_a_kong_on_the_same_discard(engine):
    table = table_for(engine, *WIN_BEATS_KONG)
    table.step(Action("discard", EIGHT_PIN))
    assert table.to_act() == 1 and Action("kong") in table.legal_actions()
    table.step(Action("kong"))
    assert table.to_act() == 3 and Action("win") in table.legal_actions()
    table.step(Action("win"))
    (winner,) = table.outcome()
    assert (winner.seat, winner.from_seat, winner.tile) == (3, 0, EIGHT_PIN)
    assert not any('"replacement":true' in line for line in table.log()), "the kong never happened"


# D5: a concealed kong of 5z cannot be robbed, not even by 十三幺 waiting on 5z (OC-40); the konger draws on.
CONCEALED_KONG = (["5555z123m456m789m", "119m19p19s123467z", "111p222p333p444p6z", "222m333m444m666m7z"], "1s2s")


def test_d5_a_concealed_kong_cannot_be_robbed(engine):
    table = table_for(engine, *CONCEALED_KONG)
    assert Action("concealed_kong", WHITE) in table.legal_actions()
    table.step(Action("concealed_kong", WHITE))
    assert table.to_act() == 0, "nobody is asked to rob; the dealer draws a replacement and plays on"
    assert not any('"type":"act","seat":1' in line for line in table.log()), "seat 1 was never asked"
    assert '"replacement":true' in table.log()[-1]
    assert all(action.kind in ("discard", "concealed_kong", "win", "added_kong") for action in table.legal_actions())


# D2: seat 3 waits on 5p/8p and passes a legal win on the dealer's 5p. Until it moves again it may not win on
# 5p from anyone (seat 1's 5p), but 8p, another tile, is allowed (seat 2's 8p).
MISSED_WIN = (["5p123m456m7z123s99m", "5p123m456m7z123s99m", "111p222p333p8p456z", "123m456m678m67p11z"], "1z")
FIVE_PIN, EIGHT_PIN = 13, 16


def pass_all_claims(table, blocked_seat: int) -> None:
    """Answers "pass" for every seat asked about a discard, checking that ``blocked_seat`` is never offered a win."""
    while table.to_act() is not None and Action("pass") in table.legal_actions():
        if table.to_act() == blocked_seat:
            assert Action("win") not in table.legal_actions()
        table.step(Action("pass"))


def test_d2_a_passed_win_blocks_the_same_tile_only(engine):
    table = table_for(engine, *MISSED_WIN)
    table.step(Action("discard", FIVE_PIN))
    assert table.to_act() == 3 and Action("win") in table.legal_actions()
    table.step(Action("pass"))  # a legal win passed: 漏胡 on 5p
    assert table.to_act() == 1
    table.step(Action("discard", FIVE_PIN))
    pass_all_claims(table, blocked_seat=3)  # 5p again, from another seat: no win for seat 3
    assert table.to_act() == 2
    table.step(Action("discard", EIGHT_PIN))
    assert table.to_act() == 3 and Action("win") in table.legal_actions(), "8p is another tile"
    table.step(Action("win"))
    assert [(w.seat, w.from_seat, w.tile) for w in table.outcome()] == [(3, 2, EIGHT_PIN)]
