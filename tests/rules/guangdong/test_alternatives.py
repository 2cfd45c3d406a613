"""Alternatives of RULES.md §8's open choices offered as options (issue 27, item 3), on both backends."""

from __future__ import annotations

import pytest

import mjcore

QQ = mjcore.load_ruleset("gd-qq3")
QQ_EVENTS = list(QQ.floor.events)


def test_oc22_qq_last_discard_is_not_raised_by_default_and_raised_to_3_as_the_alternative(backend):
    # OC-22: QQ gives 海底炮 (a win on the last discard) no bonus; the alternative raises it to the QQ floor, 3
    # fan, as 海底捞月 is (§2.4). 平胡 (1 fan) on the last discard: the discarder pays 2^1, else 2^3.
    hand, tile = "123m456m789m123p5p", "5p"
    plain = backend.score(hand, tile, ruleset=QQ, discarder="N", seat_wind="S", last_tile=True)
    assert (plain.total_fan, plain.points) == (1, 2)
    raised = QQ.with_options(**{"floor.events": QQ_EVENTS + ["last_discard"]})
    floored = backend.score(hand, tile, ruleset=raised, discarder="N", seat_wind="S", last_tile=True)
    assert (floored.total_fan, floored.points) == (3, 8)
    # 海底捞月 (self-drawn) is raised either way; an ordinary discard win is not.
    assert backend.score(hand, tile, ruleset=QQ, self_drawn=True, seat_wind="S", last_tile=True).total_fan == 3
    assert backend.score(hand, tile, ruleset=raised, discarder="N", seat_wind="S").total_fan == 1


# OC-39: 四归西 (the four first discards are one wind, 四风连打) and four kongs by several seats end the deal as
# an abortive draw where `end.abortive_draws` is on; off by default at the Guangdong tables.
WIND_HANDS = ["1z124m124p1279s23z", "1z13569m135p568s6z", "1z258m258p258s79m7z", "1z369m369p369s4z5z6z"]


def _four_east_winds(engine, rules):
    import json

    from mjcore.reference import table as reference_sim
    from mjcore.table.types import Action

    from tests.support.sim_helpers import scenario_wall

    table = (mjcore.table if engine == "rust" else reference_sim).Table(ruleset=rules)
    table.reset(0, 0, wall=scenario_wall(WIND_HANDS, "7z7z7z6z"))
    for seat in range(4):
        while table.to_act() != seat:
            table.step(Action("pass"))
        table.step(Action("discard", 27))  # 1z, East
        if table.to_act() is None:
            break
    return table, [json.loads(line) for line in table.log()]


@pytest.mark.parametrize("engine", ["rust", "reference"])
@pytest.mark.parametrize("abortive", [False, True])
def test_oc39_four_winds_end_the_deal_where_abortive_draws_are_on(engine, abortive):
    rules = QQ.with_options(abortive_draws=True) if abortive else QQ
    assert rules.table_rules.abortive_draws is abortive
    table, log = _four_east_winds(engine, rules)
    assert [e["tile"] for e in log if e["type"] == "act" and e.get("action") == "discard"] == [27] * 4
    if abortive:
        assert {"type": "abortive", "reason": "four_winds"} in log
        assert table.outcome() == [] and table.payments() == (0, 0, 0, 0)
    else:
        assert table.outcome() is None and all(e["type"] != "abortive" for e in log)
