"""Every Sichuan worked case (tests/data/sichuan_cases.json) on both backends, every field the case states."""

from __future__ import annotations

import json

import pytest

import mjcore
from mjcore.seats import seat_index

from tests.support.regional_cases import DATA, cases, check_score, ids, ruleset, sichuan_ends, sichuan_events

SCORE = cases("sichuan", "score")
DEALT = cases("sichuan", "score_dealt")
PAIRS = cases("sichuan", "score_pair")
SETTLE = cases("sichuan", "settle")


@pytest.mark.parametrize("case", SCORE, ids=ids(SCORE))
def test_score_case(backend, case):
    result = backend.score(case["hand"], case["win"], ruleset=ruleset("sichuan", case), **case["situation"])
    check_score(result, case["expect"])


@pytest.mark.parametrize("case", DEALT, ids=ids(DEALT))
def test_dealt_case_wins_alike_on_any_tile(backend, case):
    """A dealt hand (天胡) has no winning tile of its own: taking any of its kinds as the last gives the same."""
    hand = mjcore.reference.parse_hand(case["dealt"])
    for tile in sorted({t for t, c in enumerate(hand.concealed) if c}):
        before = list(hand.concealed)
        before[tile] -= 1
        result = backend.score(mjcore.Hand(tuple(before)), tile, ruleset=ruleset("sichuan", case), **case["situation"])
        check_score(result, case["expect"])


@pytest.mark.parametrize("case", PAIRS, ids=ids(PAIRS))
def test_wait_pair_case(backend, case):
    for win in case["wins"]:
        check_score(backend.score(case["hand"], win["tile"], ruleset="sichuan", **case["situation"]), win["expect"])


@pytest.mark.parametrize("case", SETTLE, ids=ids(SETTLE))
def test_settle_case(backend, case):
    rules = ruleset("sichuan", case)
    result = backend.rules.sichuan.settle(sichuan_events(backend, case, rules), sichuan_ends(case), ruleset=rules,
                                    wall_exhausted=case["wall_exhausted"])  # fmt: skip
    expect = case["expect"]
    for kind, seats in result.money.items():
        assert sum(seats) == 0, kind
    if "totals" in expect:
        assert list(result.totals) == expect["totals"]
    for kind, seats in expect.get("money", {}).items():
        assert list(result.money[kind]) == seats, kind
    if "status" in expect:
        assert list(result.status) == expect["status"]
    if "winners" in expect:
        assert list(result.winners) == [seat_index(s) for s in expect["winners"]]


def test_needs_table_cases_are_recorded():
    """The cases only table play can settle say so, and say what is left to it."""
    marked = [c["id"] for c in cases("sichuan") if "needs_table" in c]
    assert marked == ["S20"]


def test_every_worked_case_is_in_the_data():
    data = json.loads((DATA / "sichuan_cases.json").read_text(encoding="utf-8"))
    present = {c["id"].split("-")[0] for c in data["cases"]}
    assert present == set(data["worked_cases"]) and len(data["worked_cases"]) == 20
