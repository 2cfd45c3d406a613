"""推倒胡 options and bad input: ``with_options`` validates exactly as the file is read, and every impossible
call raises the same clear ``mjcore.errors`` exception on both backends."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import mjcore
from mjcore.rules.table_rules import SECTIONS as TABLE_SECTIONS
from mjcore import Hand, InvalidArgumentError, InvalidHandError, InvalidTileError, Meld, MeldKind, RulesetError
from mjcore.rules.registry import RULESET_DIR
from mjcore.rules.tdh import SCHEMA, TdhRuleset

BACKENDS = {"native": mjcore.score, "reference": mjcore.reference.score}
TDH = mjcore.load_ruleset("tdh")
T01 = ("123m456m79p234s9s5z", "9s")  # a 白板 ghost completes a chow


def test_the_file_loads_with_its_documented_defaults() -> None:
    assert isinstance(TDH, TdhRuleset) and TDH.family == "tdh" and mjcore.rulesets("tdh") == ["tdh"]
    assert TDH.compiled.name == "tdh"
    assert (TDH["ghosts"], TDH["tiles"], TDH["horses"], TDH["discard_wins"]) == ("white", "all", 0, False)
    text = (RULESET_DIR / "tdh.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert {section: set(values) for section, values in data.items() if section not in ("meta", *TABLE_SECTIONS)} == {
        section: set(options) for section, options in SCHEMA.items()
    }
    # Every option line says its default in its comment (→ default), on the line or the comment above it (the
    # table sections, shared by every family, say "Default:" as test_table_rules checks).
    lines = text.splitlines()
    table_fields = {f"{field} =" for fields in TABLE_SECTIONS.values() for field in fields}
    for number, line in enumerate(lines):
        if any(line.startswith(f) for f in table_fields) and "Default" in line:
            continue
        if "=" in line and not line.startswith(("#", "name", "family", "title")) and line.strip():
            block = " ".join(lines[max(0, number - 2): number + 2])
            assert "→" in block, line


def test_the_issue_names_change_options_without_a_file() -> None:
    rules = TDH.with_options(ghosts="red", tiles="no_characters", seven_pairs=True, thirteen_orphans=False,
                             discard_wins=True, four_ghosts_double=True, horses=4, follow_dealer=True,
                             streak_bonus=True, melded_kong=2)  # fmt: skip
    assert (rules["ghosts"], rules["tiles"], rules["horses"], rules["melded_kong"]) == ("red", "no_characters", 4, 2)
    assert TDH["ghosts"] == "white"  # the shipped ruleset is unchanged
    result = mjcore.score("55z7z13s456m888p23p", "4p", ruleset=TDH.with_options(ghosts="red"), self_drawn=True)
    assert result.is_win and result.multipliers == ()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"ghosts": "blue"}, "ghosts.ghosts: expected 'none' | 'white'"),
        ({"horses": 3}, "horses.horses: expected 0 | 1 | 2 | 4 | 6 | 8, got 3"),
        ({"horses": True}, "horses.horses"),
        ({"seven_pairs": "yes"}, "winning.seven_pairs: expected true or false"),
        ({"win": 0}, "payments.win: expected an int 1..100"),
        ({"colour": "red"}, "colour: not an option of the tdh family (options: tiles, ghosts"),
        ({"tiles": "no_honours"}, "'white' needs the honour tiles"),
        ({"thirteen_orphans": True, "tiles": "no_characters"}, "十三幺 needs every terminal"),
        ({"one_horse": True}, "1 exactly when one_horse"),
    ],
)
def test_bad_options_name_the_option_and_the_allowed_values(options: dict, message: str) -> None:
    with pytest.raises(RulesetError, match=message.replace("|", r"\|").replace("(", r"\(")):
        TDH.with_options(**options)


def test_a_copied_file_is_validated_like_the_shipped_one(tmp_path: Path) -> None:
    text = (RULESET_DIR / "tdh.toml").read_text(encoding="utf-8")
    edited = tmp_path / "my-tdh.toml"
    edited.write_text(text.replace('ghosts = "white"', 'ghosts = "flip"'), encoding="utf-8")
    assert mjcore.load_ruleset(edited)["ghosts"] == "flip"
    edited.write_text(text.replace("horses = 0 ", "horses = 5 "), encoding="utf-8")
    with pytest.raises(RulesetError, match="horses.horses: expected"):
        mjcore.load_ruleset(edited)
    edited.write_text(text.replace("discard_wins = false\n", ""), encoding="utf-8")
    with pytest.raises(RulesetError, match="winning.discard_wins: missing"):
        mjcore.load_ruleset(edited)
    edited.write_text(text + "\n[extra]\nx = 1\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="extra: unknown section"):
        mjcore.load_ruleset(edited)


def _hand(concealed: str, *melds: Meld) -> Hand:
    return Hand(mjcore.parse_hand(concealed).concealed, melds)


BAD_CALLS = [
    # (hand, win, ruleset options, keywords, error, message)
    (*T01, {}, {"self_drawn": True, "round_wind": 1}, InvalidArgumentError, "round_wind: not a keyword of 推倒胡"),
    (*T01, {}, {"self_drawn": True, "colour": 1}, InvalidArgumentError, "the family takes seat_wind, self_drawn"),
    (*T01, {}, {}, InvalidArgumentError, "exactly one of self_drawn=True or discarder"),
    (*T01, {"ghosts": "flip"}, {"self_drawn": True}, InvalidArgumentError, "needs ghost_indicator"),
    (*T01, {}, {"self_drawn": True, "ghost_indicator": "5m"}, InvalidArgumentError, "flips no tile"),
    (*T01, {"horses": 2}, {"self_drawn": True, "horses": "7p"}, InvalidArgumentError, "draws 2 horse tiles"),
    (*T01, {}, {"self_drawn": True, "horses": "7x"}, InvalidTileError, "horses: cannot read"),
    (*T01, {}, {"discarder": 3, "kong_bloom": True}, InvalidArgumentError, "a kong bloom .* is self-drawn"),
    (*T01, {}, {"self_drawn": True, "kong_bloom": True}, InvalidArgumentError, "needs a kong among the hand"),
    (*T01, {}, {"self_drawn": True, "other_kongs": [(1, "concealed", None)]}, InvalidArgumentError,
     "the winner's own kongs are the melds"),
    (*T01, {}, {"self_drawn": True, "other_kongs": [(2, "melded", None)]}, InvalidArgumentError, "needs fed_by"),
    (*T01, {}, {"self_drawn": True, "other_kongs": [(2, "open", None)]}, InvalidArgumentError, "kind 'open'"),
    # A fifth copy of a natural tile: in the hand and the winning tile, in the horses, or with the indicator.
    ("9999s123m456m789m", "9s", {}, {"self_drawn": True}, InvalidHandError, "tile 9s appears 5 times"),
    ("123m456m79p234s9s5z", "9s", {"horses": 4}, {"self_drawn": True, "horses": "9s9s9s1z"}, InvalidHandError,
     "tile 9s appears 5 times"),
    ("5555m123p456p789p", "1s", {"ghosts": "flip"}, {"self_drawn": True, "ghost_indicator": "5m"},
     InvalidHandError, "tile 5m appears 5 times"),
    # A robbed added kong shows three more copies of the winning tile.
    ("123m456m78p234s9s5z", "9s", {}, {"discarder": 2, "robbing_kong": True}, InvalidHandError,
     "tile 9s appears 5 times"),
    ("123m456m79p234s9s5z", "5z", {}, {"discarder": 2, "robbing_kong": True}, InvalidArgumentError,
     "a ghost cannot be ponged or konged"),
    # Tiles outside the set, wild stand-ins, flowers where there are none.
    (*T01, {"tiles": "no_characters"}, {"self_drawn": True}, InvalidHandError, "tile 1m is not in this ruleset's set"),
    ("123m456m79p234s9s*", "9s", {}, {"self_drawn": True}, InvalidHandError, "write the ghosts with their faces"),
    ("123m456m79p234s9s5z", "1f", {}, {"self_drawn": True}, InvalidHandError, "tile 1f is not in this ruleset"),
    ("123m456m79p234s9s*", "1f", {"ghosts": "flowers4", "horses": 2}, {"self_drawn": True, "horses": "1f2f"},
     InvalidHandError, "flower 1f appears 2 times"),
    ("12m456m79p234s***", "3m", {"ghosts": "flowers4", "horses": 2}, {"self_drawn": True, "horses": "1f2f"},
     InvalidHandError, "5 flowers in the hand"),
    ("123m456m79p234s9s5z", "9s", {"ghosts": "flip"}, {"self_drawn": True, "ghost_indicator": "1f"},
     InvalidHandError, "a flower cannot be flipped"),
    # Hands 推倒胡 cannot hold: the wrong size, a chow meld, a ghost meld, a melded kong of unknown feeder.
    ("123m456m79p234s9s5z1z", "9s", {}, {"self_drawn": True}, InvalidHandError, "13 tiles before the winning tile"),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("hand", "win", "options", "keywords", "error", "message"), BAD_CALLS)
def test_bad_calls_raise_the_same_clear_error(backend, hand, win, options, keywords, error, message) -> None:
    rules = TDH.with_options(**options)
    with pytest.raises(error, match=message):
        BACKENDS[backend](hand, win, ruleset=rules, seat_wind=1, **keywords)


BAD_MELDS = [
    (_hand("456m79p234s9s5z", Meld(MeldKind.CHI, 0, None, 3)), "推倒胡 has no chow"),
    (_hand("456m79p234s9s1z", Meld(MeldKind.PON, 31, None, 1)), "ghost tiles can never be ponged or konged"),
    (_hand("456m79p234s9s5z", Meld(MeldKind.KONG, 0)), "a melded kong needs from_offset"),
    (_hand("9s", *(Meld(MeldKind.PON, t, None, 1) for t in (0, 9, 18, 27, 28))), "13 tiles before the winning"),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("hand", "message"), BAD_MELDS)
def test_melds_tdh_cannot_have_are_refused(backend, hand, message) -> None:
    with pytest.raises(InvalidHandError, match=message):
        BACKENDS[backend](hand, "9s", ruleset=TDH, seat_wind=1, self_drawn=True)


@pytest.mark.parametrize("backend", BACKENDS)
def test_kong_fed_by_must_name_the_feeder_of_a_melded_kong(backend) -> None:
    hand = _hand("789p11z5z4s", Meld(MeldKind.CONCEALED_KONG, 0), Meld(MeldKind.KONG, 20, None, 3))
    keywords = {"seat_wind": 1, "self_drawn": True, "kong_bloom": True}
    assert BACKENDS[backend](hand, "4s", ruleset=TDH, kong_fed_by=0, **keywords).liable == 0
    with pytest.raises(InvalidArgumentError, match="no melded kong fed by that seat"):
        BACKENDS[backend](hand, "4s", ruleset=TDH, kong_fed_by=2, **keywords)


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "mcr"])
def test_other_families_refuse_the_tdh_keywords(ruleset) -> None:
    with pytest.raises(InvalidArgumentError, match="^horses: not a keyword of (Guangdong|MCR) scoring \\(the family "
                                                 "takes self_drawn, seat_wind"):  # fmt: skip
        mjcore.score("123m456m789m1p23s", "1s", ruleset=ruleset, self_drawn=True, horses=["1m"])


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_situation_object_or_keywords_not_both(backend) -> None:
    where = mjcore.rules.tdh.TdhSituation(seat_wind=1, self_drawn=True)
    assert BACKENDS[backend](*T01, where, ruleset=TDH).net == (-2, 6, -2, -2)
    with pytest.raises(TypeError, match="not both"):
        BACKENDS[backend](*T01, where, ruleset=TDH, dealer=2)


def test_a_ruleset_pickles_without_its_compiled_twin() -> None:
    import pickle

    rules = TDH.with_options(horses=2)
    assert rules.compiled.name == "tdh"
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and "compiled" not in again.__dict__
    assert mjcore.score(*T01, ruleset=again, seat_wind=1, self_drawn=True, horses="2m3m").net == (-4, 12, -4, -4)
