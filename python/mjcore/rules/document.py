"""The normalised ruleset document every family compiles from — the one argument shape of the native
``mjcore._core.Ruleset(family, name, document)`` (the Rust ``rules::document``): the validated file flattened
into ``(entry, value)`` pairs, each entry a dotted name (``options.cap``, ``fans.ping_hu``) and each value a bool,
an int, a str or a list of them. Each family's ruleset object says what its document holds (``document()``);
the native side reads every entry by name and checks it again, so no positional order crosses the boundary."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..backend import native

Document = list[tuple[str, Any]]


def entries(section: str, values: Mapping[str, Any]) -> Document:
    """``values`` as the entries of ``section`` (``{"cap": 4}`` → ``[("options.cap", 4)]``), in their order."""
    return [(f"{section}.{key}", _plain(value)) for key, value in values.items()]


def compile_document(family: str, name: str, document: Iterable[tuple[str, Any]]) -> Any:
    """The native compiled ruleset of ``family`` (its ``meta.family``) from its document."""
    return native().Ruleset(family, name, list(document))


def _plain(value: Any) -> Any:
    return [_plain(item) for item in value] if isinstance(value, (tuple, list)) else value
