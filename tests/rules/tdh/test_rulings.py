"""The 推倒胡 rulings the worked cases do not reach (docs/tdh.md): each option's effect on one hand, worked out
by hand, on both backends."""

from __future__ import annotations

import pytest

import mjcore
from mjcore import Hand, Meld, MeldKind

BACKENDS = {"native": mjcore.score, "reference": mjcore.reference.score}
TDH = mjcore.load_ruleset("tdh")
T01 = "123m456m79p234s9s5z"  # + 9s: one 白 ghost as 8p
T05 = "234m567m345p6p789s"  # + 6p: no ghost
T45 = "123m456m789m11z23p"  # + 1p or 4p: no ghost


@pytest.fixture(params=BACKENDS)
def score(request):
    return BACKENDS[request.param]


def test_a_ghost_may_be_a_fifth_copy_only_under_oc45(score) -> None:
    hand = "123m456m789m999s5z"  # + 9s: four natural 9s, the ghost is a fifth
    assert score(hand, "9s", ruleset=TDH, self_drawn=True).share == 2
    refused = score(hand, "9s", ruleset=TDH.with_options(ghost_fifth_copy=False), self_drawn=True)
    assert refused.refusal == "not_complete"


def test_the_copies_in_the_melds_count_towards_a_fifth_copy(score) -> None:
    """OC-45 off: 4s is a ghost (翻鬼 two after 2s: 3s and 4s), and the only pair it can make is 4p with the
    drawn 4p — whose other three copies are melded: the ghost would be a fifth 4p. The native scorer once
    checked the concealed part alone and paid it as 平胡."""
    hand = "4s [1111s<1] [4444z<1] [444p<2] [666s<1]"
    rules = TDH.with_options(tiles="no_characters", ghosts="flip_two")
    assert score(hand, "4p", ruleset=rules, self_drawn=True, ghost_indicator="2s").share == 2  # OC-45 on
    refused = score(hand, "4p", ruleset=rules.with_options(ghost_fifth_copy=False), self_drawn=True,
                    ghost_indicator="2s")  # fmt: skip
    assert refused.refusal == "not_complete"


def test_four_flower_ghosts_are_four_ghosts_but_eight_are_not(score) -> None:
    hand = "1m4m7m2p5p8p3s6s9s1z***"  # three flower ghosts, written *, and nine unrelated tiles
    four = score(hand, "4f", ruleset=TDH.with_options(ghosts="flowers4"), self_drawn=True, seat_wind=2)
    assert four.form.key == "four_ghosts" and four.net == (-2, -2, 6, -2)
    eight = score(hand, "4f", ruleset=TDH.with_options(ghosts="flowers8"), self_drawn=True, seat_wind=2)
    assert eight.refusal == "not_complete"


def test_flower_horses_point_by_their_number(score) -> None:
    rules = TDH.with_options(ghosts="flowers8", horses=2)
    result = score("123m456m79p234s9s*", "9s", ruleset=rules, seat_wind=1, self_drawn=True, horses="6f3f")
    assert [(h.seat, h.hit) for h in result.horses] == [(1, True), (2, False)]  # 6 → 下家, 3 → 对家
    assert result.net == (-4, 12, -4, -4)


def test_one_horse_counts_its_number_or_ten(score) -> None:
    rules = TDH.with_options(horses=1, one_horse=True)
    suited = score(T01, "9s", ruleset=rules, seat_wind=1, self_drawn=True, horses=["7p"])
    assert suited.horses[0].hits == 7 and suited.net == (-16, 48, -16, -16)  # 2 + 7 × 2 per payer
    honour = score(T01, "9s", ruleset=rules, seat_wind=1, self_drawn=True, horses=["1z"])
    assert honour.horse_hits == 10 and honour.net == (-22, 66, -22, -22)


def test_horses_follow_the_win_and_the_kongs(score) -> None:
    rules = TDH.with_options(horses=2, horse_follows_win=True)
    follows_win = score(T05, "6p", ruleset=rules, self_drawn=True, horses="1m5p")  # both hit the dealer
    assert follows_win.net == (36, -12, -12, -12)  # 4 + 2 × 4 per payer
    hand = Hand(mjcore.parse_hand("345p678p9s5z11s").concealed, (Meld(MeldKind.ADDED_KONG, 28, None, 2),))
    rules = TDH.with_options(tiles="no_characters", horses=2, horse_follows_kong=True)
    follows_kong = score(hand, "9s", ruleset=rules, seat_wind=2, dealer=2, self_drawn=True, kong_bloom=True,
                         horses="1p5s")  # fmt: skip
    assert follows_kong.win_net == (-8, -8, 24, -8)  # 2 + 2 × (2 + the payer's 1b of kong money)
    assert follows_kong.net == (-9, -9, 27, -9)


@pytest.mark.parametrize(("pays", "net", "liable"), [("one", (0, 4, 0, -4), None), ("three", (0, 12, 0, -12), 3)])
def test_discard_wins_pay_one_share_or_three(score, pays, net, liable) -> None:
    rules = TDH.with_options(discard_wins=True, discarder_pays=pays)
    result = score(T45, "4p", ruleset=rules, seat_wind=1, discarder=3)
    assert result.net == net and result.liable == liable


def test_a_discarded_ghost_is_never_won_on(score) -> None:
    result = score(T01, "5z", ruleset=TDH.with_options(discard_wins=True), seat_wind=1, discarder=0)
    assert result.refusal == "ghost_discard" and result.net == (0, 0, 0, 0)


def test_robbing_a_melded_kong_makes_the_konger_pay(score) -> None:
    rules = TDH.with_options(rob_melded_kong=True)
    result = score("12s456m789m234p5z6z", "3s", ruleset=rules, seat_wind=1, dealer=2, discarder=0,
                   robbing_kong="melded")  # fmt: skip
    assert result.liable == 0 and result.net == (-6, 6, 0, 0)
    no_liability = score("12s456m789m234p5z6z", "3s", ruleset=rules.with_options(robbing_pays_all=False),
                         seat_wind=1, discarder=0, robbing_kong="melded")  # fmt: skip
    assert no_liability.liable is None and no_liability.net == (-2, 6, -2, -2)


def test_the_situation_multipliers_double_when_on(score) -> None:
    rules = TDH.with_options(last_tile_double=True, kong_bloom_double=True, robbing_kong_double=True)
    last = score(T05, "6p", ruleset=rules, self_drawn=True, last_tile=True)
    assert [m.key for m in last.multipliers] == ["no_ghosts", "last_tile"] and last.share == 8
    robbed = score(T01, "8p", ruleset=rules, seat_wind=1, discarder=3, robbing_kong=True)
    assert [m.key for m in robbed.multipliers] == ["robbing_kong"] and robbed.net == (0, 12, 0, -12)


def test_a_streaking_dealer_draws_more_horses_and_earns_the_bonus(score) -> None:
    rules = TDH.with_options(horses=2, streak_horses=True, streak_bonus=True)
    result = score(T05, "6p", ruleset=rules, self_drawn=True, dealer_streak=1, horses="2m3m4m6m")
    assert result.horse_hits == 0 and result.net == (18, -6, -6, -6)  # 4 + 2 × 1 per payer
    with pytest.raises(mjcore.InvalidArgumentError, match="draws 4 horse tiles"):
        score(T05, "6p", ruleset=rules, self_drawn=True, dealer_streak=1, horses="2m3m")


def test_seven_pairs_outranks_a_plain_reading_and_four_ghosts_double_outranks_both(score) -> None:
    # 白 ghosts ×4 and a hand that is also seven pairs: the doubled form wins.
    hand = "1133m55p77p2s5555z"
    rules = TDH.with_options(seven_pairs=True)
    assert score(hand, "2s", ruleset=rules, self_drawn=True).form.key == "seven_pairs"
    doubled = score(hand, "2s", ruleset=rules.with_options(seven_pairs_double=False, four_ghosts_double=True),
                    self_drawn=True)  # fmt: skip
    assert doubled.form.key == "four_ghosts" and [m.key for m in doubled.multipliers] == ["four_ghosts"]


def test_a_ghost_as_its_own_face_counts_as_no_ghost_only_under_the_oc46_alternative(score) -> None:
    # OC-46: RULES.md §4 gives 无鬼加倍 to a hand that "contains no ghost tile" (E1 and E3 count the ghost tiles in
    # hand), the default; the alternative lets a hand whose ghosts all stand for their own face count as holding
    # none. 123m456m789p234s5z self-drawing 5z wins with the two 白 as their own pair: a share of 2 (b), or ×2.
    rules = TDH.with_options(no_ghosts_own_face=True)
    own_face = ("123m456m789p234s5z", "5z")
    still = score(*own_face, ruleset=TDH, seat_wind=1, self_drawn=True)
    assert (still.multipliers, still.share, still.net) == ((), 2, (-2, 6, -2, -2))
    counted = score(*own_face, ruleset=rules, seat_wind=1, self_drawn=True)
    assert [m.key for m in counted.multipliers] == ["no_ghosts"]
    assert (counted.share, counted.net) == (4, (-4, 12, -4, -4))
    # A ghost standing for another tile (T01: the 白 as 8p) is a ghost either way.
    assert score(T01, "9s", ruleset=rules, seat_wind=1, self_drawn=True).multipliers == ()
    # So is a flower ghost, which has no face of its own (here standing for the pair's second 5z).
    flowers = rules.with_options(ghosts="flowers4")
    assert score("123m456m789p234s*", "5z", ruleset=flowers, seat_wind=1, self_drawn=True).share == 2


def test_a_dealer_streak_too_long_to_print_is_refused_by_name(score) -> None:
    with pytest.raises(mjcore.InvalidArgumentError, match="dealer_streak must be 0..100, not an int of about"):
        score("123m456p789s11z[555z]", "1z", ruleset=TDH, self_drawn=True, dealer_streak=10**5000)
