"""The ``efficiency`` bot: its choices follow its rules on hand-written positions (twin) and agree with the
independent discard table of ``mjcore.waits`` on positions from real deals. Its parity with the twin over whole
deals is in ``tests/twin/slow/test_efficiency_bot.py`` (one deal of it in the default tier's table smoke)."""

from __future__ import annotations

import pytest

import mjcore
from mjcore import Forms, InvalidArgumentError
from mjcore.hand import Meld, MeldKind
from mjcore.reference import table as ref
from mjcore.reference.table.discard_order import tie_break
import mjcore.table
from mjcore.table.bots import BOT_NAMES

from tests.support.sim_helpers import bot_deal
from mjcore.table.types import Action, Observation, OfferedTile
from mjcore.tiles import NUM_KINDS

EFFICIENCY = ("efficiency",) * 4
E, S, W, N, WHITE = 27, 28, 29, 30, 31


def counts(*runs: str) -> tuple[int, ...]:
    """Concealed counts from mpsz text."""
    return mjcore.parse_hand("".join(runs)).concealed


def test_bots_are_registered_by_name() -> None:
    assert BOT_NAMES == ref.BOT_NAMES == ("random", "efficiency", "advisor")
    assert isinstance(ref.bot_named("efficiency"), ref.EfficiencyBot)
    with pytest.raises(InvalidArgumentError, match='unknown bot "smart"'):
        bot_deal(mjcore.table, 0, 0, ("smart",) * 4)
    with pytest.raises(InvalidArgumentError, match='unknown bot "smart"'):
        ref.bot_named("smart")
    with pytest.raises(InvalidArgumentError, match="one per seat"):
        bot_deal(mjcore.table, 0, 0, ("random",) * 3)


# Hand-written positions -----------------------------------------------------------------------------------


def view(hand: tuple[int, ...], *, discards=((), (), (), ()), melds=((), (), (), ()), offered=None,
         seat: int = 0, dealer: int = 0) -> Observation:
    return Observation(seat=seat, hand=hand, drawn=None, melds=tuple(map(tuple, melds)),
                       discards=tuple(map(tuple, discards)), wall_remaining=50, dealer=dealer, round_wind=0,
                       to_act=seat, offered=offered)


def discards_of(hand: tuple[int, ...]) -> list[Action]:
    return [Action("discard", k) for k in range(NUM_KINDS) if hand[k]]


def test_it_always_wins_when_it_may() -> None:
    hand = counts("123m456p789s55z67s8s")
    legal = [Action("win"), *discards_of(hand)]
    assert ref.EfficiencyBot().choose(view(hand), legal) == Action("win")


def test_shanten_comes_before_the_order_of_value() -> None:
    # Only discarding the lone 5m keeps the hand ready (waits 5s 8s); the winds pair must stay.
    hand = counts("123m456p789s11z67s5m")
    assert ref.EfficiencyBot().choose(view(hand), discards_of(hand)) == Action("discard", 4)


def test_useful_tiles_come_before_the_order_of_value() -> None:
    # Ready either way: dropping 3s keeps 56s (4s 7s, 8 copies), dropping 6s keeps 35s (4s, 4 copies). By value
    # alone 6s (4/5/6) would go before 3s (3/7).
    hand = counts("123m456p789p55z356s")
    assert ref.EfficiencyBot().choose(view(hand), discards_of(hand)) == Action("discard", 20)


def test_latest_wind_to_appear_goes_first() -> None:
    # Seed 000: holding E S W N with 下家 discarding E, 对家 S, 上家 W, the order is W, S, E, N. Here the dealer
    # (seat 0) holds East as a scoring wind and a white dragon; S and W tie on useful copies and class, and
    # West came out last.
    hand = counts("123m456p789s12345z")
    played = view(hand, discards=((), (E,), (S,), (W,)))
    assert ref.EfficiencyBot().choose(played, discards_of(hand)) == Action("discard", W)
    # Without the discards every wind is 生张: the plain winds S, W, N tie and the lowest kind goes first.
    assert ref.EfficiencyBot().choose(view(hand), discards_of(hand)) == Action("discard", S)


def test_known_tiles_go_first_only_early() -> None:
    seen = view(counts("1m"), discards=((), (), (26,), ()))
    # 9s has been discarded by another seat (熟张), 1m has not (生张): early (2-shanten) 9s sorts first even
    # though both are terminals and 1m has the lower index; from 1-shanten only the index decides.
    assert tie_break(seen, 26, 2) < tie_break(seen, 0, 2)
    assert tie_break(seen, 0, 1) < tie_break(seen, 26, 1)
    # The class order: plain wind, scoring honour, terminal, 2/8, 4/5/6, 3/7.
    order = [tie_break(seen, tile, 1)[1] for tile in (S, WHITE, 0, 1, 4, 2)]
    assert order == sorted(order) and len(set(order)) == 6


def test_it_pons_only_when_that_lowers_shanten() -> None:
    offered = OfferedTile(tile=WHITE, from_seat=3, added_kong=False)
    legal = [Action("pass"), Action("pon")]
    one_away = counts("123m456p789s55z1z9m")  # 1-shanten; after 555z and a discard, ready
    assert ref.EfficiencyBot().choose(view(one_away, offered=offered), legal) == Action("pon")
    ready = counts("123m456p789s55z67m")  # ready on 5m 8m; the pon would leave a single wait on fewer tiles
    assert ref.EfficiencyBot().choose(view(ready, offered=offered), legal) == Action("pass")


def test_it_chis_when_that_lowers_shanten() -> None:
    # 1-shanten (blocks 34m 78p, pair 1z); chi 345m and a discard of the lone 5s leave it ready.
    hand = counts("34m123p78p456s11z5s")
    offered = OfferedTile(tile=4, from_seat=3, added_kong=False)
    legal = [Action("pass"), Action("chi", 2)]
    assert ref.EfficiencyBot().choose(view(hand, offered=offered), legal) == Action("chi", 2)


def test_a_kong_that_costs_nothing_is_declared() -> None:
    hand = counts("1111m456p789s55z67s")
    legal = [Action("concealed_kong", 0), *discards_of(hand)]
    assert ref.EfficiencyBot().choose(view(hand), legal) == Action("concealed_kong", 0)
    melds = ((Meld(MeldKind.PON, 32, 32, 3),), (), (), ())
    hand = counts("123m456p78s55z6z")
    legal = [Action("added_kong", 32), *discards_of(hand)]
    assert ref.EfficiencyBot().choose(view(hand, melds=melds), legal) == Action("added_kong", 32)


# Agreement with the discard table of mjcore.waits on real positions -------------------------------------------


def test_turn_discards_are_among_the_best_rows_of_the_discard_table() -> None:
    checked = 0
    for deal in range(6):
        table = ref.Table()
        table.reset(11, deal)
        bots = [ref.EfficiencyBot() for _ in range(4)]
        while (seat := table.to_act()) is not None:
            observation, legal = table.observation(seat), table.legal_actions()
            action = bots[seat].choose(observation, legal)
            if action.kind == "discard":
                own = observation.melds[seat]
                visible = [0] * NUM_KINDS
                for other in range(4):
                    for tile in observation.discards[other]:
                        visible[tile] += 1
                    for meld in observation.melds[other] if other != seat else ():
                        for tile in meld.tiles:
                            visible[tile] += 1
                hand = mjcore.Hand(observation.hand, own)
                rows = mjcore.waits(hand, Forms.STANDARD | Forms.THIRTEEN_ORPHANS, visible=visible)
                best = min((row.shanten, -row.total) for row in rows)
                assert action.tile in [row.discard for row in rows if (row.shanten, -row.total) == best]
                checked += 1
            table.step(action)
    assert checked > 100
