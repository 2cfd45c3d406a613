"""The ``advisor`` bot (docs/advisor.md, "The bot"): usable by name wherever a bot name is, at the tables whose
wins the advisor values; refused by name elsewhere; its own player (not an efficiency bot under another name);
deterministic whatever the thread count."""

from __future__ import annotations

import numpy as np
import pytest

import mjcore
from mjcore import table as native
from mjcore.errors import InvalidArgumentError
from mjcore.env import VectorEnv
from mjcore.reference.table.bots import bot_named
from mjcore.reference.table.families import table_aim

from tests.support.sim_helpers import bot_deal

SEED = 29
ADVISOR_SEAT = ("advisor", "efficiency", "efficiency", "efficiency")


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "mcr", "tdh"])
def test_it_plays_in_simulate_and_table_play(ruleset: str) -> None:
    run = mjcore.simulate(ruleset, 4, seed=SEED, bots=ADVISOR_SEAT, threads=1)
    assert run.deals == 4 and (run["payments"].sum(axis=1) == 0).all()
    table = native.Table(None, ruleset)
    table.reset(SEED, 0)
    table.play(ADVISOR_SEAT)
    assert table.outcome() is not None


def test_it_plays_as_the_vector_env_opponents_and_teaches_expert_actions() -> None:
    env = VectorEnv("gd-cgc5", 2, seed=SEED, opponents="advisor", learning_seats=[0])
    env.reset()
    for _ in range(20):
        actions = env.expert_actions("advisor")
        masks = env.action_masks()
        assert all(masks[i, a] for i, a in enumerate(actions))  # each suggestion is a legal action
        env.step(actions)


@pytest.mark.filterwarnings("ignore:.*placeholders")  # the folk files' unsourced values
@pytest.mark.parametrize("ruleset", ["sichuan", "taiwan", "gd-789", "laozhang"])
def test_a_family_the_advisor_does_not_value_is_refused_by_name(ruleset: str) -> None:
    with pytest.raises(InvalidArgumentError, match='bot "advisor".*not valued by the advisor'):
        mjcore.simulate(ruleset, 1, seed=SEED, bots=ADVISOR_SEAT)
    with pytest.raises(InvalidArgumentError, match='bot "advisor".*not valued by the advisor'):
        VectorEnv(ruleset, 1, seed=SEED, opponents="advisor", learning_seats=[0])
    with pytest.raises(InvalidArgumentError, match='bot "advisor".*not valued by the advisor'):
        bot_named("advisor", table_aim(mjcore.load_ruleset(ruleset)))


@pytest.mark.parametrize("ghosts", ["flip", "flowers4"])
def test_ghosts_that_depend_on_the_deal_are_refused(ghosts: str) -> None:
    rules = mjcore.load_ruleset("tdh").with_options(ghosts=ghosts)
    with pytest.raises(InvalidArgumentError, match='bot "advisor".*only fixed ghost kinds'):
        mjcore.simulate(rules, 1, seed=SEED, bots=ADVISOR_SEAT)


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "tdh"])
def test_it_plays_its_own_game(ruleset: str) -> None:
    """Not the efficiency bot under another name: some deals go otherwise with it in seat 0."""
    differ = [bot_deal(native, SEED, deal, ADVISOR_SEAT, ruleset=ruleset)
              != bot_deal(native, SEED, deal, ("efficiency",) * 4, ruleset=ruleset) for deal in range(8)]  # fmt: skip
    assert any(differ)


def test_the_thread_count_does_not_change_its_deals() -> None:
    one = mjcore.simulate("gd-cgc5", 24, seed=SEED, bots=ADVISOR_SEAT, threads=1)
    two = mjcore.simulate("gd-cgc5", 24, seed=SEED, bots=ADVISOR_SEAT, threads=2)
    for column in one.per_deal:
        np.testing.assert_array_equal(one[column], two[column], err_msg=column)
    assert one.totals == two.totals
