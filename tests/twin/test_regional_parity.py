"""The Rust core and the pure-Python reference agree on seeded random corpora: a few thousand winning hands
per family (each scored under the defaults and under a varied ruleset), and random Sichuan deals settled."""

from __future__ import annotations

import random

import pytest

import mjcore
import mjcore.reference
import mjcore.reference.rules.sichuan
from mjcore.errors import MjcoreError

from tests.support.regional_corpus import sichuan_deal, sichuan_hand, taiwan_hand

HANDS = 2500

SICHUAN_VARIANTS = [
    {},
    {"mode": "xueliu", "self_draw_bonus": "base", "cap": 0, "flower_pig": "sixteen", "jiang_qi_dui": True,
     "men_qing": True, "zhong_zhang": True, "hai_di_pao": True, "fed_kong_bloom": "discard", "minimum_fan": 1},
    {"dai_yao_jiu": False, "jiang_dui": False, "cap": 6, "heaven_earth": "fixed", "call_transfer_shared": "split"},
    {"flower_pig": "forty_eight", "cap": 3},
]
TAIWAN_VARIANTS = [
    {},
    {"flower_seats": "association", "eye_fee": "base_plus_tai", "ping_hu": "all_chows", "half_seeker": False,
     "full_seeker_single_wait": False, "cap": 10, "minimum_tai": 1},
]


def outcome(call):
    try:
        return "ok", call()
    except MjcoreError as error:
        return "error", type(error)


def _compare(family, make, variants, seed):
    rng = random.Random(seed)
    rulesets = [mjcore.load_ruleset(family).with_options(**v) for v in variants]
    wins = 0
    for i in range(HANDS):
        hand, win, situation = make(rng)
        if family == "sichuan" and rulesets[i % len(rulesets)].options["mode"] == "xueliu":
            situation.pop("still_in", None)
        rules = rulesets[i % len(rulesets)]
        native = outcome(lambda: mjcore.score(hand, win, ruleset=rules, **situation))
        reference = outcome(lambda: mjcore.reference.score(hand, win, ruleset=rules, **situation))
        assert native == reference, (hand.mpsz(), win, situation, i)
        if native[0] == "ok":
            assert native[1].is_win, (hand.mpsz(), win)
            assert sum(native[1].payments) == 0
            wins += 1
    assert wins > HANDS * 0.9  # the corpus is made of wins: few situations are refused


def test_sichuan_corpus_agrees():
    _compare("sichuan", sichuan_hand, SICHUAN_VARIANTS, 20261201)


def test_taiwan_corpus_agrees():
    _compare("taiwan", taiwan_hand, TAIWAN_VARIANTS, 20261202)


@pytest.mark.parametrize("options", [{}, {"mode": "xueliu"}, {"refund_to": "still_in", "call_transfer": "all",
                                                                "flower_pig": "cap_and_winners", "check_fourth": True,
                                                                "ready_check_basis": "self_draw"}])  # fmt: skip
def test_sichuan_settlements_agree(options):
    rules = mjcore.load_ruleset("sichuan").with_options(**options)
    rng = random.Random(7 + len(options))
    settled = 0
    for _ in range(300):
        events, ends, exhausted = sichuan_deal(rng, rules.options["mode"] == "xueliu")
        native = outcome(lambda: mjcore.rules.sichuan.settle(events, ends, ruleset=rules, wall_exhausted=exhausted))
        reference = outcome(lambda: mjcore.reference.rules.sichuan.settle(events, ends, ruleset=rules,
                                                                    wall_exhausted=exhausted))  # fmt: skip
        assert native == reference, events
        if native[0] == "ok":
            settled += 1
            for seats in native[1].money.values():
                assert sum(seats) == 0
    assert settled > 250
