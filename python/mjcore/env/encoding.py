"""Observation encodings by name: an encoding is ``rows`` rows of 34 uint8 columns. Each backend knows its rows
per name (the native core's ``env_planes``, the twin's ``reference/env/encoding.py``); reading a name, with its
aliases and its error, is shared here (pure Python)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import InvalidArgumentError

__all__ = ["Encoding", "encoding_in"]


@dataclass(frozen=True)
class Encoding:
    """An observation encoding: ``rows`` rows of 34 uint8 columns (one per tile kind)."""

    name: str
    rows: int

    def space(self) -> Any:
        from gymnasium import spaces

        return spaces.Box(0, 255, (self.rows, 34), np.uint8)


_ALIASES = {"compact": "compact-v2", "extended": "extended-v2"}


def encoding_in(rows: Mapping[str, int], name: str) -> Encoding:
    """The encoding ``name`` (or its alias) of a backend whose encodings have ``rows`` rows."""
    name = _ALIASES.get(name, name)
    if name not in rows:
        raise InvalidArgumentError(f"unknown encoding {name!r}: expected one of {', '.join(rows)}")
    return Encoding(name, rows[name])
