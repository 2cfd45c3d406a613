"""A ``Table`` call applies whole or not at all (issue 30, item 3), in both backends: a ``win_check`` raising at
any of its calls leaves the table exactly as before the call — legal actions, seat to act, log, every seat's
observation — and still playable to the very deal an unbroken check plays; the callback's exception, a
``KeyboardInterrupt`` or any other ``BaseException``, comes out unchanged; a call from inside the table's own
callback, or from a second thread while a call runs, is refused with a ``ConcurrentUseError`` that says so."""

from __future__ import annotations

import threading

import pytest

import mjcore.reference.table as reference_table
import mjcore.table
from mjcore.errors import ConcurrentUseError, IllegalActionError
from mjcore.reference.table.shape_rules import chicken_win_check

SEATS = range(4)


@pytest.fixture(params=["rust", "reference"])
def engine(request):
    return mjcore.table if request.param == "rust" else reference_table


class Boom(Exception):
    """What the failing check raises: an exception of the caller's own."""


class Shutdown(BaseException):
    """A ``BaseException`` that is not an ``Exception`` (as ``KeyboardInterrupt``, ``SystemExit``)."""


class FailingCheck:
    """The 鸡平胡 shapes, raising ``error`` on call number ``fail_at`` (counting from 1) while armed."""

    def __init__(self, fail_at: int, error: BaseException) -> None:
        self.fail_at, self.error, self.calls, self.armed, self.raised = fail_at, error, 0, True, 0

    def __call__(self, hand, situation) -> bool:
        self.calls += 1
        if self.armed and self.calls == self.fail_at:
            self.raised += 1
            raise self.error
        return chicken_win_check(hand, situation)


def state(table) -> tuple:
    """Everything a caller can read of a running deal."""
    return (table.to_act(), table.legal_actions(), table.log(), tuple(table.observation(s) for s in SEATS),
            table.outcome(), table.payments())  # fmt: skip


def choice(table, step: int):
    """A fixed but varied policy: the action at a position set by the step number."""
    legal = table.legal_actions()
    return legal[(step * 7 + 3) % len(legal)]


def play_through(table, check: FailingCheck, seed: int) -> list[str]:
    """Deals and plays deal ``seed`` to its end; at a failing call, checks that nothing changed, disarms the check
    and makes the same call again. Returns the log."""
    try:
        table.reset(seed, seed)
    except Boom:
        assert check.raised == 1
        with pytest.raises(IllegalActionError, match="no deal yet"):
            table.to_act()  # a reset that failed dealt nothing
        check.armed = False
        table.reset(seed, seed)
    step = 0
    while table.to_act() is not None:
        before = state(table)
        action = choice(table, step)
        try:
            table.step(action)
        except Boom:
            assert state(table) == before, f"the failed step {action} changed the table"
            check.armed = False
            table.step(action)  # still playable: the very same step now applies
        step += 1
    return table.log()


def check_failing_calls(engine, seed: int, every: int) -> int:
    """Plays deal ``seed`` once with a check failing at call k, for every ``every``-th k from 1 to the last call
    of the deal (and the last itself); each play must log the very deal of an unbroken check. Returns the
    number of calls."""
    unbroken = FailingCheck(0, Boom())
    expected = play_through(engine.Table(unbroken), unbroken, seed)
    assert unbroken.calls > 20, "the deal asks the check often enough to fail it everywhere"
    for fail_at in sorted({*range(1, unbroken.calls + 1, every), unbroken.calls}):
        check = FailingCheck(fail_at, Boom("the check failed"))
        log = play_through(engine.Table(check), check, seed)
        assert check.raised == 1, fail_at
        assert log == expected, f"failing call {fail_at} changed the deal"
    return unbroken.calls


def test_a_check_raising_at_any_call_leaves_the_table_as_it_was(engine) -> None:
    """A sample of the calls here (every call of two deals: ``slow/test_atomic_steps_everywhere.py``)."""
    check_failing_calls(engine, 3, every=17)


def test_a_failed_play_leaves_the_table_as_it_was(engine) -> None:
    for fail_at in (2, 9, 30):
        check = FailingCheck(fail_at, Boom())
        table = engine.Table(check)
        table.reset(5, 5)
        before = state(table)
        with pytest.raises(Boom):
            table.play(("random",) * 4)
        assert state(table) == before
        check.armed = False
        table.play(("random",) * 4)
        assert table.to_act() is None


@pytest.mark.parametrize("error", [KeyboardInterrupt(), Shutdown(), SystemExit(3), Boom("mine")],
                         ids=["KeyboardInterrupt", "BaseException", "SystemExit", "Exception"])
def test_the_callbacks_exception_comes_out_unchanged(engine, error: BaseException) -> None:
    check = FailingCheck(0, error)
    table = engine.Table(check)
    table.reset(8, 8)
    check.fail_at = check.calls + 1  # the next call
    before = state(table)
    with pytest.raises(type(error)) as raised:
        while table.to_act() is not None:
            before = state(table)
            table.step(choice(table, 0))
    assert raised.value is error
    assert state(table) == before


def test_a_call_from_inside_the_tables_own_check_is_refused(engine) -> None:
    table = None
    refusals: list[ConcurrentUseError] = []

    def nosy(hand, situation):
        try:
            table.legal_actions()
        except ConcurrentUseError as refused:
            refusals.append(refused)
            raise
        return chicken_win_check(hand, situation)

    table = engine.Table(nosy)
    with pytest.raises(ConcurrentUseError, match="own win_check"):
        table.reset(1, 1)
    assert len(refusals) == 1
    with pytest.raises(IllegalActionError, match="no deal yet"):
        table.to_act()  # the refused reset dealt nothing, and the table answers again


def test_a_second_thread_is_refused_while_a_step_runs(engine) -> None:
    inside, tried = threading.Event(), threading.Event()
    waiting = {"on": False}
    answers: list[object] = []

    def slow(hand, situation):
        if waiting["on"]:
            waiting["on"] = False
            inside.set()
            assert tried.wait(10)  # holds the step open until the other thread has tried
        return chicken_win_check(hand, situation)

    table = engine.Table(slow)
    table.reset(8, 8)

    def other() -> None:
        assert inside.wait(10)
        try:
            answers.append(table.to_act())
        except ConcurrentUseError as refused:
            answers.append(refused)
        tried.set()

    thread = threading.Thread(target=other)
    thread.start()
    waiting["on"] = True
    while not inside.is_set() and table.to_act() is not None:
        table.step(choice(table, 1))
    thread.join(10)
    assert len(answers) == 1 and isinstance(answers[0], ConcurrentUseError), answers
    assert "another thread" in str(answers[0])
    table.step(choice(table, 1))  # the table serves its caller again
