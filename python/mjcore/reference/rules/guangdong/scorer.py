"""Guangdong 鸡平胡 / 贵港 scoring in plain Python: the readable twin of the Rust engine's
``rules/guangdong.rs`` and ``scoring.rs``, sharing the same ruleset data.

A win is read through the general ``decompose`` (so the parity tests also check the engine's own fast
Guangdong reader); the pattern is the most valuable one any reading shows (RULES.md OC-4), extras are added
to patterns inside the cap, then the cap, the QQ floor and the table's 起和 apply, and the payments follow
RULES.md §2.6 (liabilities included).
"""

from __future__ import annotations

from ....analysis.results import Decomposition
from ....errors import InvalidHandError
from ....hand import Forms, Hand, HandLike, Meld, MeldKind, as_hand
from ....notation import parse_hand
from ....rules.guangdong.result import ScoreResult
from ....rules.guangdong.ruleset import LIMIT_HAND_KEYS, PatternRow, Ruleset
from ....rules.guangdong.situation import DEALER, Situation
from ....tiles import NUM_KINDS, TERMINALS_AND_HONOURS, tile_name
from ...analysis.decompose import decompose
from ...twelve_tiles import twelve_tiles_trigger

__all__ = ["score"]

WINDS = range(27, 31)
DRAGONS = range(31, 34)


# Readings ---------------------------------------------------------------------------------------------------


def readings(hand: Hand, win: int, ruleset: Ruleset) -> list[Decomposition]:
    """Every decomposition of the hand completed by ``win`` in the shapes the table allows (the general
    ``decompose``; Guangdong tables have no wild tiles)."""
    concealed = list(hand.concealed)
    concealed[win] += 1
    forms = Forms.STANDARD
    if ruleset.seven_pairs:
        forms |= Forms.SEVEN_PAIRS
    if ruleset.thirteen_orphans:
        forms |= Forms.THIRTEEN_ORPHANS
    return decompose(Hand(tuple(concealed), hand.melds), forms,
                     seven_pairs_quads=ruleset.options.seven_pairs_quads, wild_fifth_copy=False)  # fmt: skip


# Detection --------------------------------------------------------------------------------------------------


def _pungs(reading: Decomposition) -> list[int]:
    """The tile of every pung or kong of the reading."""
    return [g.tiles[0] for g in reading.groups if g.kind in ("pung", "kong")]


def patterns(hand: Hand, reading: Decomposition, tiles: list[int]) -> set[str]:
    """Every pattern key the reading shows; ``tiles`` are all the hand's tiles (melds and winning tile)."""
    present = [t for t in range(NUM_KINDS) if tiles[t]]
    suits = {t // 9 for t in present if t < 27}
    honours = any(t >= 27 for t in present)
    found = {"ji_hu"}
    all_pungs = False
    if reading.form == "seven_pairs":
        found.add("qi_dui")
    elif reading.form == "thirteen_orphans":
        found.add("shi_san_yao")
    else:
        sets = [g for g in reading.groups if g.kind != "pair"]
        pair = reading.pair.tiles[0] if reading.pair is not None else None
        pungs = _pungs(reading)
        all_pungs = len(pungs) == len(sets)
        if all(g.kind == "chow" for g in sets):
            found.add("ping_hu")
        if all_pungs:
            found.add("peng_peng_hu")
        dragon_pungs = sum(t in DRAGONS for t in pungs)
        wind_pungs = sum(t in WINDS for t in pungs)
        if dragon_pungs == 3:
            found.add("da_san_yuan")
        elif dragon_pungs == 2 and pair in DRAGONS:
            found.add("xiao_san_yuan")
        if wind_pungs == 4:
            found.add("da_si_xi")
        elif wind_pungs == 3 and pair in WINDS:
            found.add("xiao_si_xi")
        if not suits:
            found.add("zi_yi_se")
        elif all(t in TERMINALS_AND_HONOURS for t in present):
            found.add("hun_yao_jiu" if honours else "qing_yao_jiu")
        if not hand.melds and _is_nine_gates(tiles, suits, honours):
            found.add("jiu_lian_bao_deng")
    if len(suits) == 1:
        found.add("hun_yi_se" if honours else "qing_yi_se")
        if all_pungs:
            found.add("hun_peng" if honours else "qing_peng")
    return found


def _is_nine_gates(tiles: list[int], suits: set[int], honours: bool) -> bool:
    """1112345678999 of one suit plus any tile of it (fully concealed: checked by the caller)."""
    if len(suits) != 1 or honours:
        return False
    base = 9 * next(iter(suits))
    suit = tiles[base : base + 9]
    return suit[0] >= 3 and suit[8] >= 3 and all(c >= 1 for c in suit[1:8])


def extras(hand: Hand, reading: Decomposition, ruleset: Ruleset, where: Situation) -> list[tuple[str, int]]:
    """(extra key, times) for every extra the win earns and the table lists."""
    pungs = _pungs(reading)
    seat_wind, round_wind = 27 + where.seat_wind, 27 + where.round_wind
    round_counted = ruleset.options.seat_round_wind_stack or seat_wind != round_wind
    scores_self_draw = where.self_drawn or (where.robbing_kong and ruleset.options.robbing_kong_is_self_draw)
    times = {
        "zi_mo": int(scores_self_draw),
        "men_feng": int(seat_wind in pungs),
        "quan_feng": int(round_counted and round_wind in pungs),
        "san_yuan": sum(t in DRAGONS for t in pungs),
        "men_qing": int(all(m.kind == MeldKind.CONCEALED_KONG for m in hand.melds)),
        "gang_shang_kai_hua": int(where.kong_bloom),
        "hai_di": int(where.last_tile and where.self_drawn),
    }
    return [(row.key, times[row.key]) for row in ruleset.extras if times[row.key]]


# Fan --------------------------------------------------------------------------------------------------------

_LIMIT_FLAGS = {"tian_hu": "heavenly", "di_hu": "earthly", "ren_hu": "human"}


def _floor_events(where: Situation) -> set[str]:
    events = {
        "three_winners": where.winners_on_discard == 3,
        "kong_bloom": where.kong_bloom,
        "last_tile": where.last_tile and where.self_drawn,
        "robbing_kong": where.robbing_kong,
        "last_discard": where.last_tile and not where.self_drawn and not where.robbing_kong,  # 海底炮 (OC-22)
    }
    return {event for event, on in events.items() if on}


def _rank(ruleset: Ruleset, row: PatternRow) -> tuple[int, int]:
    """Higher fan first; on equal fan the row listed first in the table."""
    return row.fan, -ruleset.patterns.index(row)


def best_fan(hand: Hand, win: int, ruleset: Ruleset, where: Situation) -> dict | None:
    """The chosen pattern, extras and totals over every reading, or None when the hand does not win."""
    tiles = list(hand.all_counts())
    tiles[win] += 1
    if not ruleset.allows(tiles, hand.melds):  # RULES.md §7.3's restrictions, where the file asks them
        return None
    limit = [row for row in ruleset.patterns if row.key in LIMIT_HAND_KEYS and getattr(where, _LIMIT_FLAGS[row.key])]
    best, best_key = None, None
    for reading in readings(hand, win, ruleset):
        found = patterns(hand, reading, tiles)
        rows = [row for row in ruleset.patterns if row.key in found] + limit
        row = max(rows, key=lambda r: _rank(ruleset, r))
        fan = _total(row, extras(hand, reading, ruleset, where), ruleset, where)
        # The most valuable pattern, then the highest total, then the row listed first.
        key = (row.fan, fan["total_fan"], _rank(ruleset, row)[1])
        if best_key is None or key > best_key:
            best, best_key = fan, key
    return best


def _total(row: PatternRow, earned: list[tuple[str, int]], ruleset: Ruleset, where: Situation) -> dict:
    if row.special:
        earned = []
    raw = row.fan + sum(ruleset.extra(key).fan * times for key, times in earned)
    capped = not row.special and raw > ruleset.cap
    total = ruleset.cap if capped else raw
    floored = total < ruleset.floor.fan and bool(_floor_events(where) & set(ruleset.floor.events))
    if floored:
        total = ruleset.floor.fan
    return {
        "pattern": row.key,
        "pattern_fan": row.fan,
        "extras": earned,
        "raw_fan": raw,
        "capped": capped,
        "floored": floored,
        "total_fan": total,
        "legal": row.key in LIMIT_HAND_KEYS or total >= ruleset.minimum,
    }


# Payments ---------------------------------------------------------------------------------------------------


def liable_seat(hand: Hand, ruleset: Ruleset, where: Situation) -> int | None:
    """The seat paying all three shares, if a liability of RULES.md §2.6 applies; the earliest trigger wins."""
    if not (where.self_drawn or where.robbing_kong):
        return None
    rules, seat = ruleset.liabilities, where.seat_wind

    def feeder(meld: Meld) -> int | None:
        return None if meld.from_offset is None else (seat + meld.from_offset) % 4

    claimed = [(i, m) for i, m in enumerate(hand.melds) if m.kind != MeldKind.CONCEALED_KONG]
    triggers: list[tuple[int, int | None]] = []
    if rules.twelve_tiles and not where.feeder_already_liable:
        # OC-14's count, the one the deal records 包先不包后 by (``reference.twelve_tiles``).
        index = twelve_tiles_trigger(hand.melds, rules.twelve_tiles_count)
        if index is not None:
            triggers.append((index, feeder(hand.melds[index])))
    if rules.big_hand:
        for honours, needed in ((WINDS, 4), (DRAGONS, 3)):
            completing = [(i, m) for i, m in claimed if m.tile in honours]
            if len(completing) == needed:
                index, meld = completing[-1]
                triggers.append((index, feeder(meld)))
    now = len(hand.melds)
    if rules.kong_bloom and where.kong_bloom:
        triggers.append((now, where.kong_fed_by))
    if rules.robbing_kong and where.robbing_kong:
        triggers.append((now, where.discarder))
    named = [(when, who) for when, who in triggers if who is not None and who != seat]
    return min(named)[1] if named else None


def payments(hand: Hand, ruleset: Ruleset, where: Situation, total_fan: int) -> tuple[tuple[int, ...], int | None]:
    """The four seats' gains and losses, and the liable seat if any."""
    options, winner = ruleset.options, where.seat_wind

    def share(payer: int) -> int:
        """One loser's share, times the dealer factor when the dealer (East, 0) pays or collects it (OC-19)."""
        return (1 << total_fan) * (options.dealer_factor if DEALER in (payer, winner) else 1)

    # What the three others pay on a self-draw; a liable seat, or the discarder under 全铳 (OC-18), pays it all.
    three_shares = sum(share(s) for s in range(4) if s != winner)
    owed = [0, 0, 0, 0]
    liable = liable_seat(hand, ruleset, where)
    everyone_pays = where.self_drawn or where.robbing_kong or (where.human and not options.human_hand_paid_by_dealer)
    if liable is not None:
        owed[liable] = three_shares
    elif everyone_pays:
        owed = [0 if s == winner else share(s) for s in range(4)]
    else:
        owed[where.discarder] = three_shares if options.discarder_pays == "three" else share(where.discarder)
    result = [-o for o in owed]
    result[where.seat_wind] += sum(owed)
    return tuple(result), liable


# The family's core ------------------------------------------------------------------------------------------


def score(hand: HandLike, win: int, where: Situation, rules: Ruleset) -> ScoreResult:
    """The twin of the native Guangdong core (``mjcore.rules.guangdong.scorer.score``); the public ``score`` of
    every family is ``mjcore.reference.rules.score``."""
    h = as_hand(hand, parse_hand)
    if h.is_complete_size:
        raise InvalidHandError("score takes the hand without its winning tile (3n+1 concealed tiles) and the "
                               "winning tile apart")  # fmt: skip
    if h.all_counts()[win] >= 4:
        raise InvalidHandError(f"the winning tile {tile_name(win)} would be a fifth copy")
    if h.wilds:  # no Guangdong table plays with ghosts (鬼牌): refused, as the engine does
        raise InvalidHandError(f"the hand holds {h.wilds} wild tile(s), and {rules.name} has no wild tiles (鬼牌): "
                               "score it without them")  # fmt: skip
    fan = best_fan(h, win, rules, where)
    if fan is None:
        return ScoreResult.not_a_win(rules)
    paid, liable = payments(h, rules, where, fan["total_fan"])
    return ScoreResult.from_parts(rules, fan["pattern"], fan["extras"], fan["raw_fan"], fan["capped"], fan["floored"],
                                  fan["total_fan"], fan["legal"], paid, liable)  # fmt: skip
