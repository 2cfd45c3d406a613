"""The family's own sections of a simulation's summary, in its own words (each family's ``Vocabulary``, in its
``FamilyRow``): the rows a win scored, the horses, the wins per deal, the money settled apart, the order of the
wins. Only what the totals record is summarised; docs/simulation.md lists what a family's players ask that the
simulation does not record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..rules.vocabulary import Vocabulary

if TYPE_CHECKING:
    from .summary import Estimate

__all__ = ["ORDINALS", "SIDE_MONEY_LABELS", "FamilySection", "Vocabulary", "family_sections", "vocabulary"]


def vocabulary(family: str) -> Vocabulary:
    """The words of ``family`` (a ruleset's ``meta.family``, its ``FamilyRow.vocabulary``); Guangdong's for an
    unknown one."""
    from ..rules.families import FAMILIES

    row = FAMILIES.get(family)
    return row.vocabulary if row is not None else Vocabulary()


@dataclass(frozen=True)
class FamilySection:
    """Lines only a family has: a heading, its estimates, and notes."""

    heading: str
    estimates: tuple[Estimate, ...]
    notes: tuple[str, ...] = ()


def _wins_per_deal(totals: dict[str, Any], heading: str) -> FamilySection:
    """Deals by their number of wins, and the mean wins per deal (血战到底 / 血流成河)."""
    from .summary import Estimate

    deals = totals["deals"]
    wins = sum(totals["wins_by_offset"])
    squares = sum(w * w * n for w, n in enumerate(totals["deals_by_wins"]))
    rows = [Estimate.mean("wins per deal", wins, squares, deals)]
    rows += [Estimate.proportion(f"deals with {w} win{'s' if w != 1 else ''}", n, deals)
             for w, n in enumerate(totals["deals_by_wins"]) if n]  # fmt: skip
    return FamilySection(heading, tuple(rows))


def _rows_scored(totals: dict[str, Any], heading: str, names: tuple[str, ...]) -> FamilySection:
    """Each row of the table as the share of wins that scored it (a win scores several), most frequent first."""
    from .summary import shares_of_wins

    counts = totals["rows"]
    rows = shares_of_wins(names, counts, totals["rows_same_deal"], totals["rows_cowinners"], totals)
    seen = tuple(sorted((row for row in rows if row.count), key=lambda row: -row.count))
    never = len(names) - len(seen)
    return FamilySection(heading, seen, (f"{never} of the table's {len(names)} rows never scored",) if never else ())


def _distribution_per_win(totals: dict[str, Any], key: str, heading: str, unit: tuple[str, str]) -> FamilySection:
    """Wins by a count (the totals' ``key``: horses that hit them, the family's count): each count's share of
    wins (the last bucket and above); ``unit`` is the count's (singular, plural)."""
    from .summary import shares_of_wins

    counts = totals[key]
    labels = [f"{n}{'+' if n == len(counts) - 1 else ''} {unit[n != 1]}" for n in range(len(counts))]
    rows = shares_of_wins(labels, counts, totals[f"{key}_same_deal"], totals[f"{key}_cowinners"], totals)
    return FamilySection(heading, tuple(row for row in rows if row.count))


ORDINALS = ("first", "second", "third", "fourth")


def _order_of_wins(totals: dict[str, Any], unit: str) -> FamilySection:
    """The deal's first, second, third win (血战: winners leave and play goes on): the share of deals that had it,
    and its mean fan (a mean over those deals: one such win a deal)."""
    from .summary import Estimate

    rows = []
    for ordinal, wins, fan, squares in zip(ORDINALS, totals["wins_by_order"], totals["fan_by_order"],
                                           totals["fan_by_order_squared"]):  # fmt: skip
        if wins:
            rows.append(Estimate.proportion(f"{ordinal} win: deals", wins, totals["deals"]))
            rows.append(Estimate.mean(f"{ordinal} win: mean {unit}", fan, squares, wins))
    return FamilySection("Order of the wins (血战: the first, second, third win)", tuple(rows),
                         ("winners on one discard (一炮多响) are ordered as the table takes their claims",
                          "血流 (winners stay): a seat's place is its first win's, its 番 its last win's (the fan column)"))


# Each kind of side money (the totals' ``side_money_*``, in the engine's kind order), in Sichuan's words.
SIDE_MONEY_LABELS = ("呼叫转移", "退税", "查花猪", "查大叫")


def _side_money(totals: dict[str, Any]) -> FamilySection:
    """Each kind of side money: the share of deals where it changed hands, and what changed hands then (a mean
    over those deals: the other deals add nothing to Σx or Σx²)."""
    from .summary import Estimate

    rows = []
    for label, deals, moved, squares in zip(SIDE_MONEY_LABELS, totals["side_money_deals"], totals["side_money_moved"],
                                            totals["side_money_squared"]):  # fmt: skip
        rows.append(Estimate.proportion(f"{label}: deals", deals, totals["deals"]))
        rows.append(Estimate.mean(f"{label}: paid then", moved, squares, deals))
    return FamilySection("Transfers and the 流局 checks (呼叫转移, 退税, 查花猪, 查大叫)", tuple(rows),
                         ("呼叫转移: a 杠上炮 hands the kong money on; 退税: kong money returned at a 流局",
                          "paid then: the money that changed hands in a deal where it did (the payers' sum)"))


def family_sections(family: str, totals: dict[str, Any], row_names: tuple[str, ...] = ()) -> tuple[FamilySection, ...]:
    """The family's own sections of the summary, from the totals; ``row_names[r]`` names row r of the pattern
    table (the rows' names unless the family's words name its own)."""
    sections = []
    words = vocabulary(family)
    if any(totals.get("rows", ())):
        sections.append(_rows_scored(totals, words.rows_heading, words.row_names or row_names))
    if totals["horse_hits"]:
        sections.append(_distribution_per_win(totals, "horse_hit_counts", words.horse_hits_heading, ("horse", "horses")))
    if words.win_count and any(totals.get("win_counts", ())):
        sections.append(_distribution_per_win(totals, "win_counts", words.win_count_heading,
                                              (words.win_count.split(" ", 1)[0],) * 2))  # fmt: skip
    if "wins_per_deal" in words.sections or any(totals["deals_by_wins"][2:]):  # elsewhere: 一炮多响 happened
        sections.append(_wins_per_deal(totals, words.wins_per_deal_heading))
    if "side_money" in words.sections:
        sections.append(_side_money(totals))
    if "order_of_wins" in words.sections and any(totals.get("wins_by_order", ())):
        sections.append(_order_of_wins(totals, words.fan_unit))
    return tuple(sections)
