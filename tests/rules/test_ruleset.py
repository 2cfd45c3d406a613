"""Rulesets as data: the key registries agree (Rust, Python, every shipped file), the shipped files load, a
copied and edited file loads by path, and a wrong or missing field raises RulesetError naming its path."""

from __future__ import annotations

import re
import tomllib
import warnings
from pathlib import Path

import pytest

import mjcore
from mjcore import RulesetError, _core, load_ruleset, rulesets
from mjcore.rules.placeholders import PlaceholderWarning
from mjcore.rules.mcr import MCR_FAN_KEYS, McrRuleset
from mjcore.rules.guangdong.ruleset import EXTRA_KEYS, FLOOR_EVENTS, PATTERN_KEYS
from mjcore.rules.registry import RULESET_DIR

GUANGDONG = ["gd-cgc5", "gd-guigang", "gd-qq3", "gd-unnamed"]  # gd-unnamed: RULES.md §7.3
SHIPPED = ["gd-789", *GUANGDONG, "laozhang", "mcr", "sichuan", "taiwan", "tdh"]


def test_shipped_rulesets_are_listed():
    assert rulesets() == SHIPPED
    assert rulesets("guangdong") == GUANGDONG
    assert rulesets("mcr") == ["mcr"]
    assert rulesets("tdh") == ["tdh"]


def test_rust_and_python_registries_agree():
    assert tuple(_core.pattern_keys()) == PATTERN_KEYS
    assert tuple(_core.extra_keys()) == EXTRA_KEYS
    assert tuple(_core.floor_event_keys()) == FLOOR_EVENTS


@pytest.mark.parametrize("name", GUANGDONG)
def test_shipped_file_keys_are_in_the_registry(name):
    data = tomllib.loads((RULESET_DIR / f"{name}.toml").read_text(encoding="utf-8"))
    assert set(data["patterns"]) <= set(PATTERN_KEYS)
    assert set(data["extras"]) <= set(EXTRA_KEYS)
    assert set(data["floor"]["events"]) <= set(FLOOR_EVENTS)


def test_every_registered_key_is_used_by_some_shipped_file():
    used_patterns, used_extras, used_events = set(), set(), set()
    for name in GUANGDONG:
        rules = load_ruleset(name)
        used_patterns |= {row.key for row in rules.patterns}
        used_extras |= {row.key for row in rules.extras}
        used_events |= set(rules.floor.events)
    assert used_patterns == set(PATTERN_KEYS)
    assert used_extras == set(EXTRA_KEYS)
    assert used_events == set(FLOOR_EVENTS) - {"last_discard"}  # OC-22's alternative, played by no shipped file


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_files_compile(name):
    rules = load_ruleset(name)
    assert rules.name == name
    assert rules.compiled.name == name
    assert rules.compiled is rules.compiled  # compiled once


def test_table_values_follow_the_rules_text():
    cgc, qq, gg = (load_ruleset(n) for n in ("gd-cgc5", "gd-qq3", "gd-guigang"))
    assert (cgc.cap, cgc.minimum, qq.cap, qq.minimum, gg.cap, gg.minimum) == (5, 1, 3, 0, 5, 0)
    assert not cgc.seven_pairs and not qq.seven_pairs and gg.seven_pairs
    assert cgc.pattern("jiu_lian_bao_deng") is None  # OC-10
    assert (gg.pattern("qing_peng").fan, gg.pattern("xiao_san_yuan").fan) == (6, 7)  # OC-23
    assert cgc.extra("men_qing").fan == 1 and qq.extra("men_qing") is None  # OC-6
    assert (qq.floor.fan, cgc.floor.fan) == (3, 0)  # OC-9


def test_minimum_is_configurable():
    rules = load_ruleset("gd-cgc5")
    assert [rules.with_minimum(m).minimum for m in (0, 1, 3)] == [0, 1, 3]
    with pytest.raises(RulesetError, match="limits.minimum"):
        rules.with_minimum(-1)


def edited_copy(tmp_path: Path, old: str, new: str, name: str = "gd-cgc5") -> Path:
    text = (RULESET_DIR / f"{name}.toml").read_text(encoding="utf-8")
    assert re.search(old, text, flags=re.M), old
    path = tmp_path / "mine.toml"
    path.write_text(re.sub(old, new, text, count=1, flags=re.M), encoding="utf-8")
    return path


def test_a_copied_file_with_a_changed_value_loads_by_path_and_scores(tmp_path):
    path = edited_copy(tmp_path, r"^cap = 5", "cap = 6")
    rules = load_ruleset(path)
    assert rules.cap == 6
    # 清一色 5 + 自摸 + 门清 = 7: capped at 6 now.
    result = mjcore.score("123m456m789m23m55m", "4m", ruleset=rules, self_drawn=True)
    assert (result.total_fan, result.capped) == (6, True)
    assert load_ruleset(str(path)).cap == 6


@pytest.mark.parametrize(
    "old, new, message",
    [
        (r"(\[patterns\.qing_yi_se\]\n(?:.*\n)*?)fan = 5", r"\1fan = -1", r"patterns\.qing_yi_se\.fan: expected an int"),
        (r"(\[patterns\.ping_hu\]\n(?:.*\n)*?)fan = 1", r'\1fan = "one"', r"patterns\.ping_hu\.fan: expected an int"),
        (r"^cap = 5", "cap = 99", r"limits\.cap: expected an int 0\.\.30"),
        (r"^minimum = 1", "", r"limits\.minimum: missing"),
        (r"^\[patterns\.ji_hu\]", "[patterns.no_such_pattern]", r"patterns\.no_such_pattern: unknown key"),
        (r"^\[extras\.zi_mo\]", "[extras.bonus]", r"extras\.bonus: unknown key"),
        (r'^events = \[\]', 'events = ["rain"]', r"floor\.events: expected a list of"),
        (r"^kong_bloom = true", "kong_bloom = 1", r"liabilities\.kong_bloom: expected true or false"),
        (r"^seat_round_wind_stack = true", "seat_round_wind_stack = true\ntypo = 1", r"options\.typo: unknown field"),
        (r'^(\[patterns\.ji_hu\]\n)zh = "鸡糊"', r'\1zh = ""', r"patterns\.ji_hu\.zh: expected a non-empty string"),
        (r"^seven_pairs = false", "seven_pairs = true", r"patterns\.qi_dui: must be listed"),
        (r'^family = "guangdong"', 'family = "riichi"', r"meta\.family"),
        (r"^\[meta\]", "[meta", r"not valid TOML"),
    ],
)
def test_validation_errors_name_the_field(tmp_path, old, new, message):
    with pytest.raises(RulesetError, match=message):
        load_ruleset(edited_copy(tmp_path, old, new))


def test_a_missing_chicken_row_is_rejected(tmp_path):
    path = edited_copy(tmp_path, r'\[patterns\.ji_hu\]\nzh = "鸡糊"\nen = "Chicken hand"\nfan = 0\nspecial = false\n', "")
    with pytest.raises(RulesetError, match="patterns.ji_hu: missing"):
        load_ruleset(path)


def test_unknown_names_and_paths_are_rejected():
    with pytest.raises(RulesetError, match="no ruleset named 'gd-nope'"):
        load_ruleset("gd-nope")
    with pytest.raises(TypeError):
        load_ruleset(5)


def test_a_missing_file_is_named_as_a_file(tmp_path):
    missing = tmp_path / "my-table.toml"
    with pytest.raises(RulesetError, match=f"ruleset file '{re.escape(str(missing))}' does not exist"):
        load_ruleset(missing)
    with pytest.raises(RulesetError, match="ruleset file 'tables/gd-cgc5.toml' does not exist"):
        load_ruleset("tables/gd-cgc5.toml")
    with pytest.raises(RulesetError, match="is not a file"):
        load_ruleset(tmp_path)


def _document(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        return load_ruleset(name).document()


def test_the_compiled_object_rejects_what_validation_would():
    document = _document("gd-cgc5")
    patterns = [(k, v) for k, v in document if k.startswith("patterns.")]
    others = [(k, v) for k, v in document if not k.startswith("patterns.")]
    with pytest.raises(RulesetError, match="unknown pattern key"):
        _core.Ruleset("guangdong", "x", [*document, ("patterns.nope", [1, False])])
    with pytest.raises(RulesetError, match="patterns.ji_hu: missing"):
        _core.Ruleset("guangdong", "x", [*others, *(p for p in patterns if p[0] != "patterns.ji_hu")])
    with pytest.raises(RulesetError, match="options.dealer_factor: expected an int 1..16"):
        _core.Ruleset("guangdong", "x", [(k, 0 if k == "options.dealer_factor" else v) for k, v in document])
    with pytest.raises(RulesetError, match="options.discarder_pays: \"all\" is not one of one, three"):
        _core.Ruleset("guangdong", "x", [(k, "all" if k == "options.discarder_pays" else v) for k, v in document])
    with pytest.raises(RulesetError, match="limits.cap: expected an integer, got a text"):
        _core.Ruleset("guangdong", "x", [(k, "5" if k == "limits.cap" else v) for k, v in document])
    with pytest.raises(RulesetError, match="limits.minimum: missing from the compiled document"):
        _core.Ruleset("guangdong", "x", [(k, v) for k, v in document if k != "limits.minimum"])
    with pytest.raises(RulesetError, match="\"vegas\" is not a family \\(families: guangdong, mcr, tdh"):
        _core.Ruleset("vegas", "x", document)


@pytest.mark.parametrize("name", mjcore.rulesets())
def test_every_shipped_ruleset_compiles_from_its_document_in_one_shape(name):
    """One native class for every family, built from (entry, value) pairs; the regional families' choices cross
    as their names, so a renamed choice is refused by name rather than read by position."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        ruleset = load_ruleset(name)
    compiled = ruleset.compiled
    assert type(compiled) is _core.Ruleset
    assert compiled.name == ruleset.name
    document = ruleset.document()
    assert all(isinstance(k, str) and "." in k for k, _ in document)
    family = compiled.family
    again = _core.Ruleset(family, ruleset.name, document)
    assert repr(again) == repr(compiled)
    choices = [(k, v) for k, v in document if k.startswith("options.") and isinstance(v, str)]
    if choices:
        key, _ = choices[0]
        with pytest.raises(RulesetError, match=f"{key.removeprefix('options.')}: .*no_such_choice"):
            _core.Ruleset(family, ruleset.name, [(k, "no_such_choice" if k == key else v) for k, v in document])


def test_a_call_given_another_familys_ruleset_says_which():
    sichuan = load_ruleset("sichuan").compiled
    with pytest.raises(mjcore.InvalidArgumentError, match="this call scores a taiwan ruleset, not the sichuan ruleset"):
        _core.taiwan_flower_win(sichuan, 0, (0, 0, 0, 0, 0, 0, 0))


def test_a_table_whose_settlement_the_family_does_not_settle_is_refused_by_name():
    with pytest.raises(RulesetError, match="settlement.kind: \"guangdong\" is not settled by this family"):
        _core.Table(ruleset=load_ruleset("sichuan").compiled, table_rules=load_ruleset("gd-cgc5").table_rules.compiled)


def test_mcr_fan_keys_agree_in_rust_python_and_the_file():
    data = tomllib.loads((RULESET_DIR / "mcr.toml").read_text(encoding="utf-8"))
    assert tuple(_core.mcr_fan_keys()) == MCR_FAN_KEYS == tuple(data["fans"])


def test_mcr_loads_as_an_mcr_ruleset():
    rules = load_ruleset("mcr")
    assert isinstance(rules, McrRuleset)
    assert (rules.family, rules.minimum, rules.compiled.name) == ("mcr", 8, "mcr")
    assert rules.table.value("big_four_winds") == 88
    assert load_ruleset(rules) is rules
    assert rules.with_minimum(0).minimum == 0


def test_an_edited_mcr_file_scores_its_own_values(tmp_path):
    path = edited_copy(tmp_path, r'^(\[fans\.pure_straight\][^\[]*?fan = )16', r"\g<1>20", name="mcr")
    rules = load_ruleset(path)
    assert rules.table.value("pure_straight") == 20
    result = mjcore.score("123456789m1234p", "1p", ruleset=rules, self_drawn=True)
    assert result.total == 27 and mjcore.reference.score("123456789m1234p", "1p", ruleset=rules, self_drawn=True) == result


@pytest.mark.parametrize(
    "old, new, message",
    [
        (r"^\[fans\.edge_wait\]", "[fans.edgy_wait]", "fans.edgy_wait"),
        (r'excludes = \["big_three_winds"', 'excludes = ["no_such_fan"', "no_such_fan"),
        (r"^minimum = 8", 'minimum = "8"', "minimum"),
    ],
)
def test_mcr_validation_errors_name_the_field(tmp_path, old, new, message):
    with pytest.raises(RulesetError, match=message):
        load_ruleset(edited_copy(tmp_path, old, new, name="mcr"))


def test_the_compiled_mcr_table_rejects_what_validation_would():
    document = load_ruleset("mcr").document()
    fans = [(k, v) for k, v in document if k.startswith("fans.")]
    head = [(k, v) for k, v in document if not k.startswith("fans.")]
    with pytest.raises(RulesetError, match="missing"):
        _core.Ruleset("mcr", "x", [*head, *fans[1:]])
    with pytest.raises(RulesetError, match="unknown fan"):
        _core.Ruleset("mcr", "x", [*document, ("fans.nope", [1, []])])
    with pytest.raises(RulesetError, match="worth more"):
        _core.Ruleset("mcr", "x", [*head, *((k, [v[0], ["big_four_winds"]] if k == "fans.self_drawn" else v)
                                            for k, v in fans)])
    with pytest.raises(RulesetError, match="fans.self_drawn: expected \\[value, \\[excluded\\]\\]"):
        _core.Ruleset("mcr", "x", [*head, *((k, 1 if k == "fans.self_drawn" else v) for k, v in fans)])


@pytest.mark.parametrize("name", mjcore.rulesets())
def test_a_used_ruleset_pickles_as_data_and_compiles_again(name):
    """A cluster's workers receive rulesets pickled: fields only, the native objects rebuilt on first use."""
    import pickle

    rules = load_ruleset(name)
    rules.compiled  # cached on the instance: must not travel
    copy = pickle.loads(pickle.dumps(rules))
    assert copy == rules and "compiled" not in copy.__dict__
    assert type(copy.compiled) is type(rules.compiled)
