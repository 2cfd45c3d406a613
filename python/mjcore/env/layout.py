"""The action index layout and the observation encodings of the environments, as the native core defines them
(``_core``): names, sizes and the per-plane descriptions docs/env.md prints."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from .. import _core
from ..arguments import check_index
from ..errors import InvalidArgumentError
from ..table.types import Action

__all__ = ["ActionLayout", "Encoding", "ENCODINGS", "PLANES", "INFO_COLUMNS", "encoding_named"]

PLANES, INFO_COLUMNS, _ROWS = _core.env_planes()
ENCODINGS: dict[str, int] = dict(_ROWS)


@dataclass(frozen=True)
class Encoding:
    """An observation encoding: ``rows`` rows of 34 uint8 columns (one per tile kind)."""

    name: str
    rows: int

    def space(self) -> Any:
        from gymnasium import spaces

        return spaces.Box(0, 255, (self.rows, 34), np.uint8)


_ALIASES = {"compact": "compact-v2", "extended": "extended-v2"}


def encoding_named(name: str) -> Encoding:
    name = _ALIASES.get(name, name)
    if name not in ENCODINGS:
        raise InvalidArgumentError(f"unknown encoding {name!r}: expected one of {', '.join(ENCODINGS)}")
    return Encoding(name, ENCODINGS[name])


class ActionLayout:
    """The flat action space of one table's rules: ``blocks`` as (name, first index, size), and the engine
    action of every index."""

    def __init__(self, blocks: list[tuple[str, int, int]], actions: list[tuple[str, Optional[int]]]) -> None:
        self.blocks = tuple(blocks)
        self._actions = tuple(Action(kind, tile) for kind, tile in actions)
        self._index = {action: i for i, action in enumerate(self._actions)}

    def __len__(self) -> int:
        return len(self._actions)

    def action(self, index: int) -> Action:
        index = check_index("an action index", index)
        if not 0 <= index < len(self._actions):
            raise InvalidArgumentError(f"action index {index} is out of range 0..{len(self._actions) - 1}")
        return self._actions[index]

    def index(self, action: Action) -> int:
        """The index of an engine action (``Action("discard", 4)``); raises if the table never allows it."""
        try:
            return self._index[Action(*action)]
        except KeyError:
            raise InvalidArgumentError(f"{action} has no index at this table") from None

    def mask(self, legal: list[Action]) -> np.ndarray:
        mask = np.zeros(len(self), dtype=bool)
        mask[[self.index(a) for a in legal]] = True
        return mask
