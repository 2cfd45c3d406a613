"""The seed's folk fans (``options.folk_fans``): one hand-written hand per fan on both backends (its value, the
fans it excludes and the standard fans that exclude it), the first-go-around situations and their refusals,
the option off unchanged, and a parity fuzz of the Rust scorer against the reference over generated wins."""

from __future__ import annotations

import copy
import dataclasses
import tomllib
from collections import Counter

import numpy as np
import pytest

import mjcore
from mjcore import InvalidArgumentError, RulesetError, _core, load_ruleset, parse_hand
from mjcore.rules.mcr import MCR_FAN_KEYS, MCR_FOLK_FAN_KEYS, McrRuleset, mcr_ruleset
from mjcore.rules.mcr import scorer as mcr_native
from mjcore.reference.rules.mcr import Situation
from mjcore.reference.rules.mcr import score as reference_score
from mjcore.rules.registry import RULESET_DIR

from tests.support.mcr_corpus import batch_arrays, folk_cases

FILE = tomllib.loads((RULESET_DIR / "mcr.toml").read_text(encoding="utf-8"))
FOLK = load_ruleset("mcr").with_options(folk_fans=True)
OFF = load_ruleset("mcr")


def _rules(**rows: dict) -> McrRuleset:
    """The folk ruleset with some folk rows changed (``key={field: value}``)."""
    data = copy.deepcopy(FILE)
    data["options"]["folk_fans"] = True
    for key, fields in rows.items():
        data["folk_fans"][key].update(fields)
    return mcr_ruleset(data)


def _both(rules: McrRuleset, text: str, win: str, flags: dict) -> Counter:
    """The fans (key → count) both backends give; they must agree."""
    situation = Situation(**flags)
    hand, win_tile = parse_hand(text), mjcore.tile_index(win)
    native = mcr_native.score(hand, win_tile, situation, rules)
    reference = reference_score(hand, win_tile, situation, rules.table)
    assert native == reference
    return Counter({f.key: f.count for f in native.fans})


DRAW = {"self_drawn": True}
STRAIGHT = "123m456m789m234p5s"  # a pure straight waiting on its 5s pair

# (fan, hand, winning tile, situation, the fans it excludes that this hand would otherwise score)
FOLK_HANDS = [
    ("big_four_winds_green_pair", "111z222z333z444z6z", "6z", DRAW, ["big_four_winds"]),
    ("blessing_of_heaven", STRAIGHT, "5s", {**DRAW, "heavenly": True},
     ["fully_concealed_hand", "single_wait"]),
    ("blessing_of_earth", STRAIGHT, "5s", {**DRAW, "earthly": True, "seat_wind": 1},
     ["fully_concealed_hand"]),
    ("blessing_of_human", STRAIGHT, "5s", {"human": True, "seat_wind": 2}, ["concealed_hand"]),
    ("heavenly_ready", STRAIGHT, "5s", {"heavenly_ready": True}, []),
    ("mixed_four_shifted_pungs", "111m222p333m444p5z", "5z", {}, ["mixed_three_shifted_pungs"]),
    ("mixed_four_shifted_chows", "123m234p345m456p5z", "5z", {}, ["mixed_three_shifted_chows"]),
    ("mixed_three_shifted_pungs", "111m222p333p789s5z", "5z", {}, []),
    ("mixed_three_shifted_chows", "123m345p567p111s5z", "5z", {}, []),
    ("pair_of_2_5_8", "123m456p789s111z5s", "5s", {}, []),
    ("terminal_or_honor_pair", "123m456p789s234s9m", "9m", {}, []),
]  # fmt: skip

# (folk fan, hand, winning tile, situation, the standard fan that implies it: 不计 through `excluded_by`)
IMPLIED_HANDS = [
    ("pair_of_2_5_8", "345m456p567s555m5p", "5p", {}, "all_five"),
    ("terminal_or_honor_pair", "123m789p123s999s1z", "1z", {}, "outside_hand"),
    ("mixed_three_shifted_pungs", "111m222p333s789m5z", "5z", {}, "mixed_shifted_pungs"),
    ("mixed_three_shifted_chows", "123m234p345s789m5z", "5z", {}, "mixed_shifted_chows"),
]


def test_every_scored_folk_row_has_a_hand_and_the_keys_agree_in_rust_python_and_the_file():
    scored = tuple(key for key, row in FILE["folk_fans"].items() if row.get("scored", True))
    assert tuple(_core.mcr_folk_fan_keys()) == MCR_FOLK_FAN_KEYS == scored
    assert {row[0] for row in FOLK_HANDS} == set(MCR_FOLK_FAN_KEYS)


@pytest.mark.parametrize("fan, text, win, flags, excluded", FOLK_HANDS, ids=[row[0] for row in FOLK_HANDS])
def test_folk_fan(fan, text, win, flags, excluded):
    fans = _both(FOLK, text, win, flags)
    assert fans[fan] == 1
    assert FOLK.table.value(fan) == FILE["folk_fans"][fan]["fan"]
    assert not set(excluded) & set(fans)
    unexcluded = _both(_rules(**{fan: {"excludes": []}}), text, win, flags)
    assert set(excluded) <= set(unexcluded)


@pytest.mark.parametrize("fan, text, win, flags, implier", IMPLIED_HANDS, ids=[row[0] for row in IMPLIED_HANDS])
def test_folk_fan_implied_by_a_standard_fan(fan, text, win, flags, implier):
    fans = _both(FOLK, text, win, flags)
    assert fans[implier] and not fans[fan]
    assert _both(_rules(**{fan: {"excluded_by": []}}), text, win, flags)[fan] == 1


@pytest.mark.parametrize("fan, text, win, flags, excluded", FOLK_HANDS, ids=[row[0] for row in FOLK_HANDS])
def test_option_off_scores_no_folk_fan(fan, text, win, flags, excluded):
    hand_only = {key: value for key, value in flags.items() if key in ("self_drawn", "seat_wind")}
    fans = _both(OFF, text, win, hand_only)
    assert not set(MCR_FOLK_FAN_KEYS) & set(fans)
    assert OFF.fan_keys == MCR_FAN_KEYS and set(OFF.table.fans) == set(MCR_FAN_KEYS)


def test_the_four_winds_and_a_green_pair_total():
    """四方大发 replaces 大四喜 and its exclusions: 168 + 字一色 64 + 四暗刻 64 + 单钓将 1 + 自摸 1."""
    result = mcr_native.score("111z222z333z444z6z", 32, Situation(self_drawn=True), FOLK)
    assert result.total == 168 + 64 + 64 + 1 + 1


def test_a_concealed_kong_keeps_heavenly_ready():
    fans = _both(FOLK, "123m456m789m5s (2222p)", "5s", {"heavenly_ready": True})
    assert fans["heavenly_ready"] == 1 and fans["concealed_kong"] == 1


@pytest.mark.parametrize(
    "text, win, flags, folk, message",
    [
        (STRAIGHT, "5s", {"human": True}, False, "does not score the folk fans"),  # the option is off
        ("123m456m789m5s [234p]", "5s", {**DRAW, "heavenly": True}, True, "no claim or kong yet"),  # a claim
        ("123m456m789m5s {2222p}", "5s", {"human": True}, True, "no claim or kong yet"),  # a kong
        ("123m456m789m5s [234p]", "5s", {"heavenly_ready": True}, True, "claims nothing"),  # a claim
    ],
)
def test_refused_in_both_backends(text, win, flags, folk, message):
    """Situation mistakes are InvalidArgumentError, the class a Guangdong table raises for its own."""
    rules = FOLK if folk else OFF
    situation = Situation(**flags)
    hand, win_tile = parse_hand(text), mjcore.tile_index(win)
    with pytest.raises(InvalidArgumentError, match=message):
        reference_score(hand, win_tile, situation, rules.table)
    with pytest.raises(InvalidArgumentError, match=message):
        mcr_native.score(hand, win_tile, situation, rules)


@pytest.mark.parametrize(
    "flags",
    [
        {"heavenly": True, "self_drawn": True, "seat_wind": 1},  # 天和 is the dealer's
        {"heavenly": True},  # … self-drawn
        {"earthly": True, "self_drawn": True},  # 地和 is a non-dealer's
        {"human": True, "self_drawn": True},  # 人和 is won on a discard
        {"human": True, "earthly": True, "self_drawn": True, "seat_wind": 1},  # one at most
        {"human": True, "wall_last": True},  # the wall is full in the first go-around
    ],
)
def test_the_situation_checks_its_first_go_around_flags(flags):
    with pytest.raises(InvalidArgumentError):
        Situation(**flags)


def test_score_takes_the_first_go_around_keywords():
    result = mjcore.score(STRAIGHT, "5s", ruleset=FOLK, self_drawn=True, seat_wind=1, earthly=True)
    assert "blessing_of_earth" in {f.key for f in result.fans}
    assert mjcore.reference.score(STRAIGHT, "5s", ruleset=FOLK, heavenly_ready=True) == mjcore.score(
        STRAIGHT, "5s", ruleset=FOLK, heavenly_ready=True
    )
    with pytest.raises(InvalidArgumentError, match="heavenly_ready"):
        mjcore.score(STRAIGHT, "5s", heavenly_ready=True)  # Guangdong


def test_with_options_refuses_unknown_options():
    with pytest.raises(RulesetError, match="no_such_option"):
        OFF.with_options(no_such_option=True)
    assert OFF.with_options(folk_fans=False).table == OFF.table


def test_generated_wins_agree_in_both_backends_and_reach_every_folk_fan():
    hits: Counter = Counter()
    for case in folk_cases(3000, seed=41):
        native = mcr_native.score(case.hand, case.win_tile, case.situation, FOLK)
        assert native == reference_score(case.hand, case.win_tile, case.situation, FOLK.table), case
        assert native.is_win, case
        hits.update(f.key for f in native.fans)
    assert all(hits[key] >= 10 for key in MCR_FOLK_FAN_KEYS), {key: hits[key] for key in MCR_FOLK_FAN_KEYS}


def test_batch_with_folk_fans_matches_single_scores():
    no_opening = {name: False for name in ("heavenly", "earthly", "human", "heavenly_ready")}  # not batch inputs
    corpus = [case._replace(situation=dataclasses.replace(case.situation, **no_opening))
              for case in folk_cases(800, seed=43)]  # fmt: skip
    arrays = batch_arrays(corpus)
    totals, fans = mjcore.score_batch(arrays.pop("concealed"), arrays.pop("win_tiles"), ruleset=FOLK, **arrays)
    assert fans.shape == (len(corpus), len(FOLK.fan_keys))
    for row, case in enumerate(corpus):
        single = mcr_native.score(case.hand, case.win_tile, case.situation, FOLK)
        assert totals[row] == single.total
        expected = {f.key: f.count for f in single.fans}
        assert dict(zip(FOLK.fan_keys, fans[row].tolist())) == {k: expected.get(k, 0) for k in FOLK.fan_keys}
    assert np.any(fans[:, FOLK.fan_keys.index("pair_of_2_5_8")])
