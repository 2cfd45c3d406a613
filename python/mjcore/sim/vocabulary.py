"""Each family's own words for the summary of a simulation: what its ``fan`` column counts (fan 番, Sichuan 番 with 根,
Taiwan 台, 推倒胡 multipliers), what its pattern rows are (patterns, winning forms, MCR's highest fan, the 789
ladder, 老章 rows), and the lines only it has (Sichuan's several wins per deal). Only what the totals record is
summarised; docs/simulation.md lists what a family's players ask that the simulation does not record."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..rules.tdh.names import MULTIPLIERS as TDH_MULTIPLIERS

if TYPE_CHECKING:
    from .summary import Estimate

__all__ = ["ORDINALS", "SIDE_MONEY_LABELS", "FamilySection", "Vocabulary", "family_sections", "vocabulary"]


@dataclass(frozen=True)
class Vocabulary:
    """The headings and labels of one family's summary."""

    fan_heading: str = "Fan distribution (番, per win)"
    fan_unit: str = "fan"
    pattern_heading: str = "Patterns (per win)"
    extras_heading: str = "Kong money, horses, ghosts and flowers"
    kong_money: str = "kong money per deal (杠钱)"
    horse_hits: str = "horse hits per win (买马)"
    horse_money: str = "horse money per deal (买马)"
    # The distribution of the horses that hit a win (its own section, where any did).
    horse_hits_heading: str = "Horses hitting a win (买马, per win)"
    wins_with_ghosts: str = "wins holding a ghost (鬼牌)"
    ghosts_per_win: str = "ghosts per win (鬼牌)"
    flowers: str = "flowers per deal (花牌)"
    several_winners: str = "several winners (一炮多响)"
    # The rows a win scored, several per win (the totals' ``rows``: MCR's fans), where the family records them.
    rows_heading: str = "Rows scored (per win)"
    # The names of those rows where they are not the pattern table's (推倒胡: its multipliers); () = the patterns.
    row_names: tuple[str, ...] = ()
    fan_labeller: Callable[[int, str], str] = lambda fan, unit: f"{fan} {unit}"

    def fan_label(self, fan: int, last: bool = False) -> str:
        """The label of fan bucket ``fan`` (the last bucket holds that value and above)."""
        label = self.fan_labeller(fan, self.fan_unit)
        return label.replace(f"{fan} ", f"{fan}+ ", 1) if last else label


def _multiplier(doublings: int, _unit: str) -> str:
    return f"×{2 ** doublings} ({doublings} 加倍)" if doublings else "×1 (no 加倍)"


_WORDS = {
    "": Vocabulary(),
    "guangdong": Vocabulary(),
    "tdh": Vocabulary(
        fan_heading="Multipliers (加倍: 无鬼加倍, 七对加倍, …) per win", pattern_heading="Winning forms (胡牌牌型, per win)",
        extras_heading="推倒胡: kong money (杠钱), horses (买马) and ghosts (鬼牌)", fan_labeller=_multiplier,
        fan_unit="multiplier", horse_hits="horses hit per win (中马)", horse_hits_heading="Horses hit (中马, per win)",
        rows_heading="Each multiplier (加倍): the share of wins scoring it",
        row_names=tuple(f"{key} {zh}" for key, zh, _ in TDH_MULTIPLIERS)),  # fmt: skip
    "sichuan": Vocabulary(fan_heading="番 per win (as paid: 根 and 自摸 included, capped at 封顶)", fan_unit="番",
                          pattern_heading="Shapes (牌型, per win)", kong_money="kong money per deal (刮风下雨)",
                          rows_heading="Each 番 row (根 included): the share of wins scoring it",
                          several_winners="several winners in the deal (血战)"),  # fmt: skip
    "taiwan": Vocabulary(fan_heading="台 per win (the hand's 台 as paid: capped; 莊家 and 連N拉N not included)",
                         fan_unit="台", pattern_heading="Patterns (none: a Taiwan hand's 台 rows add up, below)",
                         rows_heading="Each 台 row (莊家 and 連N拉N aside): the share of wins scoring it"),  # fmt: skip
    "mcr": Vocabulary(fan_heading="Total fan per win (番, flowers included)",
                      pattern_heading="Highest fan of the win (番种, per win)", flowers="flowers per deal (花牌, 1 fan each)",
                      rows_heading="Each fan (番种): the share of wins scoring it"),  # fmt: skip
    "gd789": Vocabulary(fan_heading="Hand value per win (789 ladder 番)", pattern_heading="The ladder (牌型, per win)",
                        horse_hits="horses picking the winner per win (买马)", fan_unit="番",
                        horse_money="horse money per deal (买马 mirror bets)",
                        horse_hits_heading="Horses picking the winner (买马, per win)"),  # fmt: skip
    "laozhang": Vocabulary(fan_heading="番 per win (老章)", fan_unit="番",
                           pattern_heading="Patterns (none: a 老章 hand's rows add up, below)",
                           rows_heading="Each 老章 row: the share of wins scoring it"),  # fmt: skip
}


def vocabulary(family: str) -> Vocabulary:
    """The words of ``family`` (a ruleset's ``meta.family``); Guangdong's for an unknown one."""
    return _WORDS.get(family, _WORDS[""])


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


def _horse_hits(totals: dict[str, Any], heading: str) -> FamilySection:
    """Wins by the number of horses that hit them: each count's share of wins (the last bucket and above)."""
    from .summary import shares_of_wins

    counts = totals["horse_hit_counts"]
    labels = [f"{n}{'+' if n == len(counts) - 1 else ''} horse{'' if n == 1 else 's'}" for n in range(len(counts))]
    rows = shares_of_wins(labels, counts, totals["horse_hit_counts_same_deal"], totals["horse_hit_counts_cowinners"],
                          totals)  # fmt: skip
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
        sections.append(_horse_hits(totals, words.horse_hits_heading))
    if family == "sichuan":
        sections.append(_wins_per_deal(totals, "Wins per deal (血战: winners leave, 血流: they stay)"))
        sections.append(_side_money(totals))
        if any(totals.get("wins_by_order", ())):
            sections.append(_order_of_wins(totals, words.fan_unit))
    elif any(totals["deals_by_wins"][2:]):  # several winners on one tile (一炮多响) elsewhere
        sections.append(_wins_per_deal(totals, "Wins per deal (一炮多响)"))
    return tuple(sections)
