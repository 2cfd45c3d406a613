"""docs/decisions.md's table of every open choice (issue 27, item 3) walked against the shipped ruleset files: every
OC of RULES.md §8 (OC-1..54) and SICHUAN_TAIWAN_RULES.md (OC-S1..23, OC-T1..17) has one row, and each
``files: dotted.path = value`` of its "Option = default" column is what those files hold — so the table cannot
go stale."""

from __future__ import annotations

import tomllib
import warnings

import pytest

import mjcore
from mjcore.rules.placeholders import PlaceholderWarning
from mjcore.rules.registry import RULESET_DIR, rulesets

from tests.support.paths import REPO

HEADER = "## Every open choice: its option, default and where it takes effect (issue 27)"
EXPECTED = ([f"OC-{n}" for n in range(1, 55)] + [f"OC-S{n}" for n in range(1, 24)]
            + [f"OC-T{n}" for n in range(1, 18)])  # fmt: skip
ABSENT = object()


def _rows() -> dict[str, list[str]]:
    text = (REPO / "docs" / "decisions.md").read_text(encoding="utf-8")
    assert HEADER in text
    section = text.split(HEADER, 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        if line.startswith("| OC-"):
            cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
            assert len(cells) == 5, line
            assert cells[0] not in rows, f"{cells[0]} twice"
            rows[cells[0]] = cells
    return rows


ROWS = _rows()


def _file(name: str) -> dict:
    return tomllib.loads((RULESET_DIR / f"{name}.toml").read_text(encoding="utf-8"))


def _at(data: dict, path: str):
    node = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return ABSENT
        node = node[part]
    return node


def test_every_open_choice_has_one_row():
    assert list(ROWS) == EXPECTED


@pytest.mark.parametrize("oc", EXPECTED)
def test_the_row_names_where_it_takes_effect_and_its_alternatives(oc):
    _, choice, option, where, alternatives = ROWS[oc]
    assert choice and option and alternatives
    assert where in ("scoring", "table", "both"), where


@pytest.mark.parametrize("oc", EXPECTED)
def test_the_defaults_are_what_the_shipped_files_hold(oc):
    option = ROWS[oc][2]
    for item in option.split("; "):
        if item.startswith("—"):
            continue  # a fixed ruling
        files, assignment = item.split(": ", 1)
        path, literal = assignment.split(" = ", 1)
        want = ABSENT if literal == "absent" else tomllib.loads(f"v = {literal}")["v"]
        for name in files.split(", "):
            assert name in rulesets(), (oc, name)
            assert _at(_file(name), path) == want, (oc, name, path)


def test_the_loaded_rulesets_read_the_table_options_the_table_names():
    # The [end] choice of who deals next is read into every ruleset's table rules (OC-29, OC-S16, §5).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        assert mjcore.load_ruleset("tdh").table_rules.dealer_stays == "stays_on_win_or_draw"
        assert mjcore.load_ruleset("gd-789").table_rules.dealer_stays == "winner_deals"
        assert mjcore.load_ruleset("mcr").table_rules.dealer_stays == "passes"


def test_the_table_names_options_for_most_choices():
    named = [oc for oc in EXPECTED if not ROWS[oc][2].startswith("—")]
    assert len(named) >= 80, len(named)
