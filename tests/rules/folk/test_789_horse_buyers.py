"""789's "有时候有些玩家还有买马这个玩法" (seed 000/789, RULES.md §5; issue 27): only some seats buy horses
(``options.horse_buyers``), and a horse may mirror the winner's flower money as well as the hand
(``options.horse_mirrors = "hand_and_flowers"``: "买到的那家赢了，买马者就可以拿与赢家一样的数"). Worked deals from
explicit walls on both engines, the per-win scorer's refusal of a non-buyer's bet, and the file's checks."""

from __future__ import annotations

import pytest

import mjcore
from mjcore.errors import RulesetError
from mjcore.reference.table import Table as TwinTable
from mjcore.table import Horse, Table
from mjcore.table.types import Action

from tests.rules.folk.test_789_horses import GD789, HANDS, TURNED, _code, discard_5p

SOME = GD789.with_options(horses_per_seat=2, horse_buyers=[3, 1])


@pytest.mark.parametrize("engine", [Table, TwinTable], ids=["native", "twin"])
def test_only_the_listed_seats_buy_horses(engine) -> None:
    """The worked deal of test_789_horses (W wins 清一色, multiple 4, stake 3, on E's 5p: E pays 12), but only S
    and N buy, two horses each: 2 × 2 = 4 horses turned from the tail end, 1m 2m 3p 4s, the buyers in turn order
    from the dealer E among S and N — S 1m 2m, N 3p 4s. Counting E as 1: 1m→E 2m→S 3p→W 4s→N. S's 1m shadows
    the payer E: S pays W 12; N's 3p shadows the winner W: N collects 12 from E; 2m and 4s pick seats neither
    winner nor payer. E and W buy none. Horses E −12, S −12, W +12, N +12; with the hand E −24, S −12, W +24,
    N +12."""
    assert SOME["horse_buyers"] == [1, 3] and SOME.table_rules.reserved_tail == 4
    table = engine(ruleset=SOME)
    discard_5p(table)
    (winner,) = table.outcome()
    assert (winner.seat, winner.from_seat, winner.fan) == (2, 0, 4)
    assert winner.horses == tuple(Horse(_code(t), b, p) for t, b, p in zip(TURNED[:4], [1, 1, 3, 3], [0, 1, 2, 3]))
    assert table.horse_money() == (-12, -12, 12, 12)
    assert table.payments() == (-24, -12, 24, 12)


def flower_wall() -> list[int]:
    """test_789_horses' deal, but W is dealt 1f in place of one 1p: its replacement, the wall's last tile, is
    that 1p; the eight horses lie just before it (turned after the replacement was drawn)."""
    hands = list(HANDS)
    hands[2] = "123p678p999p1p46p"
    order: list[int] = []
    for seat, text in enumerate(hands):
        order += list(mjcore._core.parse_tiles(text)) + ([34] if seat == 2 else [])
    order += list(mjcore._core.parse_tiles("5p"))
    horses = [_code(name) for name in TURNED]
    replacement = mjcore._core.parse_tiles("1p")[0]
    used = order + horses + [replacement]
    rest = [k for k in range(34) for _ in range(4 - used.count(k))] + [f for f in range(34, 42) if f not in used]
    return order + rest + horses[::-1] + [replacement]


@pytest.mark.parametrize("engine", [Table, TwinTable], ids=["native", "twin"])
@pytest.mark.parametrize("mirrors", ["hand", "hand_and_flowers"])
def test_a_horse_may_mirror_the_winners_flower_money(engine, mirrors: str) -> None:
    """W wins 清一色 on E's 5p holding 1f: the hand E −12 → W, the flower 1 from each of E, S, N (flower_stake 1).
    Every seat buys two horses (E 1m 2m, S 3p 4s, W 白 发, N 中 3f; picks E S W N E S W W as in test_789_horses).
    "hand": the horse money of test_789_horses, (−48, +12, +12, +24).
    "hand_and_flowers": each horse mirrors the rows E 12 + 1, S 1, N 1. E's 1m (on the payer E): E pays W 13;
    E's 2m (on S, now a payer of 1): E pays W 1; S's 3p (on W): S collects 13 from E and 1 from N; S's 4s (on N,
    a payer of 1): S pays W 1; W's 白 and 发 shadow payers for W itself: nothing; N's 中 and 3f (on W): N
    collects 13 from E and 1 from S, twice. Horses E −53, S +11, W +15, N +27; with the hand and flowers
    E −66, S +10, W +30, N +26."""
    rules = GD789.with_options(horses_per_seat=2, horse_mirrors=mirrors)
    table = engine(ruleset=rules)
    table.reset(0, 0, wall=flower_wall())
    assert table.observation(2).flowers[2] == (0,), "W set 1f aside"
    table.step(Action("discard", 13))
    while table.to_act() is not None:
        table.step(Action("win"))
    (winner,) = table.outcome()
    assert (winner.seat, winner.from_seat, winner.fan) == (2, 0, 4)
    if mirrors == "hand":
        assert table.horse_money() == (-48, 12, 12, 24)
        assert table.payments() == (-61, 11, 27, 23)
    else:
        assert table.horse_money() == (-53, 11, 15, 27)
        assert table.payments() == (-66, 10, 30, 26)


@pytest.mark.parametrize("backend", ["native", "reference"])
def test_the_scorer_refuses_a_bet_by_a_seat_that_buys_none(backend: str) -> None:
    from mjcore.reference.rules.folk.scorer import score_789
    from mjcore.rules.folk import scorer as native
    from mjcore.rules.folk.situation import Gd789Situation

    where = Gd789Situation(seat=2, discarder=0, dealer=0, horses=((0, 0),))
    hand = mjcore.parse_hand("123p678p999p11p46p")
    with pytest.raises(mjcore.InvalidArgumentError, match="horse_buyers"):
        if backend == "native":
            native.score(hand, 13, where, SOME)
        else:
            score_789(hand, 13, where, SOME)
    ok = Gd789Situation(seat=2, discarder=0, dealer=0, horses=((1, 0),))  # S's 1m on the payer E: S pays W 12
    paid = native.score(hand, 13, ok, SOME) if backend == "native" else score_789(hand, 13, ok, SOME)
    assert list(paid.money["horses"]) == [0, -12, 12, 0]


@pytest.mark.parametrize(("option", "value"), [("horse_buyers", [0, 0]), ("horse_buyers", [4]),
                                               ("horse_buyers", "all"), ("horse_buyers", [True]),
                                               ("horse_mirrors", "flowers")])  # fmt: skip
def test_a_value_the_table_cannot_play_is_refused_by_name(option: str, value) -> None:
    with pytest.raises(RulesetError, match=option):
        GD789.with_options(**{option: value})
