"""Fans of the whole hand: suits, tile traits, rank ranges, group traits, 四归一, the winning situation,
the wait and the winds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .forms import CHOW, PAIR, Group
from .tiles import GREEN, REVERSIBLE, is_dragon, is_honor, is_terminal, is_terminal_or_honor, is_wind, rank, suit

__all__ = [
    "suit_fans",
    "tile_trait_fans",
    "rank_range_fans",
    "group_trait_fans",
    "tile_hog_count",
    "situation_fans",
    "wait_fan",
    "wind_fans",
]


def suit_fans(tiles: frozenset[int]) -> Counter:
    """无字, 缺一门 (once per missing suit), 混一色, 清一色, 五门齐."""
    result: Counter = Counter()
    suits = {suit(t) for t in tiles}
    honors = 3 in suits
    missing = sum(s not in suits for s in range(3))
    if not honors:
        result["no_honors"] = 1
    if missing == 2:
        result["half_flush" if honors else "full_flush"] = 1
        result.pop("no_honors", None)
    elif missing:
        result["one_voided_suit"] = missing
    if missing == 0 and honors and any(map(is_wind, tiles)) and any(map(is_dragon, tiles)):
        result["all_types"] = 1
    return result


def tile_trait_fans(tiles: frozenset[int]) -> Counter:
    """断幺, 推不倒, 绿一色, and the first of 字一色 / 清幺九 / 混幺九."""
    result: Counter = Counter()
    simples = not any(map(is_terminal_or_honor, tiles))
    if simples:
        result["all_simples"] = 1
    if tiles <= REVERSIBLE:
        result["reversible_tiles"] = 1
    if tiles <= GREEN:
        result["all_green"] = 1
    if simples:
        return result
    if all(map(is_honor, tiles)):
        result["all_honors"] = 1
    elif all(map(is_terminal, tiles)):
        result["all_terminals"] = 1
    elif all(map(is_terminal_or_honor, tiles)):
        result["all_terminals_and_honors"] = 1
    return result


def rank_range_fans(tiles: frozenset[int]) -> Counter:
    """小于五/全小, 大于五/全大, 全中: suited tiles only."""
    if any(map(is_honor, tiles)):
        return Counter()
    ranks = {rank(t) for t in tiles}
    if ranks <= {1, 2, 3, 4}:
        return Counter({"lower_four" if 4 in ranks else "lower_tiles": 1})
    if ranks <= {6, 7, 8, 9}:
        return Counter({"upper_four" if 6 in ranks else "upper_tiles": 1})
    if ranks <= {4, 5, 6}:
        return Counter({"middle_tiles": 1})
    return Counter()


def group_trait_fans(groups: Iterable[Group]) -> Counter:
    """全带幺, 全带五, 全双刻: a property every one of the five groups has."""
    outside = five = even = 0
    for group in groups:
        if is_honor(group.tile):
            outside += 1
            continue
        r = rank(group.middle)
        if group.kind == CHOW:
            outside += r in (2, 8)
            five += r in (4, 5, 6)
        else:
            outside += r in (1, 9)
            five += r == 5
            even += r % 2 == 0
    if outside == 5:
        return Counter({"outside_hand": 1})
    if five == 5:
        return Counter({"all_five": 1})
    if even == 5:
        return Counter({"all_even_pungs": 1})
    return Counter()


def tile_hog_count(all_counts: list[int], kongs: int) -> int:
    """四归一: four copies used without a kong."""
    return all_counts.count(4) - kongs


def situation_fans(self_drawn: bool, last_copy: bool, kong: bool, wall_last: bool) -> Counter:
    """自摸, 和绝张, 妙手回春, 海底捞月, 杠上开花, 抢杠和. ``kong`` is a kong replacement when self-drawn and a
    robbed kong otherwise."""
    result: Counter = Counter()
    if last_copy:
        result["last_tile"] = 1
    if self_drawn:
        result["self_drawn"] = 1
        if wall_last:
            result["last_tile_draw"] = 1
        if kong:
            result["out_with_replacement_tile"] = 1
    else:
        if wall_last:
            result["last_tile_claim"] = 1
        if kong:
            result["robbing_the_kong"] = 1
    return result


def wait_fan(concealed_groups: Iterable[Group], win_tile: int) -> Counter:
    """On a unique wait: 边张 if the winning tile ends a concealed chow, else 嵌张 if it is a chow's middle,
    else 单钓将 if it is the pair."""
    edge = closed = single = False
    for group in concealed_groups:
        if group.kind == CHOW:
            closed |= group.middle == win_tile
            edge |= abs(group.middle - win_tile) == 1
        elif group.kind == PAIR:
            single |= group.tile == win_tile
    fan = "edge_wait" if edge else "closed_wait" if closed else "single_wait" if single else None
    return Counter({fan: 1}) if fan else Counter()


def wind_fans(pung_tiles: Iterable[int], seat_wind: int, prevalent_wind: int) -> tuple[Counter, int]:
    """圈风刻 and 门风刻, and how many wind pungs they take from 幺九刻 (不重复: one pung, one fan)."""
    result: Counter = Counter()
    used = 0
    for tile in pung_tiles:
        if not is_wind(tile):
            continue
        wind = tile - 27
        if wind == prevalent_wind:
            result["prevalent_wind"] = 1
        if wind == seat_wind:
            result["seat_wind"] = 1
        used += wind in (prevalent_wind, seat_wind)
    return result, used
