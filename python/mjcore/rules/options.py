"""``with_options``: a variant of a ruleset made in code, any field of its file named by its TOML name, so that
a test or a user need not write a file to change one value. The changed file data then goes through the very
parser a file does (``load_ruleset``), so a variant is validated exactly as a file is."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ..errors import RulesetError

__all__ = ["options_applied"]


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
    if not holders:
        known = sorted({key for section in _plain_sections(data) if section != "meta" for key in data[section]})
        raise RulesetError(f"{name}: not an option of this ruleset (its options: {', '.join(known)})")
    if len(holders) > 1:
        paths = ", ".join(f"{section}.{name}" for section in holders)
        raise RulesetError(f"{name}: ambiguous, give the path: {paths}")
    return [holders[0], name]


def options_applied(data: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of parsed ruleset-file ``data`` with ``options`` set (``minimum=3``, ``chi="none"``, or a dotted
    path such as ``**{"patterns.qing_yi_se.fan": 6}``); tuples become TOML lists."""
    changed = copy.deepcopy(dict(data))
    for name, value in options.items():
        if name == "meta" or name.startswith("meta.") or name in ("name", "family"):
            raise RulesetError(f"{name}: a ruleset's identity is not an option")
        *sections, key = _path_of(changed, name)
        table = changed
        for section in sections:
            table = table[section]
        table[key] = list(value) if isinstance(value, tuple) else value
    return changed
