"""A ``win_check`` raising at every one of its calls in two whole deals, in both backends: each failed call leaves
the table as it was, and each deal, played on, is the deal of an unbroken check (the default tier samples the
calls: ``tests/table/test_atomic_steps.py``)."""

from __future__ import annotations

import pytest

from tests.table.test_atomic_steps import check_failing_calls, engine  # noqa: F401  (the fixture)


@pytest.mark.parametrize("seed", [3, 8])
def test_a_check_raising_at_every_call_leaves_the_table_as_it_was(engine, seed: int) -> None:  # noqa: F811
    assert check_failing_calls(engine, seed, every=1) > 20
