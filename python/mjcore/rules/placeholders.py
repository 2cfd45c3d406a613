"""One mechanism for values the seeds do not give, in every family's files (issue 27): a row (any TOML table) is
marked ``placeholder = true``, a scalar option is listed by its dotted path in ``meta.placeholders``. The family
readers see the file without the marks (``unmarked``); ``Ruleset.placeholders`` lists the marked paths (read
from the ruleset's ``source``, so ``with_options`` variants keep them), and loading a file warns once with them
(``PlaceholderWarning``). ``mjcore score`` and the simulation summary show them."""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

from ..errors import RulesetError

__all__ = ["PlaceholderWarning", "placeholders_of", "unmarked", "warn_placeholders"]

MARK = "placeholder"  # in a row: `placeholder = true | false`
LISTED = "placeholders"  # in [meta]: the dotted paths of scalar options that are placeholders


class PlaceholderWarning(UserWarning):
    """A ruleset scores or plays with values its file marks as not from the seeds."""


def placeholders_of(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The dotted paths marked in parsed file ``data``, in file order: the rows (tables) with ``placeholder =
    true``, then the paths ``meta.placeholders`` lists. A mark that is not true or false, or a listed path the
    file does not hold, is a ``RulesetError`` naming it."""
    found: list[str] = []

    def walk(table: Mapping[str, Any], path: str) -> None:
        for key, value in table.items():
            where = f"{path}.{key}" if path else key
            if key == MARK and path:
                if not isinstance(value, bool):
                    raise RulesetError(f"{where}: expected true or false, got {value!r}")
                if value:
                    found.append(path)
            elif isinstance(value, Mapping):
                walk(value, where)

    walk(data, "")
    meta = data.get("meta")
    listed = meta.get(LISTED, []) if isinstance(meta, Mapping) else []
    if not isinstance(listed, list) or any(not isinstance(p, str) for p in listed):
        raise RulesetError(f"meta.{LISTED}: expected a list of dotted paths, got {listed!r}")
    for path in listed:
        node: Any = data
        for part in path.split("."):
            if not isinstance(node, Mapping) or part not in node:
                raise RulesetError(f"meta.{LISTED}: {path!r} is not a field of the file")
            node = node[part]
        if path not in found:
            found.append(path)
    return tuple(found)


def unmarked(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` without the marks (every row's ``placeholder``, ``meta.placeholders``), as a family reads it."""

    def strip(table: Mapping[str, Any], top: bool) -> dict[str, Any]:
        return {key: strip(value, False) if isinstance(value, Mapping) else value
                for key, value in table.items() if not (key == MARK and not top)}  # fmt: skip

    plain = strip(data, True)
    if isinstance(plain.get("meta"), dict):
        plain["meta"].pop(LISTED, None)
    return plain


def warn_placeholders(name: str, paths: tuple[str, ...], stacklevel: int = 3) -> None:
    """The one warning of a load: which of ``name``'s values are placeholders."""
    if paths:
        warnings.warn(f"{name}: these values are placeholders, not from the seeds; set them in the file (and drop "
                      f"their mark): {', '.join(paths)}", PlaceholderWarning, stacklevel=stacklevel)  # fmt: skip
