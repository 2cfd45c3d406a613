"""Every worked case of tests/data/guangdong_cases.jsonl (the project's copy of the rules' CASES.md cases),
scored on both backends and checked field by field: the pattern and extras (Chinese names and fan), the total,
the cap and floor, legality at 起和 0/1/3 and the payments."""

from __future__ import annotations

import json

import pytest

import mjcore
from mjcore import Hand, Meld, MeldKind
from mjcore.rules import load_ruleset
from mjcore.seats import SEAT_NAMES
from tests.support.paths import DATA

# The project carries its own copy of the worked cases: tests never read anything outside the repository.
CASES_FILE = DATA / "guangdong_cases.jsonl"

SCORED = [case for case in map(json.loads, CASES_FILE.read_text(encoding="utf-8").splitlines())
          if case["table"] != "procedural"]  # fmt: skip

MELD_KINDS = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "kong": MeldKind.KONG, "added_kong": MeldKind.ADDED_KONG,
              "concealed_kong": MeldKind.CONCEALED_KONG}  # fmt: skip
WIND_LETTER = {name: letter for letter, name in zip("ESWN", SEAT_NAMES)}
FLAG_ARGUMENTS = {"kong_bloom": "kong_bloom", "last_tile": "last_tile", "earthly": "earthly", "human": "human",
                  "robbing_kong": "robbing_kong"}  # fmt: skip


def tile(name: str) -> int:
    return mjcore.notation.win_tile_index(name)


def case_hand(case: dict) -> Hand:
    counts = [0] * 34
    for name in case["concealed"]:
        counts[tile(name)] += 1
    melds = [Meld(MELD_KINDS[m["type"]], min(tile(t) for t in m["tiles"])) for m in case["melds"]]
    liability = case["liability"]
    if liability and "robbing_kong" not in liability["grounds_derived"]:
        # The case names the seat that fed the completing (last) meld; the hand carries it as from_offset.
        seat, payer = SEAT_NAMES.index(case["seat"]), SEAT_NAMES.index(liability["payer"])
        melds[-1] = Meld(melds[-1].kind, melds[-1].tile, melds[-1].tile, (payer - seat) % 4)
    return Hand(tuple(counts), tuple(melds))


def case_arguments(case: dict) -> dict:
    arguments = {"seat_wind": case["seat_wind"], "round_wind": case["round_wind"]}
    if case["self_drawn"]:
        arguments["self_drawn"] = True
    else:
        arguments["discarder"] = WIND_LETTER[case["discarder"] or case["robbed_from"]]
    for flag in case["flags"]:
        if isinstance(flag, str) and flag.startswith("multiple_winners:"):
            arguments["winners_on_discard"] = int(flag.split(":")[1])
        elif isinstance(flag, str):
            arguments[FLAG_ARGUMENTS[flag]] = True
    return arguments


@pytest.fixture
def score(backend):
    """``score`` of each backend (the ``backend`` fixture of conftest.py)."""
    return backend.score


@pytest.mark.parametrize("case", SCORED, ids=[case["id"] for case in SCORED])
def test_case(case, score):
    result = score(case_hand(case), case["win_tile"], ruleset=case["table"], **case_arguments(case))
    assert result.is_win
    expected_items = [(item["name"], item["value"]) for item in case["fan_items"]]
    assert (result.pattern.zh, result.pattern.fan) == expected_items[0]
    assert sorted((e.zh, e.fan) for e in result.extras) == sorted(expected_items[1:])
    assert result.total_fan == case["total_fan"]
    assert result.capped == (case["capped_to"] is not None)
    assert result.floored == bool(case["floor"] and case["floor"]["applied"])
    payment = case["payment"]
    assert result.points == payment["per_share"]
    payers = [SEAT_NAMES[s] for s, p in enumerate(result.payments) if p < 0]
    assert sorted(payers) == sorted(payment["payers"])
    assert sum(p for p in result.payments if p > 0) == payment["total"]
    assert sum(result.payments) == 0
    assert (result.liable is not None) == (payment["basis"] == "liable")


@pytest.mark.parametrize("case", SCORED, ids=[case["id"] for case in SCORED])
def test_case_legality_at_each_minimum(case, score):
    rules = load_ruleset(case["table"])
    legal = [score(case_hand(case), case["win_tile"], ruleset=rules.with_minimum(minimum), **case_arguments(case)).legal
             for minimum in (0, 1, 3)]  # fmt: skip
    assert legal == case["legal"]


# ---- CASES.md D9: the QQ coin conversion of §2.6 (room coefficient N = 600, rake A = 250) ----------------


def test_qq_coins_self_draw(backend):
    # 平胡 1 + 自摸 1 = 2 fan, X = 4: the winner (South) gains 600·4·3 − 250, each loser pays 600·4 + 250.
    result = backend.score("123m456m78p234s99s", "6p", ruleset="gd-qq3", self_drawn=True, seat_wind="S")
    assert result.total_fan == 2
    assert result.coins(600, 250) == (-2650, 6950, -2650, -2650)
    assert sum(result.coins(600, 250)) == -4 * 250  # the system keeps the rake


def test_qq_coins_discard(backend):
    # 碰碰胡 2 fan on West's discard: the discarder pays 600·4 + 250, the other two only the rake.
    result = backend.score("444s888s9m [222m] [777p]", "9m", ruleset="gd-qq3", discarder="W", seat_wind="S")
    assert result.total_fan == 2
    assert result.coins(600, 250) == (-250, 2150, -2650, -250)


def test_qq_coins_liability(backend):
    (case,) = [c for c in SCORED if c["id"] == "Q23"]  # 3 fan, robbed North pays three shares (X = 8)
    result = backend.score(case_hand(case), case["win_tile"], ruleset=case["table"], **case_arguments(case))
    coins = result.coins(600, 250)
    winner = next(seat for seat, amount in enumerate(result.payments) if amount > 0)
    assert coins[winner] == 600 * 8 * 3 - 250
    assert coins[SEAT_NAMES.index("North")] == -(3 * 600 * 8 + 250)
    assert sorted(coins)[1:3] == [-250, -250]


def test_coins_arguments():
    result = mjcore.score("123m456m78p234s99s", "6p", ruleset="gd-qq3", self_drawn=True, seat_wind="S")
    with pytest.raises(mjcore.InvalidArgumentError, match="rake"):
        result.coins(600, -1)
    with pytest.raises(TypeError):
        result.coins(600.0, 250)
