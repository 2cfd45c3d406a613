"""What a folk ``score`` returns, shared by both backends: built from the one row both cores produce."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ...errors import ArgumentTypeError, InvalidArgumentError
from ..regional.result import Entry, shared_entries
from ..result_maker import maker
from .names import EXTRA_ROWS, MONEY_KINDS
from .ruleset import FolkRuleset

__all__ = ["Entry", "FolkScore", "folk_entry"]


@dataclass(frozen=True)
class FolkScore:
    """One folk win. ``entries``: every row that scored (key, Chinese, English, count, value); ``total``: the
    hand's multiple (789: its ladder row) or fan (老章, after the cap); ``share``: what one payer owes for the
    hand before the dealer factor; ``money``: per kind the four seats' money (E S W N), each zero-sum;
    ``payments`` is their sum. ``is_win`` False: nothing scored and nothing moves."""

    family: str
    ruleset: str
    entries: tuple[Entry, ...] = ()
    total: int = 0
    share: int = 0
    money: Mapping[str, tuple[int, int, int, int]] = field(default_factory=lambda: MappingProxyType({}))
    is_win: bool = True

    @property
    def payments(self) -> tuple[int, int, int, int]:
        totals = [0, 0, 0, 0]
        for seats in self.money.values():
            for seat, amount in enumerate(seats):
                totals[seat] += amount
        return (totals[0], totals[1], totals[2], totals[3])

    def entry(self, key: str) -> Entry | None:
        return next((e for e in self.entries if e.key == key), None)

    def table(self) -> str:
        if not self.is_win:
            return f"not a win under {self.ruleset}"
        unit = "×" if self.family == "gd789" else "fan"
        lines = [f"  {e.key:<18}{e.zh:<10}{e.en:<44}{e.count:>3} {e.value:>6}" for e in self.entries]
        lines.append(f"  total {self.total} {unit}, share {self.share}")
        for kind, seats in self.money.items():
            if any(seats):
                lines.append(f"  {kind:<8}" + "  ".join(f"{s} {a:+d}" for s, a in zip("ESWN", seats)))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    @classmethod
    def from_row(cls, rules: FolkRuleset, row: tuple | None) -> FolkScore:
        """The result of a core's row: None (not a win), or (entries as (key, count, value), total, share,
        money rows in ``MONEY_KINDS`` order)."""
        if row is None:
            return cls(rules.family, rules.name, is_win=False)
        entries, total, share, money = row
        shared = shared_entries(rules)
        named = []
        for row in entries:
            made = shared.get(row)
            if made is None:
                made = shared[row] = folk_entry(rules, *row)
            named.append(made)
        paid = {kind: tuple(seats) for kind, seats in zip(MONEY_KINDS[rules.family], money)}
        make = _make_score if cls is FolkScore else cls
        return make(rules.family, rules.name, tuple(named), total, share, MappingProxyType(paid), True)


def folk_entry(rules: FolkRuleset, key: str, count: int, value: int) -> Entry:
    """The entry of the core's row (key, count, value): a ruleset row, or one of the extras (flowers, kongs,
    points) named in ``EXTRA_ROWS`` (the core's single call makes its shared entries here)."""
    zh, en = EXTRA_ROWS[key] if key in EXTRA_ROWS else (rules.row(key).zh, rules.row(key).en)
    return Entry(key, zh, en, count, value)


_make_score = maker(FolkScore)  # ``result_maker``: the single call's result without its ``__init__``


def pick_winner(discarder: int, candidates: Mapping[int, FolkScore | int]) -> int:
    """截胡 (OC-34): of several seats able to win on one discard, the one that wins: the biggest hand (a
    ``FolkScore``'s ``total``, or a given multiple), ties to the seat nearest the discarder in turn order."""
    from ..regional.keywords import seat

    discarder = seat(discarder, "discarder")
    if not isinstance(candidates, Mapping) or not candidates:
        raise InvalidArgumentError("candidates: a non-empty mapping of seat → score")
    ranked: list[tuple[int, int, int]] = []
    for who, result in candidates.items():
        who = seat(who, "candidate seat")
        if who == discarder:
            raise InvalidArgumentError(f"candidate seat {who} is the discarder, who cannot win on their own discard")
        if isinstance(result, FolkScore):
            if not result.is_win:
                raise InvalidArgumentError(f"candidate seat {who}: its score is not a win")
            size = result.total
        elif isinstance(result, int) and not isinstance(result, bool):
            size = result
        else:
            raise ArgumentTypeError(f"candidate seat {who}: a FolkScore or an int, not {type(result).__name__}")
        ranked.append((size, -((who - discarder) % 4), who))
    return max(ranked)[2]



