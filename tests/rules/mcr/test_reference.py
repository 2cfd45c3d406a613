"""The pure-Python MCR scorer: one hand per fan, the combination principles, refused input, the fan table, and
agreement with pymahjonggb on generated winning situations."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from mjcore import (
    Hand,
    InvalidArgumentError,
    InvalidHandError,
    Meld,
    MeldKind,
    MjcoreError,
    RulesetError,
    parse_hand,
    tile_index,
)
from mjcore.reference.rules.mcr import Situation, default_table, score
from mjcore.rules.mcr.table import parse_table

from tests.support.mcr_corpus import cases, generate

from tests.support.mcr_pymahjonggb import gb_score  # pymahjonggb is in the test extra: every hand is checked against it

DRAW = {"self_drawn": True}

# (fan, hand before the win, winning tile, situation) — each hand shows the fan it is named after.
FAN_HANDS = [
    ("big_four_winds", "1112223334445z", "5z", {}),
    ("big_three_dragons", "555666777z123m8p", "8p", {}),
    ("all_green", "223344666888s6z", "6z", {}),
    ("nine_gates", "1112345678999m", "5m", {}),
    ("four_kongs", "5z [1111m] [2222p] [3333s] (4444z)", "5z", {}),
    ("seven_shifted_pairs", "1122334455667p", "7p", {}),
    ("thirteen_orphans", "19m19p19s1234567z", "1m", {}),
    ("all_terminals", "111999m1119p999s", "9p", {}),
    ("little_four_winds", "123m1112223334z", "4z", {}),
    ("little_three_dragons", "123m456p5556667z", "7z", {}),
    ("all_honors", "1112223335556z", "6z", {}),
    ("four_concealed_pungs", "111m222p333444s5z", "5z", DRAW),
    ("pure_terminal_chows", "1122337788995m", "5m", {}),
    ("quadruple_chow", "111122223333m4p", "4p", {}),
    ("four_pure_shifted_pungs", "111222333444m5p", "5p", {}),
    ("four_pure_shifted_chows", "122333444556m7p", "7p", {}),
    ("three_kongs", "456m7p [1111m] [2222p] [3333s]", "7p", {}),
    ("all_terminals_and_honors", "111m999p1112225z", "5z", {}),
    ("seven_pairs", "1133m5577p2244s6z", "6z", {}),
    ("greater_honors_and_knitted_tiles", "147m25p3s1234567z", "6s", {}),
    ("all_even_pungs", "222444m666p888s2s", "2s", {}),
    ("full_flush", "11123456789m23m", "4m", {}),
    ("pure_triple_chow", "123m456p7s [123m] [123m]", "7s", {}),
    ("pure_shifted_pungs", "111222333m456p7s", "7s", {}),
    ("upper_tiles", "777789m789p789s9s", "9s", {}),
    ("middle_tiles", "444456m456p456s5s", "5s", {}),
    ("lower_tiles", "111123m123p123s2s", "2s", {}),
    ("pure_straight", "123456789m123p4s", "4s", {}),
    ("three_suited_terminal_chows", "123789m123789p5s", "5s", {}),
    ("pure_shifted_chows", "123234345m789p1s", "1s", {}),
    ("all_five", "345555m456p567s5s", "5s", {}),
    ("triple_pung", "222456m222p222s7s", "7s", {}),
    ("three_concealed_pungs", "111456m222p333s7s", "7s", {}),
    ("lesser_honors_and_knitted_tiles", "147m258p3s123456z", "6s", {}),
    ("knitted_straight", "147234m258p369s5z", "5z", {}),
    ("upper_four", "666678m789p678s9s", "9s", {}),
    ("lower_four", "111123m234p234s4s", "4s", {}),
    ("big_three_winds", "123m111222333z4p", "4p", {}),
    ("mixed_straight", "123123m456p789s5z", "5z", {}),
    ("reversible_tiles", "123345888p456s5z", "5z", {}),
    ("mixed_triple_chow", "123456m123p123s7z", "7z", {}),
    ("mixed_shifted_pungs", "222678m333p444s9s", "9s", {}),
    ("chicken_hand", "789m34s11z [234m] [567p]", "5s", {}),
    ("last_tile_draw", "123m456p789s345s1z", "1z", {"self_drawn": True, "wall_last": True}),
    ("last_tile_claim", "123m456p789s345s1z", "1z", {"wall_last": True}),
    ("out_with_replacement_tile", "456p789s345s1z [1111m]", "1z", {"self_drawn": True, "kong_replacement": True}),
    ("robbing_the_kong", "123m456p789s34s11z", "5s", {"robbing_kong": True}),
    ("all_pungs", "222p333s444s5z [111m]", "5z", {}),
    ("half_flush", "123456789m1112z", "2z", {}),
    ("mixed_shifted_chows", "123789m234p345s5z", "5z", {}),
    ("all_types", "123m456p789s1115z", "5z", {}),
    ("melded_hand", "5z [123m] [456p] [789s] [111z]", "5z", {}),
    ("two_concealed_kongs", "345678s9s (1111m) (2222p)", "9s", {}),
    ("two_dragons_pungs", "123m456p555666z9s", "9s", {}),
    ("concealed_kong_and_melded_kong", "345678s9s [1111m] (2222p)", "9s", {}),
    ("outside_hand", "123789m123p999s1z", "1z", {}),
    ("fully_concealed_hand", "123m456p789s345s1z", "1z", DRAW),
    ("two_melded_kongs", "345678s9s [1111m] [2222p]", "9s", {}),
    ("last_tile", "123m456p789s34s11z", "5s", {"last_copy": True}),
    ("dragon_pung", "123m456p678s9s555z", "9s", {}),
    ("prevalent_wind", "123m456p678s9s111z", "9s", {"prevalent_wind": 0, "seat_wind": 1}),
    ("seat_wind", "123m456p678s9s222z", "9s", {"seat_wind": 1}),
    ("concealed_hand", "123m456p789s345s1z", "1z", {}),
    ("all_chows", "123m456p678s234s9m", "9m", {}),
    ("tile_hog", "111123m456p678s9s", "9s", {}),
    ("double_pung", "222m222p456789s1z", "1z", {}),
    ("two_concealed_pungs", "222m333p456789s1z", "1z", {}),
    ("concealed_kong", "333p456789s1z (2222m)", "1z", {}),
    ("all_simples", "234m456p678s345s6m", "6m", {}),
    ("pure_double_chow", "123123m456p678s1z", "1z", {}),
    ("mixed_double_chow", "123m123p456789s1z", "1z", {}),
    ("short_straight", "123456m789p789s1z", "1z", {}),
    ("two_terminal_chows", "123789m456p345s1z", "1z", {}),
    ("pung_of_terminals_or_honors", "111m456p678s345s1z", "1z", {}),
    ("melded_kong", "333p456789s1z [2222m]", "1z", {}),
    ("one_voided_suit", "123456m789m111p1z", "1z", {}),
    ("no_honors", "123456m789p111p9s", "9s", {}),
    ("edge_wait", "12m456p789s345s11z", "3m", {}),
    ("closed_wait", "13m456p789s345s11z", "2m", {}),
    ("single_wait", "123m456p789s345s1z", "1z", {}),
    ("self_drawn", "456p789s345s1z [123m]", "1z", DRAW),
]


def _score(text: str, win: str, flags: dict, **hand_changes):
    hand = parse_hand(text)
    if hand_changes:
        hand = dataclasses.replace(hand, **hand_changes)
    return hand, tile_index(win), Situation(**flags)


def _fans(result) -> Counter:
    return Counter({f.key: f.count for f in result.fans})


def test_every_fan_has_a_hand():
    assert {fan for fan, *_ in FAN_HANDS} | {"flower_tiles"} == set(default_table().fans)


@pytest.mark.parametrize("fan, text, win, flags", FAN_HANDS, ids=[row[0] for row in FAN_HANDS])
def test_fan(fan, text, win, flags):
    hand, win_tile, situation = _score(text, win, flags)
    result = score(hand, win_tile, situation)
    assert fan in _fans(result)
    assert _fans(result) == gb_score(hand, win_tile, situation)


def test_flowers_add_one_point_each_but_not_towards_the_minimum():
    hand, win_tile, situation = _score("123m456p789s345s1z", "1z", {}, flowers=(1, 2, 3))
    result = score(hand, win_tile, situation)
    assert _fans(result)["flower_tiles"] == 3
    assert result.total == sum(f.points for f in result.fans)
    bare = score(dataclasses.replace(hand, flowers=()), win_tile, situation)
    assert result.total == bare.total + 3
    assert result.meets_minimum == bare.meets_minimum


# ------------------------------------------------------------------------------------ combination principles


def test_no_repeat_three_wind_pungs_score_no_terminal_pungs():
    """不重复: the wind pungs of 三风刻 are not counted again as 幺九刻."""
    fans = _fans(score(*_score("123m111222333z4p", "4p", {"seat_wind": 3, "prevalent_wind": 3})))
    assert fans["big_three_winds"] == 1 and fans["pung_of_terminals_or_honors"] == 0


def test_no_repeat_a_seat_wind_pung_is_not_also_a_terminal_pung():
    fans = _fans(score(*_score("123m456p678s9s222z", "9s", {"seat_wind": 1})))
    assert fans["seat_wind"] == 1 and fans["pung_of_terminals_or_honors"] == 0
    fans = _fans(score(*_score("123m456p678s9s222z", "9s", {"seat_wind": 0})))
    assert fans["pung_of_terminals_or_honors"] == 1


def test_no_splitting_a_triple_chow_gives_no_double_chow():
    """不拆移: the chows of 一色三同顺 are not split off again into 一般高."""
    fans = _fans(score(*_score("123m456p7s [123m] [123m]", "7s", {})))
    assert fans["pure_triple_chow"] == 1 and fans["pure_double_chow"] == 0


def test_once_only_each_chow_combines_once():
    """套算一次: 234567s234567p scores three pairwise fans, not four."""
    fans = _fans(score(*_score("234567s234567p1z", "1z", {})))
    assert fans["mixed_double_chow"] + fans["short_straight"] == 3
    assert fans["mixed_double_chow"] >= 1 and fans["short_straight"] >= 1


def test_never_the_same_fan_twice_from_one_chow():
    """不得相同: 234s223344567p is 一般高 + 喜相逢 + 连六, not 喜相逢 twice."""
    fans = _fans(score(*_score("234s223344567p1z", "1z", {})))
    assert fans == Counter(
        {"pure_double_chow": 1, "mixed_double_chow": 1, "short_straight": 1, "concealed_hand": 1,
         "one_voided_suit": 1, "single_wait": 1}
    )


def test_take_the_highest_reading():
    """就高不就低: 111222333m reads as three pungs (一色三节高 + 三暗刻) rather than three chows."""
    result = score(*_score("111222333m456p7s", "7s", {}))
    fans = _fans(result)
    assert fans["pure_shifted_pungs"] == 1 and fans["three_concealed_pungs"] == 1
    assert fans["pure_triple_chow"] == 0
    assert result.total == sum(default_table().value(k) * c for k, c in fans.items())


def test_implied_fans_are_not_counted():
    """不计: 四暗刻 implies 碰碰和 and 门前清; a self-drawn 四暗刻 keeps 自摸."""
    fans = _fans(score(*_score("111m222p333444s5z", "5z", DRAW)))
    assert fans["four_concealed_pungs"] == 1
    assert not fans["all_pungs"] and not fans["fully_concealed_hand"] and not fans["concealed_hand"]
    assert fans["self_drawn"] == 1


def test_a_discard_completing_a_pung_makes_it_exposed():
    fans = _fans(score(*_score("111m222p33s456s55z", "3s", {})))
    assert fans["two_concealed_pungs"] == 1 and not fans["three_concealed_pungs"]


def test_wait_fans_need_a_unique_wait():
    fans = _fans(score(*_score("23m456p789s345s11z", "1m", {})))
    assert not fans["edge_wait"] and not fans["closed_wait"]


def test_the_book_reading_of_two_mixed_kongs():
    data = dict(_table_data())
    data["options"] = {**data["options"], "concealed_and_melded_kong": False}
    table = parse_table(data)
    hand, win_tile, situation = _score("345678s9s [1111m] (2222p)", "9s", {})
    fans = _fans(score(hand, win_tile, situation, table))
    assert fans["melded_kong"] == 1 and fans["concealed_kong"] == 1
    assert not fans["concealed_kong_and_melded_kong"]


def test_the_minimum_is_the_table_value():
    one_fan = score(*_score("456p678s345s1z [123m]", "1z", {}))
    assert one_fan.is_win and not one_fan.meets_minimum
    assert score(*_score("123123123m456p7s", "7s", {})).meets_minimum


def test_not_a_win_is_a_value():
    result = score(*_score("123m456p789s345s1z", "2z", {}))
    assert not result.is_win and result.total == 0 and result.fans == ()


# ------------------------------------------------------------------------------------------ refused input


@pytest.mark.parametrize(
    "text, win, flags, error",
    [
        ("1111m456p789s345s1z", "1m", {}, InvalidHandError),  # a fifth copy (pymahjonggb scores it)
        ("123m456p789s345s", "1z", {}, InvalidHandError),  # 12 tiles
        ("123m456p789s345s1z*", "1z", {}, InvalidHandError),  # MCR has no wild tiles
        ("123m456p789s34s11z", "5s", {"robbing_kong": True, "self_drawn": True}, InvalidArgumentError),
        ("123m456p789s345s1z", "1z", {"robbing_kong": True}, InvalidArgumentError),  # a copy is held
        ("123m456p789s345s1z", "1z", {"self_drawn": True, "kong_replacement": True}, InvalidArgumentError),
        ("1m456p789s345s [111m]", "1m", {}, InvalidHandError),  # a fifth copy counting a meld
    ],
)
def test_refused(text, win, flags, error):
    with pytest.raises(error):
        score(*_score(text, win, flags))


def test_situation_checks_its_flags():
    with pytest.raises(InvalidArgumentError):
        Situation(kong_replacement=True)
    with pytest.raises(InvalidArgumentError):
        Situation(robbing_kong=True, wall_last=True)
    with pytest.raises(ValueError):
        Situation(seat_wind=4)
    with pytest.raises(TypeError):
        Situation(self_drawn=1)


def test_last_copy_with_a_concealed_copy_is_refused():
    with pytest.raises(InvalidArgumentError):
        score(*_score("123m456p789s34s55s", "5s", {"last_copy": True}))


# ------------------------------------------------------------------------------------------ the fan table


def _table_data() -> dict:
    import tomllib
    from pathlib import Path

    import mjcore

    path = Path(mjcore.__file__).parent / "rulesets" / "mcr.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_table_has_the_81_fans_and_the_folk_rows():
    table = default_table()
    standard = [fan for fan in table.fans.values() if fan.option is None]
    assert len(standard) == 81
    assert table.minimum == 8
    assert {fan.chinese for fan in table.fans.values()} >= {"大四喜", "花牌", "无番和", "单钓将"}
    folk = {row["zh"] for row in _table_data()["folk_fans"].values()}
    assert folk == {"四方大发", "天和", "地和", "人和", "混杠", "天听", "混四节", "混四步", "混三节", "混三步", "258将", "幺九头"}
    assert _table_data()["options"]["folk_fans"] is False


def test_table_errors_name_the_field():
    data = _table_data()
    data["fans"]["all_chows"]["excludes"] = ["no_such_fan"]
    with pytest.raises(RulesetError, match="fans.all_chows.excludes.*no_such_fan"):
        parse_table(data)
    data = _table_data()
    del data["fans"]["all_chows"]["fan"]
    with pytest.raises(RulesetError, match="fans.all_chows: missing field 'fan'"):
        parse_table(data)
    data = _table_data()
    data["options"]["folk_fans"] = True
    data["folk_fans"]["pair_of_2_5_8"]["excluded_by"] = ["no_such_fan"]
    with pytest.raises(RulesetError, match="folk_fans.pair_of_2_5_8.excluded_by.*no_such_fan"):
        parse_table(data)


# ---------------------------------------------------------------------------------- the generated corpus


def test_agreement_with_pymahjonggb():
    disagreements = []
    for case in cases(2000, seed=11):
        mine = score(case.hand, case.win_tile, case.situation)
        theirs = gb_score(case.hand, case.win_tile, case.situation)
        if (_fans(mine) if mine.is_win else None) != theirs:
            disagreements.append((case, _fans(mine), theirs))
    assert not disagreements, disagreements[:3]


def test_generator_is_seeded():
    assert generate(random.Random(5)) == generate(random.Random(5))


def _random_situation_case(rng: random.Random):
    """Any 13 tiles (some as melds) and any winning tile: mostly not a win, sometimes an illegal one."""
    wall = [t for t in range(34) for _ in range(4)]
    rng.shuffle(wall)
    melds = []
    for _ in range(rng.choice((0, 0, 1, 2))):
        tile = wall.pop()
        if wall.count(tile) >= 2:
            for _ in range(2):
                wall.remove(tile)
            melds.append(Meld(MeldKind.PON, tile, tile, rng.randrange(1, 4)))
    concealed = [0] * 34
    for _ in range(13 - 3 * len(melds)):
        concealed[wall.pop()] += 1
    hand = Hand(tuple(concealed), tuple(melds))
    return hand, rng.randrange(34), Situation(self_drawn=rng.random() < 0.5, last_copy=rng.random() < 0.2)


def test_random_hands_are_scored_or_refused_cleanly():
    """No input makes the scorer fail other than with an mjcore error; wins and non-wins match pymahjonggb."""
    rng = random.Random(17)
    for _ in range(1500):
        hand, win_tile, situation = _random_situation_case(rng)
        try:
            result = score(hand, win_tile, situation)
        except MjcoreError:
            continue
        theirs = gb_score(hand, win_tile, situation)
        assert (_fans(result) if result.is_win else None) == theirs, (hand, win_tile, situation)
