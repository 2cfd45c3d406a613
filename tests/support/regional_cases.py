"""Loading the Sichuan and Taiwan worked cases (tests/data/*_cases.json) and turning their records into
calls: shared by the case tests of both families."""

from __future__ import annotations

import json
from typing import Any

import mjcore
import mjcore.reference.rules.sichuan  # noqa: F401  (the reference twins, reached through the backend fixture)
import mjcore.reference.rules.taiwan  # noqa: F401
from mjcore.rules.sichuan import EndHand, Kong, Out, Win

from tests.support.paths import DATA


def cases(family: str, *kinds: str) -> list[dict[str, Any]]:
    found = json.loads((DATA / f"{family}_cases.json").read_text(encoding="utf-8"))["cases"]
    return [c for c in found if not kinds or c["kind"] in kinds]


def ids(records: list[dict[str, Any]]) -> list[str]:
    return [r["id"] for r in records]


def ruleset(family: str, case: dict[str, Any]) -> Any:
    """The case's ruleset: the shipped file with the case's options, and fan values changed through a copy of
    the file's data (as a user editing the file would)."""
    rules = mjcore.load_ruleset(family).with_options(**case.get("options", {}))
    if "fans" in case:
        from mjcore.rules.regional.ruleset import parse_regional

        source = dict(rules.source)
        section = {key: dict(row) for key, row in source["fans"].items()}
        for key, value in case["fans"].items():
            section[key]["fan"] = value
        rules = parse_regional({**source, "fans": section})
    return rules


def check_score(result: Any, expect: dict[str, Any]) -> None:
    """Every field the case states."""
    assert result.is_win
    if "entries" in expect:
        assert result.as_tuples() == [tuple(e) for e in expect["entries"]]
    for field in ("total", "counted"):
        if field in expect:
            assert getattr(result, field) == expect[field], field
    if "payments" in expect:
        assert list(result.payments) == expect["payments"]
        assert sum(result.payments) == 0
    if "dealer" in expect:
        assert [(e.key, e.count, e.value) for e in result.dealer_entries] == [tuple(e) for e in expect["dealer"]]
    for seats in result.money.values():
        assert sum(seats) == 0


def sichuan_events(backend: Any, case: dict[str, Any], rules: Any) -> list[Any]:
    """The case's events; each win is scored first (on the same backend), checking the fan the case gives."""
    events: list[Any] = []
    for record in case["events"]:
        if "out" in record:
            events.append(Out(mjcore.seats.seat_index(record["out"])))
        elif "kong" in record:
            feeder = record.get("feeder")
            events.append(Kong(mjcore.seats.seat_index(record["kong"]), record["kind"],
                               None if feeder is None else mjcore.seats.seat_index(feeder)))  # fmt: skip
        else:
            discarder = record.get("discarder")
            winners = []
            for win in record["win"]:
                situation = {"seat": win["seat"], **win["situation"]}
                if record["how"] == "discard":
                    situation.setdefault("discarder", discarder)
                result = backend.score(win["hand"], win["tile"], ruleset=rules, **situation)
                assert result.counted == win["fan"], (case["id"], win["seat"])
                winners.append((mjcore.seats.seat_index(win["seat"]), result.counted))
            events.append(Win(tuple(winners), record["how"],
                              None if discarder is None else mjcore.seats.seat_index(discarder),
                              record.get("kong_discard", False)))  # fmt: skip
    return events


def sichuan_ends(case: dict[str, Any]) -> list[EndHand]:
    return [EndHand.of(mjcore.seats.seat_index(e["seat"]), e["hand"], e["void"]) for e in case.get("end", [])]
