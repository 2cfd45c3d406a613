"""The words a family's simulation summary uses (``Vocabulary``): what its ``fan`` column counts (fan 番, Sichuan
番 with 根, Taiwan 台, 推倒胡 multipliers), what its pattern rows are, and which sections only it has. Plain data
of the rules layer: each family's ``vocabulary`` module holds its words, listed in its ``FamilyRow``; the
summary (``mjcore.sim.vocabulary``) reads them and names no family."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Vocabulary"]


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
    flower_money: str = "flower money per deal (花钱)"
    # The count the family keeps per win (the totals' ``win_count``: Sichuan's 根), its mean's label and its
    # distribution's heading; "" where the family counts nothing per win.
    win_count: str = ""
    win_count_heading: str = ""
    several_winners: str = "several winners (一炮多响)"
    # The rows a win scored, several per win (the totals' ``rows``: MCR's fans), where the family records them.
    rows_heading: str = "Rows scored (per win)"
    # The names of those rows where they are not the pattern table's (推倒胡: its multipliers); () = the patterns.
    row_names: tuple[str, ...] = ()
    fan_labeller: Callable[[int, str], str] = lambda fan, unit: f"{fan} {unit}"
    # The family's own sections beyond the rows scored and the horses: "wins_per_deal" (always shown, under
    # ``wins_per_deal_heading``; other families show it only when a deal had several winners), "side_money"
    # (Sichuan's money settled apart), "order_of_wins" (血战's first, second, third win).
    sections: frozenset[str] = frozenset()
    wins_per_deal_heading: str = "Wins per deal (一炮多响)"
    # What the family's players ask that a simulation cannot give, and where to read it instead (連莊: simulate
    # plays deals, not games); printed at the end of the summary.
    not_simulated: tuple[str, ...] = ()

    def fan_label(self, fan: int, last: bool = False) -> str:
        """The label of fan bucket ``fan`` (the last bucket holds that value and above)."""
        label = self.fan_labeller(fan, self.fan_unit)
        return label.replace(f"{fan} ", f"{fan}+ ", 1) if last else label
