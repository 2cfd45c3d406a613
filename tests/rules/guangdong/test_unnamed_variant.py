"""RULES.md §7.3, the unnamed variant of [seed:000/GS], shipped as ``gd-unnamed`` (issue 27, item 4) and built from
options of the Guangdong schema: "只有一种牌型可和" (the standard shape only: no 七对, no 十三幺), 不能闭门和
(``forms.must_meld``), no 四归一 (``forms.four_in_hand = false``), no 杠上开 (``wins.sources`` without
"kong_bloom"), all three suits required (``forms.three_suits``). Scored by both backends; played at the table by
both engines (the table's wins are the scorer's)."""

from __future__ import annotations

import json

import numpy as np
import pytest

import mjcore
from mjcore import Meld, MeldKind
import mjcore.table
from mjcore.reference import table as reference_sim

from tests.support.twin import assert_simulate_alike

UNNAMED = mjcore.load_ruleset("gd-unnamed")
QQ = mjcore.load_ruleset("gd-qq3")  # the same seed's table, whose values the variant keeps
FOUR_P, FIVE_P, SIX_P, SEVEN_S = 12, 13, 14, 24


@pytest.fixture
def score(backend):
    return backend.score


def chi_456p() -> Meld:
    return Meld(MeldKind.CHI, FOUR_P, FIVE_P, 3)


def test_the_file_is_the_qq_table_with_the_variants_five_restrictions():
    assert (UNNAMED.standard, UNNAMED.seven_pairs, UNNAMED.thirteen_orphans) == (True, False, False)
    assert (UNNAMED.must_meld, UNNAMED.three_suits, UNNAMED.four_in_hand) == (True, True, False)
    assert (QQ.must_meld, QQ.three_suits, QQ.four_in_hand) == (False, False, True)
    assert UNNAMED.source["wins"]["sources"] == ["self_draw", "discard", "robbing_kong"]  # no 杠上开
    assert UNNAMED.pattern("shi_san_yao") is None and UNNAMED.cap == QQ.cap and UNNAMED.placeholders == ()


def test_a_closed_hand_does_not_win_and_the_same_hand_melded_does(score):
    # 不能闭门和: 123m 456p 789s 234m 55s self-drawn wins at QQ, not here; with 456p chowed from the 上家 it wins.
    assert score("123m456p789s234m5s", "5s", ruleset=QQ, self_drawn=True, seat_wind="S").is_win
    assert not score("123m456p789s234m5s", "5s", ruleset=UNNAMED, self_drawn=True, seat_wind="S").is_win
    melded = mjcore.Hand(mjcore.parse_hand("123m789s234m5s").concealed, (chi_456p(),))
    assert score(melded, "5s", ruleset=UNNAMED, self_drawn=True, seat_wind="S").is_win
    # A concealed kong is not a claimed meld.
    kong = mjcore.Hand(mjcore.parse_hand("123m789s234m5s").concealed, (Meld(MeldKind.CONCEALED_KONG, FIVE_P),))
    assert not score(kong, "5s", ruleset=UNNAMED, self_drawn=True, seat_wind="S").is_win


def test_a_hand_missing_a_suit_does_not_win(score):
    # 缺门不能和: 123m 789m 234m 55m with 456p chowed holds no 索子 (s); swapping 789m for 789s it wins.
    missing = mjcore.Hand(mjcore.parse_hand("123m789m234m5m").concealed, (chi_456p(),))
    assert score(missing, "5m", ruleset=QQ, self_drawn=True, seat_wind="S").is_win
    assert not score(missing, "5m", ruleset=UNNAMED, self_drawn=True, seat_wind="S").is_win
    honours = mjcore.Hand(mjcore.parse_hand("123m789m111z5m").concealed, (chi_456p(),))
    assert not score(honours, "5m", ruleset=UNNAMED, self_drawn=True, seat_wind="S").is_win


def test_four_of_a_kind_wins_only_as_a_declared_kong(score):
    # 四归一: 1111m read as 111m + 123m. As a declared kong (with 23m4m5m5m) it may win.
    four = mjcore.Hand(mjcore.parse_hand("1111m23m789s5s").concealed, (chi_456p(),))
    assert score(four, "5s", ruleset=QQ, self_drawn=True, seat_wind="S").is_win
    assert not score(four, "5s", ruleset=UNNAMED, self_drawn=True, seat_wind="S").is_win
    declared = mjcore.Hand(mjcore.parse_hand("234m789s5s").concealed,
                           (chi_456p(), Meld(MeldKind.CONCEALED_KONG, 0)))  # fmt: skip
    assert score(declared, "5s", ruleset=UNNAMED, self_drawn=True, seat_wind="S").is_win


def test_one_winning_shape_no_thirteen_orphans(score):
    assert score("19m19p19s1234567z", "1m", ruleset=QQ, self_drawn=True, seat_wind="S").is_win
    assert not score("19m19p19s1234567z", "1m", ruleset=UNNAMED, self_drawn=True, seat_wind="S").is_win


def _final_melds(log: list[dict], seat: int) -> list[dict]:
    return [e for e in log if e["type"] == "meld" and e["seat"] == seat]


@pytest.mark.parametrize("engine", [mjcore.table, reference_sim], ids=["rust", "reference"])
def test_at_the_table_every_win_is_melded_and_none_is_on_a_kong_replacement(engine):
    won = 0
    deals = 40 if engine is mjcore.table else 3  # the twin plays slowly: a few deals (the next test plays more)
    for deal in range(deals):
        table = engine.Table(ruleset=UNNAMED)
        table.reset(3, deal, dealer=deal % 4)
        table.play(("efficiency",) * 4)
        log = [json.loads(line) for line in table.log()]
        for winner in table.outcome():
            won += 1
            melds = _final_melds(log, winner.seat)
            assert any(m["kind"] != "concealed_kong" for m in melds), (deal, melds)
            # No 杠上开: a self-drawn winning tile is never a kong's replacement.
            if winner.from_seat is None:
                last_draw = [e for e in log if e["type"] == "draw" and e["seat"] == winner.seat][-1]
                assert not last_draw["replacement"], deal
    assert won > (5 if engine is mjcore.table else 0)


def test_the_twin_simulates_the_variant_alike():
    native = assert_simulate_alike(UNNAMED, 3, 5, ("efficiency",) * 4, where="gd-unnamed")
    assert np.asarray(native["winners"]).any()
