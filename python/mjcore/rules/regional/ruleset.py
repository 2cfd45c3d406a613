"""The ruleset object of the Sichuan and Taiwan families: validated options and the value rows.

Each family declares its option schema (``Switch``, ``Choice``, ``IntRange``) and its row keys; the file must
list exactly those options and rows. ``with_options`` validates changes with the same code as the file, so a
value the file could not hold cannot be set either. ``compiled`` is the frozen native twin, built on first use
from the ruleset's normalised document (``mjcore.rules.document``).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ...errors import RulesetError, shown
from ..document import Document, compile_document, entries
from ..options import check_values
from ..placeholders import placeholders_of, unmarked
from ..table_rules import SECTIONS, TableRules, table_rules_of

__all__ = ["Choice", "Family", "Fixed", "IntRange", "RegionalRuleset", "Row", "Switch", "parse_regional"]  # fmt: skip


@dataclass(frozen=True)
class Switch:
    """A true/false option."""

    def check(self, name: str, value: Any) -> Any:
        if not isinstance(value, bool):
            raise RulesetError(f"options.{name}: expected true or false, got {shown(value)}")
        return value


@dataclass(frozen=True)
class Choice:
    """One of a few named values."""

    values: tuple[str, ...]

    def check(self, name: str, value: Any) -> Any:
        if value not in self.values:
            raise RulesetError(f"options.{name}: expected one of {', '.join(map(repr, self.values))}, got {shown(value)}")
        return value


@dataclass(frozen=True)
class Fixed:
    """An option whose alternatives the engine does not offer: the file must hold this value."""

    value: Any
    why: str

    def check(self, name: str, value: Any) -> Any:
        if type(value) is not type(self.value) or value != self.value:
            raise RulesetError(f"options.{name}: only {self.value!r} is available ({self.why}), got {shown(value)}")
        return value


@dataclass(frozen=True)
class IntRange:
    """An int within low..high."""

    low: int
    high: int

    def check(self, name: str, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            raise RulesetError(f"options.{name}: expected an int {self.low}..{self.high}, got {shown(value)}")
        return value


@dataclass(frozen=True)
class Family:
    """What a family's file must hold: its option schema, its row section, value field and keys (in the order
    the engine numbers them), and cross-field checks."""

    name: str
    options: Mapping[str, Switch | Choice | IntRange | Fixed]
    section: str  # "fans" or "tai"
    value_field: str  # "fan" or "tai"
    row_keys: tuple[str, ...]
    check: Callable[[Mapping[str, Any], Mapping[str, int]], None] = lambda options, values: None


@dataclass(frozen=True)
class Row:
    """A value row: key, Chinese and English names, value (fan or 台) per occurrence."""

    key: str
    zh: str
    en: str
    value: int


class OptionsFile:
    """What the option-file rulesets (Sichuan, Taiwan, the folk tables) share: ``with_options`` over the parsed
    file's ``[options]``, validated as the file is (the class's ``_reparsed`` parses the changed file), and
    pickling as plain data — read-only mappings as dicts, the compiled native object rebuilt where unpickled."""

    name: str
    options: Mapping[str, Any]
    source: Mapping[str, Any]
    rows: tuple[Any, ...]

    @property
    def patterns(self) -> tuple[Any, ...]:
        """The rows a table win's ``pattern`` numbers (a simulation's ``pattern_keys``)."""
        return self.rows

    @property
    def placeholders(self) -> tuple[str, ...]:
        """The dotted paths of the values the file marks as placeholders, not from the seeds (``placeholder =
        true`` rows, ``meta.placeholders``)."""
        return placeholders_of(self.source)

    family: str
    row_section: str  # the table the rows are read from ("fans", "tai", "hands")

    def _reparsed(self, data: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    @functools.cached_property
    def compiled(self) -> Any:
        """The frozen native ruleset every native call takes, compiled on first use."""
        return compile_document(self.family, self.name, self.document())

    def document(self) -> Document:
        """The normalised document the native ruleset compiles from (``mjcore.rules.document``): every option
        and every row's value."""
        return [*entries("options", self.options), *entries(self.row_section, {row.key: row.value for row in self.rows})]

    def with_options(self, **options: Any) -> Any:
        """The same file with some ``[options]`` changed by their TOML names, validated as the file is, e.g.
        ``load_ruleset("sichuan").with_options(mode="xueliu", cap=5)``."""
        check_values(options)
        declared = self.source["options"]
        table = {name: value for name, value in options.items() if name not in declared and _table_field(self.source, name)}
        for name in options:
            if name not in declared and name not in table:
                raise RulesetError(f"options.{name}: not an option of {self.name} ({', '.join(declared)})")
        data = {**self.source, "options": {**declared, **{k: v for k, v in options.items() if k not in table}}}
        if table:
            from ..options import options_applied

            data = options_applied(data, table)
        return self._reparsed(data)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("compiled", None)
        state["options"], state["source"] = dict(self.options), _plain(self.source)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state["options"] = MappingProxyType(state["options"])
        self.__dict__.update(state)


@dataclass(frozen=True)
class RegionalRuleset(OptionsFile):
    """A Sichuan or Taiwan ruleset: ``family``, the validated ``options`` and the ``rows`` in engine order."""

    name: str
    family: str
    title: str
    tiles: int
    options: Mapping[str, Any]
    rows: tuple[Row, ...]
    source: Mapping[str, Any] = dataclasses.field(repr=False, compare=False, default_factory=dict)
    # The table the file's [tiles] … [settlement] sections describe (None: the family is not played at a table).
    table_rules: TableRules | None = dataclasses.field(repr=False, compare=False, default=None)

    def table_parts(self) -> tuple[Any, Any]:
        """The compiled ruleset and table rules a ``Table`` or ``simulate`` plays, once the family's table hook
        has refused the options the table does not play (RulesetError naming them)."""
        self.check_table_options()
        return self.compiled, self.table_rules.compiled

    def check_table_options(self) -> None:
        """Refuses (RulesetError naming them) a file without a table, and the options the table does not play
        — for the native table and the pure-Python twin alike."""
        if self.table_rules is None:
            raise RulesetError(f"{self.name}: its file states no table ([tiles] … [settlement]): not played at a table")
        check = _TABLE_CHECKS.get(self.family)
        if check is not None:
            check(self.options)

    def row(self, key: str) -> Row:
        return self.rows[_FAMILIES[self.family].row_keys.index(key)]

    def value(self, key: str) -> int:
        return self.row(key).value

    def _reparsed(self, data: Mapping[str, Any]) -> RegionalRuleset:
        return parse_regional(data)

    @property
    def row_section(self) -> str:
        return _FAMILIES[self.family].section


_FAMILIES: dict[str, Family] = {}
_TABLE_CHECKS: dict[str, Callable[[Mapping[str, Any]], None]] = {}


def register_table_check(family: str, check: Callable[[Mapping[str, Any]], None]) -> None:
    """The family's refusal of the options its table does not play (called when a table is built)."""
    _TABLE_CHECKS[family] = check


def _table_field(data: Mapping[str, Any], name: str) -> bool:
    """Whether ``name`` is a field of one of the file's table sections, bare or by its path (``end.seat_winds``,
    as 推倒胡 and the Guangdong tables take it)."""
    section, _, field = name.rpartition(".")
    if section:
        return section in SECTIONS and isinstance(data.get(section), dict) and field in data[section]
    return any(isinstance(data.get(section), dict) and name in data[section] for section in SECTIONS)


def register_family(family: Family) -> None:
    _FAMILIES[family.name] = family


def family_schema(family: str) -> Family:
    """A regional family's schema (its options, row section and value field)."""
    return _FAMILIES[family]


def is_regional(family: Any) -> bool:
    return family in _FAMILIES


def _plain(data: Any) -> Any:
    return {k: _plain(v) for k, v in data.items()} if isinstance(data, Mapping) else data


def _table(data: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise RulesetError(f"{where}{key}: missing, or not a table")
    return value


def _string(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise RulesetError(f"{where}.{key}: expected a non-empty string, got {shown(value)}")
    return value


def _unknown(data: Mapping[str, Any], known: tuple[str, ...], where: str) -> None:
    extra = sorted(set(data) - set(known))
    if extra:
        raise RulesetError(f"{where}.{extra[0]}: unknown field (known: {', '.join(known)})")


def parse_regional(data: Mapping[str, Any]) -> RegionalRuleset:
    """A parsed Sichuan or Taiwan file, validated: every error names the field at fault."""
    marked, data = data, unmarked(data)
    _unknown(data, ("meta", "options", "fans", "tai", *SECTIONS), "ruleset")
    meta = _table(data, "meta", "")
    _unknown(meta, ("name", "family", "title", "tiles"), "meta")
    family = _FAMILIES.get(meta.get("family"))
    if family is None:
        raise RulesetError(f"meta.family: {meta.get('family')!r} is not a regional family ({', '.join(_FAMILIES)})")
    tiles = meta.get("tiles")
    if isinstance(tiles, bool) or not isinstance(tiles, int) or tiles < 1:
        raise RulesetError(f"meta.tiles: expected an int >= 1, got {tiles!r}")
    raw_options = _table(data, "options", "")
    _unknown(raw_options, tuple(family.options), "options")
    missing = [name for name in family.options if name not in raw_options]
    if missing:
        raise RulesetError(f"options.{missing[0]}: missing")
    options = {name: spec.check(name, raw_options[name]) for name, spec in family.options.items()}
    section = _table(data, family.section, "")
    _unknown(section, family.row_keys, family.section)
    rows = []
    for key in family.row_keys:
        where = f"{family.section}.{key}"
        entry = section.get(key)
        if not isinstance(entry, dict):
            raise RulesetError(f"{where}: missing (every row the engine detects needs a value)")
        _unknown(entry, ("zh", "en", family.value_field), where)
        value = entry.get(family.value_field)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 64:
            raise RulesetError(f"{where}.{family.value_field}: expected an int 0..64, got {shown(value)}")
        rows.append(Row(key, _string(entry, "zh", where), _string(entry, "en", where), value))
    family.check(options, {row.key: row.value for row in rows})
    table_rules = table_rules_of(dict(data), family.name) if "tiles" in data else None
    if table_rules is not None and table_rules.tile_count != tiles:
        raise RulesetError(f"meta.tiles: {tiles}, but the table sections make a set of {table_rules.tile_count}")
    return RegionalRuleset(name=_string(meta, "name", "meta"), family=family.name, title=_string(meta, "title", "meta"),
                           tiles=tiles, options=MappingProxyType(options), rows=tuple(rows),
                           source=marked, table_rules=table_rules)  # fmt: skip
