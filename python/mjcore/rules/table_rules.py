"""What the table does, as data: the ``[tiles]``, ``[deal]``, ``[claims]``, ``[wins]``, ``[end]`` and
``[settlement]`` sections every ruleset file states (DESIGN.md §6; each option's OPEN CHOICE number and default
are in the shipped files' comments). Read here with the field-path errors of every ruleset section, then compiled
once into the frozen native ``TableRules`` the deal state machine reads — which checks the names and the
contradictions (no win source, robbing a kong the table does not allow, …), again naming the field.

The same parser reads a file and a ``with_options`` variant, so both are validated alike.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..backend import native
from .toml_table import TomlTable

__all__ = ["DEALER_STAYS", "DEFAULT_TABLE_RULES", "REFUSED", "SECTIONS", "TableRules", "table_rules_of"]

# The sections, in file order, and the fields of each (their TOML names).
SECTIONS: dict[str, tuple[str, ...]] = {
    "tiles": ("suits", "honours", "flowers"),
    "deal": ("hand", "reserved_tail"),
    "claims": ("chi", "pon", "melded_kong", "added_kong", "concealed_kong", "robbable_kongs"),
    "wins": ("sources", "several_winners", "missed_win"),
    "end": ("winners", "dealer_stays", "abortive_draws", "seat_winds"),
    "settlement": ("kind",),
}


# Who deals next (``end.dealer_stays``), one choice for every family (RULES.md §1.10 连庄; 推倒胡 OC-29; the 789
# table §5; Sichuan OC-S16, whose ``options.next_dealer`` is that family's spelling of it): the canonical names,
# and the older spellings still read.
DEALER_STAYS = ("stays_on_win_or_draw", "stays_on_win", "passes", "winner_deals", "first_winner_deals",
                "last_winner_deals")  # fmt: skip
_OLD_DEALER_STAYS = {"win_or_draw": "stays_on_win_or_draw", "win": "stays_on_win", "never": "passes"}


# Alternatives an open choice lists that the table does not offer (issue 27, item 3): asked for by name, they are
# refused with the reason, checked here before the native check so the message says why, not only "unknown".
REFUSED: dict[str, dict[str, str]] = {
    "wins.several_winners": {
        "split": "splitting a tie (OC-34) is not offered: the seed has one winner at 截胡 "
                 "(\"只有胡大牌的一家才算胡\"), so a tie goes to the nearest seat",
    },
    "end.seat_winds": {
        "fixed": "seat winds fixed from the first seating (OC-1) are not offered at the Guangdong tables: the "
                 "seed's 本盘门风 is this deal's wind, East being the dealer (OC-T2 is the family with an options.seat_wind_from)",
    },
}
# ``end.seat_winds`` (OC-1): the one value offered; the field is optional and read only to refuse the others.
SEAT_WINDS = ("with_dealer",)


def _refused(path: str, value: Any) -> None:
    """A named alternative the table does not offer: a ``RulesetError`` naming the field, the value and why."""
    reason = REFUSED.get(path, {}).get(value) if isinstance(value, str) else None
    if reason is not None:
        from ..errors import RulesetError

        raise RulesetError(f"{path}: {value!r} is refused: {reason}")


@dataclass(frozen=True)
class TableRules:
    """The table rules of one ruleset, by their TOML names (``tiles.suits`` is ``suits``, ``settlement.kind``
    is ``settlement``). ``compiled`` is the native object, built (and checked) when the rules are read."""

    suits: tuple[str, ...]
    honours: bool
    flowers: int
    hand: int
    reserved_tail: int
    chi: str
    pon: bool
    melded_kong: bool
    added_kong: bool
    concealed_kong: bool
    robbable_kongs: tuple[str, ...]
    sources: tuple[str, ...]
    several_winners: str
    missed_win: str
    winners: int
    settlement: str
    # who deals next, one of DEALER_STAYS: "stays_on_win_or_draw" (Guangdong 连庄), "stays_on_win", "passes"
    # (MCR), "winner_deals" (789), "first_winner_deals", "last_winner_deals"
    dealer_stays: str = "stays_on_win_or_draw"
    # 四风连打 (四归西) and four kongs by several seats end the deal as a draw (OC-39; Taiwan: its OC-T15 option)
    abortive_draws: bool = False
    compiled: Any = dataclasses.field(repr=False, compare=False, default=None)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its fields; the native object is built again where it is unpickled (a cluster's workers)."""
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "compiled"}
        return _compiled, (fields,)

    def round_wind_of_deal(self, index: int) -> int:
        """A simulation's round wind of deal ``index``, as the engine's: East, or — where the dealer passes
        every deal — ``(index div 4) mod 4``, so that 16 deals make a game."""
        return (index // 4) % 4 if self.dealer_stays == "passes" else 0

    @property
    def tile_count(self) -> int:
        """Every tile of the set, flowers included (136, 144, 108, 100)."""
        return (len(self.suits) * 9 + 7 * self.honours) * 4 + self.flowers


# The 136-tile table a win check or no ruleset plays at (the engine's ``TableRules::default``); the shipped
# Guangdong files state exactly these values.
DEFAULT_TABLE_RULES = TableRules(
    suits=("m", "p", "s"), honours=True, flowers=0, hand=13, reserved_tail=0, chi="next_seat", pon=True,
    melded_kong=True, added_kong=True, concealed_kong=True, robbable_kongs=("added",),
    sources=("self_draw", "discard", "robbing_kong", "kong_bloom"), several_winners="all", missed_win="same_tile",
    winners=1, settlement="guangdong",
)  # fmt: skip


def table_rules_of(data: dict[str, Any], family: str) -> TableRules:
    """The table rules of a parsed ruleset file (``data`` as ``tomllib`` read it); ``family`` is the file's
    ``meta.family``, which ``settlement.kind`` must name."""
    root = TomlTable(data, "")
    tiles, deal, claims = root.table("tiles"), root.table("deal"), root.table("claims")
    wins, end, settlement = root.table("wins"), root.table("end"), root.table("settlement")
    # Optional: a file without it keeps the Guangdong rotation (RULES.md §1.10); the older spellings read as ever.
    stays = end.str("dealer_stays") if "dealer_stays" in end.data else "stays_on_win_or_draw"
    _refused("wins.several_winners", wins.data.get("several_winners"))
    if "seat_winds" in end.data:
        _refused("end.seat_winds", end.data["seat_winds"])
        if end.str("seat_winds") not in SEAT_WINDS:
            from ..errors import RulesetError

            raise RulesetError(f"end.seat_winds: expected one of {', '.join(map(repr, SEAT_WINDS))}, "
                               f"got {end.data['seat_winds']!r}")  # fmt: skip
    fields = dict(
        suits=tiles.strs("suits"),
        honours=tiles.bool("honours"),
        flowers=tiles.int("flowers", 0, 8),
        hand=deal.int("hand", 1, 16),
        reserved_tail=deal.int("reserved_tail", 0, 100),
        chi=claims.str("chi"),
        pon=claims.bool("pon"),
        melded_kong=claims.bool("melded_kong"),
        added_kong=claims.bool("added_kong"),
        concealed_kong=claims.bool("concealed_kong"),
        robbable_kongs=claims.strs("robbable_kongs"),
        sources=wins.strs("sources"),
        several_winners=wins.str("several_winners"),
        missed_win=wins.str("missed_win"),
        winners=end.int("winners", 1, 3),
        settlement=settlement.str("kind"),
        dealer_stays=_OLD_DEALER_STAYS.get(stays, stays),
        # Optional: off unless the file says so (OC-39).
        abortive_draws=end.bool("abortive_draws") if "abortive_draws" in end.data else False,
    )
    for table in (tiles, deal, claims, wins, end, settlement):
        table.done()
    if fields["settlement"] != family:
        from ..errors import RulesetError

        raise RulesetError(f"settlement.kind: {fields['settlement']!r}, but this is a {family!r} ruleset "
                           f"(meta.family): a family settles its own wins")  # fmt: skip
    return _compiled(fields)


def _compiled(fields: dict[str, Any]) -> TableRules:
    """The rules with their native object, built (and checked) from the fields."""
    _core = native()

    return TableRules(**fields, compiled=_core.TableRules(**fields))
