"""The twin simulator records Sichuan's money settled apart as the engine does, on deals holding the kinds the
default tier's run does not (tests/twin/test_sim_parity.py has 查大叫): 呼叫转移 and 退税."""

from __future__ import annotations

import pytest

from tests.support.twin import assert_simulate_alike


@pytest.mark.parametrize("offset, column", [(39, "transfer_money"), (97, "refund_money")])
def test_sichuan_side_money_is_recorded_alike(offset: int, column: str) -> None:
    native = assert_simulate_alike("sichuan", 1, 4, ("efficiency",) * 4, offset=offset, where=column)
    assert native[column].any(), f"deal {offset} holds {column}: it is compared, not only zeros"
