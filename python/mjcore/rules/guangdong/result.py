"""What ``score`` returns, shared by both backends: the pattern and extras as named entries, the fan after
cap and floor, legality under the table's 起和, the points and the four seats' payments."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ...errors import ArgumentTypeError, InvalidArgumentError
from .ruleset import EXTRA_KEYS, PATTERN_KEYS, Ruleset
from ...seats import SEAT_NAMES

__all__ = ["ScoreEntry", "ScoreResult", "native_entries"]

# Extras counted up to this many times share one entry object per count (the native result takes them).
SHARED_COUNTS = 8


@dataclass(frozen=True)
class ScoreEntry:
    """One line of the breakdown: a pattern or an extra, its names, and the fan it adds (``count`` times the
    table value, e.g. two dragon pungs)."""

    key: str
    zh: str
    en: str
    fan: int
    count: int = 1


@dataclass(frozen=True)
class ScoreResult:
    """The score of a win. ``is_win`` is False (and everything else empty) when the hand does not win.

    raw_fan: pattern plus extras before the cap; capped / floored: whether the cap (爆胡) or a QQ floor changed
    it; total_fan: the final fan; legal: reaches the table's 起和 ``minimum``; points: 2^total_fan, one
    loser's share; payments: gains (+) and losses (−) of the seats East, South, West, North, zero-sum;
    liable: the seat that paid for everyone (包), if any.
    """

    is_win: bool
    ruleset: str
    pattern: ScoreEntry | None = None
    extras: tuple[ScoreEntry, ...] = ()
    raw_fan: int = 0
    capped: bool = False
    floored: bool = False
    total_fan: int = 0
    legal: bool = False
    minimum: int = 0
    points: int = 0
    payments: tuple[int, int, int, int] = (0, 0, 0, 0)
    liable: int | None = None

    @property
    def below_minimum(self) -> bool:
        """A win that does not reach the table's 起和."""
        return self.is_win and not self.legal

    def coins(self, room: int, rake: int) -> tuple[int, int, int, int]:
        """The QQ游戏 coin result of this win per seat (RULES.md §2.6, CASES.md D9): each seat's points times the
        room coefficient ``room`` (N), less the per-seat rake ``rake`` (A) that the system takes from every
        seat. A loser pays X·N + A (3X·N + A when liable), the winner gains X·P·N − A, and a seat that pays
        nothing still pays the rake. Not zero-sum: the system keeps 4·A."""
        for name, value in (("room", room), ("rake", rake)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ArgumentTypeError(f"{name} must be an int, not {type(value).__name__}")
            if value < 0:
                raise InvalidArgumentError(f"{name} must be ≥ 0, not {value}")
        if not self.is_win:
            return (0, 0, 0, 0)
        return tuple(points * room - rake for points in self.payments)  # type: ignore[return-value]

    @property
    def entries(self) -> tuple[ScoreEntry, ...]:
        return (self.pattern, *self.extras) if self.pattern is not None else ()

    @classmethod
    def not_a_win(cls, ruleset: Ruleset) -> ScoreResult:
        return cls(False, ruleset.name, minimum=ruleset.minimum)

    @classmethod
    def from_parts(cls, ruleset: Ruleset, pattern: str, extras: list[tuple[str, int]], raw_fan: int,
                   capped: bool, floored: bool, total_fan: int, legal: bool,
                   payments: tuple[int, int, int, int], liable: int | None) -> ScoreResult:  # fmt: skip
        """Names the pattern and extras (``extras`` = (key, count)) from the ruleset's table, extras in table
        order."""
        row = ruleset.pattern(pattern)
        assert row is not None, pattern  # the backends only choose patterns the table lists
        counts = dict(extras)
        named = [ScoreEntry(row.key, row.zh, row.en, row.fan * counts[row.key], counts[row.key])
                 for row in ruleset.extras if row.key in counts]  # fmt: skip
        return cls(True, ruleset.name, ScoreEntry(row.key, row.zh, row.en, row.fan), tuple(named), raw_fan,
                   capped, floored, total_fan, legal, ruleset.minimum, 1 << total_fan, tuple(payments), liable)  # fmt: skip

    def table(self) -> str:
        """The breakdown as a text table, with Chinese and English names."""
        if not self.is_win:
            return f"not a win under {self.ruleset}"
        lines = [f"  {'key':<20}{_pad('名称', 10)}{'name':<26}{'fan':>4}"]
        for entry in self.entries:
            times = f" ×{entry.count}" if entry.count > 1 else ""
            lines.append(f"  {entry.key:<20}{_pad(entry.zh, 10)}{entry.en + times:<26}{entry.fan:>4}")
        steps = [f"raw {self.raw_fan}"]
        if self.capped:
            steps.append(f"capped (爆胡) at {self.total_fan}")
        if self.floored:
            steps.append(f"raised to the floor {self.total_fan}")
        lines.append("  " + " → ".join(steps) + f" → total {self.total_fan} fan = {self.points} points")
        legality = "legal" if self.legal else "below the minimum"
        lines.append(f"  起和 {self.minimum}: {legality}")
        paid = "  ".join(f"{SEAT_NAMES[seat]} {amount:+d}" for seat, amount in enumerate(self.payments))
        liable = f"  (liable: {SEAT_NAMES[self.liable]})" if self.liable is not None else ""
        lines.append(f"  payments: {paid}{liable}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def native_entries(ruleset: Ruleset) -> tuple:
    """The named entries the native ``score`` puts into its results, made once per ruleset (``ScoreEntry`` is
    frozen, so results share them): (name, minimum, the entry of each pattern in engine order — None where
    the table has none —, and for each extra in table order (engine index, its entry counted 1, 2, …
    ``SHARED_COUNTS`` times)). The same entries as ``ScoreResult.from_parts`` names."""
    rows = {row.key: row for row in ruleset.patterns}
    patterns = tuple(ScoreEntry(row.key, row.zh, row.en, row.fan) if (row := rows.get(key)) else None
                     for key in PATTERN_KEYS)  # fmt: skip
    extras = tuple((EXTRA_KEYS.index(row.key),
                    tuple(ScoreEntry(row.key, row.zh, row.en, row.fan * n, n) for n in range(1, SHARED_COUNTS + 1)))
                   for row in ruleset.extras)  # fmt: skip
    return (ruleset.name, ruleset.minimum, patterns, extras)


def _pad(text: str, width: int) -> str:
    """Left-aligns text to a display width, counting wide (CJK) characters as two columns."""
    shown = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(width - shown, 0)
