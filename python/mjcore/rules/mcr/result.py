"""What an MCR ``score`` returns, shared by both backends: each fan with its count and value, the total."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from .table import FanTable, default_table

__all__ = ["FanScore", "McrScore"]


@dataclass(frozen=True)
class FanScore:
    key: str
    count: int
    value: int  # per occurrence

    @property
    def points(self) -> int:
        return self.count * self.value


@dataclass(frozen=True)
class McrScore:
    fans: tuple[FanScore, ...]  # in table order, highest value first
    total: int  # flowers included
    minimum: int

    @property
    def is_win(self) -> bool:
        return bool(self.fans)

    @property
    def meets_minimum(self) -> bool:
        """8番起和: the total without flowers reaches the ruleset's minimum."""
        flowers = sum(f.points for f in self.fans if f.key == "flower_tiles")
        return self.is_win and self.total - flowers >= self.minimum

    def as_tuples(self) -> list[tuple[str, int, int]]:
        return [(f.key, f.count, f.points) for f in self.fans]

    def table(self, names: FanTable | None = None) -> str:
        """The breakdown as a text table with Chinese and English names (from ``names``, default the shipped
        table)."""
        if not self.is_win:
            return "not a win"
        fans = (names or default_table()).fans
        lines = [f"  {'key':<34}{_pad('名称', 12)}{'name':<34}{'fan':>5}"]
        for f in self.fans:
            row = fans[f.key]
            times = f" ×{f.count}" if f.count > 1 else ""
            lines.append(f"  {f.key:<34}{_pad(row.chinese, 12)}{row.english + times:<34}{f.points:>5}")
        verdict = "meets" if self.meets_minimum else "below"
        lines.append(f"  total {self.total} fan ({verdict} the minimum of {self.minimum}, flowers not counted)")
        return "\n".join(lines)


def _pad(text: str, width: int) -> str:
    """Left-aligns text to a display width, counting wide (CJK) characters as two columns."""
    shown = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(width - shown, 0)
