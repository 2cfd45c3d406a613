"""The Guangdong family's ruleset (鸡平胡, 推倒胡's cousins 贵港 and QQ): each ``rulesets/gd-*.toml`` file is one
scoring table, loaded into frozen dataclasses and validated with errors that name the field
(``patterns.qing_yi_se.fan: expected an int 0..30, got -1``).

Detection is code keyed by stable snake_case names (the registry below, mirrored by the Rust engine); the
values, the cap, the minimum and which patterns break the cap are data. ``Ruleset.compiled`` is the frozen
native object every hot call takes, built once per ruleset.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...hand import MeldKind
from ...errors import RulesetError
from ..document import Document, compile_document, entries
from ..options import options_applied
from ..pickling import FieldsOnlyPickle
from ..placeholders import placeholders_of, unmarked
from ..table_rules import SECTIONS, TableRules, table_rules_of
from ..toml_table import MAX_FAN, TomlTable

__all__ = ["EXTRA_KEYS", "FLOOR_EVENTS", "LIMIT_HAND_KEYS", "PATTERN_KEYS", "ExtraRow", "Floor", "Liabilities",
           "PatternRow", "Ruleset", "RulesetOptions", "guangdong_ruleset"]

# The detection registry: every key a ruleset file may use. The Rust engine exports the same lists
# (tests/rules/test_ruleset.py checks that they agree with each other and with every shipped file).
PATTERN_KEYS = (
    "ji_hu", "ping_hu", "peng_peng_hu", "hun_yi_se", "qing_yi_se", "hun_peng", "qi_dui", "qing_peng",
    "hun_yao_jiu", "xiao_san_yuan", "xiao_si_xi", "zi_yi_se", "qing_yao_jiu", "da_san_yuan", "da_si_xi",
    "jiu_lian_bao_deng", "shi_san_yao", "tian_hu", "di_hu", "ren_hu",
)  # fmt: skip
EXTRA_KEYS = ("zi_mo", "men_feng", "quan_feng", "san_yuan", "men_qing", "gang_shang_kai_hua", "hai_di")
# "last_discard" (海底炮) is OC-22's alternative, in no shipped file.
FLOOR_EVENTS = ("three_winners", "kong_bloom", "last_tile", "robbing_kong", "last_discard")
LIMIT_HAND_KEYS = ("tian_hu", "di_hu", "ren_hu")
DISCARDER_PAYS = ("one", "three")  # OC-18
TWELVE_TILES_COUNTS = ("claimed_melds", "exposed_tiles")  # OC-14: four claimed melds, or twelve exposed tiles
# OC-4's alternative, refused: why adding patterns cannot apply to these tables.
COMBINE_REFUSED = ("the seeds list combined patterns (混碰, 清碰, 混幺九 …) as rows of their own, so adding a hand's "
                   "patterns would count 混一色 and 碰碰胡 again inside 混碰; set the rows' fan instead")  # fmt: skip
MAX_DEALER_FACTOR = 16  # OC-19; the engine's bound, 老章's too



@dataclass(frozen=True)
class PatternRow:
    """A pattern (牌型) of the table. ``special``: breaks the cap at its own value and takes no extras."""

    key: str
    zh: str
    en: str
    fan: int
    special: bool


@dataclass(frozen=True)
class ExtraRow:
    """An additive extra (附加番), per occurrence (``san_yuan`` counts once per dragon pung)."""

    key: str
    zh: str
    en: str
    fan: int


@dataclass(frozen=True)
class Floor:
    """After any of ``events`` a hand below ``fan`` is raised to it (QQ: 3)."""

    fan: int
    events: tuple[str, ...]


@dataclass(frozen=True)
class Liabilities:
    """Which liability triggers of RULES.md §2.6 apply (one liable seat pays all three shares)."""

    kong_bloom: bool
    robbing_kong: bool
    twelve_tiles: bool
    big_hand: bool
    twelve_tiles_count: str = "claimed_melds"  # OC-14: "claimed_melds" or "exposed_tiles" (TWELVE_TILES_COUNTS)


@dataclass(frozen=True)
class RulesetOptions:
    """The OPEN CHOICE options of the table (see the comments of each shipped file)."""

    robbing_kong_is_self_draw: bool
    seat_round_wind_stack: bool
    seven_pairs_quads: bool
    human_hand_paid_by_dealer: bool
    combine_patterns: str  # OC-4: "highest" (one pattern scores); "additive" is refused (COMBINE_REFUSED)
    discarder_pays: str  # OC-18: "one" share, or "three" (全铳: what the three would pay on a self-draw)
    dealer_factor: int  # OC-19: what a payment to or from the dealer is multiplied by (1: none; 2: ×2)


@dataclass(frozen=True)
class Ruleset(FieldsOnlyPickle):
    name: str
    family: str
    title: str
    tiles: int
    cap: int
    minimum: int
    standard: bool
    seven_pairs: bool
    thirteen_orphans: bool
    patterns: tuple[PatternRow, ...]
    extras: tuple[ExtraRow, ...]
    floor: Floor
    liabilities: Liabilities
    options: RulesetOptions
    table_rules: TableRules
    source: Mapping[str, Any] = dataclasses.field(repr=False, compare=False, default_factory=dict)  # parsed file
    # What a winning hand must be beyond its shape (RULES.md §7.3; ``forms.*``): a claimed meld (不能闭门和), all
    # three suits, and whether 四归一 (four of a kind outside a kong) may win.
    must_meld: bool = False
    three_suits: bool = False
    four_in_hand: bool = True

    def allows(self, tiles: Sequence[int], melds: Sequence[Any]) -> bool:
        """Whether a hand with every tile counted in ``tiles`` (the winning one included) and ``melds`` may win
        under the ``forms`` restrictions (the engine's ``WinningHand::allows``)."""
        if self.must_meld and not any(m.kind != MeldKind.CONCEALED_KONG for m in melds):
            return False
        if self.three_suits and any(not any(tiles[9 * suit:9 * suit + 9]) for suit in range(3)):
            return False
        kongs = {m.tile for m in melds if m.kind in (MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG)}
        return self.four_in_hand or not any(n == 4 and kind not in kongs for kind, n in enumerate(tiles))

    @property
    def placeholders(self) -> tuple[str, ...]:
        """The dotted paths of the values the file marks as placeholders, not from the seeds (``placeholder =
        true`` rows, ``meta.placeholders``)."""
        return placeholders_of(self.source)

    def pattern(self, key: str) -> PatternRow | None:
        return next((row for row in self.patterns if row.key == key), None)

    def extra(self, key: str) -> ExtraRow | None:
        return next((row for row in self.extras if row.key == key), None)

    def with_minimum(self, minimum: int) -> Ruleset:
        """The same table with another 起和 (the CGC servers run 0, 1 and 3)."""
        return self.with_options(minimum=minimum)

    def with_options(self, **options: Any) -> Ruleset:
        """The same file with some fields changed, each by its TOML name (``minimum=3``, ``chi="none"``,
        ``suits=("p", "s")``; a dotted path where a name is not unique), validated exactly as a file is."""
        from ..registry import ruleset_from_data  # the registry picks the family of the changed file

        return ruleset_from_data(options_applied(self.source, options))

    @functools.cached_property
    def compiled(self) -> Any:
        """The frozen native ruleset every hot call takes, compiled on first use."""
        return compile_document("guangdong", self.name, self.document())

    def document(self) -> Document:
        """The normalised document the native ruleset compiles from (``mjcore.rules.document``)."""
        o = self.options
        return [("limits.cap", self.cap), ("limits.minimum", self.minimum),
                ("shapes.seven_pairs", self.seven_pairs), ("shapes.seven_pairs_quads", o.seven_pairs_quads),
                ("shapes.thirteen_orphans", self.thirteen_orphans), ("forms.must_meld", self.must_meld),
                ("forms.three_suits", self.three_suits), ("forms.four_in_hand", self.four_in_hand),
                *entries("patterns", {row.key: [row.fan, row.special] for row in self.patterns}),
                *entries("extras", {row.key: row.fan for row in self.extras}),
                ("floor.fan", self.floor.fan), ("floor.events", list(self.floor.events)),
                *entries("liabilities", dataclasses.asdict(self.liabilities)),
                *entries("options", {"robbing_kong_is_self_draw": o.robbing_kong_is_self_draw,
                                     "seat_round_wind_stack": o.seat_round_wind_stack,
                                     "human_hand_paid_by_dealer": o.human_hand_paid_by_dealer,
                                     "discarder_pays": o.discarder_pays, "dealer_factor": o.dealer_factor})]  # fmt: skip

    @functools.cached_property
    def score_entries(self) -> tuple:
        """The named result entries the native ``score`` shares (``mjcore.rules.guangdong.result.native_entries``)."""
        from .result import native_entries

        return native_entries(self)


def guangdong_ruleset(data: dict[str, Any]) -> Ruleset:
    """A Guangdong ruleset from parsed file data, validated."""
    ruleset = _validated(_parse(TomlTable(unmarked(data), "")))
    return dataclasses.replace(ruleset, source=data)  # the marks stay in the source (``placeholders``)


def _parse(root: TomlTable) -> Ruleset:
    meta = root.table("meta")
    family = meta.str("family")
    if family != "guangdong":
        from ..families import FAMILIES  # deferred: the family registry holds this module's reader

        raise RulesetError(f"meta.family: {family!r} is not read here: the families are "
                           f"{', '.join(map(repr, FAMILIES))}")  # fmt: skip
    limits, forms, options = root.table("limits"), root.table("forms"), root.table("options")
    pattern_rows, extra_rows = root.rows("patterns", PATTERN_KEYS), root.rows("extras", EXTRA_KEYS)
    patterns = [PatternRow(key, row.str("zh"), row.str("en"), row.int("fan"), row.bool("special"))
                for key, row in pattern_rows]  # fmt: skip
    extras = [ExtraRow(key, row.str("zh"), row.str("en"), row.int("fan")) for key, row in extra_rows]
    floor_table, liabilities = root.table("floor"), root.table("liabilities")
    table_rules = table_rules_of(root.data, family)
    ruleset = Ruleset(
        name=meta.str("name"),
        family=family,
        title=meta.str("title"),
        tiles=table_rules.tile_count,
        cap=limits.int("cap"),
        minimum=limits.int("minimum"),
        standard=forms.bool("standard"),
        seven_pairs=forms.bool("seven_pairs"),
        thirteen_orphans=forms.bool("thirteen_orphans"),
        must_meld=forms.bool("must_meld"),
        three_suits=forms.bool("three_suits"),
        four_in_hand=forms.bool("four_in_hand"),
        patterns=tuple(patterns),
        extras=tuple(extras),
        floor=Floor(floor_table.int("fan"), floor_table.keys_in("events", FLOOR_EVENTS)),
        liabilities=_liabilities(liabilities),
        options=_options(options),
        table_rules=table_rules,
        source=root.data,
    )
    root.read.update(SECTIONS)
    tables = [root, meta, limits, forms, options, floor_table, liabilities]
    tables += [row for _, row in pattern_rows + extra_rows]
    for table in tables:
        table.done()
    return ruleset


def _liabilities(liabilities: TomlTable) -> Liabilities:
    count = liabilities.str("twelve_tiles_count")
    if count not in TWELVE_TILES_COUNTS:
        raise RulesetError(f"liabilities.twelve_tiles_count: expected one of {', '.join(map(repr, TWELVE_TILES_COUNTS))} "
                           f"(OC-14: four claimed melds, or twelve exposed tiles), got {count!r}")  # fmt: skip
    flags = {f.name: liabilities.bool(f.name) for f in dataclasses.fields(Liabilities) if f.type == "bool"}
    return Liabilities(**flags, twelve_tiles_count=count)


def _options(options: TomlTable) -> RulesetOptions:
    combine_patterns = options.str("combine_patterns")
    if combine_patterns == "additive":
        raise RulesetError(f"options.combine_patterns: \"additive\" is refused (OC-4): {COMBINE_REFUSED}")
    if combine_patterns != "highest":
        raise RulesetError(f"options.combine_patterns: expected \"highest\", got {combine_patterns!r}")
    discarder_pays = options.str("discarder_pays")
    if discarder_pays not in DISCARDER_PAYS:
        raise RulesetError(f"options.discarder_pays: expected one of {', '.join(map(repr, DISCARDER_PAYS))} "
                           f"(OC-18: \"three\" is 全铳), got {discarder_pays!r}")  # fmt: skip
    return RulesetOptions(
        robbing_kong_is_self_draw=options.bool("robbing_kong_is_self_draw"),
        seat_round_wind_stack=options.bool("seat_round_wind_stack"),
        seven_pairs_quads=options.bool("seven_pairs_quads"),
        human_hand_paid_by_dealer=options.bool("human_hand_paid_by_dealer"),
        combine_patterns=combine_patterns,
        discarder_pays=discarder_pays,
        dealer_factor=options.int("dealer_factor", 1, MAX_DEALER_FACTOR),
    )


def _validated(ruleset: Ruleset) -> Ruleset:
    """Checks that hold across fields."""
    if not ruleset.standard:
        raise RulesetError("forms.standard: the standard shape (four sets and a pair) cannot be turned off")
    if ruleset.pattern("ji_hu") is None:
        raise RulesetError("patterns.ji_hu: missing (every winning hand is at least a chicken hand)")
    if ruleset.seven_pairs != (ruleset.pattern("qi_dui") is not None):
        raise RulesetError("patterns.qi_dui: must be listed exactly when forms.seven_pairs is true")
    if isinstance(ruleset.minimum, bool) or not isinstance(ruleset.minimum, int) or not 0 <= ruleset.minimum <= MAX_FAN:
        raise RulesetError(f"limits.minimum: expected an int 0..{MAX_FAN}, got {ruleset.minimum!r}")
    if ruleset.minimum > ruleset.cap:
        raise RulesetError(f"limits.minimum: {ruleset.minimum} is above limits.cap {ruleset.cap}: only the special "
                           "patterns could reach it (nearly every deal would end in a draw); lower the minimum "
                           "or raise the cap")  # fmt: skip
    return ruleset
