"""The ruleset object of the folk families, the 789 folk table (``gd789``) and 老章 (``laozhang``): validated
options and value rows. The option checkers are the regional families' (one way to validate an option);
rows add what the folk files need: 老章's ``placeholder`` marks (OC-41) and 789's undefined 大哥 (OC-36).
``with_options`` re-validates the whole file, so a value the file could not hold cannot be set either.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ...errors import RulesetError, shown
from ..placeholders import PlaceholderWarning, placeholders_of, unmarked
from ..table_rules import SECTIONS, TableRules, table_rules_of
from ..regional.ruleset import Choice, Fixed, IntRange, OptionsFile, Switch, _string, _table, _unknown  # one way to read a file

__all__ = ["FAMILIES", "FolkRow", "FolkRuleset", "PlaceholderWarning", "is_folk", "parse_folk"]

STAKE = IntRange(0, 1_000_000)
MAX_FAN = 40  # base × 2^fan × the dealer factor stays within 64-bit money


@dataclass(frozen=True)
class FolkFamily:
    name: str
    options: Mapping[str, Any]
    section: str  # the rows' table
    value_field: str
    row_keys: tuple[str, ...]  # in the order the engine numbers them
    placeholders: bool  # rows carry `placeholder = true | false`


GD789_HANDS = ("ji_hu", "za_se", "qing_yi_se", "da_ge", "shi_san_yao")
DA_GE_DEFINITIONS = ("undefined", "peng_peng_hu", "zi_yi_se", "da_san_yuan_si_xi")
LAOZHANG_FANS = ("ji_hu", "men_qing", "ping_hu", "duan_yao", "que_men", "jiang", "jiu_zi_lian_huan", "qing_peng",
                 "quan_fan", "quan_yao", "quan_qiu_ren", "yi_ban_gao", "shuang_long_bao")  # fmt: skip
PAYERS = Choice(("discarder", "all"))
# 买马 at the 789 table (OC-38, OC-789-X1): the horses each seat buys; four seats' 20 and the deal (4 × 13 + 1)
# fit in the 136 playing tiles (the engine's MOST_HORSES_PER_SEAT).
HORSES_PER_SEAT = IntRange(0, 20)
# The alternatives OC-37 and OC-38 list that the 789 table does not offer (issue 27, item 3): each is an option
# holding its one value, so asking for the other is refused with the reason. A file may leave them out.
FLOWER_PAYERS = Fixed("winner", "every seat paying flowers win or not (OC-37) is not offered: RULES.md §5 leaves "
                      "the payer open and the seed's flower money pays its holder only when it wins")  # fmt: skip


@dataclass(frozen=True)
class Seats:
    """A list of distinct seats 0..3 (read as a sorted list)."""

    def check(self, name: str, value: Any) -> Any:
        if not isinstance(value, (list, tuple)) or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 3
                                                       for s in value) or len(set(value)) != len(value):  # fmt: skip
            raise RulesetError(f"options.{name}: expected a list of distinct seats 0..3, got {shown(value)}")
        return sorted(value)


# "有时候有些玩家还有买马这个玩法" (seed 000/789, issue 27): only some seats buy horses, bought before the hand — the
# seats (0..3, seat 0 the first dealer) that do; a seat not buying has no horse, so horse money never reaches it
# unless its seat is picked by another buyer's horse. Default: every seat.
HORSE_BUYERS = Seats()
# What a horse mirrors: "hand" (the hand's payments, OC-789-3) or "hand_and_flowers" (the winner's flower money
# as well: "买到的那家赢了，买马者就可以拿与赢家一样的数", the same as the winner takes, flowers included).
HORSE_MIRRORS = Choice(("hand", "hand_and_flowers"))
HORSE_KIND = Fixed("mirror", "horses as a hit bonus (OC-38) are not offered at 789: the seed's 买马 is a mirror "
                   "bet on a seat (推倒胡's hit-bonus horse is its OC-31)")  # fmt: skip

# 老章's arithmetic (issue 27 item 4; seed 000 "首先算点数，然后再用番数乘，加、乘、平方", RULES.md §6): "doubling"
# (base × 2^fan, OC-LZ-1, the default) or "points_then_fan" (base × the hand's points × 2^fan, the points counted
# from its pungs and kongs: rust/engine/src/rules/folk/points.rs). The point values are the seed's none: the
# shipped file lists them in meta.placeholders. Older files without them read as the defaults below.
ARITHMETIC = Choice(("doubling", "points_then_fan"))
POINT_OPTIONS = {"win_points": IntRange(0, 1000), "pung_points": IntRange(0, 100), "yao_factor": IntRange(1, 8),
                 "concealed_factor": IntRange(1, 8), "kong_factor": IntRange(1, 8), "eye_points": IntRange(0, 100)}  # fmt: skip
OPTIONAL = {"horse_buyers": [0, 1, 2, 3], "horse_mirrors": "hand", "arithmetic": "doubling", "win_points": 20, "pung_points": 2, "yao_factor": 2, "concealed_factor": 2,
            "kong_factor": 4, "eye_points": 0, "loser_settlement": "none", "hu_tail_unit": 1}  # fmt: skip
# 数胡尾 (seed 000 "当有人吃胡时，其余三家要数胡尾定输赢": the losers settle among themselves by their own hands' 胡数,
# RULES.md §6): "none" (off, the default: the seed names the rule but neither what a 胡 counts nor what it is
# worth, so its whole shape would be ours — docs/folk.md OC-LZ-7) or "hu_tail": after a discard win every two
# losers settle the difference of their hands' 胡数 (counted with the points_then_fan point values) ×
# hu_tail_unit, a placeholder. Older files without them read as off.
LOSER_SETTLEMENT = Choice(("none", "hu_tail"))
HU_TAIL_UNIT = IntRange(0, 1_000_000)

FAMILIES: Mapping[str, FolkFamily] = {
    "gd789": FolkFamily("gd789", {
        "flower_stake": STAKE, "kong_stake": STAKE, "hand_stake": IntRange(1, 1_000_000), "discard_payers": PAYERS,
        "da_ge_definition": Choice(DA_GE_DEFINITIONS), "da_ge_enabled": Switch(), "horses_per_seat": HORSES_PER_SEAT,
        "flower_payers": FLOWER_PAYERS, "horse_kind": HORSE_KIND, "horse_buyers": HORSE_BUYERS,
        "horse_mirrors": HORSE_MIRRORS,
    }, "hands", "multiple", GD789_HANDS, False),
    "laozhang": FolkFamily("laozhang", {
        "base": IntRange(1, 1_000_000), "dealer_factor": IntRange(1, 16), "discard_payers": PAYERS,
        "cap": IntRange(0, MAX_FAN), "arithmetic": ARITHMETIC, **POINT_OPTIONS, "loser_settlement": LOSER_SETTLEMENT,
        "hu_tail_unit": HU_TAIL_UNIT,
    }, "fans", "fan", LAOZHANG_FANS, True),
}  # fmt: skip


@dataclass(frozen=True)
class FolkRow:
    """A value row: key, names, value (789: the hand's multiple; 老章: fan), and whether the value is ours,
    not the seeds' (老章)."""

    key: str
    zh: str
    en: str
    value: int
    placeholder: bool = False


@dataclass(frozen=True)
class FolkRuleset(OptionsFile):
    """A folk ruleset: ``family`` (``"gd789"`` or ``"laozhang"``), the validated ``options``, the ``rows`` in
    engine order, and ``placeholders``: the keys of the rows whose values are not from the seeds."""

    name: str
    family: str
    title: str
    tiles: int
    options: Mapping[str, Any]
    rows: tuple[FolkRow, ...]
    source: Mapping[str, Any] = dataclasses.field(repr=False, compare=False, default_factory=dict)
    # The table the file's [tiles] … [settlement] sections describe.
    table_rules: TableRules | None = dataclasses.field(repr=False, compare=False, default=None)

    def __getitem__(self, option: str) -> Any:
        return self.options[option]

    def row(self, key: str) -> FolkRow:
        return self.rows[FAMILIES[self.family].row_keys.index(key)]

    def value(self, key: str) -> int:
        return self.row(key).value

    @property
    def da_ge(self) -> str:
        """What 大哥 means at this table, "undefined" while it is off (789 only)."""
        return self.options["da_ge_definition"] if self.options.get("da_ge_enabled") else "undefined"

    def _reparsed(self, data: Mapping[str, Any]) -> FolkRuleset:
        return parse_folk(data)

    @property
    def row_section(self) -> str:
        return FAMILIES[self.family].section


def _with_horses(data: Mapping[str, Any], family: str, per_seat: int, buyers: int) -> TableRules:
    """The file's table, its wall's tail reserving the horses the ``buyers`` seats buy beyond
    ``deal.reserved_tail`` (RULES.md §4.2: drawing stops when only they are left); refused by name when the wall
    cannot hold them."""
    table = table_rules_of(dict(data), family)
    horses = buyers * per_seat
    if not horses:
        return table
    playing = table.tile_count - table.flowers  # flowers are replaced, so the playing tiles deal the hands
    room = playing - (4 * table.hand + 1) - table.reserved_tail
    if horses > room:
        raise RulesetError(f"options.horses_per_seat: {per_seat} horses a seat make {horses}, but the {playing} "
                           f"playing tiles hold {room} beyond the deal and deal.reserved_tail")  # fmt: skip
    deal = {**data["deal"], "reserved_tail": table.reserved_tail + horses}
    return table_rules_of({**data, "deal": deal}, family)


def most_points(options: Mapping[str, Any]) -> int:
    """The most points a 老章 win counts under points_then_fan: its own, four concealed kongs of terminals and an
    honour eye."""
    kong = options["pung_points"] * options["yao_factor"] * options["concealed_factor"] * options["kong_factor"]
    return options["win_points"] + 4 * kong + options["eye_points"]


def _check_points_reach(options: Mapping[str, Any], fan: int) -> None:
    """Three payers' shares, the dealer's × dealer_factor, stay within 64-bit money (as the engine checks)."""
    most = options["base"] * most_points(options) * options["dealer_factor"] * 3 << fan
    if most >= 2**63:
        raise RulesetError(f"options.arithmetic: 'points_then_fan' with base {options['base']}, up to "
                           f"{most_points(options)} points and {fan} fan overflows 64-bit money: lower the "
                           "base, the point values or the cap")  # fmt: skip


def is_folk(family: Any) -> bool:
    return family in FAMILIES


def parse_folk(data: Mapping[str, Any]) -> FolkRuleset:
    """A parsed folk file, validated (every error names the field at fault). A row's ``placeholder`` mark is
    the shared one (``rules/placeholders.py``)."""
    marked, data = data, unmarked(data)
    placeholder_paths = placeholders_of(marked)
    meta = _table(data, "meta", "")
    family = FAMILIES.get(meta.get("family"))
    if family is None:
        raise RulesetError(f"meta.family: {meta.get('family')!r} is not a folk family ({', '.join(FAMILIES)})")
    _unknown(data, ("meta", "options", family.section, *SECTIONS), "ruleset")
    _unknown(meta, ("name", "family", "title", "tiles"), "meta")
    tiles = meta.get("tiles")
    if tiles != (144 if family.name == "gd789" else 136):
        raise RulesetError(f"meta.tiles: {family.name} plays {144 if family.name == 'gd789' else 136}, got {tiles!r}")
    raw = _table(data, "options", "")
    _unknown(raw, tuple(family.options), "options")
    missing = [name for name, spec in family.options.items()
               if name not in raw and not isinstance(spec, Fixed) and name not in OPTIONAL]  # fmt: skip
    if missing:
        raise RulesetError(f"options.{missing[0]}: missing")
    defaults = {name: spec.value if isinstance(spec, Fixed) else OPTIONAL[name]
                for name, spec in family.options.items() if name not in raw}  # fmt: skip
    options = {name: spec.check(name, raw[name]) if name in raw else defaults[name]
               for name, spec in family.options.items()}  # fmt: skip
    if options.get("da_ge_enabled") and options["da_ge_definition"] == "undefined":
        raise RulesetError("options.da_ge_enabled: 大哥 is not defined by the seed (OC-36): set da_ge_definition "
                           f"to one of {', '.join(DA_GE_DEFINITIONS[1:])} before enabling it")  # fmt: skip
    section = _table(data, family.section, "")
    _unknown(section, family.row_keys, family.section)
    fields = ("zh", "en", family.value_field)
    rows = []
    for key in family.row_keys:
        where = f"{family.section}.{key}"
        entry = section.get(key)
        if not isinstance(entry, dict):
            raise RulesetError(f"{where}: missing (every row the engine detects needs a value)")
        _unknown(entry, fields, where)
        value = entry.get(family.value_field)
        high = MAX_FAN if family.placeholders else 1_000_000
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
            raise RulesetError(f"{where}.{family.value_field}: expected an int 0..{high}, got {value!r}")
        placeholder = where in placeholder_paths
        rows.append(FolkRow(key, _string(entry, "zh", where), _string(entry, "en", where), value, placeholder))
    if family.placeholders:
        reach = max(rows[0].value, sum(row.value for row in rows[1:]))
        if reach > MAX_FAN:
            raise RulesetError(f"{family.section}: a win could reach {reach} fan; at most {MAX_FAN} keep "
                               "base × 2^fan in 64-bit money")  # fmt: skip
        if options["arithmetic"] == "points_then_fan":
            _check_points_reach(options, min(reach, options["cap"]) if options["cap"] else reach)
    buyers = len(options.get("horse_buyers", ()))
    table_rules = _with_horses(data, family.name, options.get("horses_per_seat", 0), buyers) if "tiles" in data else None
    if table_rules is not None and table_rules.tile_count != tiles:
        raise RulesetError(f"meta.tiles: {tiles}, but the table sections make a set of {table_rules.tile_count}")
    ruleset = FolkRuleset(name=_string(meta, "name", "meta"), family=family.name, title=_string(meta, "title", "meta"),
                          tiles=tiles, options=MappingProxyType(options), rows=tuple(rows), source=marked,
                          table_rules=table_rules)  # fmt: skip
    return ruleset
