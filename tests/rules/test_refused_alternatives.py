"""The alternatives an open choice lists that no option offers are refused by name, with the reason (issue 27,
item 3): OC-1 fixed seat winds, OC-2 an endless game, OC-34 splitting a 截胡 tie, OC-37 every seat paying
flowers, OC-38 horses as a hit bonus at 789. Each message names the option, the refused value and why; the
default value of each is still accepted, and the shipped files hold it (their TOML comments say the refusal)."""

from __future__ import annotations

import warnings

import pytest

import mjcore
import mjcore.reference
from mjcore.errors import InvalidArgumentError, RulesetError
from mjcore.rules.placeholders import PlaceholderWarning

BACKENDS = [pytest.param(mjcore, id="rust"), pytest.param(mjcore.reference, id="twin")]
WINDS = "end.seat_winds"
GUANGDONG_TABLES = ["gd-qq3", "gd-cgc5", "gd-guigang", "gd-unnamed", "gd-789", "tdh"]


def _load(name: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PlaceholderWarning)
        return mjcore.load_ruleset(name)


@pytest.mark.parametrize("ruleset", GUANGDONG_TABLES)
def test_oc1_fixed_seat_winds_are_refused_with_the_reason(ruleset):
    rules = _load(ruleset)
    assert rules.table_rules is not None
    # The field by its path, which every family's with_options takes (推倒胡 takes table fields only so).
    with pytest.raises(RulesetError) as refused:
        rules.with_options(**{WINDS: "fixed"})
    message = str(refused.value)
    assert "end.seat_winds" in message and "'fixed'" in message and "OC-1" in message and "本盘门风" in message
    # The offered value is still accepted; anything else is refused as not a choice.
    assert rules.with_options(**{WINDS: "with_dealer"}).table_rules == rules.table_rules
    with pytest.raises(RulesetError, match=r"end\.seat_winds: expected one of 'with_dealer', got 'east'"):
        rules.with_options(**{WINDS: "east"})


@pytest.mark.parametrize("engine", BACKENDS)
def test_oc2_an_endless_game_is_refused_with_the_reason(engine):
    table = engine.Table(ruleset=_load("gd-qq3"))
    with pytest.raises(InvalidArgumentError) as refused:
        table.reset_game(1, wind_rounds=None)
    message = str(refused.value)
    assert "wind_rounds=None" in message and "endless game" in message and "OC-2" in message
    assert "max_deals" in message
    table.reset_game(1, wind_rounds=1)  # the offered lengths still start a game


def test_oc34_splitting_a_tie_is_refused_with_the_reason():
    rules = _load("gd-789")
    with pytest.raises(RulesetError) as refused:
        rules.with_options(several_winners="split")
    message = str(refused.value)
    assert "wins.several_winners" in message and "'split'" in message and "OC-34" in message
    assert "只有胡大牌的一家才算胡" in message
    for offered in ("highest", "all", "first"):
        assert rules.with_options(several_winners=offered).table_rules.several_winners == offered


def test_oc37_every_seat_paying_flowers_is_refused_with_the_reason():
    rules = _load("gd-789")
    assert rules["flower_payers"] == "winner"
    with pytest.raises(RulesetError) as refused:
        rules.with_options(flower_payers="every_seat")
    message = str(refused.value)
    assert "options.flower_payers" in message and "'every_seat'" in message and "OC-37" in message
    assert "only when it wins" in message


def test_oc38_hit_bonus_horses_are_refused_at_789_with_the_reason():
    rules = _load("gd-789")
    assert rules["horse_kind"] == "mirror"
    with pytest.raises(RulesetError) as refused:
        rules.with_options(horse_kind="hit_bonus", horses_per_seat=2)
    message = str(refused.value)
    assert "options.horse_kind" in message and "'hit_bonus'" in message and "OC-38" in message
    assert "mirror bet" in message


def test_a_789_file_without_the_fixed_options_reads_them_as_their_one_value():
    # The two fixed options may be left out of a user's file: they read as the one offered value.
    rules = _load("gd-789")
    options = {k: v for k, v in rules.source["options"].items() if k not in ("flower_payers", "horse_kind")}
    from mjcore.rules.folk.ruleset import parse_folk

    older = parse_folk({**rules.source, "options": options})
    assert (older["flower_payers"], older["horse_kind"]) == ("winner", "mirror")
    assert older.compiled is not None
