"""Every Taiwan worked case (tests/data/taiwan_cases.json) on both backends, every field the case states."""

from __future__ import annotations

import pytest

import mjcore

from .regional_cases import cases, check_score, ids, ruleset

SCORE = cases("taiwan", "score")
FLOWER = cases("taiwan", "flower_win")
REFUSED = cases("taiwan", "refused")


@pytest.mark.parametrize("case", SCORE, ids=ids(SCORE))
def test_score_case(backend, case):
    result = backend.score(case["hand"], case["win"], ruleset=ruleset("taiwan", case), **case["situation"])
    check_score(result, case["expect"])


@pytest.mark.parametrize("case", FLOWER, ids=ids(FLOWER))
def test_flower_win_case(backend, case):
    result = backend.taiwan.score_flower_win(case["flower_win"], case["seat"], payer=case.get("payer"),
                                             ruleset=ruleset("taiwan", case))  # fmt: skip
    check_score(result, case["expect"])


@pytest.mark.parametrize("case", REFUSED, ids=ids(REFUSED))
def test_refused_case(backend, case):
    with pytest.raises(getattr(mjcore.errors, case["error"])):
        backend.score(case["hand"], case["win"], ruleset="taiwan", **case["situation"])


def test_needs_table_cases_are_recorded():
    marked = [c["id"] for c in cases("taiwan") if "needs_table" in c]
    assert marked == ["T16", "T17", "T19-N", "T19-S", "T20a"]
