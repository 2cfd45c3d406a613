"""A hypothesis state machine drives a ``Table`` of every shipped ruleset, in both backends (issue 30, item 9): random
legal actions, random illegal ones — a kind that is not legal now, a tile that is not, a kind or tile that does not
exist, a malformed action, any step of a finished deal — and new deals once one is over. A refused action raises
an mjcore error and changes nothing a caller can read (seat to act, legal actions, log, every seat's
observation, outcome and money); after every step the engine's own invariants hold (every tile of the set — 136,
144, 108 … — accounted for exactly, hand sizes that fit the phase, zero-sum money, the kind masks), and so do the
table's promises: the seat to act is the one every observation names, legal actions are sorted and distinct and
empty exactly when the deal is over, the wall only shrinks, the log only grows, a finished deal's money sums to 0.

The default tier runs a quick profile; ``tests/table/slow/`` runs the same machine for many more steps."""

from __future__ import annotations

import random
from typing import Any

import hypothesis.strategies as st
from hypothesis import settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test

import mjcore
import mjcore.reference
import mjcore.table
from mjcore.errors import MjcoreError
from mjcore.table.types import ACTION_KINDS, Action
from tests.support.fuzz import EXAMPLE_SCALE, PROFILE

RULESETS = mjcore.rulesets()
SEATS = range(4)

# Actions that may or may not be legal: every kind (and a kind that does not exist) with no tile or any code.
ACTIONS = st.builds(Action, st.sampled_from(ACTION_KINDS + ("bogus",)), st.none() | st.integers(-2, 44))
# Actions no table accepts, each refused by name before the engine sees it.
MALFORMED = st.sampled_from([("discard", True), ("discard", 1.5), ("discard", "1m"), (3, None), ("discard", 2**70),
                             ("pass", None, None), (), "pass", None, ["discard", 3]])  # fmt: skip


def observable(table: Any) -> tuple:
    """Everything a caller can read of the table."""
    return (table.to_act(), table.legal_actions(), table.log(), tuple(table.observation(s) for s in SEATS),
            table.outcome(), table.payments(), table.kong_money(), table.horse_money())  # fmt: skip


def engine_invariants(table: Any) -> None:
    """The deal's invariants as the engine states them (Rust: ``Deal::check_invariants``; the twin's deal checks
    its own after every step as well)."""
    if isinstance(table, mjcore.table.Table):
        table._native.check_invariants()
    else:
        table.deal.check_invariants()


class TableMachine(RuleBasedStateMachine):
    engine: Any = mjcore  # the backend: ``mjcore`` or ``mjcore.reference``

    @initialize(ruleset=st.sampled_from(RULESETS), seed=st.integers(0, 2**64 - 1), deal=st.integers(0, 2**20))
    def deal_one(self, ruleset: str, seed: int, deal: int) -> None:
        self.table = self.engine.Table(ruleset=ruleset)
        self.table.reset(seed, deal, dealer=deal % 4, round_wind=seed % 4)
        self.accepted = 0
        self.remember()

    def remember(self) -> None:
        self.before = observable(self.table)

    def over(self) -> bool:
        return self.table.to_act() is None

    @precondition(lambda self: not self.over())
    @rule(data=st.data())
    def legal_step(self, data: st.DataObject) -> None:
        legal = self.table.legal_actions()
        action = data.draw(st.sampled_from(legal), label="legal action")
        log_before, wall_before = self.before[2], self.before[3][0].wall_remaining
        self.table.step(action)
        after = observable(self.table)
        assert len(after[2]) > len(log_before), "an accepted step is logged"
        assert after[2][: len(log_before)] == log_before, "the log only grows"
        assert after[3][0].wall_remaining <= wall_before, "the wall only shrinks"
        self.accepted += 1
        self.before = after

    @precondition(lambda self: not self.over())
    @rule(count=st.integers(1, 150), seed=st.integers(0, 2**32))
    def many_legal_steps(self, count: int, seed: int) -> None:
        """A stretch of play (so that deals reach their end within a run): ``count`` legal steps picked by a
        seeded generator, the invariants checked after each."""
        chooser = random.Random(seed)
        for _ in range(count):
            legal = self.table.legal_actions()
            if not legal:
                break
            self.table.step(chooser.choice(legal))
            self.accepted += 1
            engine_invariants(self.table)
        self.remember()

    @rule(action=ACTIONS | MALFORMED)
    def refused_step(self, action: Any) -> None:
        legal = self.table.legal_actions()
        if isinstance(action, Action) and action in legal:
            return  # legal after all: the other rule plays those
        try:
            self.table.step(action)
        except MjcoreError:
            pass
        else:
            raise AssertionError(f"{action!r} was accepted; legal: {legal}")
        assert observable(self.table) == self.before, f"the refused {action!r} changed the table"

    @precondition(lambda self: self.over())
    @rule(seed=st.integers(0, 2**64 - 1), deal=st.integers(0, 2**20))
    def next_deal(self, seed: int, deal: int) -> None:
        self.table.reset(seed, deal, dealer=deal % 4)
        self.remember()

    @invariant()
    def promises_hold(self) -> None:
        table = self.table
        engine_invariants(table)
        to_act, legal = table.to_act(), table.legal_actions()
        assert (to_act is None) == (legal == []) == (table.outcome() is not None)
        assert all(table.observation(s).to_act == to_act for s in SEATS)
        assert len(set(legal)) == len(legal) and legal == sorted(legal, key=Action.sort_key)
        if to_act is None:
            assert sum(table.payments()) == 0


class TwinTableMachine(TableMachine):
    engine = mjcore.reference


def run(machine: type[TableMachine], examples: int, steps: int) -> None:
    scale = EXAMPLE_SCALE[PROFILE]
    run_state_machine_as_test(machine, settings=settings(max_examples=examples * scale, stateful_step_count=steps))


def test_the_native_table_under_random_legal_and_illegal_actions() -> None:
    run(TableMachine, examples=40, steps=60)


def test_the_twin_table_under_random_legal_and_illegal_actions() -> None:
    run(TwinTableMachine, examples=15, steps=60)
