"""The Sichuan settlement's options on both backends, each against money worked out by hand from the worked
cases' sequences (the defaults are the cases themselves, tests/rules/sichuan/test_cases.py)."""

from __future__ import annotations

import pytest

import mjcore
import mjcore.reference.rules.sichuan  # noqa: F401
from mjcore.errors import IllegalActionError
from mjcore.rules.sichuan import EndHand, Kong, Out, Win

# S23: E has won; S is a 花猪, W ready (best 8), N not ready.
S23_END = [EndHand.of(1, "123m456m789m5p11s2s", "p"), EndHand.of(2, "1112345678999m", "p"),
           EndHand.of(3, "147m369m147s258s9s", "p")]  # fmt: skip
# S28's checked seats: E and N not ready, S ready on 2p or 5p (平胡).
S28_END = [EndHand.of(0, "(9999m)147m1235689p", "s"), EndHand.of(1, "234m567m111m88m34p", "s"),
           EndHand.of(3, "{7777p}12345688s19p", "m")]  # fmt: skip


def settle(backend, events, ends=(), exhausted=True, **options):
    rules = mjcore.load_ruleset("sichuan").with_options(**options)
    return backend.rules.sichuan.settle(events, ends, ruleset=rules, wall_exhausted=exhausted)


def test_flower_pig_options(backend):
    assert settle(backend, [Out(0)], S23_END).money["flower_pig"] == (0, -32, 16, 16)
    assert settle(backend, [Out(0)], S23_END, flower_pig="cap_and_winners").money["flower_pig"] == (16, -48, 16, 16)
    assert settle(backend, [Out(0)], S23_END, flower_pig="sixteen", cap=5).money["flower_pig"] == (0, -32, 16, 16)
    assert settle(backend, [Out(0)], S23_END, cap=5).money["flower_pig"] == (0, -64, 32, 32)
    # OC-S14's last alternative, E8's 48 points: a fixed 48 底 to each checked player who is not a 花猪 (seats 2
    # and 3; seat 0 is out), whatever the cap, none included.
    for cap in (0, 5):
        assert settle(backend, [Out(0)], S23_END, flower_pig="forty_eight", cap=cap).money["flower_pig"] == (
            0, -96, 48, 48)


def test_void_discards_exempt_a_flower_pig(backend):
    ends = [EndHand.of(1, "123m456m789m5p11s2s", "p", void_discards=True), *S23_END[1:]]
    assert settle(backend, [Out(0)], ends).money["flower_pig"] == (0, -32, 16, 16)  # the option is off
    exempt = settle(backend, [Out(0)], ends, void_discards_exempt=True)
    assert exempt.money["flower_pig"] == (0, 0, 0, 0) and exempt.money["ready_check"] == (0, 0, 8, -8)


def test_no_end_checks_before_the_wall_is_exhausted(backend):
    result = settle(backend, [Out(0)], S23_END, exhausted=False)
    assert result.totals == (0, 0, 0, 0) and result.status == ("won", "unchecked", "unchecked", "unchecked")


def test_the_fourth_player_checked_after_three_winners(backend):
    events = [Kong(0, "concealed"), Out(1), Out(2), Out(3)]
    assert settle(backend, events).money["refund"] == (0, 0, 0, 0)
    checked = settle(backend, events, [EndHand.of(0, "(1111m)5m12345678p8p", "s")], check_fourth=True)
    assert checked.status[0] == "not_ready" and checked.money["refund"] == (-6, 2, 2, 2)


def test_call_transfer_of_all_kong_money(backend):
    events = [Kong(0, "concealed"), Kong(0, "added"), Win(((2, 1),), "discard", 0, kong_discard=True)]
    assert settle(backend, events, exhausted=False).money["transfer"] == (-3, 0, 3, 0)  # that (last) kong: 1 × 3
    assert settle(backend, events, exhausted=False, call_transfer="all").money["transfer"] == (-9, 0, 9, 0)
    assert settle(backend, events, exhausted=False, call_transfer="off").money["transfer"] == (0, 0, 0, 0)


def test_returned_kong(backend):
    events = [Kong(0, "added", returned=True)]
    assert settle(backend, events, exhausted=False).money["kong"] == (3, -1, -1, -1)
    assert settle(backend, events, exhausted=False, returned_kong_pays=False).money["kong"] == (0, 0, 0, 0)


def test_dead_waits(backend):
    events = [Out(2)]
    dead = [EndHand.of(1, "234m567m111m88m34p", "s", visible=[4 if t in (10, 13) else 0 for t in range(34)])]
    ends = [S28_END[0], dead[0], S28_END[2]]
    assert settle(backend, events, ends).status[1] == "ready"  # 死叫算叫 by default
    counted_dead = settle(backend, events, ends, dead_wait_counts=False)
    assert counted_dead.status[1] == "not_ready" and counted_dead.money["ready_check"] == (0, 0, 0, 0)


def test_ready_check_scored_as_a_self_draw(backend):
    events = [Out(2)]
    assert settle(backend, events, S28_END).money["ready_check"] == (-1, 2, 0, -1)
    assert settle(backend, events, S28_END, ready_check_basis="self_draw").money["ready_check"] == (-2, 4, 0, -2)


def test_self_draw_bonus_as_base(backend):
    result = settle(backend, [Win(((1, 2),), "self_drawn")], exhausted=False, self_draw_bonus="base")
    assert result.money["win"] == (-5, 15, -5, -5)  # 底 × 2^2 + 底 from each


def test_bloody_river_winners_keep_paying(backend):
    events = [Win(((1, 0),), "discard", 2), Kong(0, "concealed"), Win(((1, 1),), "self_drawn")]
    assert settle(backend, events[:2], exhausted=False).money["kong"] == (4, 0, -2, -2)  # 血战: S has left
    with pytest.raises(IllegalActionError):  # and cannot win again
        settle(backend, events, exhausted=False)
    bloody = settle(backend, events, exhausted=False, mode="xueliu")
    assert bloody.money["kong"] == (6, -2, -2, -2) and bloody.winners == (1,)
