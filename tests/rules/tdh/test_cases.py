"""Every worked 推倒胡 case of tests/data/tdh_cases.json, scored on both backends, every field the case gives
checked: the form, the multipliers, the share, each horse's seat and hit, the liable seat, the payments of the
win, the kong money and the net of each seat. Procedural cases need the table engine and are listed only."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import mjcore
from mjcore import Hand, Meld, MeldKind
from mjcore.rules.tdh.tiles import ghost_kinds
from tests.support.paths import DATA

CASES = json.loads((DATA / "tdh_cases.json").read_text(encoding="utf-8"))["cases"]
BACKENDS = {"native": mjcore.score, "reference": mjcore.reference.score}
MELD_KINDS = {"pon": MeldKind.PON, "melded_kong": MeldKind.KONG, "added_kong": MeldKind.ADDED_KONG,
              "concealed_kong": MeldKind.CONCEALED_KONG}  # fmt: skip


def _of(kind: str) -> list[dict]:
    return [case for case in CASES if case["kind"] == kind]


def hand_of(winner: dict) -> Hand:
    """The winner's hand: the concealed tiles, and melds whose feeder seat becomes an offset from the winner."""
    concealed = mjcore.parse_hand(winner["concealed"]).concealed
    melds = []
    for meld in winner["melds"]:
        offset = None if "from" not in meld else (meld["from"] - winner["seat"]) % 4
        melds.append(Meld(MELD_KINDS[meld["kind"]], mjcore.tile_index(meld["tile"]), None, offset))
    return Hand(concealed, tuple(melds))


def score_winner(backend: str, case: dict, winner: dict) -> mjcore.TdhScore:
    rules = mjcore.load_ruleset("tdh").with_options(**case["options"])
    situation = {key: case[key] for key in ("ghost_indicator", "dealer_streak") if key in case}
    return BACKENDS[backend](hand_of(winner), case["win"], ruleset=rules, seat_wind=winner["seat"],
                             dealer=case["dealer"], horses=case.get("horses", []), **case["how"],
                             **situation)  # fmt: skip


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", _of("score"), ids=lambda case: case["id"])
def test_scoring_case(backend: str, case: dict) -> None:
    net = [0, 0, 0, 0]
    paid: Counter[tuple[int, int]] = Counter()
    kong_paid: Counter[tuple[int, int]] = Counter()
    for winner in case["winners"]:
        result = score_winner(backend, case, winner)
        seat = winner["seat"]
        assert result.is_win, result.reason
        assert result.form is not None and result.form.key == winner["form"]
        assert [m.key for m in result.multipliers] == winner["multipliers"]
        assert all(m.factor == 2 for m in result.multipliers)
        assert result.share == winner["share"]
        assert result.liable == case["liable"]
        assert [h.tile for h in result.horses] == case["horses"]
        assert [h.seat for h in result.horses] == case["horse_seats"]
        assert [h.hit for h in result.horses] == [s == seat for s in case["horse_seats"]]
        for payer in range(4):
            if payer != seat:
                paid[payer, seat] -= result.win_net[payer]
        for payment in result.kong_payments:
            kong_paid[payment.payer, payment.owner] += payment.amount
        assert sum(result.net) == 0 and sum(result.win_net) == 0 and sum(result.kong_money) == 0
        assert [w + k for w, k in zip(result.win_net, result.kong_money)] == list(result.net)
        net = [a + b for a, b in zip(net, result.net)]
    expected_paid = Counter({(payer, payee): amount for payer, payee, amount in case["payments"]})
    expected_kongs: Counter[tuple[int, int]] = Counter()
    for payer, payee, amount in case["kong_money"]:
        expected_kongs[payer, payee] += amount
    assert +paid == expected_paid
    assert +kong_paid == expected_kongs
    assert net == case["net"]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", _of("refused"), ids=lambda case: case["id"])
def test_refused_case(backend: str, case: dict) -> None:
    (winner,) = case["winners"]
    result = score_winner(backend, case, winner)
    assert not result.is_win
    assert result.refusal == case["refusal"]
    assert result.net == (0, 0, 0, 0) and result.kong_payments == () and result.share == 0


READINGS = [(case, winner) for case in CASES for winner in case.get("winners", []) if "ghosts_stand_for" in winner]


@pytest.mark.parametrize(("case", "winner"), READINGS, ids=[f"{c['id']}-P{w['seat']}" for c, w in READINGS])
def test_the_stated_reading_is_one_of_the_hand_s(case: dict, winner: dict) -> None:
    """The ghosts are the faces the case names (翻鬼: the tiles after the indicator), and the hand read with
    them as wild tiles has the decomposition the case states: each ghost standing for the tile it says."""
    rules = mjcore.load_ruleset("tdh").with_options(**case["options"])
    indicator = case.get("ghost_indicator")
    ghosts = ghost_kinds(rules, None if indicator is None else mjcore.tile_index(indicator))
    assert sorted(ghosts) == sorted(mjcore.tile_index(t) for t in case["ghost_kinds"])
    hand = hand_of(winner).with_tile(mjcore.tile_index(case["win"]))
    counts = list(hand.concealed)
    wilds = sum(counts[g] for g in ghosts)
    for g in ghosts:
        counts[g] = 0
    wild_hand = Hand(tuple(counts), hand.melds, wilds)
    stands_for = tuple(sorted(mjcore.tile_index(t) for t in winner["ghosts_stand_for"]))
    readings = mjcore.decompose(wild_hand, winner["form"])
    assert stands_for in {reading.wild_tiles for reading in readings}


def test_procedural_cases_are_recorded() -> None:
    """The cases only the table engine can play (who may claim or win, 流局, 跟庄) stay in the data, each with
    its story and expected outcome, for the table tests to come."""
    procedural = _of("procedural")
    assert {case["id"] for case in procedural} == {"T35", "T41", "T47", "T49"}
    assert all(case["needs"] == "table" and case["story"] and case["expected"] for case in procedural)
