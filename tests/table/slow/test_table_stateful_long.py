"""The table state machine of ``tests/table/test_table_stateful.py`` for many more examples and steps: deals of
every shipped ruleset played well past their end, in both backends."""

from __future__ import annotations

from tests.table.test_table_stateful import TableMachine, TwinTableMachine, run


def test_the_native_table_under_many_random_actions() -> None:
    run(TableMachine, examples=400, steps=200)


def test_the_twin_table_under_many_random_actions() -> None:
    run(TwinTableMachine, examples=60, steps=150)
