"""The MCR fan table: ``rulesets/mcr.toml`` read with tomllib into a frozen, validated object."""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from ...errors import RulesetError, shown

__all__ = ["FOLK_OPTION", "Fan", "FanTable", "load_table", "default_table"]

# The seed's folk rows: a section of their own, scored only when this option is on.
FOLK_SECTION = "folk_fans"
FOLK_OPTION = "folk_fans"

_DEFAULT_PATH = Path(__file__).resolve().parents[2] / "rulesets" / "mcr.toml"


@dataclass(frozen=True)
class Fan:
    key: str
    chinese: str
    english: str
    value: int
    excludes: tuple[str, ...]
    option: str | None = None  # the option that enables this row, if it is not standard


@dataclass(frozen=True)
class FanTable:
    name: str
    minimum: int
    fans: Mapping[str, Fan]  # in table order: highest value first
    options: Mapping[str, bool]

    def value(self, key: str) -> int:
        return self.fans[key].value

    @property
    def scores_folk_fans(self) -> bool:
        """The seed's folk rows are on (``options.folk_fans``)."""
        return bool(self.options.get(FOLK_OPTION))

    def earthly_open_to(self, seat_wind: int) -> bool:
        """地和 is open to a winner of ``seat_wind``: under seed 002's reading
        (``options.earthly_next_seat_only``) the dealer's 下家 alone."""
        return not self.options.get("earthly_next_seat_only") or seat_wind == 1


def _field(table: Mapping[str, Any], name: str, kind: type, where: str) -> Any:
    if name not in table:
        raise RulesetError(f"{where}: missing field {name!r}")
    value = table[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise RulesetError(f"{where}.{name} must be {kind.__name__}, not {type(value).__name__}")
    return value


# The bounds of the numbers of a fan table, checked before they reach the engine (a fan's value is a byte there,
# the minimum a u16): no book or folk table comes near them.
MAX_FAN_VALUE = 255
MAX_MINIMUM = 1000

# What a file may hold: its sections (the table rules' sections too), and the fields of each.
_SECTIONS = ("meta", "limits", "options", "fans", FOLK_SECTION)
_FIELDS = {"meta": ("name", "family", "title"), "limits": ("minimum",)}
_OPTIONS = ("concealed_and_melded_kong", FOLK_OPTION, "earthly_next_seat_only")
_ROW_FIELDS = ("zh", "en", "fan", "excludes", "option")
_FOLK_ROW_FIELDS = _ROW_FIELDS + ("scored", "excluded_by")


def _known_fields(table: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
    unknown = [key for key in table if key not in allowed]
    if unknown:
        key = unknown[0] if isinstance(unknown[0], str) and len(unknown[0]) <= 60 else shown(unknown[0], 60)
        raise RulesetError(f"{where}.{key}: unknown field (known: {', '.join(allowed)})")


def _bounded(value: int, low: int, high: int, where: str) -> int:
    if not low <= value <= high:
        raise RulesetError(f"{where}: expected an int {low}..{high}, got {shown(value, 60)}")
    return value


def _fan(key: str, entry: Mapping[str, Any], options: Mapping[str, bool], section: str = "fans") -> Fan:
    where = f"{section}.{key}"
    if not isinstance(entry, dict):
        raise RulesetError(f"{where} must be a table")
    _known_fields(entry, _FOLK_ROW_FIELDS if section == FOLK_SECTION else _ROW_FIELDS, where)
    value = _bounded(_field(entry, "fan", int, where), 1, MAX_FAN_VALUE, f"{where}.fan")
    excludes = _field(entry, "excludes", list, where)
    if any(not isinstance(item, str) for item in excludes):
        raise RulesetError(f"{where}.excludes must be a list of fan keys, not {shown(excludes, 80)}")
    if key in excludes:
        raise RulesetError(f"{where}.excludes: a fan cannot exclude itself (it would never be scored)")
    option = entry.get("option", FOLK_OPTION if section == FOLK_SECTION else None)
    if option is not None and option not in options:
        raise RulesetError(f"{where}.option: {option!r} is not declared in [options]")
    return Fan(
        key=key,
        chinese=_field(entry, "zh", str, where),
        english=_field(entry, "en", str, where),
        value=value,
        excludes=tuple(str(x) for x in excludes),
        option=option,
    )


def _folk_fans(data: Mapping[str, Any], options: Mapping[str, bool]) -> tuple[dict[str, Fan], dict[str, list[str]]]:
    """The seed's folk rows that are scored (``scored = false`` rows are listed only), and for each the
    standard fans that imply it (``excluded_by``). Validated whether or not the option is on."""
    folk: dict[str, Fan] = {}
    implied_by: dict[str, list[str]] = {}
    rows = data.get(FOLK_SECTION, {})
    if not isinstance(rows, dict):
        raise RulesetError(f"{FOLK_SECTION} must be a table of rows")
    for key, entry in rows.items():
        fan = _fan(key, entry, options, FOLK_SECTION)
        where = f"{FOLK_SECTION}.{key}"
        if "scored" in entry and not _field(entry, "scored", bool, where):
            continue
        folk[key] = fan
        implied_by[key] = [str(x) for x in _field(entry, "excluded_by", list, where)]
    return folk, implied_by


def parse_table(data: Mapping[str, Any]) -> FanTable:
    """Validates a parsed TOML document; every error names the field at fault."""
    from ..table_rules import SECTIONS as TABLE_SECTIONS  # deferred: the table rules compile natively

    unknown = [key for key in data if key not in _SECTIONS + tuple(TABLE_SECTIONS)]
    if unknown:
        raise RulesetError(f"{unknown[0] if len(unknown[0]) <= 60 else shown(unknown[0], 60)}: unknown section (an MCR file has "
                           f"{', '.join(_SECTIONS + tuple(TABLE_SECTIONS))})")  # fmt: skip
    meta = _field(data, "meta", dict, "ruleset")
    if meta.get("family") != "mcr":
        raise RulesetError(f"meta.family must be 'mcr', not {shown(meta.get('family'), 60)}")
    _known_fields(meta, _FIELDS["meta"], "meta")
    limits = _field(data, "limits", dict, "ruleset")
    _known_fields(limits, _FIELDS["limits"], "limits")
    options = _field(data, "options", dict, "ruleset")
    _known_fields(options, _OPTIONS, "options")
    for name, flag in options.items():
        if not isinstance(flag, bool):
            raise RulesetError(f"options.{name} must be true or false")
    fans = {key: _fan(key, entry, options) for key, entry in _field(data, "fans", dict, "ruleset").items()}
    folk, implied_by = _folk_fans(data, options)
    if options.get(FOLK_OPTION):
        fans.update(folk)
        for key, implying in implied_by.items():
            for standard in implying:
                if standard not in fans:
                    raise RulesetError(f"{FOLK_SECTION}.{key}.excluded_by: unknown fan {standard!r}")
                fans[standard] = dataclasses.replace(fans[standard], excludes=(*fans[standard].excludes, key))
    for fan in fans.values():
        where = f"{FOLK_SECTION if fan.option == FOLK_OPTION else 'fans'}.{fan.key}.excludes"
        for excluded in fan.excludes:
            if excluded not in fans:
                raise RulesetError(f"{where}: unknown fan {excluded!r}")
            if fans[excluded].value > fan.value:
                raise RulesetError(f"{where}: {excluded!r} is worth more than the fan itself")
    ordered = dict(sorted(fans.items(), key=lambda item: -item[1].value))
    return FanTable(
        name=_field(meta, "name", str, "meta"),
        minimum=_bounded(_field(limits, "minimum", int, "limits"), 0, MAX_MINIMUM, "limits.minimum"),
        fans=MappingProxyType(ordered),
        options=MappingProxyType(dict(options)),
    )


def load_table(path: str | Path) -> FanTable:
    with open(path, "rb") as handle:
        try:
            data = tomllib.load(handle)
        except tomllib.TOMLDecodeError as error:
            raise RulesetError(f"{path}: {error}") from None
    return parse_table(data)


@lru_cache(maxsize=1)
def default_table() -> FanTable:
    return load_table(_DEFAULT_PATH)
