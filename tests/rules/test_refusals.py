"""Scoring and rulesets refuse bad input by name (issue 30, items 1, 7 and the smaller ones): ``score_batch``
columns never wrapped to a byte, ``score_batch`` of every family as ``score``, every family's keywords, strict MCR
files, ``with_options`` values, ruleset files of any encoding or path."""

from __future__ import annotations

import os
import tomllib

import numpy as np
import pytest

import mjcore
import mjcore.reference
from mjcore.errors import ArgumentTypeError, InvalidArgumentError, MjcoreError, RulesetError
from mjcore.rules.families import FAMILIES
from mjcore.rules.family_batch import batch_row
from mjcore.rules.registry import RULESET_DIR, ruleset_from_data

BACKENDS = [pytest.param(mjcore, id="rust"), pytest.param(mjcore.reference, id="twin")]
# 13 tiles waiting on 2z, as a batch row of each family score_batch reads.
ROW = np.array([mjcore.parse_hand("123m456p789s111z2z").concealed], dtype=np.uint8)


@pytest.mark.parametrize("ruleset, text, win, keywords", [
    ("tdh", "123m456p789s111z2z", "2z", {}), ("gd-789", "123m456p789s111z2z", "2z", {}),
    ("laozhang", "123m456p789s111z2z", "2z", {}), ("sichuan", "123m456m789m111p2p", "2p", {"void_suit": "s"}),
    ("taiwan", "123m456p789s111z234m2z", "2z", {}),
])  # fmt: skip
def test_score_batch_scores_every_family_as_score_does(ruleset, text, win, keywords) -> None:
    row = np.array([mjcore.parse_hand(text).concealed], dtype=np.uint8)
    got = mjcore.score_batch(row, [mjcore.tile_index(win)], ruleset=ruleset, self_drawn=True, **keywords)
    single = mjcore.score(text, win, ruleset=ruleset, self_drawn=True, **keywords)
    total, counts, net = batch_row(single, got.keys, mjcore.load_ruleset(ruleset).family)
    assert (int(got.total[0]), got.counts[0].tolist(), tuple(got.net[0].tolist())) == (total, counts, tuple(net))
    assert total >= 0


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "mcr"])
@pytest.mark.parametrize("column, value, words", [
    ("win_tiles", np.array([28 + 256]), "win_tiles: row 0 is 284: must be an integer 0..33"),
    ("win_tiles", np.array([28.9]), "win_tiles: row 0 is 28.9: must be an integer 0..33"),
    ("win_tiles", np.array([-1]), "win_tiles: row 0 is -1"),
    ("self_drawn", np.array([256]), "self_drawn: row 0 is 256: must be an integer 0..1"),
    ("self_drawn", 0.5, "self_drawn is 0.5: must be an integer 0..1"),
    ("self_drawn", 2, "self_drawn is 2: must be an integer 0..1"),
    ("seat_wind", 257, "seat_wind is 257: must be an integer 0..3"),
    ("seat_wind", np.array([4]), "seat_wind: row 0 is 4"),
    ("seat_wind", 2**64, "seat_wind is 18446744073709551616: must be an integer 0..3"),
    ("kong_bloom", np.array([1, 0]), "kong_bloom must be a scalar or an array of length 1"),
    ("last_tile", "yes", "last_tile must be a bool or an int"),
])  # fmt: skip
def test_score_batch_columns_are_never_wrapped_or_truncated(ruleset, column, value, words) -> None:
    keywords = {"win_tiles": np.array([28], np.uint8), column: value}
    win_tiles = keywords.pop("win_tiles")
    with pytest.raises(MjcoreError, match=words):
        mjcore.score_batch(ROW, win_tiles, ruleset=ruleset, **keywords)


def test_mcr_score_batch_flowers_are_bounded() -> None:
    with pytest.raises(InvalidArgumentError, match="flowers: row 0 is 259: must be an integer 0..8"):
        mjcore.score_batch(ROW, np.array([28], np.uint8), ruleset="mcr", flowers=np.array([259]))
    total, _ = mjcore.score_batch(ROW, np.array([28], np.uint8), ruleset="mcr", flowers=np.array([3]), self_drawn=True)
    single = mjcore.score("123m456p789s111z2z", "2z", ruleset="mcr", self_drawn=True)
    assert total[0] == single.total + 3


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("keywords, error, words", [
    ({"robbing_kong": []}, InvalidArgumentError, "robbing_kong must be False, True, 'added'"),
    ({"robbing_kong": 1}, InvalidArgumentError, "robbing_kong must be False, True"),
    ({"other_kongs": 2}, ArgumentTypeError, "other_kongs must be a list of \\(seat, kind, fed_by\\)"),
    ({"other_kongs": [(1, ["added"], None)]}, InvalidArgumentError, "other_kongs: kind"),
    ({"dealer": 1.5}, ArgumentTypeError, "dealer must be 0..3"),
    ({"self_drawn": 1}, ArgumentTypeError, "self_drawn must be a bool"),
])  # fmt: skip
def test_tdh_keywords_are_refused_by_name(backend, keywords, error, words) -> None:
    situation = {"discarder": 1, **keywords} if "robbing_kong" in keywords else {"self_drawn": True, **keywords}
    with pytest.raises(error, match=words):
        backend.score("123m456p789s111z2z", "2z", ruleset="tdh", **situation)


@pytest.mark.parametrize("backend", BACKENDS)
def test_array_and_huge_keywords_are_refused_not_misread(backend) -> None:
    with pytest.raises(MjcoreError, match="heavenly_ready"):
        backend.score("123m456p789s111z2z", "2z", ruleset="gd-cgc5", self_drawn=True, heavenly_ready=np.array([1, 2]))
    with pytest.raises(ArgumentTypeError, match="last_copy"):
        backend.score("123m456p789s111z2z", "2z", ruleset="mcr", self_drawn=True, last_copy=np.array([1, 2]))
    with pytest.raises(MjcoreError, match="an int of about 5"):
        backend.score("123m456p789s111z2z", 10**5000, ruleset="gd-cgc5", self_drawn=True)
    with pytest.raises(ArgumentTypeError, match="other_kongs must be a sequence"):
        backend.score("123m456p789s111z2z", "2z", ruleset="gd-789", self_drawn=True, other_kongs={1, 2})


@pytest.mark.parametrize("options, words", [
    ({"minimum": -1}, "limits.minimum: expected an int 0..1000, got -1"),
    ({"minimum": 10**20}, "minimum: 100000000000000000000 is not a TOML integer"),
    ({"fans.chicken_hand.fan": 100000}, "fans.chicken_hand.fan: expected an int 1..255, got 100000"),
    ({"fans.chicken_hand.fan": 2**32 + 1}, "fans.chicken_hand.fan: expected an int 1..255, got 4294967297"),
    ({"fans.chicken_hand.fan": 0}, "fans.chicken_hand.fan: expected an int 1..255"),
    ({"fans.chicken_hand.excludes": ["chicken_hand"]}, "fans.chicken_hand.excludes: a fan cannot exclude itself"),
    ({"limits.maximum": 88}, "limits.maximum: not a field"),
    ({"fans.chicken_hand.value": 99}, "fans.chicken_hand.value: not a field"),
    ({"minimum": 1001}, "limits.minimum: expected an int 0..1000, got 1001"),
])  # fmt: skip
def test_mcr_options_are_bounded_before_the_core(options, words) -> None:
    with pytest.raises(RulesetError, match=words):
        mjcore.load_ruleset("mcr").with_options(**options)
    with pytest.raises(RulesetError, match="limits.minimum"):
        mjcore.load_ruleset("mcr").with_minimum(-1)


def mcr_data() -> dict:
    with open(RULESET_DIR / "mcr.toml", "rb") as handle:
        return tomllib.load(handle)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.setdefault("limits", {}).update(maximum=88), "limits.maximum: unknown field \\(known: minimum\\)"),
    (lambda d: d["fans"]["chicken_hand"].update(value=99), "fans.chicken_hand.value: unknown field \\(known: zh, en, fan, excludes, option\\)"),
    (lambda d: d.update(no_such_section={"a": 1}), "no_such_section: unknown section \\(an MCR file has meta, limits"),
    (lambda d: d["options"].update(no_such_option=True), "options.no_such_option: unknown field \\(known: concealed_and_melded_kong, folk_fans, earthly_next_seat_only\\)"),
    (lambda d: d["meta"].update(author="x"), "meta.author: unknown field"),
    (lambda d: d["fans"]["all_pungs"]["excludes"].append("all_pungs"), "all_pungs.excludes: a fan cannot exclude"),
    (lambda d: d["fans"]["all_pungs"]["excludes"].append(3), "all_pungs.excludes must be a list of fan keys"),
])  # fmt: skip
def test_an_mcr_file_is_read_as_strictly_as_the_other_families(change, words) -> None:
    data = mcr_data()
    change(data)
    with pytest.raises(RulesetError, match=words):
        ruleset_from_data(data)
    assert ruleset_from_data(mcr_data()) == mjcore.load_ruleset("mcr")


def test_with_options_refuses_ambiguous_names_and_non_toml_values() -> None:
    gd = mjcore.load_ruleset("gd-cgc5")
    with pytest.raises(RulesetError, match="fan: ambiguous, give the path: floor.fan, patterns.ji_hu.fan"):
        gd.with_options(fan=3)
    assert gd.with_options(**{"floor.fan": 3}).floor.fan == 3
    with pytest.raises(RulesetError, match="limits.minimum: 9 is above limits.cap 5"):
        gd.with_options(minimum=9)
    for ruleset in ("gd-cgc5", "mcr", "tdh", "sichuan", "taiwan", "gd-789", "laozhang"):
        rules = mjcore.load_ruleset(ruleset)
        with pytest.raises(RulesetError, match="lone surrogate"):
            rules.with_options(chi="\ud800")
        with pytest.raises(RulesetError, match="takes a TOML value"):
            rules.with_options(chi=np.array([1, 2]))
        with pytest.raises(RulesetError, match="not a TOML integer"):
            rules.with_options(chi=2**64)


def test_an_unknown_family_is_refused_listing_every_family() -> None:
    data = mcr_data()
    data["meta"]["family"] = "riichi"
    with pytest.raises(RulesetError, match="meta.family: 'riichi' is not a family: the families are") as raised:
        ruleset_from_data(data)
    assert all(repr(name) in str(raised.value) for name in FAMILIES)
    data["meta"]["family"] = ["mcr"]
    with pytest.raises(RulesetError):
        ruleset_from_data(data)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "latin-1", "gb18030"])
def test_a_ruleset_file_in_another_encoding_is_refused(tmp_path, encoding) -> None:
    text = (RULESET_DIR / "gd-cgc5.toml").read_text("utf-8")
    path = tmp_path / "rules.toml"
    path.write_bytes(text.encode(encoding, "replace"))
    with pytest.raises(RulesetError, match="not UTF-8 text|not valid TOML"):
        mjcore.load_ruleset(path)


def test_unreadable_and_impossible_ruleset_paths_are_refused(tmp_path) -> None:
    text = (RULESET_DIR / "gd-cgc5.toml").read_text("utf-8")
    for name, words in [("x" * 5000, "cannot be read: File name too long|no ruleset named"),
                        (str(tmp_path / ("x" * 5000)), "cannot be read: File name too long"),
                        (str(tmp_path / "a\ud800.toml"), "cannot be read|does not exist"),
                        (str(tmp_path / "a\x00.toml"), "cannot be read|does not exist"),
                        ("", "a ruleset is a shipped name"), (str(tmp_path), "is not a file")]:  # fmt: skip
        with pytest.raises(RulesetError, match=words):
            mjcore.load_ruleset(name)
    path = tmp_path / "rules.toml"
    path.write_text(text.replace("minimum = 1 ", "minimum = " + "9" * 5000 + " "), "utf-8")
    with pytest.raises(RulesetError, match="not readable TOML|not valid TOML"):
        mjcore.load_ruleset(path)
    if os.geteuid() != 0:  # root reads any file
        path.write_text(text, "utf-8")
        path.chmod(0)
        try:
            with pytest.raises(RulesetError, match="cannot be read: Permission denied"):
                mjcore.load_ruleset(path)
        finally:
            path.chmod(0o644)
