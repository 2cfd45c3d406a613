"""A TOML table being read: it knows its path, so every error names the field (``limits.cap: expected an int
0..30, got -1``), and it refuses fields nobody read (``done``). Shared by every ruleset section's parser."""

from __future__ import annotations

from typing import Any

from ..errors import RulesetError, shown

__all__ = ["MAX_FAN", "TomlTable"]

# Fans above this would overflow the 2^fan points of a payment (the engine enforces the same bound).
MAX_FAN = 30


class TomlTable:
    """A TOML table being read, that knows its path for error messages and rejects unknown fields."""

    def __init__(self, data: Any, path: str) -> None:
        if not isinstance(data, dict):
            raise RulesetError(f"{path}: expected a table")
        self.data, self.path, self.read = data, path, set()

    def _get(self, key: str) -> Any:
        self.read.add(key)
        if key not in self.data:
            raise RulesetError(f"{self._at(key)}: missing")
        return self.data[key]

    def _at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def int(self, key: str, low: int = 0, high: int = MAX_FAN) -> int:
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RulesetError(f"{self._at(key)}: expected an int {low}..{high}, got {shown(value)}")
        return value

    def bool(self, key: str) -> bool:
        value = self._get(key)
        if not isinstance(value, bool):
            raise RulesetError(f"{self._at(key)}: expected true or false, got {shown(value)}")
        return value

    def str(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str) or not value:
            raise RulesetError(f"{self._at(key)}: expected a non-empty string, got {shown(value)}")
        return value

    def keys_in(self, key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
        value = self._get(key)
        if not isinstance(value, list) or any(item not in allowed for item in value):
            raise RulesetError(f"{self._at(key)}: expected a list of {', '.join(allowed)}, got {shown(value)}")
        return tuple(value)

    def strs(self, key: str) -> tuple[str, ...]:
        """A list of strings (which names are allowed is the caller's check)."""
        value = self._get(key)
        if not isinstance(value, list) or any(not isinstance(item, str) for item in value):
            raise RulesetError(f"{self._at(key)}: expected a list of strings, got {shown(value)}")
        return tuple(value)

    def table(self, key: str) -> TomlTable:
        return TomlTable(self._get(key), self._at(key))

    def rows(self, key: str, allowed: tuple[str, ...]) -> list[tuple[str, TomlTable]]:
        """The sub-tables of a keyed table, in file order, each key checked against ``allowed``."""
        table = self.table(key)
        for row_key in table.data:
            if row_key not in allowed:
                raise RulesetError(f"{table._at(row_key)}: unknown key (known: {', '.join(allowed)})")
        return [(row_key, table.table(row_key)) for row_key in table.data]

    def done(self) -> None:
        unknown = sorted(set(self.data) - self.read)
        if unknown:
            raise RulesetError(f"{self._at(unknown[0])}: unknown field")
