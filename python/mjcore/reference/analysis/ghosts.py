"""The twin's single calls with ``ghosts=``: the meaning is ``mjcore.analysis.ghost_meaning``'s, answered with the
twin's own ghost-free calls."""

from __future__ import annotations

from typing import Any

from ...analysis import ghost_meaning

__all__ = ["call"]

_BACKEND: list[ghost_meaning.Backend] = []


def call(name: str, *args: Any) -> Any:
    """``ghost_meaning.<name>`` with the twin as the backend."""
    if not _BACKEND:
        from ...notation import parse_hand
        from .decompose import decompose, is_win
        from .shanten import shanten, shanten_by_form
        from .waits import waits

        _BACKEND.append(ghost_meaning.Backend(parse_hand, is_win, shanten, shanten_by_form, waits, decompose))
    return getattr(ghost_meaning, name)(_BACKEND[0], *args)
