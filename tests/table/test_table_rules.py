"""Table rules as data (issue 10, item 1) and ``with_options`` (a variant made in code): every shipped ruleset
states the table sections with each option's default; bad rules are refused with the field's path, in a file
and in a variant alike; and the native deal and its pure-Python twin play every option identically."""

from __future__ import annotations

import dataclasses
import json
import re
import tomllib
from pathlib import Path

import pytest

import mjcore
from mjcore import table as rust
from mjcore.errors import RulesetError
from mjcore.reference import table as ref
from mjcore.rules.registry import RULESET_DIR
from mjcore.rules.table_rules import DEFAULT_TABLE_RULES, SECTIONS

from mjcore.table.types import Action

from tests.support.sim_helpers import scenario_wall
from tests.twin.test_sim_parity import scripted_or_default

SEED = 20261201
BASE = mjcore.load_ruleset("gd-cgc5")

# One variant per option the deal reads, beyond the shipped values (the tile sets of the families to come).
VARIANTS = {
    "no chi (789, Sichuan)": dict(chi="none"),
    "108 tiles without honours": dict(honours=False),
    "100 tiles without characters": dict(suits=("p", "s")),
    "144 tiles with flowers": dict(flowers=8),
    "a 16-tile reserved tail": dict(reserved_tail=16),
    "16-tile hands": dict(hand=16),
    "first claimant wins": dict(several_winners="first"),
    "highest hand wins": dict(several_winners="highest"),
    "no 漏胡": dict(missed_win="off"),
    "过手胡 on every tile": dict(missed_win="any_tile"),
    "play on until three winners": dict(winners=3),
    "no discard wins (推倒胡)": dict(sources=("self_draw", "robbing_kong", "kong_bloom")),
    "明杠可抢": dict(robbable_kongs=("added", "melded")),
    "no robbing": dict(robbable_kongs=(), sources=("self_draw", "discard", "kong_bloom")),
    "no kongs": dict(melded_kong=False, added_kong=False, concealed_kong=False, robbable_kongs=(),
                     sources=("self_draw", "discard")),
    "no pon": dict(pon=False, added_kong=False, robbable_kongs=(), sources=("self_draw", "discard", "kong_bloom")),
}  # fmt: skip


# The families whose files state the table: every family the table engine plays.
TABLE_FAMILIES = ("guangdong", "mcr", "tdh", "sichuan", "taiwan", "gd789", "laozhang")
SEAT_WINDS_UNSTATED = ("mcr", "sichuan", "taiwan", "laozhang")


@pytest.mark.parametrize("name", [name for family in TABLE_FAMILIES for name in mjcore.rulesets(family)])
def test_every_shipped_ruleset_states_the_table_with_defaults(name: str) -> None:
    text = (RULESET_DIR / f"{name}.toml").read_text()
    data = tomllib.loads(text)
    for section, fields in SECTIONS.items():
        if name == "taiwan" and section == "end":
            # Taiwan's abortive draws are its own OC-T15 option (options.abortive_draws), not repeated in [end].
            fields = tuple(field for field in fields if field != "abortive_draws")
        if section == "end" and mjcore.load_ruleset(name).family in SEAT_WINDS_UNSTATED:
            # end.seat_winds (OC-1, "fixed" refused) is stated by the Guangdong tables the OC is about.
            fields = tuple(field for field in fields if field != "seat_winds")
        assert sorted(data[section]) == sorted(fields), section
        body = text.split(f"[{section}]\n", 1)[1].split("\n[", 1)[0]
        for field in fields:
            line = next(line for line in body.splitlines() if line.startswith(f"{field} ="))
            assert "Default" in line, f"{section}.{field}: its default in the comment"
    assert mjcore.load_ruleset(name).table_rules.compiled is not None


def test_the_guangdong_files_state_the_default_table() -> None:
    for name in mjcore.rulesets("guangdong"):
        table = mjcore.load_ruleset(name).table_rules
        if name == "gd-unnamed":  # RULES.md §7.3, no 杠上开: no win on a kong replacement, all else the default
            assert table == dataclasses.replace(DEFAULT_TABLE_RULES, sources=("self_draw", "discard", "robbing_kong"))
        else:
            assert table == DEFAULT_TABLE_RULES
    assert mjcore.load_ruleset("mcr").table_rules.tile_count == 144


@pytest.mark.parametrize(
    ("options", "path"),
    [
        (dict(chi="left"), "claims.chi"),
        (dict(suits=("m", "x")), "tiles.suits"),
        (dict(hand=14), "deal.hand"),
        (dict(flowers=3), "tiles.flowers"),
        (dict(reserved_tail=90), "deal.reserved_tail"),
        (dict(sources=()), "wins.sources"),
        (dict(sources=("kong_bloom",), robbable_kongs=()), "wins.sources"),
        (dict(added_kong=False), "claims.robbable_kongs"),
        (dict(several_winners="everyone"), "wins.several_winners"),
        (dict(missed_win=True), "wins.missed_win"),
        (dict(winners=4), "end.winners"),
        (dict(kind="mcr"), "settlement.kind"),
        (dict(pon="yes"), "claims.pon"),
    ],
)
def test_bad_rules_are_refused_with_the_field_path(options: dict, path: str) -> None:
    with pytest.raises(RulesetError, match=re.escape(path)):
        BASE.with_options(**options)


def test_a_file_and_a_variant_are_validated_alike(tmp_path: Path) -> None:
    text = (RULESET_DIR / "gd-cgc5.toml").read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('chi = "next_seat"', 'chi = "left"'))
    with pytest.raises(RulesetError) as from_file:
        mjcore.load_ruleset(bad)
    with pytest.raises(RulesetError) as from_code:
        BASE.with_options(chi="left")
    assert str(from_file.value) == str(from_code.value)
    bad.write_text(text.replace("[claims]\n", "[claims]\nchi_from = 1\n"))
    with pytest.raises(RulesetError, match=r"claims\.chi_from: unknown field"):
        mjcore.load_ruleset(bad)


def test_with_options_names_any_field_of_the_file() -> None:
    strict = BASE.with_options(minimum=3, chi="none")
    assert (strict.minimum, strict.table_rules.chi) == (3, "none")
    assert (BASE.minimum, BASE.table_rules.chi) == (1, "next_seat"), "the original is unchanged"
    assert strict.with_options(minimum=1).with_options(chi="next_seat") == BASE
    assert BASE.with_options(**{"patterns.qing_yi_se.fan": 4}).pattern("qing_yi_se").fan == 4
    assert BASE.with_minimum(3) == BASE.with_options(minimum=3)
    assert BASE.with_options(honours=False).tiles == 108
    with pytest.raises(RulesetError, match="no_such_option: not an option"):
        BASE.with_options(no_such_option=1)
    with pytest.raises(RulesetError, match="identity"):
        BASE.with_options(name="other")
    mcr = mjcore.load_ruleset("mcr").with_options(several_winners="all", minimum=6)
    assert (mcr.table_rules.several_winners, mcr.minimum) == ("all", 6)


def test_a_variant_is_usable_wherever_a_ruleset_is() -> None:
    strict = BASE.with_options(minimum=3)
    hand = "123m456p789s234s5m"  # 鸡糊 + 门清: 1 fan on a discard
    assert mjcore.score(hand, "5m", ruleset=BASE, discarder=1).legal
    assert not mjcore.score(hand, "5m", ruleset=strict, discarder=1).legal
    result = mjcore.simulate(strict, 200, seed=3, bots=("random",) * 4, threads=1)
    assert (result["fan"][result["winners"]] >= 3).all()
    table = rust.Table(ruleset=BASE.with_options(flowers=8))
    table.reset(SEED, 0)
    start, *events = (json.loads(line) for line in table.log())
    flowers = sum(event["type"] == "flower" for event in events)
    assert len(start["wall"]) == 144
    assert table.observation(0).wall_remaining == 144 - 4 * 13 - 1 - flowers


def test_a_melded_kong_is_robbed_where_the_rules_allow_it() -> None:
    """推倒胡 with 明杠可抢 (OC-54): no discard wins, so seat 1, waiting on 5s, cannot take seat 0's discard; seat 2
    claims it onto its concealed pung, and seat 1 robs that kong (the discarder may not)."""
    hands = ["1234567m1234p5s7z", "111p222p333p4s6s9m9m", "5s5s5s1z1z1z2z2z2z3z3z3z4z", "7p7p7p8p8p8p9p9p9p7s7s8s8s"]
    wall = scenario_wall(hands, "6z")
    script = [Action("discard", 22), Action("kong")]
    outcomes = []
    for robbable in (("added", "melded"), ("added",)):
        rules = BASE.with_options(minimum=0, chi="none", robbable_kongs=robbable,
                                  sources=("self_draw", "robbing_kong"))  # fmt: skip
        native, twin = rust.Table(ruleset=rules), ref.Table(ruleset=rules)
        native.reset(0, 0, wall=wall)
        twin.reset(0, 0, wall=wall)
        steps = list(script)
        while (seat := twin.to_act()) is not None:
            assert native.legal_actions() == twin.legal_actions()
            action = scripted_or_default(steps, twin.legal_actions(), twin.observation(seat).drawn)
            native.step(action)
            twin.step(action)
        assert native.log() == twin.log()
        outcomes.append([(w.seat, w.from_seat, w.robbing_kong) for w in twin.outcome()])
    robbed, kept = outcomes
    assert robbed == [(1, 2, True)]
    assert (1, 2, True) not in kept, "without 明杠可抢 the kong stands"


def test_table_rules_pickle_and_compile_again() -> None:
    """A cluster's workers receive rulesets pickled: the table rules travel as fields, their native object is
    built again."""
    import pickle

    for name in ("gd-cgc5", "mcr"):
        rules = mjcore.load_ruleset(name).table_rules
        copy = pickle.loads(pickle.dumps(rules))
        assert copy == rules and copy.compiled is not None and copy.compiled is not rules.compiled
