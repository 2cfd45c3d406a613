"""The Sichuan and Taiwan ruleset files: the row registries agree (Rust, Python, the files), every option
carries its open-choice number, the shipped defaults are the specs' recommended ones, ``with_options`` changes
an option by its file name, and a ruleset survives pickling (cluster workers)."""

from __future__ import annotations

import pickle
import re

import pytest

import mjcore
from mjcore import _core
from mjcore.rules.regional import RegionalRuleset
from mjcore.rules.registry import RULESET_DIR
from mjcore.rules.sichuan import SICHUAN_FAN_KEYS, SICHUAN_OPTIONS
from mjcore.rules.taiwan import TAIWAN_OPTIONS, TAIWAN_TAI_KEYS


def test_rust_and_python_row_keys_agree():
    assert tuple(_core.sichuan_fan_keys()) == SICHUAN_FAN_KEYS
    assert tuple(_core.taiwan_tai_keys()) == TAIWAN_TAI_KEYS


@pytest.mark.parametrize(("name", "schema"), [("sichuan", SICHUAN_OPTIONS), ("taiwan", TAIWAN_OPTIONS)])
def test_every_option_names_its_open_choice(name, schema):
    text = (RULESET_DIR / f"{name}.toml").read_text(encoding="utf-8")
    options = text.split("[options]")[1].split("\n[")[0]
    lines = {m.group(1): m.group(2) for m in re.finditer(r"^(\w+)\s*=\s*[^#\n]*#\s*(.*)$", options, re.M)}
    assert set(lines) == set(schema)
    for option, comment in lines.items():
        assert re.match(r"OC-[ST]\d+|OC-[ST]-X\d+", comment), option


def test_sichuan_defaults_are_the_recommended_ones():
    o = mjcore.load_ruleset("sichuan").options
    assert (o["mode"], o["swap_three"], o["void_suit"], o["must_discard_void"]) == ("xuezhan", "off", True, True)
    assert (o["self_draw_bonus"], o["cap"], o["heaven_earth"]) == ("fan", 4, "cap")  # OC-S4, S5, S7
    assert (o["dai_yao_jiu"], o["jiang_dui"]) == (True, True)  # OC-S8
    assert not any(o[k] for k in ("jiang_qi_dui", "men_qing", "zhong_zhang", "hai_di_pao"))
    assert (o["fed_kong_bloom"], o["call_transfer"], o["call_transfer_shared"]) == ("self_draw", "kong", "none")
    assert (o["direct_kong"], o["added_kong"], o["concealed_kong"], o["returned_kong_pays"]) == (2, 1, 2, True)
    assert (o["refund_to"], o["flower_pig"]) == ("all", "cap")
    assert (o["ready_check_basis"], o["dead_wait_counts"]) == ("discard", True)
    assert (o["void_discards_exempt"], o["check_fourth"]) == (False, False)
    table = mjcore.load_ruleset("sichuan").table_rules  # OC-S18, OC-S12, OC-S19: the table sections
    assert (table.several_winners, table.missed_win, table.winners, table.tile_count) == ("all", "higher_fan", 3, 108)
    assert mjcore.load_ruleset("sichuan").value("long_qi_dui") == 3  # OC-S6


def test_taiwan_defaults_are_the_recommended_ones():
    rules = mjcore.load_ruleset("taiwan")
    o = rules.options
    assert (o["flower_seats"], o["eye"], o["eye_fee"]) == ("by_name", True, "tai")
    table = mjcore.load_ruleset("taiwan").table_rules  # OC-T3, OC-T7, OC-T16: the table sections
    assert (table.several_winners, table.reserved_tail, table.missed_win) == ("first", 16, "any_tile")
    assert (o["minimum_tai"], o["ping_hu"], o["cap"]) == (0, "strict", 0)
    assert (o["base"], o["tai_value"]) == (30, 10)
    values = {k: rules.value(k) for k in ("tian_hu", "ren_hu", "hua_gang", "qing_yi_se", "si_an_ke", "wu_an_ke")}
    assert values == {"tian_hu": 24, "ren_hu": 8, "hua_gang": 2, "qing_yi_se": 8, "si_an_ke": 5, "wu_an_ke": 8}  # OC-T8


def test_with_options_by_file_name():
    base = mjcore.load_ruleset("sichuan")
    bloody = base.with_options(mode="xueliu", cap=5)
    assert isinstance(bloody, RegionalRuleset) and bloody.family == "sichuan"
    assert (bloody.options["mode"], bloody.options["cap"], base.options["mode"]) == ("xueliu", 5, "xuezhan")
    assert bloody.compiled is not base.compiled
    assert mjcore.load_ruleset("taiwan").with_options(base=50, tai_value=20).options["base"] == 50


def test_rows_are_named():
    rules = mjcore.load_ruleset("sichuan")
    gen = rules.row("gen")
    assert (gen.zh, gen.value) == ("根", 1) and gen.en
    assert [r.key for r in rules.rows] == list(SICHUAN_FAN_KEYS)


def test_pickled_rulesets_score_alike():
    rules = mjcore.load_ruleset("taiwan").with_options(cap=5)
    copy = pickle.loads(pickle.dumps(rules))
    assert copy == rules and copy.options["cap"] == 5
    hand, win = "[111z][222z][333z]444z777z5z", "5z"
    assert mjcore.score(hand, win, ruleset=copy, seat=3, self_drawn=True) == mjcore.score(
        hand, win, ruleset=rules, seat=3, self_drawn=True)


def test_families_are_listed():
    assert mjcore.rulesets("sichuan") == ["sichuan"] and mjcore.rulesets("taiwan") == ["taiwan"]


def test_a_result_prints_its_entries_and_money():
    text = mjcore.score("(7777s)[222s]555s888s3s", "3s", ruleset="sichuan", seat="N", discarder="S",
                        void_suit="p").table()  # fmt: skip
    assert "清一色" in text and "total 4 fan" in text and "S -16" in text and "N +16" in text
    assert mjcore.score("123p456p789p234s6s", "5s", ruleset="sichuan", seat=1, discarder=2,
                        void_suit="m").table() == "not a win"  # fmt: skip
