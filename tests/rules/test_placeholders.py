"""One mechanism for invented values in every family (issue 27, item 2): a row marked ``placeholder = true`` or
an option listed in ``meta.placeholders`` is listed by ``Ruleset.placeholders``, warned about once on load, and
shown by ``mjcore score`` and the simulation summary. The audit of the shipped files is pinned here."""

from __future__ import annotations

import tomllib
import warnings

import pytest

import mjcore
from mjcore import RulesetError, load_ruleset
from mjcore.cli.score import main as score_main
from mjcore.rules.placeholders import PlaceholderWarning
from mjcore.rules.registry import RULESET_DIR, rulesets

# The audit of every shipped file against the seeds and the spec (RULES.md, SICHUAN_TAIWAN_RULES.md):
AUDITED = {
    # OC-36: "其他胡法就是按倍数计算" gives the ladder, no multiples; 鸡胡 is the stake's unit.
    "gd-789": ("hands.za_se", "hands.qing_yi_se", "hands.da_ge", "hands.shi_san_yao"),
    # §3: the 贵港 text has no 天和/地和/人和; they are valued as 十三幺 (8) by analogy.
    "gd-guigang": ("patterns.tian_hu", "patterns.di_hu", "patterns.ren_hu"),
    # OC-41: the seeds name 老章's fans but give no value.
    "laozhang": tuple(f"fans.{key}" for key in (
        "ji_hu", "men_qing", "ping_hu", "duan_yao", "que_men", "jiang", "jiu_zi_lian_huan", "qing_peng", "quan_fan",
        "quan_yao", "quan_qiu_ren", "yi_ban_gao", "shuang_long_bao"))
    # seed 000 "首先算点数，然后再用番数乘" names the arithmetic (arithmetic = "points_then_fan"), no point value.
    + tuple(f"options.{key}" for key in ("win_points", "pung_points", "yao_factor", "concealed_factor", "kong_factor"))
    # seed 000 "其余三家要数胡尾定输赢" names 数胡尾 (loser_settlement = "hu_tail"), not what one 胡 is worth.
    + ("options.hu_tail_unit",),
}  # fmt: skip


@pytest.mark.parametrize("name", rulesets())
def test_every_shipped_ruleset_lists_exactly_its_audited_placeholders(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        rules = load_ruleset(name)
    assert rules.placeholders == AUDITED.get(name, ())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        assert rules.with_options().placeholders == rules.placeholders  # a variant keeps the marks


@pytest.mark.parametrize("name", sorted(AUDITED))
def test_loading_a_marked_file_warns_once_with_the_paths(name):
    with pytest.warns(PlaceholderWarning) as caught:
        load_ruleset(RULESET_DIR / f"{name}.toml")
    assert len([w for w in caught if w.category is PlaceholderWarning]) == 1
    assert all(path in str(caught[0].message) for path in AUDITED[name])


def _copy(tmp_path, name: str, edit) -> object:
    text = (RULESET_DIR / f"{name}.toml").read_text(encoding="utf-8")
    path = tmp_path / f"mine-{name}.toml"
    path.write_text(edit(text), encoding="utf-8")
    return path


@pytest.mark.parametrize("name, mark, path", [
    ("tdh", ("[horses]\n", "[horses]\nplaceholder = true\n"), "horses"),
    ("mcr", ("[meta]\n", '[meta]\nplaceholders = ["end.dealer_stays"]\n'), "end.dealer_stays"),
    ("sichuan", ("[meta]\n", '[meta]\nplaceholders = ["options.base"]\n'), "options.base"),
    ("taiwan", ("[meta]\n", '[meta]\nplaceholders = ["options.base"]\n'), "options.base"),
    ("gd-qq3", ("[patterns.ji_hu]\n", "[patterns.ji_hu]\nplaceholder = true\n"), "patterns.ji_hu"),
])  # fmt: skip
def test_any_family_can_mark_a_row_or_an_option(tmp_path, name, mark, path):
    file = _copy(tmp_path, name, lambda text: text.replace(*mark, 1))
    with pytest.warns(PlaceholderWarning, match=path.replace(".", r"\.")):
        rules = load_ruleset(file)
    assert rules.placeholders == (path,)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        assert rules == load_ruleset(name)  # the marks change no value


def test_a_bad_mark_is_refused_by_name(tmp_path):
    bad = _copy(tmp_path, "gd-qq3", lambda text: text.replace("[patterns.ji_hu]\n", '[patterns.ji_hu]\nplaceholder = "yes"\n'))
    with pytest.raises(RulesetError, match=r"patterns\.ji_hu\.placeholder: expected true or false"):
        load_ruleset(bad)
    missing = _copy(tmp_path, "tdh", lambda text: text.replace("[meta]\n", '[meta]\nplaceholders = ["options.nope"]\n', 1))
    with pytest.raises(RulesetError, match=r"meta\.placeholders: 'options\.nope' is not a field"):
        load_ruleset(missing)


def test_the_shipped_files_mark_what_their_comments_say():
    data = tomllib.loads((RULESET_DIR / "gd-guigang.toml").read_text(encoding="utf-8"))
    assert all(data["patterns"][key]["placeholder"] for key in ("tian_hu", "di_hu", "ren_hu"))


def test_mjcore_score_shows_the_placeholders(capsys):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        assert score_main(["123m456m789m11z55z", "--win", "5z", "--self-drawn", "--rules", "gd-guigang"]) == 0
    out = capsys.readouterr().out
    assert "placeholders (not from the seeds): patterns.tian_hu, patterns.di_hu, patterns.ren_hu" in out
    assert score_main(["123m456m789m11z55z", "--win", "5z", "--self-drawn", "--rules", "gd-qq3"]) == 0
    assert "placeholders" not in capsys.readouterr().out


def test_the_simulation_summary_shows_the_placeholders():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        result = mjcore.simulate("gd-789", 20, seed=1, threads=1)
    assert result.placeholders == AUDITED["gd-789"]
    assert "Placeholders (values not from the seeds): hands.za_se" in str(result.summary())
    assert "Placeholders" not in str(mjcore.simulate("gd-qq3", 20, seed=1, threads=1).summary())


@pytest.mark.parametrize("hand, win, key", [
    ("111z222z333z44z55m", "4z", "za_se"),  # 大四喜 with a suited pair: 杂色
    ("111z222z333z44z55z", "4z", "ji_hu"),  # 大四喜 in honours alone (字一色 too): 鸡胡
    ("111m222p333s44z55z", "4z", "ji_hu"),  # 碰碰胡 in several suits: 鸡胡
])
def test_off_ladder_789_hands_score_as_the_largest_ladder_hand_they_are(backend, hand, win, key):
    # §5 names five hands only; gd-789.toml's comment says how the others score.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        result = backend.score(hand, win, ruleset="gd-789", self_drawn=True)
    assert result.is_win and [e.key for e in result.entries] == [key]
