"""The MCR ruleset object ``load_ruleset("mcr")`` returns: the validated fan table and its compiled native
twin, and the fan registry the Rust engine mirrors (tests/rules/test_ruleset.py checks Rust, this list and the file
agree)."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Mapping

from ...errors import RulesetError, shown
from ..document import Document, compile_document, entries
from ..options import options_applied
from ..placeholders import placeholders_of, unmarked
from ..table_rules import TableRules, table_rules_of
from .table import MAX_MINIMUM, FanTable, parse_table

__all__ = ["MCR_FAN_KEYS", "MCR_FOLK_FAN_KEYS", "MainFan", "McrRuleset", "mcr_ruleset"]

MCR_FAN_KEYS = (
    "big_four_winds", "big_three_dragons", "all_green", "nine_gates", "four_kongs", "seven_shifted_pairs",
    "thirteen_orphans", "all_terminals", "little_four_winds", "little_three_dragons", "all_honors",
    "four_concealed_pungs", "pure_terminal_chows", "quadruple_chow", "four_pure_shifted_pungs",
    "four_pure_shifted_chows", "three_kongs", "all_terminals_and_honors", "seven_pairs",
    "greater_honors_and_knitted_tiles", "all_even_pungs", "full_flush", "pure_triple_chow", "pure_shifted_pungs",
    "upper_tiles", "middle_tiles", "lower_tiles", "pure_straight", "three_suited_terminal_chows",
    "pure_shifted_chows", "all_five", "triple_pung", "three_concealed_pungs", "lesser_honors_and_knitted_tiles",
    "knitted_straight", "upper_four", "lower_four", "big_three_winds", "mixed_straight", "reversible_tiles",
    "mixed_triple_chow", "mixed_shifted_pungs", "chicken_hand", "last_tile_draw", "last_tile_claim",
    "out_with_replacement_tile", "robbing_the_kong", "all_pungs", "half_flush", "mixed_shifted_chows",
    "all_types", "melded_hand", "two_concealed_kongs", "two_dragons_pungs", "concealed_kong_and_melded_kong",
    "outside_hand", "fully_concealed_hand", "two_melded_kongs", "last_tile", "dragon_pung", "prevalent_wind",
    "seat_wind", "concealed_hand", "all_chows", "tile_hog", "double_pung", "two_concealed_pungs",
    "concealed_kong", "all_simples", "pure_double_chow", "mixed_double_chow", "short_straight",
    "two_terminal_chows", "pung_of_terminals_or_honors", "melded_kong", "one_voided_suit", "no_honors",
    "edge_wait", "closed_wait", "single_wait", "self_drawn", "flower_tiles",
)  # fmt: skip

# The seed's folk rows the engine detects when ``options.folk_fans`` is on (混杠 needs wild tiles: not scored).
MCR_FOLK_FAN_KEYS = (
    "big_four_winds_green_pair", "blessing_of_heaven", "blessing_of_earth", "blessing_of_human", "heavenly_ready",
    "mixed_four_shifted_pungs", "mixed_four_shifted_chows", "mixed_three_shifted_pungs", "mixed_three_shifted_chows",
    "pair_of_2_5_8", "terminal_or_honor_pair",
)  # fmt: skip


@dataclass(frozen=True)
class MainFan:
    """A row of a simulation's ``pattern`` column under MCR: a winner's highest fan (engine order, ``fan_keys``)."""

    key: str
    zh: str


@dataclass(frozen=True)
class McrRuleset:
    """An MCR fan table as a ruleset: ``family`` is ``"mcr"``; ``table`` holds the fans (value, names,
    exclusions) and ``minimum`` the 8番起和."""

    name: str
    family: str
    title: str
    minimum: int
    table: FanTable
    source: Mapping[str, Any] = dataclasses.field(repr=False, compare=False, default_factory=dict)  # parsed file
    table_rules: TableRules | None = dataclasses.field(repr=False, compare=False, default=None)  # the table

    @property
    def placeholders(self) -> tuple[str, ...]:
        """The dotted paths of the values the file marks as placeholders, not from the seeds (``placeholder =
        true`` rows, ``meta.placeholders``)."""
        return placeholders_of(self.source)

    @property
    def options(self) -> Mapping[str, bool]:
        return self.table.options

    @property
    def fan_keys(self) -> tuple[str, ...]:
        """The fans this ruleset scores, in engine order: the columns of ``score_batch``'s fan counts."""
        return MCR_FAN_KEYS + (MCR_FOLK_FAN_KEYS if self.table.scores_folk_fans else ())

    @property
    def patterns(self) -> tuple[MainFan, ...]:
        """The rows a simulation's ``pattern`` column indexes: a winner's highest fan, by ``fan_keys``."""
        fans = self.table.fans
        return tuple(MainFan(key, fans[key].chinese if key in fans else key) for key in self.fan_keys)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its parsed file and minimum (the fan table holds read-only mappings, and the compiled
        native table is rebuilt where it is unpickled: a cluster's workers)."""
        return _unpickled, (dict(self.source), self.minimum)

    def with_minimum(self, minimum: int) -> McrRuleset:
        if isinstance(minimum, bool) or not isinstance(minimum, int) or not 0 <= minimum <= MAX_MINIMUM:
            raise RulesetError(f"limits.minimum: expected an int 0..{MAX_MINIMUM}, got {shown(minimum, 60)}")
        table = dataclasses.replace(self.table, minimum=minimum)
        return dataclasses.replace(self, minimum=minimum, table=table)

    def with_options(self, **options: Any) -> McrRuleset:
        """The same file with some fields changed by their TOML names, e.g. ``with_options(folk_fans=True)`` to
        score the seed's folk fans, validated exactly as a file is."""
        for name, flag in options.items():
            if name in self.source.get("options", {}) and not isinstance(flag, bool):
                raise RulesetError(f"options.{name} must be true or false")
        changed = mcr_ruleset(options_applied(self.source, options))
        # A minimum set by ``with_minimum`` (not in the file data) stays unless the options change it.
        keep = "minimum" not in options and changed.minimum != self.minimum
        return changed.with_minimum(self.minimum) if keep else changed

    @functools.cached_property
    def compiled(self) -> Any:
        """The frozen native table every hot call takes, compiled on first use."""
        return compile_document("mcr", self.name, self.document())

    def document(self) -> Document:
        """The normalised document the native table compiles from (``mjcore.rules.document``)."""
        return [("limits.minimum", self.minimum),
                ("options.concealed_and_melded_kong", self.options["concealed_and_melded_kong"]),
                ("options.earthly_next_seat_only", bool(self.options.get("earthly_next_seat_only"))),
                *entries("fans", {fan.key: [fan.value, list(fan.excludes)] for fan in self.table.fans.values()})]


def mcr_ruleset(data: Mapping[str, Any]) -> McrRuleset:
    """A parsed ``family = "mcr"`` file, validated; every fan key must be one the engine detects."""
    marked, data = data, unmarked(data)
    table = parse_table(data)
    unknown = sorted(set(table.fans) - set(MCR_FAN_KEYS) - set(MCR_FOLK_FAN_KEYS))
    if unknown:
        raise RulesetError(f"fans.{unknown[0]}: unknown fan key (known: see mjcore.rules.mcr.MCR_FAN_KEYS)")
    expected = MCR_FAN_KEYS + (MCR_FOLK_FAN_KEYS if table.scores_folk_fans else ())
    missing = [key for key in expected if key not in table.fans]
    if missing:
        raise RulesetError(f"fans.{missing[0]}: missing (every fan the engine detects needs a value)")
    meta = data["meta"]
    title = meta.get("title")
    if not isinstance(title, str):
        raise RulesetError(f"meta.title: expected a string, got {title!r}")
    return McrRuleset(name=table.name, family="mcr", title=title, minimum=table.minimum, table=table, source=marked,
                      table_rules=table_rules_of(data, "mcr"))  # fmt: skip


def _unpickled(source: Mapping[str, Any], minimum: int) -> McrRuleset:
    rules = mcr_ruleset(source)
    return rules if rules.minimum == minimum else rules.with_minimum(minimum)
