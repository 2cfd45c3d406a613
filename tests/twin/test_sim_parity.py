"""The native table engine and its pure-Python twin produce identical event logs: random-bot deals played
natively against the twin's random bots, decision-by-decision driving of both, and replay across the two."""

from __future__ import annotations

import json
import random

import pytest

from mjcore import table as rust
from mjcore.reference import table as ref
from mjcore.table.types import Action

from tests.support.twin import assert_simulate_alike
from tests.support.sim_helpers import SCENARIOS, bot_deal, bot_game, scenario_wall, scripted_or_default, win_check

SEED = 20261129


def test_random_bot_deals_have_identical_logs() -> None:
    """The shipped rules on both sides: the native 鸡平胡 shapes against the reference ``is_win``."""
    kinds: dict[str, int] = {}
    for deal in range(200):
        native = bot_deal(rust, SEED, deal, dealer=deal % 4)
        assert native == bot_deal(ref, SEED, deal, dealer=deal % 4), f"deal {deal}"
        for line in native:
            event = json.loads(line)
            kind = event["kind"] if event["type"] == "meld" else event["type"]
            kinds[kind] = kinds.get(kind, 0) + 1
    # The comparison must have covered the interesting paths, not only discards and draws.
    for kind in ("chi", "pon", "kong", "concealed_kong", "added_kong"):
        assert kinds.get(kind, 0) > 0, kinds


def test_a_python_win_check_gives_identical_logs_too() -> None:
    for deal in range(30):
        native = bot_deal(rust, SEED, deal, win_check=win_check)
        assert native == bot_deal(ref, SEED, deal, win_check=win_check), f"deal {deal}"


def test_whole_games_have_identical_logs() -> None:
    """Dealer rotation and wind rounds on both sides: a win check under which any non-dealer hand wins makes
    the deal pass on often, so a short game covers every dealer and two winds."""

    def non_dealer_wins(hand, situation):
        return situation.winner != situation.dealer

    native = bot_game(rust, SEED, wind_rounds=2, max_deals=60, win_check=non_dealer_wins)
    twin = bot_game(ref, SEED, wind_rounds=2, max_deals=60, win_check=non_dealer_wins)
    assert native == twin
    dealers = [json.loads(log[0])["dealer"] for log in native]
    winds = [json.loads(log[0])["round_wind"] for log in native]
    assert set(dealers) == {0, 1, 2, 3} and set(winds) == {0, 1}


def greedy_then_random(legal: list[Action], rng: random.Random) -> Action:
    """Wins whenever it may (so that wins, 一炮多响 and robbing occur), otherwise picks at random."""
    return Action("win") if Action("win") in legal else rng.choice(legal)


@pytest.mark.parametrize("deal", range(40))
def test_step_by_step_driving_matches(deal: int) -> None:
    native = rust.Table()
    native.reset(SEED, deal, dealer=deal % 4, round_wind=deal % 3)
    twin = ref.Table()
    twin.reset(SEED, deal, dealer=deal % 4, round_wind=deal % 3)
    rng = random.Random(deal)
    while (seat := twin.to_act()) is not None:
        assert native.to_act() == seat
        assert native.legal_actions() == twin.legal_actions()
        assert native.observation(seat) == twin.observation(seat)
        action = greedy_then_random(twin.legal_actions(), rng)
        native.step(action)
        twin.step(action)
    assert native.to_act() is None
    assert native.log() == twin.log()
    assert native.outcome() == twin.outcome()


@pytest.mark.parametrize("ruleset", ["gd-qq3", "gd-cgc5"])
def test_rulesets_decide_alike(ruleset: str) -> None:
    """Scoring as the win check on both sides (native scoring against the reference scorer): who may win, for
    how many fan, and what each seat pays. A policy that always wins when it may makes wins frequent."""
    wins = 0
    for deal in range(12):
        native, twin = rust.Table(ruleset=ruleset), ref.Table(ruleset=ruleset)
        native.reset(SEED, deal, dealer=deal % 4, round_wind=1)
        twin.reset(SEED, deal, dealer=deal % 4, round_wind=1)
        rng = random.Random(deal)
        while (seat := twin.to_act()) is not None:
            assert native.legal_actions() == twin.legal_actions()
            assert native.observation(seat) == twin.observation(seat)
            assert native.payments() is twin.payments() is None
            action = greedy_then_random(twin.legal_actions(), rng)
            native.step(action)
            twin.step(action)
        assert native.log() == twin.log()
        assert native.payments() == twin.payments()
        wins += any(twin.payments())
    assert wins > 0


def test_logs_replay_across_engines() -> None:
    for deal in range(20):
        log = bot_deal(rust, SEED, deal)
        assert ref.replay(log, ref.chicken_win_check).log_lines() == log
        twin_log = bot_deal(ref, SEED, deal)
        table = rust.Table()
        table.replay(twin_log)
        assert table.log() == twin_log


@pytest.mark.parametrize("name", SCENARIOS)
def test_constructed_walls_play_alike(name: str) -> None:
    hands, head, script = SCENARIOS[name]
    script = list(script)
    wall = scenario_wall(hands, head)
    native = rust.Table()
    native.reset(0, 0, wall=wall)
    twin = ref.Table()
    twin.reset(0, 0, wall=wall)
    while (seat := twin.to_act()) is not None:
        action = scripted_or_default(script, twin.legal_actions(), twin.observation(seat).drawn)
        native.step(action)
        twin.step(action)
    assert native.log() == twin.log()
    winners = twin.outcome()
    if name == "several winners":
        assert [(w.seat, w.from_seat) for w in winners] == [(1, 0), (2, 0)]
    else:
        assert [(w.seat, w.from_seat, w.robbing_kong) for w in winners] == [(1, 2, True)]


BAD_TABLE_CALLS = [
    ("reset", (1, 0, -1, 0), "dealer -1 and round wind 0 must both be 0..3"),
    ("reset", (1, 0, 0, 300), "dealer 0 and round wind 300 must both be 0..3"),
    ("reset", (1, 0, True, 0), "dealer must be an int, not True"),
    ("reset", (1, 0, 0, 0, "abc"), "a wall is a sequence of wall codes"),
    ("reset", (1, 0, 0, 0, [1.5] * 136), r"wall\[0\] must be an int, not 1.5"),
    ("reset", (1, 0, 0, 0, [0] * 135 + [-1]), r"wall\[135\]: wall code -1 does not exist"),
    ("step", ("discard",), r"an action is an Action\(kind, tile\) or a \(kind, tile\) pair, not 'discard'"),
    ("step", (None,), "an action is an Action"),
    ("step", (("discard", 2.5),), "an action's tile must be an int, not 2.5"),
    ("step", (("discard", True),), "an action's tile must be an int, not True"),
    ("step", (("discard", -1),), "tile -1 does not exist"),
    ("step", (("discard", 300),), "tile 300 does not exist"),
    ("step", ((5, 1),), "an action's kind is a name"),
    ("observation", (-1,), "seat -1 is not 0..3"),
    ("observation", (1.0,), "seat must be an int, not 1.0"),
    ("reset_game", (1, 300), "wind_rounds 300 must be 1..4"),
    ("reset_game", (1, 2.0), "wind_rounds must be an int, not 2.0"),
    ("set_dealer_streak", (-1,), "streak must be an int in 0..255"),
]


@pytest.mark.parametrize("method, arguments, message", BAD_TABLE_CALLS)
def test_bad_table_calls_are_refused_alike_by_name(method: str, arguments: tuple, message: str) -> None:
    """Never a bare OverflowError or an unpacking error, never a bool or a float taken for an int: both engines
    refuse with the same mjcore error, and the deal on the table is unchanged."""
    from mjcore.errors import InvalidArgumentError

    for engine in (rust, ref):
        table = engine.Table(ruleset="gd-cgc5")
        table.reset(1, 0)
        before = table.log()
        with pytest.raises(InvalidArgumentError, match=message):
            getattr(table, method)(*arguments)
        assert table.log() == before


# Runs holding wins that record each family's own statistics (issue 31, item 2): MCR's fans, Taiwan's 台 rows,
# Sichuan's 番 rows and its money settled apart (the deals picked hold each kind; the twin plays a Sichuan deal in about 13 s).
FAMILY_STATISTICS_RUNS = [
    pytest.param("mcr", 3, 11, 30, id="mcr fans"),
    pytest.param("sichuan", 1, 4, 14, id="sichuan fan rows and 查大叫"),
    pytest.param("taiwan", 1, 5, 0, id="taiwan 台 rows"),
    pytest.param("sichuan", 1, 1, 12, id="sichuan 根 per win"),
    # The slow tier adds deals with 呼叫转移 and 退税 (tests/twin/slow/test_family_statistics_parity.py).
]


@pytest.mark.parametrize("ruleset, deals, seed, offset", FAMILY_STATISTICS_RUNS)
def test_simulate_records_each_familys_statistics_alike(ruleset: str, deals: int, seed: int, offset: int) -> None:
    """The twin simulator records the family's own per-deal fields (and so totals) as the engine does."""
    native = assert_simulate_alike(ruleset, deals, seed, ("efficiency",) * 4, offset=offset, where=ruleset)
    recorded = ("rows_low", "transfer_money", "refund_money", "flower_pig_money", "ready_check_money", "win_count")
    assert any(native[name].any() for name in recorded), "the family's statistics are compared, not only zeros"


# 推倒胡's multipliers as rows and its horses hit, 老章's rows, 789's mirror-horse money (issue 31, item 2: the
# families added last); each deal picked holds what it names.
FAMILY_STATISTICS_OPTIONS = [
    pytest.param("tdh:horses=4,robbing_kong_double=true,kong_bloom_double=true,discard_wins=true", 2, 11, 4,
                 ("rows_low", "horse_hits"), id="tdh multipliers and horses"),
    pytest.param("laozhang", 1, 11, 1, ("rows_low",), id="laozhang rows"),
    pytest.param("laozhang:arithmetic=points_then_fan", 3, 11, 1, ("rows_low",), id="laozhang points then fan"),
    pytest.param("gd-789:horses_per_seat=2", 1, 11, 0, ("horse_money", "horse_hits", "flower_money"),
                 id="789 horse and flower money"),
]


@pytest.mark.filterwarnings("ignore::UserWarning")  # 老章's and 789's placeholder rows warn when loaded
@pytest.mark.parametrize("spec, deals, seed, offset, recorded", FAMILY_STATISTICS_OPTIONS)
def test_simulate_records_the_last_familys_statistics_alike(spec: str, deals: int, seed: int, offset: int,
                                                            recorded: tuple[str, ...]) -> None:  # fmt: skip
    from mjcore.sim.compare import parse_ruleset_spec

    native = assert_simulate_alike(parse_ruleset_spec(spec), deals, seed, ("efficiency",) * 4, offset=offset,
                                   where=spec)  # fmt: skip
    for name in recorded:
        assert native[name].any(), f"{spec}: {name} is compared, not only zeros"
