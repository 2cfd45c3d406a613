"""Every Taiwan worked case (tests/data/taiwan_cases.json) on both backends, every field the case states."""

from __future__ import annotations

import json

import pytest

import mjcore

from tests.support.regional_cases import DATA, cases, check_score, ids, ruleset

SCORE = cases("taiwan", "score")
FLOWER = cases("taiwan", "flower_win")
REFUSED = cases("taiwan", "refused")


@pytest.mark.parametrize("case", SCORE, ids=ids(SCORE))
def test_score_case(backend, case):
    result = backend.score(case["hand"], case["win"], ruleset=ruleset("taiwan", case), **case["situation"])
    check_score(result, case["expect"])


@pytest.mark.parametrize("case", FLOWER, ids=ids(FLOWER))
def test_flower_win_case(backend, case):
    result = backend.rules.taiwan.score_flower_win(case["flower_win"], case["seat"], payer=case.get("payer"),
                                             ruleset=ruleset("taiwan", case))  # fmt: skip
    check_score(result, case["expect"])


@pytest.mark.parametrize("case", REFUSED, ids=ids(REFUSED))
def test_refused_case(backend, case):
    with pytest.raises(getattr(mjcore.errors, case["error"])):
        backend.score(case["hand"], case["win"], ruleset="taiwan", **case["situation"])


def test_needs_table_cases_are_recorded():
    marked = [c["id"] for c in cases("taiwan") if "needs_table" in c]
    assert marked == ["T16", "T17", "T19-N", "T19-S", "T20a"]


def test_the_seeds_hardest_hand(backend):
    """天和大四喜 (B.1, seed 000): the dealer's 17 dealt tiles, four wind pungs, 中 and a 白 pair. Worked from
    B.4: 天胡 24 (replacing 門清自摸 and 獨聽) + 大四喜 16 (replacing both winds) + 字一色 16 (replacing 碰碰胡)
    + 五暗刻 8 + 三元 1 = 65; each pays 30 + (65 + 1) × 10. Any dealt tile may stand as the last."""
    dealt = mjcore.reference.parse_hand("111z222z333z444z777z55z")
    for tile in (27, 31, 33):
        before = list(dealt.concealed)
        before[tile] -= 1
        result = backend.score(mjcore.Hand(tuple(before)), tile, ruleset="taiwan", seat="E", self_drawn=True,
                               heavenly=True)  # fmt: skip
        assert result.as_tuples() == [("san_yuan", 1, 1), ("wu_an_ke", 1, 8), ("da_si_xi", 1, 16),
                                      ("zi_yi_se", 1, 16), ("tian_hu", 1, 24)]  # fmt: skip
        assert result.total == 65 and result.payments == (2070, -690, -690, -690)


def test_every_worked_case_is_in_the_data():
    data = json.loads((DATA / "taiwan_cases.json").read_text(encoding="utf-8"))
    present = {c["id"].split("-")[0].rstrip("abc").rstrip("-") for c in data["cases"]}
    assert present == set(data["worked_cases"]) and len(data["worked_cases"]) == 14
