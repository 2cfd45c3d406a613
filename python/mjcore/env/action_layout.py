"""The flat action index space of a table, as both backends hand it out: the native env builds it from the core's
blocks, the twin (``reference/env/layout.py``) from its own reading of the rules, so index <-> action and the mask
are one code. Pure Python: the twin imports it."""

from __future__ import annotations

from typing import Optional

import numpy as np

from ..arguments import check_index
from ..errors import InvalidArgumentError, shown
from ..table.types import Action

__all__ = ["ActionLayout"]


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
            raise InvalidArgumentError(f"action index {shown(index)} is out of range 0..{len(self._actions) - 1}")
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
