"""What an MCR ``score`` returns, shared by both backends: each fan with its count and value, the total."""

from __future__ import annotations

from dataclasses import dataclass

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
