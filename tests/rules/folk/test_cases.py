"""The folk tables (789, 老章): every worked case of tests/data/folk_cases.json (ours: the shared files have
none for these families) on both backends, every field checked; the rulesets (placeholders, 大哥, with_options);
the 截胡 helper; and bad input refused alike by both backends."""

from __future__ import annotations

import json
import warnings

import pytest

import mjcore
from mjcore import InvalidArgumentError, InvalidHandError, RulesetError, load_ruleset
from mjcore.rules.folk import FolkScore, Gd789Situation, PlaceholderWarning, pick_winner
from mjcore.rules.registry import RULESET_DIR
from tests.support.paths import DATA

DATA = json.loads((DATA / "folk_cases.json").read_text(encoding="utf-8"))
CASES = DATA["cases"]
BACKENDS = {"native": mjcore.score, "reference": mjcore.reference.score}


def rules_of(case: dict):
    return load_ruleset(case["ruleset"]).with_options(**case["options"]) if case["options"] else case["ruleset"]


def run(backend: str, case: dict) -> FolkScore:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        return BACKENDS[backend](case["hand"], case["win"], ruleset=rules_of(case), **case["situation"])


def test_every_case_is_ours_with_reasoning():
    assert {c["source"] for c in CASES} == {"ours"}
    assert all(len(c["reasoning"]) > 20 for c in CASES)
    assert {c["ruleset"] for c in CASES} == {"gd-789", "laozhang"}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_worked_case(backend, case):
    result = run(backend, case)
    expect = case["expect"]
    if expect is None:
        assert not result.is_win and result.payments == (0, 0, 0, 0)
        return
    assert result.is_win
    assert [[e.key, e.count, e.value] for e in result.entries] == expect["entries"]
    assert (result.total, result.share) == (expect["total"], expect["share"])
    assert {kind: list(seats) for kind, seats in result.money.items()} == expect["money"]
    for seats in result.money.values():
        assert sum(seats) == 0
    rules = load_ruleset(case["ruleset"])
    for entry in result.entries:  # every entry is named in both languages
        assert entry.zh and entry.en
        if entry.key in rules.source[{"gd-789": "hands", "laozhang": "fans"}[case["ruleset"]]]:
            assert entry.zh == rules.row(entry.key).zh


def test_typed_situation_and_table_text():
    where = Gd789Situation(seat=2, discarder=1, horses=((0, "3m"),))
    for score in BACKENDS.values():
        result = score("123m456p789s111z5s", "5s", where, ruleset="gd-789")
        assert result.money["horses"] == (3, -3, 0, 0)
        assert "ji_hu" in result.table() and "鸡胡" in str(result)


# Rulesets ---------------------------------------------------------------------------------------------------


def test_laozhang_names_its_placeholders():
    with pytest.warns(PlaceholderWarning, match="jiu_zi_lian_huan") as caught:
        rules = load_ruleset(RULESET_DIR / "laozhang.toml")
    assert "not from the seeds" in str(caught[0].message)
    # every row, the point values of arithmetic = "points_then_fan" and 数胡尾's unit (issue 27: the seed gives none)
    points = {f"options.{name}" for name in ("win_points", "pung_points", "yao_factor", "concealed_factor",
                                             "kong_factor", "hu_tail_unit")}  # fmt: skip
    assert set(rules.placeholders) == {f"fans.{row.key}" for row in rules.rows} | points
    assert "fans.shuang_long_bao" in rules.placeholders and all(row.placeholder for row in rules.rows)
    assert rules["dealer_factor"] == 2  # from the seeds, not a placeholder


def test_a_value_set_by_the_user_is_no_placeholder(tmp_path):
    text = (RULESET_DIR / "laozhang.toml").read_text(encoding="utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(text.replace("fan = 1\nplaceholder = true", "fan = 1\nplaceholder = false"), encoding="utf-8")
    with pytest.warns(PlaceholderWarning) as caught:
        rules = load_ruleset(path)
    assert "fans.men_qing" not in rules.placeholders and "fans.jiu_zi_lian_huan" in rules.placeholders
    assert "men_qing" not in str(caught[0].message) and not rules.row("men_qing").placeholder


def test_789_names_its_placeholder_multiples():
    # OC-36: the seed gives the ladder, not the multiples; 鸡胡 is the unit (issue 27).
    with pytest.warns(PlaceholderWarning, match="hands.za_se"):
        rules = load_ruleset(RULESET_DIR / "gd-789.toml")
    assert rules.placeholders == ("hands.za_se", "hands.qing_yi_se", "hands.da_ge", "hands.shi_san_yao")
    assert rules.da_ge == "undefined"
    assert [row.value for row in rules.rows] == [1, 2, 4, 8, 16]


def test_da_ge_cannot_be_enabled_undefined():
    rules = load_ruleset("gd-789")
    with pytest.raises(RulesetError, match="da_ge_enabled.*not defined"):
        rules.with_options(da_ge_enabled=True)
    assert rules.with_options(da_ge_definition="zi_yi_se", da_ge_enabled=True).da_ge == "zi_yi_se"
    assert rules.with_options(da_ge_definition="zi_yi_se").da_ge == "undefined"  # defined, still off


@pytest.mark.parametrize("name, options, message", [
    ("gd-789", {"hand_stake": 0}, "options.hand_stake: expected an int 1..1000000"),
    ("gd-789", {"flower_stake": True}, "options.flower_stake"),
    ("gd-789", {"discard_payers": "nobody"}, "options.discard_payers"),
    ("gd-789", {"da_ge_definition": "kong"}, "options.da_ge_definition"),
    ("gd-789", {"chow": True}, "options.chow: not an option"),
    ("gd-789", {"chi": True}, "claims.chi"),  # a table field (the file's [claims]), validated as the file
    ("laozhang", {"dealer_factor": 0}, "options.dealer_factor"),
    ("laozhang", {"cap": 41}, "options.cap"),
    ("laozhang", {"flower_stake": 1}, "options.flower_stake: not an option"),
])  # fmt: skip
def test_with_options_validates_as_the_file(name, options, message):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        rules = load_ruleset(name)
        with pytest.raises(RulesetError, match=message):
            rules.with_options(**options)


@pytest.mark.parametrize("edit, message", [
    (("fan = 5\nplaceholder = true", "fan = 5\nplaceholder = 1"), "placeholder: expected true or false"),
    (("fan = 5\nplaceholder = true", "fan = 5\nsource = 'me'"), "unknown field"),
    (("tiles = 136", "tiles = 144"), "meta.tiles"),
    (("fan = 3\n", "fan = 30\n"), "could reach"),
])  # fmt: skip
def test_bad_laozhang_files(tmp_path, edit, message):
    path = tmp_path / "bad.toml"
    path.write_text((RULESET_DIR / "laozhang.toml").read_text(encoding="utf-8").replace(*edit, 1), encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        with pytest.raises(RulesetError, match=message):
            load_ruleset(path)


def _native_with(name, family, **changed):
    """The native compile of the shipped file's document with some entries changed (validation bypassed)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        document = dict(load_ruleset(name).document())
    return mjcore._core.Ruleset(family, "x", list({**document, **changed}.items()))


def test_native_ruleset_refuses_bad_options_too():
    with pytest.raises(RulesetError, match="大哥 enabled without a definition"):
        _native_with("gd-789", "gd789", **{"options.da_ge_enabled": True, "options.da_ge_definition": "undefined"})
    with pytest.raises(RulesetError, match="dealer_factor"):
        _native_with("laozhang", "laozhang", **{"options.dealer_factor": 0})
    with pytest.raises(RulesetError, match="options.da_ge_definition: \"big\" is not one of undefined"):
        _native_with("gd-789", "gd789", **{"options.da_ge_definition": "big"})
    with pytest.raises(RulesetError, match="\"folk\" is not a family"):
        _native_with("gd-789", "folk")
    with pytest.raises(RulesetError, match="ruleset x: options.base: missing from the compiled document"):
        _native_with("gd-789", "laozhang")  # the 789 file read as 老章: its rows are missing


# 截胡 -------------------------------------------------------------------------------------------------------


def test_snatch_biggest_hand_wins():
    small = mjcore.score("123m456p789s111z5s", "5s", ruleset="gd-789", seat=2, discarder=1)
    big = mjcore.score("123m456m789m11z22z", "2z", ruleset="gd-789", seat=0, discarder=1)
    assert pick_winner(1, {2: small, 0: big}) == 0
    assert pick_winner(1, {2: 1, 0: 2, 3: 2}) == 3  # tie at 2: seat 3 is two after the discarder, seat 0 three


@pytest.mark.parametrize("discarder, nearest", [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_snatch_ties_to_the_seat_nearest_the_discarder(discarder, nearest):
    others = {seat: 4 for seat in range(4) if seat != discarder}
    assert pick_winner(discarder, others) == nearest
    del others[nearest]
    assert pick_winner(discarder, others) == (nearest + 1) % 4


def test_snatch_refuses_bad_candidates():
    with pytest.raises(InvalidArgumentError):
        pick_winner(1, {})
    with pytest.raises(InvalidArgumentError):
        pick_winner(1, {1: 2})
    with pytest.raises(InvalidArgumentError):
        pick_winner(1, {2: FolkScore("gd789", "gd-789", is_win=False)})
    with pytest.raises(TypeError):
        pick_winner(1, {2: "big"})


# Bad input, alike on both backends ----------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("ruleset, hand, win, keywords, error, message", [
    ("gd-789", "[123m] 456p789s111z5s", "5s", {"seat": 2, "discarder": 1}, InvalidHandError, "no chi"),
    ("gd-789", "123m456p789s111z55s", "5s", {"seat": 2, "discarder": 1}, InvalidHandError, "13 tiles"),
    ("gd-789", "123m456p789s1111z", "1z", {"seat": 2, "discarder": 1}, InvalidHandError, "fifth copy"),
    ("gd-789", "123m456p789s111z5s", "5s", {"seat": 2, "discarder": 2}, InvalidArgumentError, "another seat"),
    ("gd-789", "123m456p789s111z5s", "5s", {"seat": 2}, InvalidArgumentError, "exactly one"),
    ("gd-789", "123m456p789s111z5s", "5s", {"seat": 2, "self_drawn": True, "discarder": 1}, InvalidArgumentError,
     "exactly one"),
    ("gd-789", "123m456p789s111z5s", "5s", {"seat": 2, "self_drawn": True, "other_kongs": [2]},
     InvalidArgumentError, "winner's own kongs"),
    ("gd-789", "123m456p789s111z5s", "5s", {"seat": 2, "self_drawn": True, "horses": [(0, "1z"), (1, "1z")]},
     InvalidHandError, "fifth copy"),
    ("gd-789", "123m456p789s111z5s 3f", "5s", {"seat": 2, "self_drawn": True, "horses": [(0, "3f")]},
     InvalidHandError, "flower 3f"),
    ("gd-789", "123m456p789s111z5s", "5s", {"seat": 2, "self_drawn": True, "horses": [(0,)]},
     InvalidArgumentError, "each bet"),
    ("gd-789", "123m456p789s111z5s", "5s", {"seat": 2, "self_drawn": 1}, TypeError, "bool"),
    ("gd-789", "123m456p789s111z5s", "5s", {"seat": 2, "self_drawn": True, "round_wind": 1},
     InvalidArgumentError, "not a keyword"),
    ("laozhang", "123m456p789s111z5s", "5s", {"seat": 2, "self_drawn": True, "horses": []},
     InvalidArgumentError, "not a keyword"),
    ("laozhang", "123m456p789s111z5s 1f", "5s", {"seat": 2, "self_drawn": True}, InvalidHandError, "no flowers"),
    ("laozhang", "123m456p789s111z5s", "5s", {"seat": 7, "self_drawn": True}, InvalidArgumentError, "seat"),
])  # fmt: skip
def test_bad_input(backend, ruleset, hand, win, keywords, error, message):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        with pytest.raises(error, match=message):
            BACKENDS[backend](hand, win, ruleset=ruleset, **keywords)


@pytest.mark.parametrize("backend", BACKENDS)
def test_bad_input_in_the_core_itself(backend):
    """A wild tile reaches the core (the notation writes it as *): refused there on both backends."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        with pytest.raises(InvalidHandError, match="wild"):
            BACKENDS[backend]("123m456p789s11z5s*", "5s", ruleset="laozhang", seat=2, self_drawn=True)


def test_the_score_command_takes_both_folk_rulesets(capsys):
    from mjcore.cli.score import main

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        assert main(["123m456p789s111z5s", "--win", "5s", "--seat", "W", "--discarder", "S", "--rules", "gd-789",
                     "--set", "dealer=1"]) == 0  # fmt: skip
        assert "鸡胡" in capsys.readouterr().out
        assert main(["234m567m345p678s5s", "--win", "5s", "--seat", "W", "--self-drawn", "--rules", "laozhang"]) == 0
        out = capsys.readouterr().out
    assert "断" in out and "-32" in out  # the dealer (E) pays double
