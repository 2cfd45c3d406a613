"""The 推倒胡 ruleset object ``load_ruleset("tdh")`` returns: every option of ``rulesets/tdh.toml`` as validated
data (the schema below is the one list of option names, types and allowed values), the ghost kinds each mode
makes wild, and ``with_options`` for variants without a file."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple

from ..placeholders import placeholders_of, unmarked
from ...errors import RulesetError
from ..document import Document, compile_document, entries
from ..options import check_values, options_applied
from ..table_rules import SECTIONS as TABLE_SECTIONS
from ..table_rules import TableRules, table_rules_of

__all__ = ["SCHEMA", "TdhRuleset", "tdh_ruleset"]

# Section → option → allowed values: a tuple of strings, a range of ints, or bool. Option names are unique
# across sections, so ``with_options`` takes them bare.
SCHEMA: Mapping[str, Mapping[str, Any]] = {
    "tile_set": {
        "tiles": ("all", "no_characters", "no_honours"),
    },
    "ghosts": {
        "ghosts": ("none", "white", "red", "flip", "flip_two", "flowers4", "flowers8"),
        "flip_honour_cycle": ("separate", "seven"),
        "ghost_fifth_copy": bool,
    },
    "winning": {
        "discard_wins": bool,
        "rob_melded_kong": bool,
        "seven_pairs": bool,
        "thirteen_orphans": bool,
        "four_ghosts": bool,
    },
    "multipliers": {
        "no_ghosts_double": bool,
        "no_ghosts_own_face": bool,
        "seven_pairs_double": bool,
        "thirteen_orphans_double": bool,
        "four_ghosts_double": bool,
        "last_tile_double": bool,
        "kong_bloom_double": bool,
        "robbing_kong_double": bool,
    },
    "payments": {
        "base": range(1, 1_000_001),
        "win": range(1, 101),
        "robbing_pays_all": bool,
        "bloom_pays_all": bool,
        "discarder_pays": ("one", "three"),
        "streak_bonus": bool,
        "dealer_rule": ("stay", "winner"),
        "follow_dealer": bool,
    },
    "kongs": {
        "added_kong": range(0, 101),
        "concealed_kong": range(0, 101),
        "melded_kong": range(0, 101),
        "kong_money_on_draw": bool,
    },
    "horses": {
        "horses": (0, 1, 2, 4, 6, 8),
        "horse_dragons": ("e1", "e2"),
        "horse_value": range(0, 101),
        "horse_follows_win": bool,
        "horse_follows_kong": bool,
        "one_horse": bool,
        "streak_horses": bool,
    },
}

_SECTION_OF = {option: section for section, options in SCHEMA.items() for option in options}

# Ghost modes in which exactly four ghosts exist (四鬼胡 needs all four; OC-50, OC-TDH-1).
FOUR_GHOST_MODES = ("white", "red", "flip", "flowers4")
FLIP_MODES = ("flip", "flip_two")
FLOWER_MODES = {"flowers4": 4, "flowers8": 8}



class WinFormRow(NamedTuple):
    """A winning form as a row of a simulation's ``pattern`` column (as the other families' pattern rows)."""

    key: str
    zh: str


@dataclass(frozen=True)
class TdhRuleset:
    """A 推倒胡 table: ``family`` is ``"tdh"``; ``options`` maps every option name of the schema to its value."""

    name: str
    family: str
    title: str
    options: Mapping[str, Any]
    source: Mapping[str, Any] = dataclasses.field(repr=False, compare=False, default_factory=dict)  # parsed file
    table_rules: TableRules | None = dataclasses.field(repr=False, compare=False, default=None)  # the table

    @property
    def placeholders(self) -> tuple[str, ...]:
        """The dotted paths of the values the file marks as placeholders, not from the seeds (``placeholder =
        true`` rows, ``meta.placeholders``)."""
        return placeholders_of(self.source)

    def __getitem__(self, option: str) -> Any:
        return self.options[option]

    @property
    def ghost_mode(self) -> str:
        return self.options["ghosts"]

    def wild_kinds(self, indicator: int | None = None) -> tuple[int, ...]:
        """The tile kinds that are wild under this ruleset (翻鬼: after ``indicator``) — what any ruleset with
        ghosts answers, so that the analyses take a ruleset for ``ghosts=``."""
        from .tiles import ghost_kinds  # the tile rules import this module

        return ghost_kinds(self, indicator)

    @property
    def needs_indicator(self) -> bool:
        """翻鬼 and 翻双鬼 take the flipped indicator tile (``ghost_indicator``)."""
        return self.ghost_mode in FLIP_MODES

    @property
    def flowers(self) -> int:
        """Flowers in the set: 4 or 8 under 四花鬼 / 八花鬼, else 0."""
        return FLOWER_MODES.get(self.ghost_mode, 0)

    @property
    def has_four_ghosts(self) -> bool:
        return self.ghost_mode in FOUR_GHOST_MODES

    @property
    def patterns(self) -> tuple[WinFormRow, ...]:
        """The rows a simulation's ``pattern`` column numbers: the winning forms (key, Chinese name)."""
        from .names import FORMS

        return tuple(WinFormRow(key, zh) for key, zh, _ in FORMS)

    def with_options(self, **options: Any) -> TdhRuleset:
        """The same table with some options changed, by their names in the file (``horses=4``,
        ``ghosts="red"``, ``discard_wins=True`` …) — the table fields that repeat an option follow it — or a
        table field by its dotted path (``**{"wins.missed_win": "off"}``), validated exactly as a file is."""
        check_values(options)
        changed = {section: dict(values) for section, values in self.source.items() if isinstance(values, dict)}
        changed = {**self.source, **changed}
        paths = {}
        for option, value in options.items():
            if "." in option:
                paths[option] = value
                continue
            section = _SECTION_OF.get(option)
            if section is None:
                raise RulesetError(f"{option}: not an option of the tdh family (options: {', '.join(_SECTION_OF)}; "
                                   "a table field by its path, e.g. 'wins.missed_win')")  # fmt: skip
            changed.setdefault(section, {})[option] = value
            _follow(changed, option, value)
        return tdh_ruleset(options_applied(changed, paths) if paths else changed)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("compiled", None)
        return state

    @functools.cached_property
    def compiled(self) -> Any:
        """The frozen native twin every ``score`` call takes, compiled on first use."""
        return compile_document("tdh", self.name, self.document())

    def document(self) -> Document:
        """The normalised document the native table compiles from (``mjcore.rules.document``): every option."""
        return entries("options", self.options)


def _allowed(allowed: Any) -> str:
    if allowed is bool:
        return "true or false"
    if isinstance(allowed, range):
        return f"an int {allowed.start}..{allowed.stop - 1}"
    return " | ".join(repr(value) for value in allowed)


def _check(section: str, option: str, value: Any) -> Any:
    allowed = SCHEMA[section][option]
    ok = (isinstance(value, bool) if allowed is bool
          else not isinstance(value, bool) and value in allowed
          and isinstance(value, str if isinstance(allowed[0], str) else int))  # fmt: skip
    if not ok:
        raise RulesetError(f"{section}.{option}: expected {_allowed(allowed)}, got {value!r}")
    return value


def tdh_ruleset(data: Mapping[str, Any]) -> TdhRuleset:
    """A parsed ``family = "tdh"`` file, validated: every section and option present, no unknown ones, each
    value one the schema allows, and the combinations that cannot be played refused."""
    marked, data = data, unmarked(data)
    meta = data.get("meta")
    if not isinstance(meta, dict):
        raise RulesetError("meta: expected a table")
    for field in ("name", "title"):
        if not isinstance(meta.get(field), str) or not meta[field]:
            raise RulesetError(f"meta.{field}: expected a non-empty string, got {meta.get(field)!r}")
    unknown = sorted(set(data) - set(SCHEMA) - set(TABLE_SECTIONS) - {"meta"})
    if unknown:
        raise RulesetError(f"{unknown[0]}: unknown section (sections: meta, {', '.join(TABLE_SECTIONS)}, "
                           f"{', '.join(SCHEMA)})")  # fmt: skip
    unknown = sorted(set(meta) - {"name", "title", "family"})
    if unknown:
        raise RulesetError(f"meta.{unknown[0]}: unknown field")
    options: dict[str, Any] = {}
    for section, schema in SCHEMA.items():
        table = data.get(section)
        if not isinstance(table, dict):
            raise RulesetError(f"{section}: expected a table")
        for option in table:
            if option not in schema:
                raise RulesetError(f"{section}.{option}: unknown option (known: {', '.join(schema)})")
        for option in schema:
            if option not in table:
                raise RulesetError(f"{section}.{option}: missing")
            options[option] = _check(section, option, table[option])
    _check_combinations(options)
    table = table_rules_of(dict(data), "tdh")
    _check_table(options, table)
    return TdhRuleset(name=meta["name"], family="tdh", title=meta["title"], options=options, source=marked,
                      table_rules=table)  # fmt: skip


# The table fields a 推倒胡 option decides: (suits, honours) per tile set, flowers per ghost mode.
_SUITS = {"all": (("m", "p", "s"), True), "no_characters": (("p", "s"), True), "no_honours": (("m", "p", "s"), False)}


def _with(values: Any, item: str, present: bool) -> list[str]:
    """A list of names with ``item`` in or out, the order kept."""
    kept = [v for v in values if v != item]
    return [*kept, item] if present else kept


def _follow(data: dict[str, Any], option: str, value: Any) -> None:
    """Rewrites the table fields that repeat ``option`` (a ``with_options`` change) to match its new value."""
    def table(section: str) -> dict[str, Any]:
        data[section] = dict(data.get(section, {}))
        return data[section]

    if option == "tiles" and isinstance(value, str) and value in _SUITS:
        suits, honours = _SUITS[value]
        table("tiles").update(suits=list(suits), honours=honours)
    elif option == "ghosts" and isinstance(value, str):
        table("tiles")["flowers"] = FLOWER_MODES.get(value, 0)
    elif option == "discard_wins" and isinstance(value, bool):
        wins = table("wins")
        wins["sources"] = _with(wins.get("sources", ()), "discard", value)
    elif option == "rob_melded_kong" and isinstance(value, bool):
        claims = table("claims")
        claims["robbable_kongs"] = _with(claims.get("robbable_kongs", ()), "melded", value)
    elif option == "horses" and isinstance(value, int):
        table("deal")["reserved_tail"] = value


def _check_table(o: Mapping[str, Any], t: TableRules) -> None:
    """The table sections agree with the 推倒胡 options they repeat."""
    suits, honours = _SUITS[o["tiles"]]
    checks = (
        (tuple(t.suits) == suits and t.honours == honours, "tiles.suits / tiles.honours",
         f"tile_set.tiles = {o['tiles']!r} means suits = {list(suits)}, honours = {str(honours).lower()}"),
        (t.flowers == FLOWER_MODES.get(o["ghosts"], 0), "tiles.flowers",
         f"ghosts = {o['ghosts']!r} means {FLOWER_MODES.get(o['ghosts'], 0)} flowers"),
        (t.chi == "none", "claims.chi", "推倒胡 has no chow: 'none'"),
        (("discard" in t.sources) == o["discard_wins"], "wins.sources",
         f"lists 'discard' exactly when discard_wins is on (it is {str(o['discard_wins']).lower()})"),
        (("melded" in t.robbable_kongs) == o["rob_melded_kong"], "claims.robbable_kongs",
         f"lists 'melded' exactly when rob_melded_kong is on (it is {str(o['rob_melded_kong']).lower()})"),
        (t.reserved_tail >= o["horses"], "deal.reserved_tail",
         f"must hold the {o['horses']} horses drawn after a win"),
    )  # fmt: skip
    for ok, path, why in checks:
        if not ok:
            raise RulesetError(f"{path}: {why}")


def _check_combinations(o: Mapping[str, Any]) -> None:
    if o["tiles"] == "no_honours" and o["ghosts"] in ("white", "red"):
        raise RulesetError(f"ghosts.ghosts: {o['ghosts']!r} needs the honour tiles, which tiles = 'no_honours' "
                           "removes")  # fmt: skip
    if o["thirteen_orphans"] and o["tiles"] != "all":
        raise RulesetError("winning.thirteen_orphans: 十三幺 needs every terminal and honour, so tiles = 'all' "
                           "(OC-TDH-3)")  # fmt: skip
    if o["one_horse"] != (o["horses"] == 1):
        raise RulesetError("horses.horses: 1 exactly when one_horse (一马全中) is on, else 0, 2, 4, 6 or 8 "
                           f"(got horses = {o['horses']}, one_horse = {str(o['one_horse']).lower()})")  # fmt: skip
