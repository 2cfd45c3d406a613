"""The MCR scorer: find every reading of the winning hand, score each, keep the best.

The forms are tried as pymahjonggb tries them. With no declared meld the special forms come first (seven pairs,
全不靠/七星不靠, 十三幺), then 组合龙, then 九莲宝灯; with one meld only 组合龙. A hand of no special form, or
a seven-pairs hand, is then divided into sets; each division is scored and the highest total wins (就高不就低).
Equal totals keep the first division, unless a later one scores 一色三同顺 or 三同刻, or the rival is seven
pairs — pymahjonggb's tie rules.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ....errors import ArgumentTypeError, InvalidArgumentError, InvalidHandError, InvalidTileError
from ....hand import Hand, MeldKind
from ....rules.mcr.result import FanScore, McrScore
from ....rules.mcr.situation import OPENINGS, Situation
from ....rules.mcr.table import FanTable
from ....tiles import tile_name
from .forms import (
    CHOW,
    KONG,
    PUNG,
    Group,
    honors_and_knitted,
    is_seven_pairs,
    is_seven_shifted_pairs,
    is_thirteen_orphans,
    knitted_straight_of,
    nine_gates_rank,
    standard_divisions,
)
from .folk import division_folk_fans, opening_fan, pair_fans
from .hand_fans import (
    group_trait_fans,
    rank_range_fans,
    situation_fans,
    suit_fans,
    tile_hog_count,
    tile_trait_fans,
    wait_fan,
    wind_fans,
)
from .patterns import chow_fans, concealed_pung_fan, kong_fans, pung_fans
from .tiles import ORDER_KEY, is_dragon, is_honor, is_numbered, is_terminal, is_wind, rank, suit
from .waits import is_unique_wait

__all__ = ["score_hand"]


@dataclass(frozen=True)
class _Win:
    """Everything the detectors read, computed once per hand."""

    standing: list[int]  # concealed tiles + the winning tile
    melds: list[Group]
    all_counts: list[int]
    tiles: frozenset[int]
    win_tile: int
    situation: Situation
    last_copy: bool
    kong_flag: bool
    table: FanTable
    folk: bool  # the table scores the seed's folk fans


# ---------------------------------------------------------------------------------------------- validation


def _meld_group(kind: MeldKind, tile: int) -> Group:
    if kind == MeldKind.CHI:
        return Group(CHOW, tile, melded=True)
    if kind == MeldKind.PON:
        return Group(PUNG, tile, melded=True)
    return Group(KONG, tile, melded=kind != MeldKind.CONCEALED_KONG)


def _prepare(hand: Hand, win_tile: int, situation: Situation, table: FanTable) -> _Win:
    if hand.wilds:
        raise InvalidHandError("MCR has no wild tiles")
    if hand.size + 3 * len(hand.melds) != 13:
        raise InvalidHandError(
            f"an MCR hand before its winning tile holds 13 tiles counting each meld as 3, not "
            f"{hand.size + 3 * len(hand.melds)}"
        )
    if isinstance(win_tile, bool) or not isinstance(win_tile, int):
        raise ArgumentTypeError(f"win_tile must be an int tile kind, not {type(win_tile).__name__}")
    if not 0 <= win_tile < 34:
        raise InvalidTileError(f"win tile {win_tile} does not exist: kinds are 0..33")
    all_counts = list(hand.all_counts())
    all_counts[win_tile] += 1
    if all_counts[win_tile] > 4:
        raise InvalidHandError(f"the winning tile {tile_name(win_tile)} would be a fifth copy")
    melds = [_meld_group(m.kind, m.tile) for m in hand.melds]
    shown = sum(g.tiles().count(win_tile) for g in melds)
    held = hand.concealed[win_tile]
    if situation.robbing_kong and (shown or held):
        raise InvalidArgumentError(
            f"robbing_kong: the robbed {tile_name(win_tile)} completes someone's kong, so no other copy can be "
            "in this hand"
        )
    if situation.kong_replacement and not any(g.kind == KONG for g in melds):
        raise InvalidArgumentError("kong_replacement (杠上开花) needs a declared kong in the hand")
    if situation.last_copy and held:
        raise InvalidArgumentError(
            f"last_copy (和绝张): the hand holds another {tile_name(win_tile)}, so three cannot be visible"
        )
    _check_opening(hand, situation, table)
    standing = list(hand.concealed)
    standing[win_tile] += 1
    return _Win(
        standing=standing,
        melds=melds,
        all_counts=all_counts,
        tiles=frozenset(t for t, c in enumerate(all_counts) if c),
        win_tile=win_tile,
        situation=situation,
        # three copies in the hand's own melds make the winning tile the last one
        last_copy=situation.last_copy or shown == 3,
        kong_flag=situation.kong_replacement or situation.robbing_kong,
        table=table,
        folk=table.scores_folk_fans,
    )


def _check_opening(hand: Hand, situation: Situation, table: FanTable) -> None:
    """The first-go-around flags need the folk fans on, and a hand the first go-around can hold."""
    if not situation.opening:
        return
    name = OPENINGS[situation.opening - 1]
    if not table.scores_folk_fans:
        raise InvalidArgumentError(f"{name}: a folk fan's situation, and this ruleset does not score the folk fans "
                                   "(options.folk_fans)")  # fmt: skip
    if situation.earthly and not table.earthly_open_to(situation.seat_wind):
        raise InvalidArgumentError("earthly (地和): under options.earthly_next_seat_only only the dealer's 下家 "
                                   "(seat_wind 1) wins it")
    if situation.heavenly_ready:
        if any(m.kind != MeldKind.CONCEALED_KONG for m in hand.melds):
            raise InvalidArgumentError("heavenly_ready (天听): a hand ready from the deal claims nothing")
    elif hand.melds:
        raise InvalidArgumentError(f"{name}: the first go-around has no claim or kong yet, so no meld")


# ---------------------------------------------------------------------------------------------- the forms


def _situation(win: _Win) -> Counter:
    s = win.situation
    return situation_fans(s.self_drawn, win.last_copy, win.kong_flag, s.wall_last) + opening_fan(s.opening)


def _concealment(melded_sets: int, self_drawn: bool) -> Counter:
    """不求人 / 门前清 with no melded set, 全求人 with four and a discard win."""
    if melded_sets == 0:
        return Counter({"fully_concealed_hand" if self_drawn else "concealed_hand": 1})
    if melded_sets == 4 and not self_drawn:
        return Counter({"melded_hand": 1})
    return Counter()


def _terminal_or_wind_pungs(pungs: list[int], wind_used: int) -> int:
    return sum(is_terminal(t) or is_wind(t) for t in pungs) - wind_used


def _division_fans(win: _Win, groups: list[Group], unique_wait: bool) -> Counter:
    s = win.situation
    pair = next(g for g in groups if g.kind == "pair")
    chows = sorted((g.middle for g in groups if g.kind == CHOW), key=ORDER_KEY.__getitem__)
    pung_groups = [g for g in groups if g.is_pung_like]
    pungs = sorted((g.tile for g in pung_groups), key=ORDER_KEY.__getitem__)
    fans = _situation(win)

    concealed_pungs = sum(g.kind == PUNG and not g.melded for g in pung_groups)
    # A pung completed by a discard is an exposed pung, unless the tile may count as part of a concealed chow.
    if not s.self_drawn and not any(not g.melded and win.win_tile in g.tiles() for g in groups if g.kind == CHOW):
        concealed_pungs -= sum(g.kind == PUNG and not g.melded and g.tile == win.win_tile for g in pung_groups)
    melded_kongs = sum(g.kind == KONG and g.melded for g in pung_groups)
    concealed_kongs = sum(g.kind == KONG and not g.melded for g in pung_groups)
    if pungs:
        fans += kong_fans(melded_kongs, concealed_kongs, win.table.options["concealed_and_melded_kong"])
        hidden = concealed_pung_fan(concealed_pungs + concealed_kongs)
        if hidden:
            fans[hidden] = 1
        if len(pungs) == 4:
            fans["all_pungs"] = 1
        fans["dragon_pung"] = sum(map(is_dragon, pungs))

    if len(chows) == 4 and rank(pair.tile) == 5:
        fans += _terminal_chows(chows, pair.tile)
    if not (fans["three_suited_terminal_chows"] or fans["pure_terminal_chows"]):
        fans += chow_fans(chows) + pung_fans(pungs)

    fans += _concealment(sum(g.melded for g in win.melds), s.self_drawn)
    if len(chows) == 4 and is_numbered(pair.tile):
        fans["all_chows"] = 1
    if fans["two_dragons_pungs"] and is_dragon(pair.tile):
        fans["two_dragons_pungs"], fans["little_three_dragons"] = 0, 1
    if fans["big_three_winds"] and is_wind(pair.tile):
        fans["big_three_winds"], fans["little_four_winds"] = 0, 1
    fans += group_trait_fans(groups) + suit_fans(win.tiles) + tile_trait_fans(win.tiles) + rank_range_fans(win.tiles)
    if not fans["quadruple_chow"]:
        fans["tile_hog"] = tile_hog_count(win.all_counts, melded_kongs + concealed_kongs)
    if unique_wait and not (fans["melded_hand"] or fans["four_kongs"]):
        fans += wait_fan(groups[len(win.melds) :], win.win_tile)

    winds, wind_used = wind_fans(pungs, s.seat_wind, s.prevalent_wind)
    if fans["big_three_winds"]:
        wind_used = 3  # 不重复: the three wind pungs of 三风刻 score no 幺九刻
    fans["pung_of_terminals_or_honors"] = _terminal_or_wind_pungs(pungs, wind_used)
    if win.folk:
        fans += division_folk_fans(pair.tile, chows, pungs, fans["big_four_winds"] > 0)
    return fans + winds


def _terminal_chows(chows: list[int], pair_tile: int) -> Counter:
    """三色双龙会 / 一色双龙会: 123 and 789 chows around a pair of 5."""
    if sorted(rank(t) for t in chows) != [2, 2, 8, 8]:
        return Counter()
    suits = Counter((suit(t), rank(t)) for t in chows)
    pair_suit = suit(pair_tile)
    if suits == Counter({(pair_suit, 2): 2, (pair_suit, 8): 2}):
        return Counter({"pure_terminal_chows": 1})
    others = {s for s in range(3) if s != pair_suit}
    if set(suits) == {(s, r) for s in others for r in (2, 8)}:
        return Counter({"three_suited_terminal_chows": 1})
    return Counter()


def _seven_pairs_fans(win: _Win) -> Counter:
    if is_seven_shifted_pairs(win.standing, win.win_tile):
        fans = Counter({"seven_shifted_pairs": 1})
        base = suit(win.win_tile) * 9
        if not win.standing[base] and not win.standing[base + 8]:
            fans["all_simples"] = 1
        return fans + _situation(win)
    fans = Counter({"seven_pairs": 1})
    fans += suit_fans(win.tiles) + tile_trait_fans(win.tiles) + rank_range_fans(win.tiles)
    fans["tile_hog"] = win.standing.count(4)
    return fans + _situation(win)


def _special_form_fans(win: _Win) -> Counter | None:
    if is_seven_pairs(win.standing):
        return _seven_pairs_fans(win)
    knitted = honors_and_knitted(win.standing)
    if knitted:
        greater, suited = knitted
        if greater:
            fans = Counter({"greater_honors_and_knitted_tiles": 1})
        else:
            fans = Counter({"lesser_honors_and_knitted_tiles": 1, "knitted_straight": int(suited == 9)})
        return fans + _situation(win)
    if is_thirteen_orphans(win.standing):
        return Counter({"thirteen_orphans": 1}) + _situation(win)
    return None


def _knitted_straight_fans(win: _Win) -> Counter | None:
    """组合龙 + a set + a pair; the set may be the one declared meld."""
    straight = knitted_straight_of(win.standing)
    if straight is None:
        return None
    rest = [c - (t in straight) for t, c in enumerate(win.standing)]
    divisions = standard_divisions(rest, win.melds, sets=1)
    if len(divisions) != 1:
        return None
    group, pair = divisions[0]
    pair_total = win.all_counts[pair.tile]
    fans = Counter({"knitted_straight": 1})
    if group.kind == CHOW:
        fans["all_chows"] = int(is_numbered(pair.tile))
        fans["tile_hog"] = int(pair_total == 4)
    elif is_honor(group.tile):
        if is_wind(group.tile):
            winds, used = wind_fans([group.tile], win.situation.seat_wind, win.situation.prevalent_wind)
            fans += winds
            fans["pung_of_terminals_or_honors"] = 1 - used
            fans["all_types"] = int(is_dragon(pair.tile))
        else:
            fans["dragon_pung"] = 1
            fans["all_types"] = int(is_wind(pair.tile))
    else:
        fans["pung_of_terminals_or_honors"] = int(is_terminal(group.tile))
        fans["no_honors"] = int(is_numbered(pair.tile))
        fans["tile_hog"] = int(group.kind != KONG and win.all_counts[group.tile] == 4)
    fans += _situation(win)
    if win.folk:
        fans += pair_fans(pair.tile)
    if group.kind == KONG:
        fans["melded_kong" if group.melded else "concealed_kong"] = 1
    if not group.melded:
        fans += _concealment(0, win.situation.self_drawn)
    # pymahjonggb counts the wait of the set and pair even when the winning tile could also fill the straight.
    if not win.melds:
        if is_unique_wait(rest, win.win_tile):
            fans += wait_fan([group, pair], win.win_tile)
    elif win.win_tile not in straight or win.standing[win.win_tile] == 3:
        fans["single_wait"] = 1  # with the set declared, only the pair can be waiting
    return fans


_NINE_GATES_EXTRAS = {
    1: ("pure_straight", "tile_hog"),
    9: ("pure_straight", "tile_hog"),
    2: ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors"),
    8: ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors"),
    5: ("two_concealed_pungs", "pung_of_terminals_or_honors"),
    3: ("short_straight",),
    4: ("short_straight",),
    6: ("short_straight",),
    7: ("short_straight",),
}


def _nine_gates_fans(win: _Win) -> Counter | None:
    """九莲宝灯, scored as pymahjonggb does: fixed extras by the winning tile's rank (how the 14 tiles divide
    around it), and no division of the hand."""
    winning_rank = nine_gates_rank(win.standing, win.win_tile)
    if winning_rank is None:
        return None
    fans = Counter({"nine_gates": 1, **{fan: 1 for fan in _NINE_GATES_EXTRAS[winning_rank]}})
    return fans + _situation(win)


# ---------------------------------------------------------------------------------------------- selection


def _apply_exclusions(fans: Counter, table: FanTable) -> Counter:
    """不计: from the highest fan down, a fan still counted cancels the fans it implies."""
    kept = +fans
    for key, fan in table.fans.items():
        if kept[key]:
            for excluded in fan.excludes:
                kept.pop(excluded, None)
    if not kept:
        kept["chicken_hand"] = 1  # 无番和: a win with no fan at all
    return kept


def _total(fans: Counter, table: FanTable) -> int:
    return sum(table.value(key) * count for key, count in fans.items())


def _best_reading(win: _Win) -> Counter | None:
    table = win.table
    best: Counter | None = None
    if not win.melds:
        best = _special_form_fans(win) or _knitted_straight_fans(win) or _nine_gates_fans(win)
    elif len(win.melds) == 1:
        best = _knitted_straight_fans(win)
    if best is not None:
        best = _apply_exclusions(best, table)
        if not best["seven_pairs"]:
            return best
    rival_is_seven_pairs = best is not None
    best_total = _total(best, table) if best else 0
    unique_wait = is_unique_wait(win.standing, win.win_tile)
    for division in standard_divisions(win.standing, win.melds):
        fans = _apply_exclusions(_division_fans(win, division, unique_wait), table)
        total = _total(fans, table)
        preferred = fans["pure_triple_chow"] == 1 or fans["triple_pung"] or rival_is_seven_pairs
        if total > best_total or (total == best_total and preferred):
            best, best_total = fans, total
    return best


def score_hand(hand: Hand, win_tile: int, situation: Situation, table: FanTable) -> McrScore:
    win = _prepare(hand, win_tile, situation, table)
    fans = _best_reading(win)
    if fans is None:
        return McrScore(fans=(), total=0, minimum=table.minimum)
    if hand.flowers:
        fans["flower_tiles"] = len(hand.flowers)
    scored = tuple(FanScore(key, fans[key], fan.value) for key, fan in table.fans.items() if fans[key])
    return McrScore(fans=scored, total=sum(f.points for f in scored), minimum=table.minimum)
