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


# OC-18 and OC-19 (RULES.md §2.6): 平胡 123m456p789s23s99m winning on 1s is 1 fan at QQ (no 门清 row), a share of
# 2^1 = 2 (self-drawn: + 自摸 = 2 fan, a share of 4). The winner sits South (seat 1); the dealer is East (seat 0).
PING_HU = ("123m456p789s23s99m", "1s")


@pytest.mark.parametrize(("options", "discarder", "want"), [
    ({}, "W", (0, 2, -2, 0)),  # the default: the discarder pays one share (the QQ formula's P = 1)
    ({"discarder_pays": "three"}, "W", (0, 6, -6, 0)),  # OC-18 全铳: the three shares of a self-draw
    ({"dealer_factor": 2}, "E", (-4, 4, 0, 0)),  # OC-19: the dealer pays double ...
    ({"dealer_factor": 2}, "W", (0, 2, -2, 0)),  # ... and nobody else
    # Both: a discarding dealer pays its own double share and the two others' single ones, 4 + 2 + 2.
    ({"discarder_pays": "three", "dealer_factor": 2}, "E", (-8, 8, 0, 0)),
])  # fmt: skip
def test_oc18_oc19_who_pays_a_discard_win(backend, options, discarder, want):
    rules = QQ.with_options(**options)
    result = backend.score(*PING_HU, ruleset=rules, seat_wind="S", discarder=discarder)
    assert (result.total_fan, result.payments) == (1, want)


def test_oc19_the_dealer_collects_double_on_its_self_draw_and_pays_double_on_another_s(backend):
    rules = QQ.with_options(dealer_factor=2)
    south = backend.score(*PING_HU, ruleset=rules, seat_wind="S", self_drawn=True)
    assert (south.total_fan, south.payments) == (2, (-8, 16, -4, -4))
    east = backend.score(*PING_HU, ruleset=rules, seat_wind="E", self_drawn=True)
    assert east.payments == (24, -8, -8, -8)


def test_oc18_oc19_liability_pays_what_the_three_would(backend):
    # 抢杠 (the robbed West is liable, QQ floor 3 fan, a share of 8): under ×2 the liable seat pays the dealer's
    # double share and the North's single one, 16 + 8 + 8 = 32.
    rules = QQ.with_options(dealer_factor=2)
    result = backend.score(*PING_HU, ruleset=rules, seat_wind="S", discarder="W", robbing_kong=True)
    assert (result.total_fan, result.liable, result.payments) == (3, 2, (0, 32, -32, 0))


@pytest.mark.parametrize(("field", "value", "message"), [
    ("discarder_pays", "all", "options.discarder_pays: expected one of 'one', 'three'"),
    ("dealer_factor", 0, "options.dealer_factor: expected an int 1..16"),
])  # fmt: skip
def test_oc18_oc19_bad_values_are_refused_by_name(field, value, message):
    with pytest.raises(mjcore.errors.RulesetError, match=message):
        QQ.with_options(**{field: value})


# At the table (both engines): the dealer's first discard, 9s, wins for the South: 人和 (QQ: 6 fan, a share of 64,
# §2.4), paid by the dealer (OC-21).
WINNING_ON_THE_DEALER = (["123456789m123p5z", "111p222p333p456s9s", "1z1z1z2z2z2z3z3z3z4z4z4z6z",
                          "5m5m6m6m7m7m7p7p8p8p6s6s7s"], "9s")  # fmt: skip


@pytest.mark.parametrize("engine", ["rust", "reference"])
@pytest.mark.parametrize(("options", "want"), [
    ({}, (-64, 64, 0, 0)),
    ({"dealer_factor": 2}, (-128, 128, 0, 0)),  # OC-19: the dealer pays double
    ({"discarder_pays": "three"}, (-192, 192, 0, 0)),  # OC-18: the discarding dealer pays the three shares
    ({"discarder_pays": "three", "dealer_factor": 2}, (-256, 256, 0, 0)),  # both: 128 + 64 + 64
])  # fmt: skip
def test_oc18_oc19_at_the_table(engine, options, want):
    from mjcore.reference import table as reference_sim
    from mjcore.table.types import Action

    from tests.support.sim_helpers import scenario_wall

    table = (mjcore.table if engine == "rust" else reference_sim).Table(ruleset=QQ.with_options(**options))
    table.reset(0, 0, wall=scenario_wall(*WINNING_ON_THE_DEALER))
    table.step(Action("discard", 26))  # 9s
    assert table.to_act() == 1 and Action("win") in table.legal_actions()
    table.step(Action("win"))
    assert [(w.seat, w.from_seat, w.fan) for w in table.outcome()] == [(1, 0, 6)]
    assert table.payments() == want


def test_oc4_adding_patterns_is_refused_with_its_reason():
    # OC-4 (RULES.md §2.3): one pattern scores; adding them cannot apply where combined patterns are rows.
    assert QQ.options.combine_patterns == "highest"
    with pytest.raises(mjcore.errors.RulesetError, match=r"options.combine_patterns: \"additive\" is refused "
                                                         r"\(OC-4\): the seeds list combined patterns"):  # fmt: skip
        QQ.with_options(combine_patterns="additive")
    with pytest.raises(mjcore.errors.RulesetError, match="options.combine_patterns: expected \"highest\""):
        QQ.with_options(combine_patterns="sum")
