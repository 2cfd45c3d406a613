"""SICHUAN_TAIWAN_RULES.md A.4: a win holds at most two suits (缺一门) whether or not 定缺 is played; A.8 calls a
three-suit hand a 花猪. The scorer reports it as no win (as any hand that does not win), on both backends."""

from __future__ import annotations

import pytest

import mjcore

NO_VOID = mjcore.load_ruleset("sichuan").with_options(void_suit=False)  # 定缺 off (OC-S2): A.4 alone


@pytest.mark.parametrize("situation", [dict(self_drawn=True), dict(self_drawn=False, discarder="S")])
def test_a_three_suit_hand_is_no_win(backend, situation):
    # Before the fix: 平胡 + 自摸, +6 (issue 27).
    result = backend.score("123m456m789s111s3p", "3p", ruleset=NO_VOID, **situation)
    assert not result.is_win


def test_the_same_shape_in_two_suits_wins(backend):
    result = backend.score("123m456m789s111s3m", "3m", ruleset=NO_VOID, self_drawn=True)
    assert result.is_win


def test_under_void_the_void_suit_is_still_refused_by_name(backend):
    with pytest.raises(mjcore.IllegalActionError, match="void suit"):
        backend.score("123m456m789s111s3p", "3p", ruleset="sichuan", self_drawn=True, void_suit="p")
