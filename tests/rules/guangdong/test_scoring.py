"""Guangdong scoring on both backends: every row of every shipped table, every extra, the cap and floor
interplay, every liability, payments, "not a win" and argument errors."""

from __future__ import annotations

import dataclasses

import pytest

import mjcore
from mjcore import InvalidArgumentError, InvalidHandError, Meld, MeldKind, load_ruleset

# A hand showing each pattern as its best reading: (hand text without the winning tile, winning tile, flags).
PATTERN_HANDS = {
    "ji_hu": ("12p456s789s88p[555m]", "3p", {}),
    "ping_hu": ("123m456m78p234s99s", "9p", {}),
    "peng_peng_hu": ("444s888s9m[222m][777p]", "9m", {}),
    "hun_yi_se": ("456p789p234p5z[123p]", "5z", {}),
    "qing_yi_se": ("456s789s345s6s[123s]", "6s", {}),
    "hun_peng": ("777p999p6z[333p][444z]", "6z", {}),
    "qi_dui": ("1133m5577p2288s6z", "6z", {}),
    "qing_peng": ("555p777p999p1p[222p]", "1p", {}),
    "hun_yao_jiu": ("999p111s33z55z[111m]", "5z", {}),
    "xiao_san_yuan": ("666z55z234m56m[777z]", "7m", {}),
    "xiao_si_xi": ("333z44z56p[111z][222z]", "7p", {}),
    "zi_yi_se": ("111z222z333z5z[666z]", "5z", {}),
    "qing_yao_jiu": ("111m999m111p9p[999s]", "9p", {}),
    "da_san_yuan": ("555z23m88s[777z][666z]", "4m", {}),
    "da_si_xi": ("8m[111z][222z][333z][444z]", "8m", {}),
    "jiu_lian_bao_deng": ("1112345678999p", "5p", {}),
    "shi_san_yao": ("19m19p19s1234567z", "1m", {}),
    "tian_hu": ("123m456p789s23s99m", "4s", {"seat_wind": "E", "self_drawn": True, "heavenly": True}),
    "di_hu": ("123m456p789s23s99m", "4s", {"seat_wind": "W", "self_drawn": True, "earthly": True}),
    "ren_hu": ("123m456p789s23s99m", "1s", {"seat_wind": "S", "discarder": "E", "human": True}),
}
TABLES = ("gd-cgc5", "gd-qq3", "gd-guigang")
ROWS = [(table, row.key) for table in TABLES for row in load_ruleset(table).patterns]


@pytest.fixture
def score(backend):
    """``score`` of each backend (the ``backend`` fixture of conftest.py)."""
    return backend.score


def parse(text: str) -> mjcore.Hand:
    return mjcore.parse_hand(text)


def plain(hand: str, win: str, ruleset: str = "gd-cgc5", score=mjcore.score, **flags):
    """Scores a hand on a discard from the 对家 unless the flags say otherwise; seat South, round East."""
    flags.setdefault("seat_wind", "S")
    if not flags.get("self_drawn") and "discarder" not in flags:
        flags["discarder"] = (mjcore.seats.seat_index(flags["seat_wind"]) + 2) % 4
    return score(parse(hand), win, ruleset=ruleset, **flags)


@pytest.mark.parametrize("table, key", ROWS, ids=[f"{t}:{k}" for t, k in ROWS])
def test_every_table_row_is_detected_with_its_value(table, key, score):
    hand, win, flags = PATTERN_HANDS[key]
    result = plain(hand, win, table, score, **flags)
    row = load_ruleset(table).pattern(key)
    assert (result.pattern.key, result.pattern.fan, result.pattern.zh) == (key, row.fan, row.zh)
    if row.special:
        assert result.extras == () and result.total_fan == row.fan


def test_nine_gates_is_full_flush_where_not_listed(score):  # OC-10
    result = plain("1112345678999p", "5p", "gd-cgc5", score)
    assert (result.pattern.key, result.total_fan) == ("qing_yi_se", 5)


def test_seven_pairs_is_not_a_win_without_the_form(score):  # CASES D1
    for table in ("gd-cgc5", "gd-qq3"):
        result = plain("1133m5577p2288s6z", "6z", table, score)
        assert not result.is_win and result.entries == () and result.payments == (0, 0, 0, 0)
    assert plain("1133m5577p2288s6z", "6z", "gd-guigang", score).pattern.key == "qi_dui"


def with_options(name: str, **options) -> mjcore.Ruleset:
    """A shipped ruleset with some options changed."""
    rules = load_ruleset(name)
    return dataclasses.replace(rules, options=dataclasses.replace(rules.options, **options))


def test_four_identical_tiles_are_two_pairs_by_option(score):  # OC-25 / OC-44
    assert plain("1111m5577p2288s6z", "6z", "gd-guigang", score).pattern.key == "qi_dui"
    assert not plain("1111m5577p2288s6z", "6z", with_options("gd-guigang", seven_pairs_quads=False), score).is_win


def test_not_a_win_is_a_value(score):
    result = plain("123m456m78p234s99s", "1p", "gd-cgc5", score)
    assert not result.is_win and not result.below_minimum and result.total_fan == 0 and result.pattern is None


def extras_of(result) -> dict[str, int]:
    return {e.key: e.fan for e in result.extras}


def test_every_extra(score):
    # 自摸 and 门清 (CGC), on an all-chow hand.
    assert extras_of(plain("123m456m78p234s99s", "6p", self_drawn=True, score=score)) == {"zi_mo": 1, "men_qing": 1}
    # 门风 + 圈风 + 三元 per dragon pung (two here); chows and a pon break 门清.
    result = plain("111z234p6s[777z][333z]", "6s", seat_wind="W", round_wind="E", score=score)
    assert extras_of(result) == {"men_feng": 1, "quan_feng": 1, "san_yuan": 1}
    result = plain("555z666z234p6s[123m]", "6s", score=score)
    assert extras_of(result) == {"san_yuan": 2}
    # 杠上开花 and 海底 come on top of 自摸 (OC-7).
    result = plain("567m12s99p[234p](8888s)", "3s", seat_wind="N", round_wind="S", self_drawn=True, kong_bloom=True,
                   score=score)  # fmt: skip
    assert extras_of(result) == {"zi_mo": 1, "gang_shang_kai_hua": 1}
    result = plain("123p678p45s22z[345m]", "6s", self_drawn=True, last_tile=True, score=score)
    assert extras_of(result) == {"zi_mo": 1, "hai_di": 1}
    # 海底 needs a self-draw (OC-22): a last discard scores nothing extra.
    assert extras_of(plain("123p678p45s22z[345m]", "6s", last_tile=True, score=score)) == {}
    # 抢杠 counts as 自摸 (OC-8), and concealed kongs keep 门清 while an added kong breaks it.
    assert extras_of(plain("23m456m678p234s77s", "1m", discarder="W", robbing_kong=True, score=score)) == {
        "zi_mo": 1, "men_qing": 1}  # fmt: skip
    assert "men_qing" in extras_of(plain("123m456m789p1s(2222z)", "1s", score=score))
    assert "men_qing" not in extras_of(plain("444s88s33z[222m]{7777p}", "3z", score=score))


def test_seat_and_round_wind_stack_by_option(score):  # OC-11
    result = plain("111z234p6s[123m][789s]", "6s", seat_wind="E", round_wind="E", discarder="S", score=score)
    assert extras_of(result) == {"men_feng": 1, "quan_feng": 1}
    once = with_options("gd-cgc5", seat_round_wind_stack=False)
    result = plain("111z234p6s[123m][789s]", "6s", once, seat_wind="E", round_wind="E", discarder="S", score=score)
    assert extras_of(result) == {"men_feng": 1}


def test_robbing_a_kong_without_the_self_draw_extra(score):  # OC-8 alternative
    rules = with_options("gd-cgc5", robbing_kong_is_self_draw=False)
    result = plain("23m456m678p234s77s", "1m", rules, discarder="W", robbing_kong=True, score=score)
    assert extras_of(result) == {"men_qing": 1} and result.liable == 2


def test_human_hand_paid_by_all_by_option(score):  # OC-21 alternative
    rules = with_options("gd-qq3", human_hand_paid_by_dealer=False)
    result = plain("123m456p789s23s99m", "1s", rules, seat_wind="S", discarder="E", human=True, score=score)
    assert result.payments == (-64, 192, -64, -64)


def test_qq_has_no_concealed_extra_and_no_bloom_extra(score):
    result = plain("567m12s99p[234p](8888s)", "3s", "gd-qq3", seat_wind="N", self_drawn=True, kong_bloom=True,
                   score=score)  # fmt: skip
    assert extras_of(result) == {"zi_mo": 1}
    assert (result.raw_fan, result.floored, result.total_fan) == (1, True, 3)


def test_cap_then_floor(score):
    # CGC: inside hands are capped; special hands are not and take no extras.
    capped = plain("123m456m789m23m55m", "4m", self_drawn=True, score=score)
    assert (capped.raw_fan, capped.capped, capped.total_fan) == (7, True, 5)
    special = plain("555z23m88s[777z][666z]", "4m", self_drawn=True, score=score)
    assert (special.extras, special.capped, special.total_fan) == ((), False, 9)
    # QQ: the floor raises an inside hand to 3 after the cap, never lowers a special one.
    for flags in ({"self_drawn": True, "kong_bloom": True}, {"self_drawn": True, "last_tile": True},
                  {"discarder": "N", "robbing_kong": True}, {"discarder": "E", "winners_on_discard": 3}):  # fmt: skip
        result = plain("12p456s789s88p[555m]", "3p", "gd-qq3", score=score, **flags)
        assert (result.floored, result.total_fan) == (True, 3), flags
    two = plain("12p456s789s88p[555m]", "3p", "gd-qq3", discarder="E", winners_on_discard=2, score=score)
    assert (two.floored, two.total_fan) == (False, 0)
    special = plain("456s789s345s6s[123s]", "6s", "gd-qq3", discarder="E", winners_on_discard=3, score=score)
    assert (special.floored, special.total_fan) == (False, 4)
    # CGC has no floor (OC-9).
    cgc = plain("12p456s789s88p[555m]", "3p", "gd-cgc5", discarder="E", winners_on_discard=3, score=score)
    assert (cgc.floored, cgc.total_fan) == (False, 0)


def test_minimum_is_checked_on_the_final_fan(score):  # OC-3
    qq3 = load_ruleset("gd-qq3").with_minimum(3)
    bloom = plain("12p456s789s88p[555m]", "3p", qq3, self_drawn=True, kong_bloom=True, score=score)
    assert bloom.legal and not bloom.below_minimum
    plain_win = plain("12p456s789s88p[555m]", "3p", qq3, score=score)
    assert plain_win.is_win and plain_win.below_minimum and plain_win.payments != (0, 0, 0, 0)
    # A limit hand is legal below the minimum (the minimum may not exceed the cap: raise both, issue 30).
    limit = plain("123m456p789s23s99m", "4s", load_ruleset("gd-cgc5").with_options(cap=30, minimum=30), seat_wind="W",
                  self_drawn=True, earthly=True, score=score)  # fmt: skip
    assert limit.legal and limit.total_fan == 9


def test_payments_self_draw_discard_and_human_hand(score):
    self_drawn = plain("123m456m78p234s99s", "6p", self_drawn=True, score=score)
    assert self_drawn.payments == (-8, 24, -8, -8) and self_drawn.liable is None
    discard = plain("123m456m78p234s99s", "9p", discarder="N", score=score)
    assert discard.payments == (0, 4, 0, -4)
    human = plain("123m456p789s23s99m", "1s", "gd-qq3", seat_wind="S", discarder="E", human=True, score=score)
    assert human.payments == (-64, 64, 0, 0)


def kong_hand(offset: int | None) -> mjcore.Hand:
    counts = parse("567m12s99p[234p]").concealed
    return mjcore.Hand(counts, (Meld(MeldKind.CHI, 10, 10, 3), Meld(MeldKind.KONG, 25, 25, offset)))


def test_kong_bloom_liability(score):
    result = score(kong_hand(2), "3s", ruleset="gd-cgc5", seat_wind="N", self_drawn=True, kong_bloom=True,
                   kong_fed_by="S")  # fmt: skip
    assert result.liable == 1 and result.payments == (0, -12, 0, 12)
    # A bloom without a feeder (after a concealed or added kong) is an ordinary self-draw.
    result = score(kong_hand(None), "3s", ruleset="gd-cgc5", seat_wind="N", self_drawn=True, kong_bloom=True)
    assert result.liable is None and result.payments == (-4, -4, -4, 12)


def test_robbing_kong_liability(score):
    result = plain("23m456m678p234s77s", "1m", discarder="W", robbing_kong=True, score=score)
    assert result.liable == 2 and result.payments == (0, 24, -24, 0)


def test_twelve_tiles_liability(score):
    hand = mjcore.Hand(parse("5s").concealed, (Meld(MeldKind.PON, 1, 1, 1), Meld(MeldKind.PON, 14, 14, 2),
                                               Meld(MeldKind.PON, 29, 29, 3), Meld(MeldKind.CHI, 24, 24, 3)))  # fmt: skip
    # North wins; the fourth meld (chi 789s) came from the 上家, West.
    drawn = score(hand, "5s", ruleset="gd-qq3", seat_wind="N", round_wind="S", self_drawn=True)
    assert drawn.liable == 2 and drawn.payments == (0, 0, -6, 6)  # 鸡胡 + 自摸 = 1 fan, 3 shares of 2
    # On a discard the payment is normal (C49), and 包先不包后: a feeder already liable once is not again.
    assert score(hand, "5s", ruleset="gd-qq3", seat_wind="N", round_wind="S", discarder="S").liable is None
    again = score(hand, "5s", ruleset="gd-qq3", seat_wind="N", round_wind="S", self_drawn=True,
                  feeder_already_liable=True)  # fmt: skip
    assert again.liable is None and again.payments == (-2, -2, -2, 6)
    # A concealed kong is not a claimed meld (OC-14).
    kong = mjcore.Hand(parse("5s").concealed, hand.melds[:3] + (Meld(MeldKind.CONCEALED_KONG, 24),))
    assert score(kong, "5s", ruleset="gd-qq3", seat_wind="N", round_wind="S", self_drawn=True).liable is None


def test_big_hand_liability(score):
    # South holds three dragon pons, the last fed by its 对家 (North): 大三元 self-drawn → North pays it all.
    hand = mjcore.Hand(parse("23m88s").concealed, (Meld(MeldKind.PON, 33, 33, 3), Meld(MeldKind.PON, 32, 32, 1),
                                                   Meld(MeldKind.PON, 31, 31, 2)))  # fmt: skip
    result = score(hand, "4m", ruleset="gd-cgc5", seat_wind="S", self_drawn=True)
    assert result.pattern.key == "da_san_yuan" and result.liable == 3 and result.payments == (0, 1536, 0, -1536)
    rules = load_ruleset("gd-cgc5")
    off = dataclasses.replace(rules, liabilities=dataclasses.replace(rules.liabilities, big_hand=False))
    assert score(hand, "4m", ruleset=off, seat_wind="S", self_drawn=True).liable is None


def test_the_earliest_trigger_wins(score):
    # Twelve tiles down (fed by East at the 4th meld) and then a kong bloom fed by West: East pays.
    hand = mjcore.Hand(parse("5s").concealed, (Meld(MeldKind.PON, 1, 1, 1), Meld(MeldKind.PON, 14, 14, 2),
                                               Meld(MeldKind.CHI, 18, 18, 3), Meld(MeldKind.KONG, 29, 29, 1)))  # fmt: skip
    result = score(hand, "5s", ruleset="gd-cgc5", seat_wind="N", round_wind="S", self_drawn=True, kong_bloom=True,
                   kong_fed_by="W")  # fmt: skip
    assert result.liable == 0


@pytest.mark.parametrize(
    "flags",
    [
        {"self_drawn": True, "discarder": "E"},
        {},
        {"discarder": "S"},
        {"discarder": "E", "kong_bloom": True},
        {"self_drawn": True, "kong_fed_by": "E"},
        {"self_drawn": True, "heavenly": True},
        {"discarder": "W", "human": True},
        {"self_drawn": True, "winners_on_discard": 2},
        {"discarder": "E", "winners_on_discard": 4},
        {"self_drawn": True, "seat_wind": "X"},
    ],
)
def test_inconsistent_situations_are_rejected(flags, score):
    flags.setdefault("seat_wind", "S")
    with pytest.raises(InvalidArgumentError):
        score(parse("123m456m78p234s99s"), "6p", **flags)


def test_hand_errors(score):
    with pytest.raises(InvalidHandError):
        score(parse("123m456m78p234s99s6p"), "6p", self_drawn=True)  # winning tile included
    with pytest.raises(InvalidHandError):
        score(parse("1111m456m78p234s9s"), "1m", self_drawn=True)  # a fifth copy


def test_situation_object_or_shortcuts(score):
    where = mjcore.Situation(seat_wind="S", self_drawn=True)
    assert score(parse("123m456m78p234s99s"), "6p", where) == score(parse("123m456m78p234s99s"), "6p",
                                                                     seat_wind="S", self_drawn=True)  # fmt: skip
    with pytest.raises(TypeError):
        score(parse("123m456m78p234s99s"), "6p", where, last_tile=True)


def test_breakdown_table_names_everything():
    text = plain("111s666s9s[777z][222z]", "9s", self_drawn=True).table()
    for part in ("混碰", "Half flush all pungs", "自摸", "capped", "total 5", "South +96"):
        assert part in text


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("hand", ["123m456m78p234s9s*", "123m456m78p234s**"], ids=["one", "two"])
def test_wild_tiles_are_refused_by_tables_without_ghosts(score, table, hand):
    """No shipped Guangdong table plays with ghosts: a hand holding one is a mistake, named, not "not a win"
    (it would win with the 9s the wild tile stands for)."""
    message = rf"holds {hand.count('*')} wild tile\(s\), and {table} has no wild tiles"
    for given in (hand, parse(hand)):  # text (parsed by the core) and a Hand object
        with pytest.raises(InvalidHandError, match=message):
            score(given, "9p", ruleset=table, seat_wind="S", discarder="N")

