"""The folk tables' scoring in plain Python, the readable twin of ``rust/engine/src/rules/folk/``: the 789
folk table (RULES.md §5: the hand ladder, flower and kong money, mirror 买马) and 老章 (§6: 清平断缺将 and the
named hands, the dealer doubling). docs/folk.md gives every choice."""

from __future__ import annotations

from ....errors import InvalidArgumentError, InvalidHandError
from ....hand import Forms, Hand, HandLike, MeldKind, as_hand
from ....notation import parse_hand
from ....rules.folk.result import FolkScore
from ....rules.folk.ruleset import FolkRuleset
from ....rules.folk.situation import Gd789Situation, LaozhangSituation
from ....rules.tile_codes import FLOWER_BASE
from ....tiles import tile_name
from ...analysis.decompose import decompose

__all__ = ["score_789", "score_laozhang"]

HONOURS = range(27, 34)
WINDS, DRAGONS = range(27, 31), range(31, 34)
TERMINALS = tuple(s * 9 + r for s in range(3) for r in (0, 8))


def _completed(hand: Hand, win: int, chows: bool) -> tuple[list[int], list]:
    """Checks the hand (no wilds, 13 tiles before the win counting a meld as 3, no fifth copy, 789: no chow)
    and returns all its tiles with the winning tile and its readings."""
    if hand.wilds:
        raise InvalidHandError("folk has no wild tiles")  # the engine's words (regional check_hand)
    size = hand.size + 3 * len(hand.melds)
    if size != 13:
        raise InvalidHandError(f"a folk hand before its winning tile holds 13 tiles counting each meld as 3, "
                               f"not {size}")  # fmt: skip
    if not chows and any(m.kind == MeldKind.CHI for m in hand.melds):
        raise InvalidHandError("the 789 table has no chi (OC-35): a chow cannot be melded")
    tiles = list(hand.all_counts())
    tiles[win] += 1
    if tiles[win] > 4:
        raise InvalidHandError(f"the winning tile {tile_name(win)} would be a fifth copy")
    concealed = list(hand.concealed)
    concealed[win] += 1
    forms = Forms.STANDARD if chows else Forms.STANDARD | Forms.THIRTEEN_ORPHANS
    return tiles, decompose(Hand(tuple(concealed), hand.melds), forms, wild_fifth_copy=False)


def _suits(tiles: list[int]) -> tuple[int, bool]:
    """How many suits the tiles use, and whether they hold an honour."""
    return sum(any(tiles[s * 9:s * 9 + 9]) for s in range(3)), any(tiles[t] for t in HONOURS)


def _all_pungs(reading) -> bool:
    return all(g.kind in ("pung", "kong") for g in reading.groups if g.kind != "pair")


def _win_money(where: LaozhangSituation, rules: FolkRuleset, share: int, factor: int) -> list[tuple[int, int]]:
    """(payer, amount) of the hand: the three on a self-draw (or under discard_payers = "all"), else the
    discarder; ``factor`` multiplies what the dealer pays or collects (老章's doubling; 1 at the 789 table)."""
    if where.self_drawn or rules["discard_payers"] == "all":
        payers = [s for s in range(4) if s != where.seat]
    else:
        payers = [where.discarder]
    dealer_in = lambda payer: where.seat == where.dealer or payer == where.dealer  # noqa: E731
    return [(p, share * (factor if dealer_in(p) else 1)) for p in payers]


def _money(winner: int, transfers: list[tuple[int, int]]) -> list[int]:
    seats = [0] * 4
    for payer, amount in transfers:
        seats[payer] -= amount
        seats[winner] += amount
    return seats


# 789 ----------------------------------------------------------------------------------------------------------


def _ladder(tiles: list[int], readings: list, rules: FolkRuleset) -> str:
    """The largest row of the ladder the hand shows (鸡胡 < 杂色 < 清一色 < 大哥 < 十三幺)."""
    if any(r.form == "thirteen_orphans" for r in readings):
        return "shi_san_yao"
    suits, honours = _suits(tiles)
    da_ge = rules.da_ge
    if da_ge == "peng_peng_hu" and any(_all_pungs(r) for r in readings if r.form == "standard"):
        return "da_ge"
    if da_ge == "zi_yi_se" and suits == 0:
        return "da_ge"
    if da_ge == "da_san_yuan_si_xi" and (all(tiles[t] >= 3 for t in DRAGONS) or all(tiles[t] >= 3 for t in WINDS)):
        return "da_ge"
    if suits == 1:
        return "za_se" if honours else "qing_yi_se"
    return "ji_hu"


def horse_seat(tile: int, dealer: int) -> int:
    """The seat a horse picks (§5): the dealer is 1, counting on in turn order to the tile's number, so n,
    n+4 and n+8 pick the same seat. Honours count 东1 南2 西3 北4 白5 发6 中7, flower nf n (OC-789-2)."""
    number = tile - FLOWER_BASE + 1 if tile >= FLOWER_BASE else tile - 26 if tile >= 27 else tile % 9 + 1
    return (dealer + number - 1) % 4


def score_789(hand: HandLike, win: int, where: Gd789Situation, rules: FolkRuleset) -> FolkScore:
    h = as_hand(hand, parse_hand)
    if win >= FLOWER_BASE:
        raise InvalidArgumentError("the winning tile cannot be a flower (a drawn flower is replaced)")
    tiles, readings = _completed(h, win, chows=False)
    seen, flowers = list(tiles), set(h.flowers)
    for buyer, horse in where.horses:
        if buyer not in rules["horse_buyers"]:
            raise InvalidArgumentError(f"horses: seat {buyer} buys no horse (options.horse_buyers)")
        if horse >= FLOWER_BASE:
            if horse - FLOWER_BASE + 1 in flowers:
                raise InvalidHandError(f"horses: flower {horse - FLOWER_BASE + 1}f is already held or drawn")
            flowers.add(horse - FLOWER_BASE + 1)
        else:
            seen[horse] += 1
            if seen[horse] > 4:
                raise InvalidHandError(f"horses: tile {tile_name(horse)} would be a fifth copy")
    if not readings:
        return FolkScore.from_row(rules, None)
    key = _ladder(tiles, readings, rules)
    share = rules["hand_stake"] * rules.value(key)
    seat = where.seat
    hand_paid = _win_money(where, rules, share, 1)
    win = _money(seat, hand_paid)
    others = [s for s in range(4) if s != seat]
    flower_money = _money(seat, [(p, rules["flower_stake"] * len(h.flowers)) for p in others])
    own_kongs = sum(m.kind.is_kong for m in h.melds)
    kongs = [0] * 4
    for owner in [seat] * own_kongs + list(where.other_kongs):
        for payer in range(4):
            if payer != owner:
                kongs[payer] -= rules["kong_stake"]
                kongs[owner] += rules["kong_stake"]
    # The buyer shadows the picked seat in the hand's payments (OC-38), and with horse_mirrors =
    # "hand_and_flowers" in the winner's flower money too.
    mirrored = list(hand_paid)
    if rules["horse_mirrors"] == "hand_and_flowers" and h.flowers:
        mirrored += [(p, rules["flower_stake"] * len(h.flowers)) for p in others]
    horses = [0] * 4
    for buyer, tile in where.horses:
        picked = horse_seat(tile, where.dealer)
        for payer, amount in mirrored:
            if picked == seat:
                horses[payer] -= amount
                horses[buyer] += amount
            elif picked == payer:
                horses[buyer] -= amount
                horses[seat] += amount
    entries = [(key, 1, rules.value(key))]
    if h.flowers:
        entries.append(("flowers", len(h.flowers), len(h.flowers) * rules["flower_stake"]))
    if own_kongs:
        entries.append(("kongs", own_kongs, own_kongs * rules["kong_stake"]))
    return FolkScore.from_row(rules, (entries, rules.value(key), share, [win, flower_money, kongs, horses]))


# 老章 ----------------------------------------------------------------------------------------------------------


def _laozhang_rows(h: Hand, tiles: list[int], reading, where: LaozhangSituation) -> list[str]:
    """The rows one reading shows (鸡胡 alone when none other does)."""
    suits, honours = _suits(tiles)
    sets = [g for g in reading.groups if g.kind != "pair"]
    pair = reading.pair.tiles[0]
    chows = sorted(g.tiles[0] for g in sets if g.kind == "chow")
    twins = sum(chows.count(t) // 2 for t in set(chows))
    shown = {
        "men_qing": not h.melds,
        "ping_hu": len(chows) == 4,
        "duan_yao": not any(tiles[t] for t in TERMINALS) and not honours,
        "que_men": suits < 3,
        "jiang": pair < 27 and pair % 9 in (1, 4, 7),
        "jiu_zi_lian_huan": not h.melds and suits == 1 and not honours and _nine_gates(tiles),
        "qing_peng": suits == 1 and not honours and _all_pungs(reading),
        "quan_fan": suits == 0,
        "quan_yao": not honours and all(tiles[t] == 0 for t in range(27) if t not in TERMINALS),
        "quan_qiu_ren": not where.self_drawn and len(h.melds) == 4
        and not any(m.kind == MeldKind.CONCEALED_KONG for m in h.melds),
        "yi_ban_gao": twins == 1,
        "shuang_long_bao": twins >= 2,
    }
    rows = [key for key, on in shown.items() if on]
    return rows or ["ji_hu"]


def _nine_gates(tiles: list[int]) -> bool:
    suit = next(s for s in range(3) if any(tiles[s * 9:s * 9 + 9]))
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return all(tiles[suit * 9 + r] >= need[r] for r in range(9))


def score_laozhang(hand: HandLike, win: int, where: LaozhangSituation, rules: FolkRuleset) -> FolkScore:
    h = as_hand(hand, parse_hand)
    if h.flowers:
        raise InvalidHandError("老章 is played with 136 tiles: no flowers")
    tiles, readings = _completed(h, win, chows=True)
    if not readings:
        return FolkScore.from_row(rules, None)
    keys = rules.rows
    order = [row.key for row in keys]
    counts_points = rules["arithmetic"] == "points_then_fan"
    capped = lambda fan: min(fan, rules["cap"]) if rules["cap"] else fan  # noqa: E731
    best = None
    for reading in readings:  # the reading worth most; ties to the larger row mask (both backends alike)
        rows = _laozhang_rows(h, tiles, reading, where)
        fan = sum(rules.value(k) for k in rows)
        mask = sum(1 << order.index(k) for k in rows)
        points = _points(h, reading, rules) if counts_points else 0
        key = (points << capped(fan), fan, mask)  # counting points, a reading is worth its points × 2^fan first
        if best is None or key > best[0]:
            best = (key, rows, points)
    (_, fan, _), rows, points = best
    fan = capped(fan)
    share = (rules["base"] * points if counts_points else rules["base"]) << fan
    money = _money(where.seat, _win_money(where, rules, share, rules["dealer_factor"]))
    entries = [(k, 1, rules.value(k)) for k in order if k in rows]
    if counts_points:
        entries.append(("points", 1, points))
    return FolkScore.from_row(rules, (entries, fan, share, [money]))


def _set_points(tile: int, concealed: bool, kong: bool, rules: FolkRuleset) -> int:
    """One pung's or kong's points under points_then_fan: pung_points, × yao_factor for a terminal or an
    honour, × concealed_factor kept concealed, × kong_factor as a kong (all placeholders, seed 000 gives none)."""
    points = rules["pung_points"]
    if tile >= 27 or tile % 9 in (0, 8):
        points *= rules["yao_factor"]
    if concealed:
        points *= rules["concealed_factor"]
    if kong:
        points *= rules["kong_factor"]
    return points


def _points(h: Hand, reading, rules: FolkRuleset) -> int:
    """A win's points (点数) read as ``reading`` — seed 000 "首先算点数，然后再用番数乘": win_points, each declared
    pung or kong by its kind, each pung of the concealed part as concealed (the winning tile's too, OC-LZ-5).
    Chows count nothing, the pair only as an honour pair: eye_points (seed 000 "番子牌做眼", read as earning points;
    番子 = the honour tiles, as 全番 reads them)."""
    total, declared = rules["win_points"], [0] * 34
    if any(g.kind == "pair" and g.tiles[0] >= 27 for g in reading.groups):
        total += rules["eye_points"]
    for meld in h.melds:
        if meld.kind == MeldKind.CHI:
            continue
        total += _set_points(meld.tile, meld.kind == MeldKind.CONCEALED_KONG, meld.kind.is_kong, rules)
        declared[meld.tile] += 1
    for group in reading.groups:
        if group.kind in ("pung", "kong"):
            tile = group.tiles[0]
            if declared[tile]:
                declared[tile] -= 1  # a declared meld, counted above
            else:
                total += _set_points(tile, True, False, rules)
    return total
