"""The table API on both engines (native ``mjcore.table`` and the twin ``mjcore.reference.table``): errors, what
an observation shows and hides, replay, and the twin's game loop."""

from __future__ import annotations

import json
import random

import pytest

import mjcore.table
from mjcore import IllegalActionError, InvalidArgumentError
from mjcore.reference import table as ref
from mjcore.rules import load_ruleset
from mjcore.table.types import Action

from tests.support.sim_helpers import SCENARIOS, bot_deal, scenario_wall, scripted_or_default



@pytest.fixture(params=["rust", "reference"])
def engine(request):
    """The native table module or its pure-Python twin: same names, same behaviour."""
    return mjcore.table if request.param == "rust" else ref


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
    log = bot_deal(engine, 4, 2)
    table = engine.Table()
    table.replay(log)
    assert table.to_act() is None and table.outcome() is not None
    with pytest.raises(IllegalActionError, match="over"):
        table.step(Action("pass"))


def test_a_tampered_log_does_not_replay(engine) -> None:
    log = bot_deal(engine, 4, 3)
    first_discard = next(i for i, line in enumerate(log) if '"action":"discard"' in line)
    event = json.loads(log[first_discard])
    legal_other = next(k for k in range(34) if k != event["tile"])
    event["tile"] = legal_other
    tampered = log[:first_discard] + [json.dumps(event, separators=(",", ":"))] + log[first_discard + 1:]
    with pytest.raises((InvalidArgumentError, IllegalActionError)):
        engine.Table().replay(tampered)


def test_every_log_line_is_compact_json_with_type_first(engine) -> None:
    for line in bot_deal(engine, 9, 9):
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


def several_winners_table(ruleset, head: str = "9s", engine=mjcore.table):
    hands, _, _ = SCENARIOS["several winners"]
    table = engine.Table(ruleset=ruleset)
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
    table = mjcore.table.Table(ruleset="gd-qq3")
    table.reset(0, 0, wall=scenario_wall(hands, "9s7z7z7z7z"))
    go_around_once_then_discard_nine_sou(table)
    for _ in range(3):
        table.step(Action("win"))
    floor = load_ruleset("gd-qq3").floor.fan
    assert [(w.seat, w.fan) for w in table.outcome()] == [(1, floor), (2, floor), (3, floor)]


def test_a_win_check_and_a_ruleset_exclude_each_other() -> None:
    with pytest.raises(InvalidArgumentError, match="not both"):
        mjcore.table.Table(lambda hand, situation: None, ruleset="gd-qq3")


def test_simulated_wins_respect_the_ruleset_minimum() -> None:
    strict = load_ruleset("gd-cgc5").with_minimum(3)
    for name, ruleset in (("gd-qq3", "gd-qq3"), ("strict", strict)):
        stats = mjcore.simulate(ruleset, 3000, 7, bots=("random",) * 4, threads=2, per_deal=False).totals
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
    for call in (lambda: engine.Table().reset(seed, deal), lambda: bot_deal(engine, seed, deal)):
        with pytest.raises(InvalidArgumentError, match=f"^{name} must be an int in 0..2\\*\\*64-1"):
            call()


# --- what an AI environment needs (issue 10, item 6) ---------------------------------------------------------


def claimed_pairs(view, claimant: int) -> list[tuple[int, int]]:
    """(feeder, tile) of every discard ``claimant`` took into a meld, by its melds (an added kong keeps the
    pon's claimed tile and feeder)."""
    return sorted(((claimant + m.from_offset) % 4, m.claimed) for m in view.melds[claimant] if m.claimed is not None)


def check_discard_history(table, previous) -> tuple:
    """The history every seat sees: the same for all viewers, grown only at its end (a mark, once set, stays),
    its unclaimed part the discards still on the table, its claims those the melds record, one entry per
    discard decision logged."""
    views = [table.observation(seat) for seat in range(4)]
    history = views[0].discard_history
    assert all(view.discard_history == history for view in views)
    for seat in range(4):
        assert [d.tile for d in history[seat][:len(previous[seat])]] == [d.tile for d in previous[seat]]
        assert all(old.claimed_by in (None, new.claimed_by) for old, new in zip(previous[seat], history[seat]))
        assert tuple(d.tile for d in history[seat] if d.claimed_by is None) == views[0].discards[seat]
        assert sorted((f, d.tile) for f in range(4) for d in history[f] if d.claimed_by == seat) == \
            claimed_pairs(views[0], seat)
    acts = [json.loads(line) for line in table.log()]
    assert [len(h) for h in history] == [sum(1 for e in acts if e["type"] == "act" and e["action"] == "discard"
                                             and e["seat"] == seat) for seat in range(4)]  # fmt: skip
    return history


def claim_happy(legal, rng):
    """Claims whenever it can (so that histories hold claims), else plays at random."""
    for kind in ("win", "kong", "pon", "chi", "added_kong", "concealed_kong"):
        if any(a.kind == kind for a in legal):
            return next(a for a in legal if a.kind == kind)
    return rng.choice(legal)


@pytest.mark.parametrize("deal", range(6))
def test_the_discard_history_keeps_claimed_discards_marked(engine, deal: int) -> None:
    table = engine.Table()
    table.reset(11, deal, dealer=deal % 4)
    rng = random.Random(deal)
    history = ((), (), (), ())
    while table.to_act() is not None:
        history = check_discard_history(table, history)
        table.step(claim_happy(table.legal_actions(), rng))
    history = check_discard_history(table, history)
    assert any(d.claimed_by is not None for seat in history for d in seat), "this claiming play claims"


def test_a_robbed_added_kong_tile_is_not_a_discard(engine) -> None:
    hands, head, script = SCENARIOS["robbing a kong"]
    table = engine.Table()
    table.reset(0, 0, wall=scenario_wall(hands, head))
    script = list(script)
    history = ((), (), (), ())
    while (seat := table.to_act()) is not None:
        history = check_discard_history(table, history)
        table.step(scripted_or_default(script, table.legal_actions(), table.observation(seat).drawn))
    history = check_discard_history(table, history)
    assert [(w.seat, w.robbing_kong) for w in table.outcome()] == [(1, True)]
    five_sou = 22
    assert history[0][0] == (five_sou, 2), "the dealer's first 5s went into seat 2's pon"
    assert five_sou not in [d.tile for d in history[2]], "the robbed tile was added to a kong, not discarded"


def test_a_robbed_melded_kong_marks_its_discard_as_claimed(engine) -> None:
    """明杠可抢: seat 2 claims the dealer's 5s onto its concealed pung and seat 1 robs it — no meld is formed,
    yet the discard was taken."""
    rules = load_ruleset("gd-cgc5").with_options(robbable_kongs=["added", "melded"], missed_win="off", minimum=0)
    hands = ["12345678m1234p7z", "111p222p333p4s6s9m9m", "5s5s5s1z1z1z2z2z2z3z3z3z4z",
             "7p7p7p8p8p8p9p9p9p7s7s8s8s"]
    table = engine.Table(ruleset=rules)
    table.reset(0, 0, wall=scenario_wall(hands, "5s"))
    for action in (Action("discard", 22), Action("pass"), Action("kong")):
        table.step(action)
    while table.to_act() is not None:
        table.step(Action("win") if Action("win") in table.legal_actions() else Action("pass"))
    assert [(w.seat, w.from_seat, w.robbing_kong) for w in table.outcome()] == [(1, 2, True)]
    assert table.observation(3).discard_history == (((22, 2),), (), (), ())


def test_seats_relative_to_the_viewer(engine) -> None:
    table = new_table(engine)
    for viewer in range(4):
        view = table.observation(viewer)
        assert [view.relative((viewer + k) % 4) for k in range(4)] == [0, 1, 2, 3]
        assert all(view.absolute(view.relative(seat)) == seat for seat in range(4))
        assert view.relative(table.to_act()) == (table.to_act() - viewer) % 4
    for bad in (4, -1, True, 1.0):
        with pytest.raises(InvalidArgumentError):
            table.observation(0).relative(bad)
        with pytest.raises(InvalidArgumentError):
            table.observation(0).absolute(bad)


def test_payments_are_what_simulate_records(engine) -> None:
    """Random-bot deals replayed into a table pay exactly the ``payments`` row of ``mjcore.simulate`` for the
    same seed and deal index (dealer k mod 4): won deals zero-sum and not all zero, draws all zero."""
    seed, deals = 7, 400
    result = mjcore.simulate("gd-qq3", deals, seed=seed, bots=("random",) * 4, threads=1)
    won = [k for k in range(deals) if not result["exhaustive_draw"][k]]
    assert len(won) >= 3
    drawn = [k for k in range(deals) if result["exhaustive_draw"][k]][:2]
    for k in won + drawn:
        table = engine.Table(ruleset="gd-qq3")
        table.replay(bot_deal(mjcore.table, seed, k, dealer=k % 4, ruleset="gd-qq3"))
        paid = table.payments()
        assert paid == tuple(int(p) for p in result["payments"][k]), k
        assert sum(paid) == 0 and any(paid) == (k in won), k


def test_payments_wait_for_the_end_of_the_deal(engine) -> None:
    table = several_winners_table("gd-cgc5", engine=engine)
    assert table.payments() is None
    table.step(Action("discard", NINE_SOU))
    table.step(Action("win"))
    assert table.payments() is None, "seat 2 has still to answer"
    table.step(Action("win"))
    paid = table.payments()
    assert sum(paid) == 0 and paid[0] < 0 and paid[1] > 0 and paid[2] > 0 and paid[3] == 0
    unscored = several_winners_table(None, engine=engine)
    unscored.step(Action("discard", NINE_SOU))
    unscored.step(Action("win"))
    unscored.step(Action("win"))
    assert unscored.payments() == (0, 0, 0, 0), "a table without a ruleset scores no money"



def test_table_play_refuses_a_wrong_bot_list(engine) -> None:
    table = new_table(engine)
    with pytest.raises(InvalidArgumentError, match="one per seat"):
        table.play(("random",) * 3)
    with pytest.raises(InvalidArgumentError, match="one per seat"):
        table.play("random")
    with pytest.raises(InvalidArgumentError, match='unknown bot "smart"'):
        table.play(("smart",) * 4)


def test_next_deal_needs_a_game_and_a_finished_deal(engine) -> None:
    table = new_table(engine)
    with pytest.raises(IllegalActionError, match="reset_game"):
        table.next_deal()
    table.reset_game(1, wind_rounds=1, max_deals=2)
    with pytest.raises(IllegalActionError, match="not over"):
        table.next_deal()
    table.play(("random",) * 4)
    assert table.next_deal() is True
    table.play(("random",) * 4)
    assert table.next_deal() is False and table.next_deal() is False  # max_deals: the game is over
    with pytest.raises(InvalidArgumentError, match="wind_rounds"):
        table.reset_game(1, wind_rounds=5)
