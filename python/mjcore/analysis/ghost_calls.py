"""The native core's single calls with ghosts (鬼牌). The core hands a call given ``ghosts=`` to ``native`` here
(rust/bindings/src/ghost_calls.rs imports it by this path); what such a call means is ``ghost_meaning``'s,
shared with the twin, answered here with the native ghost-free calls."""

from __future__ import annotations

from typing import Any

from . import ghost_meaning

__all__ = ["native"]

_NATIVE: list[ghost_meaning.Backend] = []


def _native_backend() -> ghost_meaning.Backend:
    from . import calls  # deferred: ``calls`` hands its ghost calls here

    return ghost_meaning.Backend(calls.parse_hand, calls.is_win, calls.shanten, calls.shanten_by_form, calls.waits,
                                 calls.decompose)  # fmt: skip


def native(name: str, *args: Any) -> Any:
    """The native core's ghost calls: ``ghost_meaning.<name>`` (``is_win``, ``shanten``, …) with the native
    backend."""
    if not _NATIVE:
        _NATIVE.append(_native_backend())
    return getattr(ghost_meaning, name)(_NATIVE[0], *args)
