"""``with_options``: a variant of a ruleset made in code, any field of its file named by its TOML name, so that
a test or a user need not write a file to change one value. The changed file data then goes through the very
parser a file does (``load_ruleset``), so a variant is validated exactly as a file is."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ..errors import RulesetError, shown

__all__ = ["check_values", "options_applied"]


def _plain_sections(data: Mapping[str, Any]) -> list[str]:
    """The sections whose fields are options; keyed row tables (``[patterns.*]``, ``[fans.*]``) are not."""
    return [name for name, table in data.items()
            if isinstance(table, dict) and not any(isinstance(v, dict) for v in table.values())]  # fmt: skip


def _path_of(data: Mapping[str, Any], name: str) -> list[str]:
    """The path of option ``name``: a dotted path as given, or the one plain section holding a bare name."""
    if "." in name:
        path = name.split(".")
        table: Any = data
        for part in path[:-1]:
            table = table.get(part) if isinstance(table, dict) else None
        if not isinstance(table, dict) or path[-1] not in table:
            raise RulesetError(f"{name}: not a field of this ruleset")
        return path
    holders = [section for section in _plain_sections(data) if name in data[section]]
    # The rows of keyed tables (``patterns.ji_hu.fan``) that hold the name too: a short name that also names a
    # row's field is ambiguous (``fan=3`` could be ``floor.fan`` or any pattern's fan).
    rows = [f"{section}.{row}" for section, table in data.items() if isinstance(table, dict)
            for row, fields in table.items() if isinstance(fields, dict) and name in fields]  # fmt: skip
    if not holders:
        known = sorted({key for section in _plain_sections(data) if section != "meta" for key in data[section]})
        raise RulesetError(f"{name if len(name) <= 60 else shown(name, 60)}: not an option of this ruleset (its options: {', '.join(known)}; a "
                           "row's field is named by its path: section.row.field)")  # fmt: skip
    if len(holders) + len(rows) > 1:
        paths = [f"{section}.{name}" for section in holders] + [f"{row}.{name}" for row in rows]
        shown_paths = ", ".join(paths[:6]) + (f" and {len(paths) - 6} more" if len(paths) > 6 else "")
        raise RulesetError(f"{name}: ambiguous, give the path: {shown_paths}")
    return [holders[0], name]


# TOML's integers are 64-bit: no field of a ruleset file can hold a larger one.
_TOML_INT = range(-(2**63), 2**63)


def _check_text(name: str, value: Any) -> None:
    """An option's value is what a TOML file can hold — a bool, an int of 64 bits, a float, a string of text
    (no lone surrogate), a list or table of those — so that every family's reader sees only file values."""
    if isinstance(value, bool) or isinstance(value, float):
        return
    if isinstance(value, int):
        if value not in _TOML_INT:
            raise RulesetError(f"{name}: {shown(value, 60)} is not a TOML integer (64 bits)")
        return
    if not isinstance(value, (str, list, tuple, dict)):
        raise RulesetError(f"{name}: a ruleset field takes a TOML value (true/false, an int, a string or a list "
                           f"of them), not {type(value).__name__} {shown(value, 60)}")  # fmt: skip
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:
            raise RulesetError(f"{name}: {shown(value, 60)} holds a lone surrogate at position {error.start}, "
                               "not a character") from None  # fmt: skip
    elif isinstance(value, (list, tuple)):
        for item in value:
            _check_text(name, item)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(name, key)
            _check_text(name, item)


def check_values(options: Mapping[str, Any]) -> None:
    """Every value of ``with_options(**options)`` is one a ruleset file could hold (``_check_text``): each family's
    ``with_options`` checks this first, before it reads any value."""
    for name, value in options.items():
        _check_text(name, value)


def options_applied(data: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of parsed ruleset-file ``data`` with ``options`` set (``minimum=3``, ``chi="none"``, or a dotted
    path such as ``**{"patterns.qing_yi_se.fan": 6}``); tuples become TOML lists."""
    changed = copy.deepcopy(dict(data))
    for name, value in options.items():
        _check_text(name, value)
        if name == "meta" or name.startswith("meta.") or name in ("name", "family"):
            raise RulesetError(f"{name}: a ruleset's identity is not an option")
        *sections, key = _path_of(changed, name)
        table = changed
        for section in sections:
            table = table[section]
        table[key] = list(value) if isinstance(value, tuple) else value
    return changed
