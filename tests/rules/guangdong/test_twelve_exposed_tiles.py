"""OC-14's alternative (RULES.md §8: "4 claimed melds (concealed kongs excluded) / 12 exposed tiles"):
``liabilities.twelve_tiles_count = "exposed_tiles"`` counts the tiles of the claimed melds, a kong four, so three
claimed kongs already put twelve tiles down (十二张落地包自摸, §2.6 trigger 3: the feeder of the meld that did it
pays all three shares of a self-drawn win). Scored by both backends, and played at the table by both engines from
an explicit wall; the default count (four claimed melds) is unchanged."""

from __future__ import annotations

import warnings

import pytest

import mjcore
from mjcore import Meld, MeldKind, RulesetError
from mjcore.notation import parse_tiles
import mjcore.table
from mjcore.reference import table as reference_sim
from mjcore.table.types import Action

QQ = mjcore.load_ruleset("gd-qq3")
EXPOSED = {"twelve_tiles_count": "exposed_tiles"}
ONE_M, FOUR_M, FIVE_P, NINE_S, ONE_Z, TWO_Z, FIVE_Z, SIX_Z, SEVEN_Z = 0, 3, 13, 26, 27, 28, 31, 32, 33


@pytest.fixture
def score(backend):
    """``score`` of each backend (the ``backend`` fixture of conftest.py)."""
    return backend.score


def three_kongs(first: MeldKind) -> mjcore.Hand:
    """North holds 23m55s and three kongs fed by East (1m, ``first``), South (5p) and West (9s), in that order."""
    return mjcore.Hand(mjcore.parse_hand("23m55s").concealed, (Meld(first, ONE_M, ONE_M, 1), Meld(MeldKind.KONG, FIVE_P, FIVE_P, 2),
                                                   Meld(MeldKind.KONG, NINE_S, NINE_S, 3)))  # fmt: skip


@pytest.mark.parametrize("rules", ["gd-qq3", "gd-cgc5", "gd-guigang"])
def test_every_guangdong_table_offers_the_count_and_defaults_to_four_melds(rules):
    with warnings.catch_warnings():  # gd-guigang's 天和/地和/人和 are placeholders (tests/rules/test_placeholders.py)
        warnings.simplefilter("ignore")
        ruleset = mjcore.load_ruleset(rules)
    assert ruleset.liabilities.twelve_tiles_count == "claimed_melds"
    assert ruleset.with_options(**EXPOSED).liabilities.twelve_tiles_count == "exposed_tiles"
    with pytest.raises(RulesetError, match="twelve_tiles_count.*OC-14.*'twelve'"):
        ruleset.with_options(twelve_tiles_count="twelve")


@pytest.mark.parametrize("first", [MeldKind.KONG, MeldKind.ADDED_KONG])
def test_three_claimed_kongs_show_twelve_tiles_and_the_third_kongs_feeder_pays(score, first):
    # North (seat wind 3) self-draws 4m: the third kong (9s) came from its 上家 West (2), who pays all three
    # shares. An added kong counts four tiles at its pon's place. Counting four claimed melds, nobody is liable.
    hand = three_kongs(first)
    plain = score(hand, "4m", ruleset=QQ, seat_wind="N", round_wind="S", self_drawn=True)
    assert plain.liable is None and sum(p for p in plain.payments if p < 0) == -plain.payments[3]
    liable = score(hand, "4m", ruleset=QQ.with_options(**EXPOSED), seat_wind="N", round_wind="S", self_drawn=True)
    assert liable.liable == 2 and liable.payments == (0, 0, -plain.payments[3], plain.payments[3])
    # 包先不包后: a feeder already liable once is not again; on a discard the payment is normal.
    again = score(hand, "4m", ruleset=QQ.with_options(**EXPOSED), seat_wind="N", round_wind="S", self_drawn=True,
                  feeder_already_liable=True)  # fmt: skip
    assert again.liable is None and again.payments == plain.payments
    assert score(hand, "4m", ruleset=QQ.with_options(**EXPOSED), seat_wind="N", round_wind="S",
                 discarder="S").liable is None  # fmt: skip


def test_two_kongs_and_a_pon_are_eleven_tiles_and_a_concealed_kong_shows_none(score):
    rules = QQ.with_options(**EXPOSED)
    pon = mjcore.Hand(mjcore.parse_hand("23m55s").concealed, (Meld(MeldKind.PON, ONE_M, ONE_M, 1),) + three_kongs(MeldKind.KONG).melds[1:])
    assert score(pon, "4m", ruleset=rules, seat_wind="N", round_wind="S", self_drawn=True).liable is None
    concealed = mjcore.Hand(pon.concealed, (Meld(MeldKind.CONCEALED_KONG, ONE_M),) + pon.melds[1:])
    assert score(concealed, "4m", ruleset=rules, seat_wind="N", round_wind="S", self_drawn=True).liable is None


def explicit_wall(hands: list[str], head: str, tail: str) -> list[int]:
    """``hands`` dealt from seat 0 (the dealer), ``head`` drawn in order, the rest in kind order, and ``tail``
    the kong replacements in the order they are drawn (the wall's last tile first)."""
    order = [tile for text in hands for tile in parse_tiles(text)]
    assert len(order) == 52
    order += parse_tiles(head)
    replacements = parse_tiles(tail)
    rest = [k for k in range(34) for _ in range(4 - order.count(k) - replacements.count(k))]
    return order + rest + replacements[::-1]


# Seat 1 holds 111m 555p 999s: it kongs the dealer's 1m, seat 2's 5p and seat 3's 9s (each replacement then
# discarded but the first, 5s), and self-draws 4m on an ordinary draw: 234m 55s. The others discard what they draw.
HANDS = ["1468m2468p2468s1z", "111m555p999s23m5s7z", "23579m135p1357s2z", "2479m479p9s33446z"]
SCRIPT = [(0, Action("discard", ONE_M)), (1, Action("kong")), (1, Action("discard", SEVEN_Z)),
          (2, Action("discard", FIVE_P)), (1, Action("kong")), (1, Action("discard", SEVEN_Z)),
          (2, Action("discard", SEVEN_Z)), (3, Action("discard", NINE_S)), (1, Action("kong")),
          (1, Action("discard", SIX_Z)), (2, Action("discard", TWO_Z)), (3, Action("discard", ONE_Z)),
          (0, Action("discard", FIVE_Z)), (1, Action("win"))]  # fmt: skip


def play(engine, rules) -> tuple[int, ...]:
    table = engine.Table(ruleset=rules)
    table.reset(0, 0, wall=explicit_wall(HANDS, "5z5z7z6z2z1z5z4m", "5s7z6z"))
    for seat, action in SCRIPT:
        while table.to_act() != seat or action not in table.legal_actions():
            assert Action("pass") in table.legal_actions(), (seat, action, table.to_act(), table.legal_actions())
            table.step(Action("pass"))
        table.step(action)
    (won,) = table.outcome()
    assert (won.seat, won.from_seat) == (1, None)
    return tuple(table.payments())


@pytest.mark.parametrize("engine", [mjcore.table, reference_sim], ids=["rust", "reference"])
@pytest.mark.parametrize("rules", ["gd-qq3", "gd-cgc5"])
def test_at_the_table_three_melded_kongs_make_the_third_feeder_liable(engine, rules):
    ruleset = mjcore.load_ruleset(rules)
    plain = play(engine, ruleset)
    won = plain[1]
    assert won > 0 and all(paid < 0 for seat, paid in enumerate(plain) if seat != 1)
    # OC-14 "12 exposed tiles": the third kong's feeder, seat 3, pays what the three paid.
    assert play(engine, ruleset.with_options(**EXPOSED)) == (0, won, 0, -won)
