# Hand-written stubs of the native module mjcore._core (the Rust core). The public, friendlier API is in
# mjcore.analysis; these are the raw boundary functions it calls.
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from .hand import Meld
from .results import Decomposition

__version__: str

Counts = bytes | Sequence[int]
MeldTuple = tuple[int, int, int, int]  # (kind 0..4, lowest tile, claimed tile or -1, from offset 0..3)
HandParts = tuple[bytes, tuple[MeldTuple, ...], int, int]  # (counts, melds, wilds, flower bits)

def parse_hand(text: str) -> HandParts: ...
def parse_tiles(text: str) -> list[int]: ...
def format_hand(counts: Counts, melds: Sequence[MeldTuple] = ..., wilds: int = ..., flowers: int = ...) -> str: ...
def is_win(
    counts: Counts, melds: Sequence[MeldTuple], wilds: int, forms: int, seven_pairs_quads: bool, wild_fifth_copy: bool
) -> bool: ...
def shanten(
    counts: Counts, melds: Sequence[MeldTuple], wilds: int, forms: int, seven_pairs_quads: bool, wild_fifth_copy: bool
) -> int: ...
def shanten_by_form(
    counts: Counts, melds: Sequence[MeldTuple], wilds: int, forms: int, seven_pairs_quads: bool, wild_fifth_copy: bool
) -> list[tuple[int, int | None]]: ...
def decompositions(
    counts: Counts,
    melds: Sequence[MeldTuple],
    wilds: int,
    forms: int,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
    meld_objects: tuple[Meld, ...],
) -> list[Decomposition]: ...
def waits(
    counts: Counts,
    melds: Sequence[MeldTuple],
    wilds: int,
    forms: int,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
    visible: bytes | None,
) -> tuple[int, list[tuple[int, int]]]: ...
def discards(
    counts: Counts,
    melds: Sequence[MeldTuple],
    wilds: int,
    forms: int,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
    visible: bytes | None,
) -> list[tuple[int, int, list[tuple[int, int]]]]: ...
def shanten_batch(
    arr: npt.NDArray[np.uint8], forms: int, seven_pairs_quads: bool, wild_fifth_copy: bool
) -> npt.NDArray[np.int8]: ...
def is_win_batch(
    arr: npt.NDArray[np.uint8], forms: int, seven_pairs_quads: bool, wild_fifth_copy: bool
) -> npt.NDArray[np.bool_]: ...

# Guangdong scoring (mjcore.ruleset, mjcore.scoring).
class Ruleset:
    """A compiled scoring table; built by ``mjcore.ruleset.Ruleset.compiled`` after validation."""

    def __new__(
        cls,
        name: str,
        cap: int,
        minimum: int,
        shapes: tuple[bool, bool, bool],  # (seven_pairs, seven_pairs_quads, thirteen_orphans)
        patterns: Sequence[tuple[str, int, bool]],  # (key, fan, special) in table order
        extras: Sequence[tuple[str, int]],
        floor: tuple[int, Sequence[str]],  # (fan, events)
        liabilities: tuple[bool, bool, bool, bool],  # kong_bloom, robbing_kong, twelve_tiles, big_hand
        options: tuple[bool, bool, bool],  # robbing_kong_is_self_draw, seat_round_wind_stack, human_hand_paid_by_dealer
    ) -> Ruleset: ...
    @property
    def name(self) -> str: ...

def pattern_keys() -> list[str]: ...
def extra_keys() -> list[str]: ...
def floor_event_keys() -> list[str]: ...

# (pattern, pattern fan, special, [(extra, times, fan each)], raw, capped, floored, total, legal, points,
#  payments by seat, liable seat)
ScoreTuple = tuple[
    str, int, bool, list[tuple[str, int, int]], int, bool, bool, int, bool, int, tuple[int, int, int, int], int | None
]

def score(
    ruleset: Ruleset,
    counts: Counts,
    melds: Sequence[MeldTuple],
    win: int,
    seat: int,
    round_wind: int,
    source_code: int,  # 0 self-drawn, 1 discard, 2 robbed kong
    discarder: int | None,
    kong_bloom: bool,
    kong_fed_by: int | None,
    last_tile: bool,
    limit_code: int,  # 0 none, 1 天和, 2 地和, 3 人和
    winners_on_discard: int,
    feeder_already_liable: bool,
) -> ScoreTuple | None: ...
def score_batch(
    ruleset: Ruleset,
    concealed: npt.NDArray[np.uint8],
    melds: npt.NDArray[np.uint8],  # (N, 4, 2): (MeldKind + 1, lowest tile), kind 0 = empty slot
    win: npt.NDArray[np.uint8],
    source_code: npt.NDArray[np.uint8],  # 0 self-drawn, 1 discard, 2 robbed kong
    seat: npt.NDArray[np.uint8],
    round_wind: npt.NDArray[np.uint8],
    kong_bloom: npt.NDArray[np.uint8],
    last_tile: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]: ...

# Chinese Official (MCR) scoring (mjcore.mcr).
class McrRuleset:
    """A compiled MCR fan table; built by ``mjcore.mcr.McrRuleset.compiled`` after validation."""

    def __new__(
        cls,
        name: str,
        minimum: int,
        concealed_and_melded_kong: bool,  # 明暗杠 (pymahjonggb) instead of 明杠 + 暗杠
        fans: Sequence[tuple[str, int, Sequence[str]]],  # (key, value, excluded keys) in table order
    ) -> McrRuleset: ...
    @property
    def name(self) -> str: ...

def mcr_fan_keys() -> list[str]: ...  # the standard fans
def mcr_folk_fan_keys() -> list[str]: ...  # the seed's folk fans, scored when a table lists them

# ([(fan key, count, value per occurrence)] in table order, total with flowers, meets_minimum)
McrScoreTuple = tuple[list[tuple[str, int, int]], int, bool]

def mcr_score(
    ruleset: McrRuleset,
    counts: Counts,
    melds: Sequence[MeldTuple],
    wilds: int,  # refused: MCR has no wild tiles
    flowers: int,  # bit set, bit n-1 for flower n
    win: int,
    flags: tuple[bool, bool, bool, bool, bool],  # self_drawn, last_copy, kong_replacement, robbing_kong, wall_last
    seat_wind: int,
    prevalent_wind: int,
    opening: int = 0,  # 0 none, 1 天和, 2 地和, 3 人和, 4 天听 (folk fans only)
) -> McrScoreTuple | None: ...
def mcr_score_batch(
    ruleset: McrRuleset,
    concealed: npt.NDArray[np.uint8],  # (N, 34) before the winning tile
    melds: npt.NDArray[np.uint8],  # (N, 4, 2): (MeldKind + 1, lowest tile), kind 0 = empty slot
    flowers: npt.NDArray[np.uint8],  # (N,) number of flowers
    win: npt.NDArray[np.uint8],
    flags: npt.NDArray[np.uint8],  # (5, N): self_drawn, last_copy, kong_replacement, robbing_kong, wall_last
    seat_wind: npt.NDArray[np.uint8],
    prevalent_wind: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]: ...  # totals (−1 not a win), fan counts (N, table's fans)

# The table engine (mjcore.sim wraps these).
RawWinCheck = Callable[
    [
        bytes,
        tuple[MeldTuple, ...],
        tuple[int, int, int | None, bool, bool, int | None, bool, str | None, int, int, int, bool],
    ],
    int | None,
]
ActionTuple = tuple[str, int | None]

class TableRules:
    """Compiled table rules (``[tiles]`` … ``[settlement]``); built by ``mjcore.table_rules`` after reading."""

    def __new__(
        cls,
        *,
        suits: Sequence[str],
        honours: bool,
        flowers: int,
        hand: int,
        reserved_tail: int,
        chi: str,
        pon: bool,
        melded_kong: bool,
        added_kong: bool,
        concealed_kong: bool,
        robbable_kongs: Sequence[str],
        sources: Sequence[str],
        several_winners: str,
        missed_win: str,
        winners: int,
        settlement: str,
    ) -> TableRules: ...
    @property
    def tile_count(self) -> int: ...

class Table:
    def __init__(
        self, win_check: RawWinCheck | None = ..., ruleset: Ruleset | None = ..., table_rules: TableRules | None = ...
    ) -> None: ...
    def reset(
        self, seed: int, deal: int, dealer: int = ..., round_wind: int = ..., wall: Sequence[int] | None = ...
    ) -> None: ...
    def replay(self, lines: Sequence[str]) -> None: ...
    def to_act(self) -> int | None: ...
    def legal_actions(self) -> list[ActionTuple]: ...
    def observation(
        self, seat: int
    ) -> tuple[
        int,
        bytes,
        int | None,
        list[list[MeldTuple]],
        list[list[int]],
        int,
        int,
        int,
        int | None,
        tuple[int, int, bool] | None,
    ]: ...
    def step(self, kind: str, tile: int | None = ...) -> None: ...
    def log(self) -> list[str]: ...
    def outcome(self) -> list[tuple[int, int, int | None, bool, int]] | None: ...

def play_random_deal(
    seed: int,
    deal: int,
    dealer: int = ...,
    round_wind: int = ...,
    win_check: RawWinCheck | None = ...,
    ruleset: Ruleset | None = ...,
    table_rules: TableRules | None = ...,
) -> list[str]: ...
def play_random_game(
    seed: int,
    wind_rounds: int = ...,
    max_deals: int = ...,
    win_check: RawWinCheck | None = ...,
    ruleset: Ruleset | None = ...,
    table_rules: TableRules | None = ...,
) -> list[list[str]]: ...
def simulate_random(
    seed: int,
    start: int,
    stop: int,
    threads: int | None = ...,
    ruleset: Ruleset | None = ...,
    table_rules: TableRules | None = ...,
) -> dict[str, int | list[int]]: ...

# mjcore.simulate: (totals, per-deal columns or None); see mjcore.simulation for the keys and dtypes.
def simulate_deals(
    ruleset: Ruleset,
    table_rules: TableRules,
    seed: int,
    deals: tuple[int, int],
    bots: Sequence[str],
    threads: int | None = ...,
    per_deal: bool = ...,
) -> tuple[dict[str, int | list[int]], dict[str, npt.NDArray[np.generic]] | None]: ...

# The built-in bots by name (mjcore.sim_bots wraps these).
def play_bot_deal(
    seed: int, deal: int, bots: Sequence[str], dealer: int = ..., round_wind: int = ...
) -> list[str]: ...
def bot_names() -> list[str]: ...
