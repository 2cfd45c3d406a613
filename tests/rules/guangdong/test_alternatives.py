"""Alternatives of RULES.md §8's open choices offered as options (issue 27, item 3), on both backends."""

from __future__ import annotations

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
