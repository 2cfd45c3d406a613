"""OC-48 (RULES.md §8; TDH_CASES.md OC-48): liability in a chain of kongs follows the *first* kong. A melded kong fed
by a discard, a concealed kong declared on its replacement, then a bloom on the second replacement: the feeder
of the first kong is liable, at 推倒胡 (杠爆全包, §4.4) and at the 鸡平胡 tables (杠上开花包杠, §2.6), on both
table engines, from an explicit wall.

Seats are rotated from T29 (dealer P3, liable P0, winner P1) so that the dealer deals first: dealer seat 0 (an
onlooker as in T29), liable seat 1, winner seat 2, seat 3 the other onlooker."""

from __future__ import annotations

import pytest

import mjcore
from mjcore.notation import parse_tiles
import mjcore.table
from mjcore.reference import table as reference_sim
from mjcore.table.types import Action

SIX_CHAR, THREE_BAMBOO, SIX_EAST_DRAGON = 5, 20, 32


@pytest.fixture(params=["rust", "reference"])
def engine(request):
    return mjcore.table if request.param == "rust" else reference_sim


def explicit_wall(hands: list[str], head: str, tail: str) -> list[int]:
    """``hands`` dealt from seat 0 (the dealer), ``head`` drawn in order, the rest in kind order, and ``tail``
    the kong replacements in the order they are drawn (the wall's last tile first)."""
    order: list[int] = []
    for text in hands:
        tiles = parse_tiles(text)
        assert len(tiles) == 13, text
        order += tiles
    order += parse_tiles(head)
    replacements = parse_tiles(tail)
    rest = [k for k in range(34) for _ in range(4 - order.count(k) - replacements.count(k))]
    return order + rest + replacements[::-1]


def chain_wall(winner: str) -> list[int]:
    # Seat 0 draws and discards 6z; seat 1 draws 7z and discards 6m; seat 2 (holding 666m) kongs it, draws 3s
    # and declares 3333s, draws 4s: 杠上开花.
    hands = ["124m124p1279s234z", "13569m135p568s67z", winner, "2478m2478p269s34z"]
    return explicit_wall(hands, "6z7z", "3s4s")


def play_chain(engine, ruleset: str, winner: str) -> tuple[int, ...]:
    table = engine.Table(ruleset=ruleset)
    table.reset(0, 0, wall=chain_wall(winner))
    script = [(0, Action("discard", SIX_EAST_DRAGON)), (1, Action("discard", SIX_CHAR)), (2, Action("kong")),
              (2, Action("concealed_kong", THREE_BAMBOO)), (2, Action("win"))]
    for seat, action in script:
        while table.to_act() != seat or action not in table.legal_actions():
            assert Action("pass") in table.legal_actions(), (seat, action, table.to_act(), table.legal_actions())
            table.step(Action("pass"))
        table.step(action)
    (won,) = table.outcome()
    assert (won.seat, won.from_seat) == (2, None)
    return tuple(table.payments())


def test_t29_the_first_kong_of_a_chain_is_liable_at_tdh(engine):
    # TDH_CASES.md T29: share 2b; 杠爆全包 on the chain (OC-48) 3 × 2b by the feeder; kong money: the feeder pays
    # 3b for the melded kong, each other seat 2b for the concealed kong. Net (T29's P3, P0, P1, P2 = our seats
    # 0..3): −2, −11, +15, −2. Only the last kong counted would give −4, −7, +15, −4.
    assert play_chain(engine, "tdh", "666m333s789p11z5z4s") == (-2, -11, 15, -2)


@pytest.mark.parametrize("ruleset, share", [
    # QQ: 鸡胡 0 + 自摸, 杠上开花 raised to 3 fan (§2.4, QQ 特殊规则) → share 8.
    ("gd-qq3", 8),
    # CGC: 鸡糊 0 + 自摸 +1 + 杠上开花 +1 (OC-7) = 2 fan → share 4.
    ("gd-cgc5", 4),
])
def test_the_first_kong_of_a_chain_is_liable_at_the_chicken_tables(engine, ruleset, share):
    # §2.6: 杠上开花包杠 makes the feeder of the melded kong pay all three shares; OC-48 carries it through the
    # concealed kong declared on its replacement. No kong money at these tables (§1.6).
    assert play_chain(engine, ruleset, "666m333s789p11z44s") == (0, -3 * share, 3 * share, 0)
