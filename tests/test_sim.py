"""The table API on both engines (native ``mjcore.sim`` and the twin ``mjcore.reference.sim``): errors, what
an observation shows and hides, replay, and the twin's game loop."""

from __future__ import annotations

import json

import pytest

import mjcore.sim
from mjcore import IllegalActionError, InvalidArgumentError
from mjcore.reference import sim as ref
from mjcore.ruleset import load_ruleset
from mjcore.sim_types import Action

from .sim_helpers import SCENARIOS, scenario_wall



@pytest.fixture(params=["rust", "reference"])
def engine(request):
    """The native table module or its pure-Python twin: same names, same behaviour."""
    return mjcore.sim if request.param == "rust" else ref


def new_table(engine, seed: int = 1, deal: int = 0):
    table = engine.Table()
    table.reset(seed, deal)
    return table


def test_a_deal_starts_with_the_dealer_to_discard(engine) -> None:
    table = new_table(engine)
    assert table.to_act() == 0
    view = table.observation(0)
    assert sum(view.hand) == 14 and view.drawn is not None
    assert view.wall_remaining == 136 - 53
    assert all(sum(table.observation(s).hand) == 13 for s in (1, 2, 3))
    assert all(a.kind in ("discard", "concealed_kong", "win") for a in table.legal_actions())


def test_an_observation_hides_the_other_hands(engine) -> None:
    table = new_table(engine)
    view = table.observation(2)
    assert view.drawn is None, "seat 2 does not see the dealer's draw"
    assert view.hand != table.observation(0).hand
    assert view.seat_wind(2) == 2 and view.seat_wind(view.dealer) == 0


def test_an_illegal_action_is_rejected_by_name(engine) -> None:
    table = new_table(engine)
    before = table.log()
    with pytest.raises(IllegalActionError, match="^pon is not legal for seat 0"):
        table.step(Action("pon"))
    missing = next(k for k in range(34) if Action("discard", k) not in table.legal_actions())
    with pytest.raises(IllegalActionError, match="discard"):
        table.step(Action("discard", missing))
    assert table.log() == before


def test_a_malformed_action_is_an_argument_error(engine) -> None:
    table = new_table(engine)
    for bad in (Action("ron"), Action("discard"), Action("pon", 3)):
        with pytest.raises(InvalidArgumentError):
            table.step(bad)


def test_a_table_needs_a_deal(engine) -> None:
    with pytest.raises(IllegalActionError, match="reset"):
        engine.Table().legal_actions()


def test_step_after_the_end_is_illegal(engine) -> None:
    log = engine.play_random_deal(4, 2)
    table = engine.Table()
    table.replay(log)
    assert table.to_act() is None and table.outcome() is not None
    with pytest.raises(IllegalActionError, match="over"):
        table.step(Action("pass"))


def test_a_tampered_log_does_not_replay(engine) -> None:
    log = engine.play_random_deal(4, 3)
    first_discard = next(i for i, line in enumerate(log) if '"action":"discard"' in line)
    event = json.loads(log[first_discard])
    legal_other = next(k for k in range(34) if k != event["tile"])
    event["tile"] = legal_other
    tampered = log[:first_discard] + [json.dumps(event, separators=(",", ":"))] + log[first_discard + 1:]
    with pytest.raises((InvalidArgumentError, IllegalActionError)):
        engine.Table().replay(tampered)


def test_every_log_line_is_compact_json_with_type_first(engine) -> None:
    for line in engine.play_random_deal(9, 9):
        event = json.loads(line)
        assert next(iter(event)) == "type"
        assert json.dumps(event, separators=(",", ":")) == line


def test_a_python_win_check_decides_wins(engine) -> None:
    seen = []

    def everything_wins(hand, situation):
        seen.append((hand, situation))
        return 3

    table = engine.Table(everything_wins)
    table.reset(5, 5)
    assert Action("win") in table.legal_actions()
    hand, situation = seen[-1]
    assert hand.size == 14 and situation.self_drawn and situation.winner == 0
    table.step(Action("win"))
    assert [(w.seat, w.fan, w.from_seat) for w in table.outcome()] == [(0, 3, None)]


def test_a_failing_win_check_is_reported(engine) -> None:
    def broken(hand, situation):
        raise RuntimeError("boom")

    with pytest.raises((InvalidArgumentError, RuntimeError), match="boom"):
        engine.Table(broken).reset(1, 1)


def several_winners_table(ruleset, head: str = "9s"):
    hands, _, _ = SCENARIOS["several winners"]
    table = mjcore.sim.Table(ruleset=ruleset)
    table.reset(0, 0, wall=scenario_wall(hands, head))
    return table


NINE_SOU, WHITE, RED = 26, 31, 33


def test_winning_on_the_dealers_first_discard_is_the_human_hand() -> None:
    table = several_winners_table("gd-cgc5")
    table.step(Action("discard", NINE_SOU))
    table.step(Action("win"))
    table.step(Action("win"))
    human_hand = load_ruleset("gd-cgc5").pattern("ren_hu").fan
    assert [(w.seat, w.fan) for w in table.outcome()] == [(1, human_hand), (2, human_hand)]


def go_around_once_then_discard_nine_sou(table) -> None:
    """The dealer discards 白 and keeps 9s; seats 1-3 each draw 中 and discard it; the dealer discards 9s."""
    table.step(Action("discard", WHITE))
    for _ in range(3):
        table.step(Action("discard", RED))
    table.step(Action("discard", NINE_SOU))


def test_a_ruleset_decides_wins_and_their_fan() -> None:
    table = several_winners_table("gd-cgc5", head="9s7z7z7z7z")
    go_around_once_then_discard_nine_sou(table)
    # 9s completes two concealed hands that read as all chows (111222333 = 123 ×3): 平胡 1 + 门清 1 = 2 fan.
    table.step(Action("win"))
    table.step(Action("win"))
    assert [(w.seat, w.fan) for w in table.outcome()] == [(1, 2), (2, 2)]


def test_the_ruleset_minimum_blocks_small_wins() -> None:
    table = several_winners_table(load_ruleset("gd-cgc5").with_minimum(3), head="9s7z7z7z7z")
    go_around_once_then_discard_nine_sou(table)
    assert table.to_act() == 1 and table.observation(1).drawn is not None, "no claim: seat 1 simply draws"


def test_three_winners_on_one_discard_are_floored_together() -> None:
    """QQ's 一炮三响: each of three winners scores at least 3 fan (平胡 1, 平胡 1, 碰碰胡 2 alone)."""
    hands = ["123456789m123p5z", "111p222p333p456s9s", "111s222s333s789p9s", "5p5p5p6p6p6p4m4m4m5m5m5m9s"]
    table = mjcore.sim.Table(ruleset="gd-qq3")
    table.reset(0, 0, wall=scenario_wall(hands, "9s7z7z7z7z"))
    go_around_once_then_discard_nine_sou(table)
    for _ in range(3):
        table.step(Action("win"))
    floor = load_ruleset("gd-qq3").floor.fan
    assert [(w.seat, w.fan) for w in table.outcome()] == [(1, floor), (2, floor), (3, floor)]


def test_a_win_check_and_a_ruleset_exclude_each_other() -> None:
    with pytest.raises(InvalidArgumentError, match="not both"):
        mjcore.sim.Table(lambda hand, situation: None, ruleset="gd-qq3")


def test_simulated_wins_respect_the_ruleset_minimum() -> None:
    strict = load_ruleset("gd-cgc5").with_minimum(3)
    for name, ruleset in (("gd-qq3", "gd-qq3"), ("strict", strict)):
        stats = mjcore.sim.simulate_random(7, range(3000), threads=2, ruleset=ruleset)
        assert stats["deals"] == 3000 and sum(stats["wins_by_offset"]) > 0, name
        if name == "strict":
            assert sum(stats["fans"][:3]) == 0


def test_the_game_passes_the_deal_on_after_a_non_dealer_win() -> None:
    def non_dealer_wins(hand, situation):
        return situation.winner != situation.dealer

    class WinFirst:
        def start_deal(self, seed: int, deal: int, seat: int) -> None:
            pass

        def choose(self, observation, legal):
            return Action("win") if Action("win") in legal else legal[0]

    deals = ref.play_game(9, ref.GameConfig(wind_rounds=2, max_deals=100), [WinFirst()] * 4, non_dealer_wins)
    assert [d.dealer for d in deals] == [0, 1, 2, 3] * 2
    assert [d.round_wind for d in deals] == [0] * 4 + [1] * 4


def test_exhaustive_draws_keep_the_dealer() -> None:
    deals = ref.play_game(3, ref.GameConfig(max_deals=3), [ref.RandomBot() for _ in range(4)], lambda h, s: None)
    assert [d.dealer for d in deals] == [0, 0, 0]
    assert all(d.outcome == [] for d in deals)


@pytest.mark.parametrize("seed, deal", [(2**70, 0), (-1, 0), (0, 2**64), (0, -3)])
def test_seed_and_deal_out_of_range_are_named(engine, seed, deal) -> None:
    """Seeds and deal indices are u64 in the engine: outside that range every entry point says which one is
    wrong (not a bare OverflowError from the conversion)."""
    name = "seed" if seed != 0 else "deal"
    for call in (lambda: engine.Table().reset(seed, deal), lambda: engine.play_random_deal(seed, deal)):
        with pytest.raises(InvalidArgumentError, match=f"^{name} must be an int in 0..2\\*\\*64-1"):
            call()
