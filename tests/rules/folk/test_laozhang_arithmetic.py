"""老章's arithmetic as the seed states it (issue 27, item 4). Seed 000, copied here as RULES.md §6 cites it:
"比如一局牌打完，首先算点数，然后再用番数乘，加、乘、平方的计算都会涉及到" — points first (their sum: 加), then the fan
multiplies them (乘, by doubling: 2 fan is ×2², 平方). ``arithmetic = "points_then_fan"`` plays it beside today's
``"doubling"`` (base × 2^fan, the default: RULES.md recommends neither); the point values are the file's
placeholders (win 20, a pung of 2..8 shown 2, ×2 for 幺九, ×2 concealed, ×4 a kong). "闲家赢，则庄家输双；庄家赢
则闲家输双" (the dealer pays or collects double) holds in both. 数胡尾 is its own option
(test_laozhang_hu_tail.py)."""

from __future__ import annotations

import warnings

import pytest

import mjcore
import mjcore.reference
from mjcore.errors import RulesetError
from mjcore.rules.folk.ruleset import parse_folk
from mjcore.rules.placeholders import PlaceholderWarning

BACKENDS = [pytest.param(mjcore, id="rust"), pytest.param(mjcore.reference, id="twin")]
POINT_OPTIONS = ["options.win_points", "options.pung_points", "options.yao_factor", "options.concealed_factor",
                 "options.kong_factor"]  # fmt: skip


def _laozhang():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        return mjcore.load_ruleset("laozhang")


POINTS = _laozhang().with_options(arithmetic="points_then_fan")


@pytest.mark.parametrize("engine", BACKENDS)
@pytest.mark.parametrize("hand, win, where, points, fan, money", [
    # 111m concealed 幺九 pung 2×2×2 = 8, 222p concealed 2×2 = 4, [333s] shown 2: 20 + 14 = 34 points, 鸡胡 0 fan;
    # the dealer (seat 0) self-draws: each pays 34 × 2^0 × 2 (庄家赢则闲家输双).
    ("111m222p[333s]456s7z", "7z", {"self_drawn": True}, 34, 0, (204, -68, -68, -68)),
    # [1111m] a shown 幺九 kong 2×2×4 = 16, 999p concealed 幺九 8: 44 points; seat 1 wins on the dealer's discard,
    # the dealer pays double (闲家赢，则庄家输双): 44 × 2.
    ("[1111m]999p123s456s7z", "7z", {"discarder": 0, "seat": 1}, 44, 0, (-88, 88, 0, 0)),
    # no pung: 20 points; 门清 1 + 平胡 1 = 2 fan; the dealer (seat 0) wins on seat 2's discard and collects
    # double: 20 × 2^2 × 2.
    ("123m456p789s1z234m", "1z", {"discarder": 2}, 20, 2, (160, 0, -160, 0)),
])  # fmt: skip
def test_points_first_then_the_fan_multiplies(engine, hand, win, where, points, fan, money):
    scored = engine.score(hand, win, ruleset=POINTS, **where)
    assert scored.entry("points").value == points
    assert scored.total == fan
    assert scored.share == points << fan
    assert scored.money["win"] == money


@pytest.mark.parametrize("engine", BACKENDS)
def test_the_default_stays_base_times_two_to_the_fan(engine):
    rules = _laozhang()
    assert rules["arithmetic"] == "doubling"
    scored = engine.score("123m456p789s1z234m", "1z", ruleset=rules, discarder=2)
    assert (scored.total, scored.share, scored.entry("points")) == (2, 4, None)
    assert scored.money["win"] == (8, 0, -8, 0)


@pytest.mark.parametrize("engine", BACKENDS)
@pytest.mark.parametrize("cap, points, fan", [
    # 111222333m456p7z + 7z read as three concealed pungs: 20 + 8 (1m, 幺九) + 4 + 4 = 36 points, 门清 + 缺门 = 2
    # fan, worth 36 × 2² = 144; read as four chows (123m ×3, 456p): 20 points, 门清 + 平胡 + 缺门 + 一般高 = 4 fan,
    # worth 20 × 2⁴ = 320, which counts.
    (0, 20, 4),
    # capped at 1 fan: the pungs are worth 36 × 2 = 72, the chows 20 × 2 = 40.
    (1, 36, 1),
])  # fmt: skip
def test_the_reading_worth_most_counts_its_points_times_its_fan(engine, cap, points, fan):
    scored = engine.score("111222333m456p7z", "7z", ruleset=POINTS.with_options(cap=cap), discarder=1, seat=2)
    assert (scored.entry("points").value, scored.total, scored.share) == (points, fan, points << fan)


def test_the_point_values_are_placeholders_and_older_files_read_the_defaults():
    rules = _laozhang()
    assert set(POINT_OPTIONS) <= set(rules.placeholders)
    options = {k: v for k, v in rules.source["options"].items()
               if k not in ("arithmetic", "win_points", "pung_points", "yao_factor", "concealed_factor",
                            "kong_factor", "loser_settlement", "hu_tail_unit")}  # fmt: skip
    meta = {k: v for k, v in rules.source["meta"].items() if k != "placeholders"}
    older = parse_folk({**rules.source, "meta": meta, "options": options})
    assert (older["arithmetic"], older["win_points"], older["kong_factor"]) == ("doubling", 20, 4)
    assert (older["loser_settlement"], older["hu_tail_unit"]) == ("none", 1)


def test_points_that_overflow_money_are_refused_by_name():
    with pytest.raises(RulesetError, match=r"options\.arithmetic: 'points_then_fan' .* overflows 64-bit money"):
        POINTS.with_options(base=1_000_000, pung_points=100, yao_factor=8, concealed_factor=8, kong_factor=8)


@pytest.mark.parametrize("engine", BACKENDS)
def test_an_honour_eye_earns_eye_points_under_the_second_reading(engine):
    """Seed 000 "番子牌做眼" (RULES.md §6): the default reads it as "an honour pair may be the eye" (eye_points 0,
    the points of test_points_first_then_the_fan_multiplies); eye_points = 3 reads it as earning points."""
    rules = POINTS.with_options(eye_points=3)
    assert POINTS["eye_points"] == 0 and "options.eye_points" not in POINTS.placeholders
    # As above: 20 + 8 + 4 + 2 = 34, now + 3 for the 中 (7z) eye: 37; the dealer self-draws, each pays 37 × 2.
    honour = engine.score("111m222p[333s]456s7z", "7z", ruleset=rules, self_drawn=True)
    assert honour.entry("points").value == 37 and honour.money["win"] == (222, -74, -74, -74)
    # A suited eye (5s) earns nothing: 20 + 8 + 4 + 2 = 34.
    suited = engine.score("111m222p[333s]456s5s", "5s", ruleset=rules, self_drawn=True)
    assert suited.entry("points").value == 34
