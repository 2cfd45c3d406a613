"""The fan of a Sichuan win (A.6): the best reading's shape, the modifiers, 根, and the situational rows.

Shapes are exclusive: a reading takes its most valuable shape; the hand takes the reading with the most fan
in all (equal totals: the shape later in the table's row order). Modifiers and 根 do not depend on the
reading, so the entries of the best reading are the hand's."""

from __future__ import annotations

from ....hand import Hand, MeldKind
from ....rules.regional.ruleset import RegionalRuleset
from ....analysis.results import Decomposition
from ....rules.sichuan.ruleset import SICHUAN_FAN_KEYS
from ....rules.sichuan.situation import Situation
from ..regional_hand import readings

__all__ = ["hand_fans", "situational_fans", "Entries"]

Entries = list[tuple[str, int, int]]  # (key, count, value), in row order

_SHAPES = ("ping_hu", "dui_dui_hu", "qi_dui", "dai_yao_jiu", "jiang_dui", "long_qi_dui")


def _rank(tile: int) -> int:
    return tile % 9 + 1


def _shapes(reading: Decomposition, counts: list[int], rules: RegionalRuleset) -> list[str]:
    """The shapes a reading shows (the table's options decide the optional ones)."""
    tiles = [t for t in range(27) if counts[t]]
    all_258 = all(_rank(t) in (2, 5, 8) for t in tiles)
    if reading.form == "seven_pairs":
        return ["long_qi_dui" if 4 in counts else "qi_dui"]
    found = ["ping_hu"]
    sets = [g for g in reading.groups if g.kind != "pair"]
    if all(g.kind in ("pung", "kong") for g in sets):
        found.append("dui_dui_hu")
        if rules.options["jiang_dui"] and all_258:
            found.append("jiang_dui")
    if rules.options["dai_yao_jiu"] and all(any(_rank(t) in (1, 9) for t in g.tiles) for g in reading.groups):
        found.append("dai_yao_jiu")
    return found


def hand_fans(hand: Hand, win: int, counts: list[int], rules: RegionalRuleset) -> tuple[Entries, int] | None:
    """The hand's own fan (no situation): entries and their sum, or None when it does not win. ``counts``:
    every tile of the hand with the winning tile."""
    best: tuple[tuple[int, int], str] | None = None
    for reading in readings(hand, win, seven_pairs=True):
        for shape in _shapes(reading, counts, rules):
            key = (rules.value(shape), SICHUAN_FAN_KEYS.index(shape))
            if best is None or key > best[0]:
                best = (key, shape)
    if best is None:
        return None
    shape = best[1]
    entries: Entries = [(shape, 1, rules.value(shape))]
    present = [t for t in range(27) if counts[t]]
    if len({t // 9 for t in present}) == 1:
        entries.append(("qing_yi_se", 1, rules.value("qing_yi_se")))
    if len(hand.melds) == 4:
        entries.append(("jin_gou_diao", 1, rules.value("jin_gou_diao")))
    seven_pairs = shape in ("qi_dui", "long_qi_dui")
    if seven_pairs and rules.options["jiang_qi_dui"] and all(_rank(t) in (2, 5, 8) for t in present):
        entries.append(("jiang_qi_dui", 1, rules.value("jiang_qi_dui")))
    roots = sum(1 for c in counts if c == 4) - (shape == "long_qi_dui")
    if roots:
        entries.append(("gen", roots, roots * rules.value("gen")))
    if rules.options["men_qing"] and all(m.kind == MeldKind.CONCEALED_KONG for m in hand.melds):
        entries.append(("men_qing", 1, rules.value("men_qing")))
    if rules.options["zhong_zhang"] and all(_rank(t) not in (1, 9) for t in present):
        entries.append(("zhong_zhang", 1, rules.value("zhong_zhang")))
    return entries, sum(value for _, _, value in entries)


def self_draw_scores(s: Situation, rules: RegionalRuleset) -> bool:
    """Whether the win counts as a self-draw for 自摸 and its payers: 点杠花 does only as 当自摸 (OC-S9)."""
    return s.self_drawn and not (s.kong_fed_by is not None and rules.options["fed_kong_bloom"] == "discard")


def situational_fans(s: Situation, rules: RegionalRuleset) -> Entries:
    o = rules.options
    rows = [
        ("zi_mo", self_draw_scores(s, rules) and o["self_draw_bonus"] == "fan"),
        ("gang_shang_hua", s.kong_bloom),
        ("gang_shang_pao", s.kong_discard),
        ("qiang_gang_hu", s.robbing_kong),
        ("hai_di_lao_yue", s.last_tile and s.self_drawn),
        ("hai_di_pao", s.last_tile and not s.self_drawn and o["hai_di_pao"]),
    ]
    return [(key, 1, rules.value(key)) for key, scored in rows if scored]
