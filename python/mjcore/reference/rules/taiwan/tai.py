"""The 台 of a Taiwan win (B.4): the rows each reading shows, the replacements, the best reading.

Rows are detected per reading and summed; a row that replaces others (門清自摸, 小三元, 大四喜, 字一色, the
opening hands, 花槓) removes them. The hand takes the reading with the most 台; equal totals keep the reading
whose row counts, in table order, compare highest (both backends break ties alike)."""

from __future__ import annotations

from ....hand import Hand, MeldKind
from ....rules.regional.ruleset import RegionalRuleset
from ....analysis.results import Decomposition
from ....rules.taiwan.ruleset import TAIWAN_TAI_KEYS
from ....rules.taiwan.situation import Situation
from ..regional_hand import readings, winning_tiles

__all__ = ["best_tai", "flower_counts"]

WINDS, DRAGONS = range(27, 31), range(31, 34)
# The replacements (OC-T9 = B.4): row → the rows it removes.
REPLACES = {
    "men_qing_zi_mo": ("men_qing", "zi_mo"),
    "xiao_san_yuan": ("san_yuan",),
    "da_san_yuan": ("san_yuan", "xiao_san_yuan"),
    "xiao_si_xi": ("men_feng", "quan_feng"),
    "da_si_xi": ("men_feng", "quan_feng", "xiao_si_xi"),
    "zi_yi_se": ("peng_peng_hu",),
    "si_an_ke": ("san_an_ke",),
    "wu_an_ke": ("si_an_ke", "san_an_ke"),
    "ren_hu": ("men_qing",),
    "di_hu": ("men_qing", "zi_mo", "men_qing_zi_mo"),
    "tian_hu": ("men_qing", "zi_mo", "men_qing_zi_mo", "du_ting", "gang_shang_kai_hua"),
}
# Each seat's flowers (library numbers 1..8 = 春夏秋冬梅兰菊竹): 春夏秋冬 by seat, then 梅兰菊竹 by name
# (OC-T1 "by_name": 菊 West, 竹 North) or as the association pairs them (竹 West, 菊 North).
SEAT_FLOWERS = {"by_name": ((1, 5), (2, 6), (3, 7), (4, 8)), "association": ((1, 5), (2, 6), (3, 8), (4, 7))}


def flower_counts(hand: Hand, seat_wind: int, rules: RegionalRuleset) -> dict[str, int]:
    """正花 and 花槓 (a full set of four replaces that set's 正花)."""
    held = set(hand.flowers)
    counts = {"zheng_hua": 0, "hua_gang": 0}
    for group in ((1, 2, 3, 4), (5, 6, 7, 8)):
        if held.issuperset(group):
            counts["hua_gang"] += 1
        else:
            own = SEAT_FLOWERS[rules.options["flower_seats"]][seat_wind]
            counts["zheng_hua"] += sum(f in held and f in group for f in own)
    return counts


def _concealed_pungs(reading: Decomposition, win: int, self_drawn: bool) -> int:
    """暗刻: concealed pungs and 暗槓; a pung the discarded winning tile completes is not concealed, unless the
    reading also has a chow or the pair the tile can complete instead."""
    groups = reading.groups
    elsewhere = any(g.meld is None and g.kind in ("chow", "pair") and win in g.tiles for g in groups)
    found = 0
    for g in groups:
        if g.kind == "pung" and g.meld is None:
            found += self_drawn or g.tiles[0] != win or elsewhere
        elif g.kind == "kong" and g.meld is not None and g.meld.kind == MeldKind.CONCEALED_KONG:
            found += 1
    return found


def _two_sided(reading: Decomposition, win: int) -> bool:
    """The winning tile ends a concealed chow whose other end is also a wait (兩面)."""
    for g in reading.groups:
        if g.kind == "chow" and g.meld is None and win in g.tiles:
            low = g.tiles[0] % 9 + 1
            if (win == g.tiles[0] and low <= 6) or (win == g.tiles[2] and low >= 2):
                return True
    return False


def _reading_rows(hand: Hand, reading: Decomposition, win: int, s: Situation, counts: list[int],
                  single_wait: bool, rules: RegionalRuleset) -> dict[str, int]:  # fmt: skip
    o = rules.options
    sets = [g for g in reading.groups if g.kind != "pair"]
    pair = reading.pair.tiles[0]
    pungs = [g.tiles[0] for g in sets if g.kind in ("pung", "kong")]
    present = [t for t in range(34) if counts[t]]
    suits = {t // 9 for t in present if t < 27}
    honours = any(t >= 27 for t in present)
    concealed = all(m.kind == MeldKind.CONCEALED_KONG for m in hand.melds)
    exposed = sum(m.kind != MeldKind.CONCEALED_KONG for m in hand.melds)
    rows: dict[str, int] = {}

    def add(key: str, times: int = 1) -> None:
        if times:
            rows[key] = rows.get(key, 0) + times

    if concealed and s.self_drawn:
        add("men_qing_zi_mo")
    add("men_qing", concealed)
    add("zi_mo", s.self_drawn)
    add("men_feng", (27 + s.seat_wind) in pungs)
    add("quan_feng", (27 + s.round_wind) in pungs)
    dragons, winds = sum(t in DRAGONS for t in pungs), sum(t in WINDS for t in pungs)
    add("san_yuan", dragons)
    for key, times in flower_counts(hand, s.seat_wind, rules).items():
        add(key, times)
    add("du_ting", single_wait)
    add("qiang_gang", s.robbing_kong)
    add("gang_shang_kai_hua", s.kong_bloom)
    add("hai_di_lao_yue", s.last_tile and s.self_drawn)
    add("he_di_lao_yu", s.last_tile and not s.self_drawn)
    if exposed == 5:
        add("ban_qiu_ren" if s.self_drawn else "quan_qiu_ren", not s.self_drawn or o["half_seeker"])
        if not s.self_drawn and not o["full_seeker_single_wait"]:
            rows.pop("du_ting", None)
    all_chows = all(g.kind == "chow" for g in sets)
    if o["ping_hu"] == "strict":
        add("ping_hu", all_chows and not honours and not hand.flowers and not s.self_drawn and _two_sided(reading, win))
    else:
        add("ping_hu", all_chows and not hand.flowers)
    hidden = _concealed_pungs(reading, win, s.self_drawn)
    add({3: "san_an_ke", 4: "si_an_ke", 5: "wu_an_ke"}.get(hidden, ""), hidden >= 3)
    add("peng_peng_hu", len(pungs) == 5)
    if len(suits) == 1:
        add("hun_yi_se" if honours else "qing_yi_se")
    add("zi_yi_se", not suits)
    add("xiao_san_yuan", dragons == 2 and pair in DRAGONS)
    add("da_san_yuan", dragons == 3)
    add("xiao_si_xi", winds == 3 and pair in WINDS)
    add("da_si_xi", winds == 4)
    add("ren_hu", s.human)
    add("di_hu", s.earthly)
    add("tian_hu", s.heavenly)
    for key in [k for k in REPLACES if k in rows]:
        for removed in REPLACES[key]:
            rows.pop(removed, None)
    rows.pop("", None)
    return rows


def best_tai(hand: Hand, win: int, s: Situation, counts: list[int],
             rules: RegionalRuleset) -> list[tuple[str, int, int]] | None:  # fmt: skip
    """The entries (key, count, 台) of the best reading in table order, or None when the hand does not win."""
    found = readings(hand, win, seven_pairs=False)
    if not found:
        return None
    single_wait = len(winning_tiles(hand, seven_pairs=False)) == 1
    best: tuple[tuple[int, tuple[int, ...]], dict[str, int]] | None = None
    for reading in found:
        rows = _reading_rows(hand, reading, win, s, counts, single_wait, rules)
        vector = tuple(rows.get(key, 0) for key in TAIWAN_TAI_KEYS)
        key = (sum(times * rules.value(k) for k, times in rows.items()), vector)
        if best is None or key > best[0]:
            best = (key, rows)
    assert best is not None
    rows = best[1]
    return [(key, rows[key], rows[key] * rules.value(key)) for key in TAIWAN_TAI_KEYS if key in rows]
