"""What a Sichuan or Taiwan ``score`` returns, shared by both backends: every entry named, the total, and the
money of the win per seat by event type (zero-sum)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..mcr.result import _pad  # the one display-width padding (CJK names)
from ..result_maker import maker
from .ruleset import RegionalRuleset, family_schema

__all__ = ["Entry", "RegionalScore", "make_entry", "score_of", "shared_entries"]

NO_MONEY = (0, 0, 0, 0)

# Each ruleset's entries by their core row (key, count, value), made once: a result names the same few rows
# call after call, and making its frozen entries (and finding the row's names) cost a third of a single call.
# Keyed by the ruleset's id, with the ruleset held beside its entries so that the id cannot be reused while
# they live; cleared when many rulesets have passed (a corpus of generated rulesets).
_SHARED: dict[int, tuple[Any, dict[tuple[str, int, int], Any]]] = {}
_MOST_RULESETS = 256


def shared_entries(rules: Any) -> dict[tuple[str, int, int], Any]:
    """The entries already made for ``rules``, keyed by the core's (key, count, value) row."""
    held = _SHARED.get(id(rules))
    if held is None or held[0] is not rules:
        if len(_SHARED) >= _MOST_RULESETS:
            _SHARED.clear()
        held = _SHARED[id(rules)] = (rules, {})
    return held[1]


@dataclass(frozen=True)
class Entry:
    """One row that scored: its key, names, how many times, and ``value`` = times × the row's value."""

    key: str
    zh: str
    en: str
    count: int
    value: int


@dataclass(frozen=True)
class RegionalScore:
    """One win. ``total``: the hand's fan (Sichuan, before the cap) or 台 (Taiwan, without the dealer's 台);
    ``counted``: what is paid on (Sichuan: the fan after the cap, 天胡/地胡 as the ruleset says; Taiwan: the 台
    after the cap). ``dealer_entries``: Taiwan's 莊家 / 連N拉N, counted only in the payments the dealer takes
    part in. ``money``: per event type (``"win"``, Sichuan ``"transfer"`` 呼叫转移, Taiwan ``"eye_fee"``)
    the four seats' money (E S W N), each zero-sum; ``payments`` is their sum."""

    family: str
    entries: tuple[Entry, ...]
    total: int
    counted: int
    meets_minimum: bool
    money: Mapping[str, tuple[int, int, int, int]]
    dealer_entries: tuple[Entry, ...] = ()
    is_win: bool = True  # a Taiwan 0-台 hand wins with no entry

    @property
    def payments(self) -> tuple[int, int, int, int]:
        totals = [0, 0, 0, 0]
        for seats in self.money.values():
            for seat, amount in enumerate(seats):
                totals[seat] += amount
        return (totals[0], totals[1], totals[2], totals[3])

    def as_tuples(self) -> list[tuple[str, int, int]]:
        return [(e.key, e.count, e.value) for e in self.entries]

    def table(self) -> str:
        """The breakdown as text: every entry with its names, the total, and each seat's money."""
        if not self.is_win:
            return "not a win"
        unit = {"fan": "fan", "tai": "台"}[family_schema(self.family).value_field]
        lines = [f"  {e.key:<22}{_pad(e.zh, 12)}{e.en + (f' ×{e.count}' if e.count > 1 else ''):<40}{e.value:>4}"
                 for e in self.entries]  # fmt: skip
        lines.append(f"  total {self.total} {unit}, paid on {self.counted}"
                     + ("" if self.meets_minimum else " (below the minimum: not paid)"))  # fmt: skip
        for e in self.dealer_entries:
            lines.append(f"  dealer: {e.zh} {e.en} {e.value} {unit}")
        for kind, seats in self.money.items():
            if any(seats):
                lines.append(f"  {kind:<10}" + "  ".join(f"{seat} {amount:+d}" for seat, amount in zip("ESWN", seats)))
        return "\n".join(lines)

    @classmethod
    def not_a_win(cls, family: str) -> RegionalScore:
        return cls(family, (), 0, 0, False, MappingProxyType({}), (), False)


def score_of(rules: RegionalRuleset, entries: Sequence[tuple[str, int, int]], total: int, counted: int,
             meets_minimum: bool, money: Sequence[tuple[str, Sequence[int]]],
             dealer_entries: Sequence[tuple[str, int, int]] = ()) -> RegionalScore:  # fmt: skip
    """The result from the plain parts both backends produce: (key, count, value) entries and money rows."""

    shared = shared_entries(rules)

    def entry(key: str, count: int, value: int) -> Entry:
        made = shared[key, count, value] = make_entry(rules, key, count, value)
        return made

    def named(rows: Sequence[tuple[str, int, int]]) -> tuple[Entry, ...]:
        return tuple([shared.get(row) or entry(*row) for row in rows]) if rows else ()

    paid = {kind: (seats[0], seats[1], seats[2], seats[3]) for kind, seats in money}
    return _make_score(rules.family, named(entries), total, counted, meets_minimum, MappingProxyType(paid),
                       named(dealer_entries), True)  # fmt: skip


def make_entry(rules: RegionalRuleset, key: str, count: int, value: int) -> Entry:
    """The entry of the core's row (key, count, value), named by the ruleset's row (the core's single call
    makes its shared entries here)."""
    row = rules.row(key)
    return Entry(key, row.zh, row.en, count, value)


_make_score = maker(RegionalScore)  # ``result_maker``: the single call's result without its ``__init__``
