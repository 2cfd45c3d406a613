# Hand-written stubs of the native module mjcore._core (the Rust core). The public, friendlier API is in
# mjcore.analysis; most of these are the raw boundary functions it calls. ``is_win``, ``shanten`` and
# ``waits`` are the public functions themselves (mjcore.is_win is _core.is_win): their stubs carry the public
# annotations, which tests/twin/test_reference.py checks against the reference twins.
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .analysis.ghost_kinds import GhostsLike
from .hand import FormsLike, Hand, HandLike, Meld
from .mcr.result import McrScore
from .mcr.situation import Situation as McrSituation
from .results import Decomposition, DiscardChoice, Waits
from .score_result import ScoreEntry, ScoreResult
from .situation import Situation

__version__: str

Counts = bytes | Sequence[int]
MeldTuple = tuple[int, int, int, int]  # (kind 0..4, lowest tile, claimed tile or -1, from offset 0..3)
HandParts = tuple[bytes, tuple[MeldTuple, ...], int, int]  # (counts, melds, wilds, flower bits)

def parse_hand(text: str) -> HandParts: ...
def parse_tiles(text: str) -> list[int]: ...
def format_hand(counts: Counts, melds: Sequence[MeldTuple] = ..., wilds: int = ..., flowers: int = ...) -> str: ...
def is_win(
    hand: HandLike,
    forms: FormsLike = ...,
    *,
    seven_pairs_quads: bool = ...,
    wild_fifth_copy: bool = ...,
    ghosts: GhostsLike = ...,
) -> bool: ...
def shanten(
    hand: HandLike,
    forms: FormsLike = ...,
    *,
    seven_pairs_quads: bool = ...,
    wild_fifth_copy: bool = ...,
    ghosts: GhostsLike = ...,
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
    hand: HandLike,
    forms: FormsLike = ...,
    *,
    visible: Any = ...,
    seven_pairs_quads: bool = ...,
    wild_fifth_copy: bool = ...,
    ghosts: GhostsLike = ...,
) -> Waits | list[DiscardChoice]: ...
def advise(
    hand: HandLike, forms: FormsLike, seven_pairs_quads: bool, draws: int, seen: bytes, wall: int,
    ruleset: Any = ..., seating: tuple[int, int, int] = ...,
) -> tuple[list[tuple[int | None, int, list[tuple[int, int]]]], np.ndarray]: ...
def advise_batch(
    hands: list[HandLike], forms: FormsLike, seven_pairs_quads: bool, draws: int, seen: list[bytes],
    walls: list[int], ruleset: Any = ..., seating: tuple[int, int, int] = ...,
) -> list[tuple[list[tuple[int | None, int, list[tuple[int, int]]]], np.ndarray]]: ...
def shanten_batch(
    arr: npt.NDArray[np.uint8], forms: int, seven_pairs_quads: bool, wild_fifth_copy: bool
) -> npt.NDArray[np.int8]: ...
def is_win_batch(
    arr: npt.NDArray[np.uint8], forms: int, seven_pairs_quads: bool, wild_fifth_copy: bool
) -> npt.NDArray[np.bool_]: ...
def shanten_batch_ghosts(
    arr: npt.NDArray[np.uint8], ghosts: list[int], forms: int, seven_pairs_quads: bool, wild_fifth_copy: bool
) -> npt.NDArray[np.int8]: ...
def is_win_batch_ghosts(
    arr: npt.NDArray[np.uint8], ghosts: list[int], forms: int, seven_pairs_quads: bool, wild_fifth_copy: bool
) -> npt.NDArray[np.bool_]: ...

# The compiled ruleset of every family (mjcore.rules.document): the one argument shape.
DocumentValue = bool | int | str | Sequence["DocumentValue"]

class Ruleset:
    """A compiled ruleset of any family; built by each ruleset object's ``compiled`` after validation, from its
    normalised document: (entry, value) pairs such as ("options.cap", 4), ("fans.ping_hu", 0)."""

    def __new__(cls, family: str, name: str, document: Sequence[tuple[str, DocumentValue]]) -> Ruleset: ...
    @property
    def name(self) -> str: ...
    @property
    def family(self) -> str: ...

# Guangdong scoring (mjcore.rules.guangdong).

def pattern_keys() -> list[str]: ...
def extra_keys() -> list[str]: ...
def floor_event_keys() -> list[str]: ...

# (name, minimum, ScoreEntry per engine pattern or None, ((engine extra index, ScoreEntry by count 1..8), ...))
ScoreEntries = tuple[str, int, tuple[ScoreEntry | None, ...], tuple[tuple[int, tuple[ScoreEntry, ...]], ...]]

def score(
    ruleset: Ruleset,
    entries: ScoreEntries,  # Ruleset.score_entries
    hand: Hand | str | bytes | Sequence[int],  # the hand before the winning tile; text is parsed here
    win: int,
    situation: Situation,
) -> ScoreResult: ...
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

# Chinese Official (MCR) scoring (mjcore.rules.mcr).
def mcr_fan_keys() -> list[str]: ...  # the standard fans
def mcr_folk_fan_keys() -> list[str]: ...  # the seed's folk fans, scored when a table lists them

# ([(fan key, count, value per occurrence)] in table order, total with flowers, meets_minimum)
def mcr_score(
    ruleset: Ruleset,
    hand: Hand | str | bytes | Sequence[int],  # the 13 tiles before the winning one; wilds are refused
    win: int,
    situation: McrSituation,
) -> McrScore: ...
def mcr_score_batch(
    ruleset: Ruleset,
    concealed: npt.NDArray[np.uint8],  # (N, 34) before the winning tile
    melds: npt.NDArray[np.uint8],  # (N, 4, 2): (MeldKind + 1, lowest tile), kind 0 = empty slot
    flowers: npt.NDArray[np.uint8],  # (N,) number of flowers
    win: npt.NDArray[np.uint8],
    flags: npt.NDArray[np.uint8],  # (5, N): self_drawn, last_copy, kong_replacement, robbing_kong, wall_last
    seat_wind: npt.NDArray[np.uint8],
    prevalent_wind: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]: ...  # totals (−1 not a win), fan counts (N, table's fans)

# 推倒胡 (mjcore.rules.tdh) and the folk tables (mjcore.rules.folk).
# The single call of each registry family (rust/bindings/src/single_score.rs): the compiled ruleset, the Python
# ruleset (its rows name the entries), the hand (a Hand, hand text or 34 counts), the winning tile (推倒胡: a
# tile code, flowers 34..41) and the family's situation object; returns the family's result object.
def tdh_score(ruleset: Ruleset, rules: Any, hand: Any, win: int, situation: Any) -> Any: ...  # a TdhScore
def folk_score(ruleset: Ruleset, rules: Any, hand: Any, win: int, situation: Any) -> Any: ...  # a FolkScore
def tdh_keys() -> tuple[list[str], list[str]]: ...  # the engine's form and multiplier keys

# The table engine (mjcore.table wraps these).
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
    """Compiled table rules (``[tiles]`` … ``[settlement]``); built by ``mjcore.rules.table_rules`` after reading."""

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
        dealer_stays: str = "win_or_draw",
        abortive_draws: bool = False,
    ) -> TableRules: ...
    @property
    def tile_count(self) -> int: ...

# The compiled rulesets a table plays: Guangdong, MCR, 推倒胡, Sichuan, Taiwan and the folk tables' (not stubbed here).
TableRuleset = Ruleset | Any

class Table:
    def __init__(
        self, win_check: RawWinCheck | None = ..., ruleset: TableRuleset | None = ..., table_rules: TableRules | None = ...
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
        list[list[tuple[int, int | None]]],
        # flowers set aside, voids, 换三张 picks, (held flower ghosts, discarded flower ghosts, flowers are ghosts)
        tuple[list[list[int]], list[int | None], list[int], tuple[list[int], list[list[int]], bool]],
    ]: ...
    def step(self, kind: str, tile: int | None = ...) -> None: ...
    def check_invariants(self) -> None: ...
    def log(self) -> list[str]: ...
    def outcome(self) -> list[tuple[int, int, int | None, bool, int, list[tuple[int, int, int]]]] | None: ...
    def payments(self) -> list[int] | None: ...
    def play(self, bots: list[str]) -> None: ...
    def reset_game(self, seed: int, wind_rounds: int = ..., max_deals: int = ..., wall: list[int] | None = ...) -> None: ...
    def next_deal(self, wall: list[int] | None = ...) -> bool: ...
    def kong_money(self) -> list[int] | None: ...
    def horse_money(self) -> list[int] | None: ...
    def ghosts(self) -> tuple[list[int], int | None]: ...
    def set_dealer_streak(self, streak: int) -> None: ...

def play_random_deal(
    seed: int,
    deal: int,
    dealer: int = ...,
    round_wind: int = ...,
    win_check: RawWinCheck | None = ...,
    ruleset: TableRuleset | None = ...,
    table_rules: TableRules | None = ...,
) -> list[str]: ...
def play_random_game(
    seed: int,
    wind_rounds: int = ...,
    max_deals: int = ...,
    win_check: RawWinCheck | None = ...,
    ruleset: TableRuleset | None = ...,
    table_rules: TableRules | None = ...,
) -> list[list[str]]: ...
def simulate_random(
    seed: int,
    start: int,
    stop: int,
    threads: int | None = ...,
    ruleset: TableRuleset | None = ...,
    table_rules: TableRules | None = ...,
) -> dict[str, int | list[int]]: ...

# mjcore.simulate: (totals, per-deal columns or None); see mjcore.sim.result for the keys and dtypes.
def simulate_deals(
    ruleset: TableRuleset,
    table_rules: TableRules,
    seed: int,
    deals: tuple[int, int],
    bots: Sequence[str],
    threads: int | None = ...,
    per_deal: bool = ...,
) -> tuple[dict[str, int | list[int]], dict[str, npt.NDArray[np.generic]] | None]: ...

# The built-in bots by name (mjcore.table.bots wraps these).
def play_bot_deal(
    seed: int, deal: int, bots: Sequence[str], dealer: int = ..., round_wind: int = ...
) -> list[str]: ...
def bot_names() -> list[str]: ...

# Sichuan and Taiwan (mjcore.rules.sichuan, mjcore.rules.taiwan): compiled by RegionalRuleset.compiled after validation.
RegionalEntries = list[tuple[str, int, int]]  # (key, count, value) in row order
MoneyRows = list[tuple[str, tuple[int, int, int, int]]]

def sichuan_score(ruleset: Ruleset, rules: Any, hand: Any, win: int, situation: Any) -> Any: ...  # RegionalScore
def sichuan_settle(
    ruleset: Ruleset,
    events: Sequence[tuple[int, int, int, int, bool, Sequence[tuple[int, int]]]],
    ends: Sequence[tuple[int, bytes, Sequence[MeldTuple], int, int, int, bool, bytes | None]],
    wall_exhausted: bool,
) -> tuple[list[list[int]], list[int], list[int]]: ...
def sichuan_fan_keys() -> list[str]: ...

def taiwan_score(ruleset: Ruleset, rules: Any, hand: Any, win: int, situation: Any) -> Any: ...  # RegionalScore
def taiwan_flower_win(
    ruleset: Ruleset, kind: int, situation: tuple[int, int, int, int, int, int, int]
) -> tuple[RegionalEntries, int, int, bool, MoneyRows, RegionalEntries]: ...
def taiwan_tai_keys() -> list[str]: ...

# The AI environment's native core (mjcore.env wraps it; docs/env.md).
EnvBuffers = tuple[
    npt.NDArray[np.uint8], npt.NDArray[np.bool_], npt.NDArray[np.float32], npt.NDArray[np.float32],
    npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.uint8],
]

class VectorEnv:
    def __init__(
        self,
        table: Table,
        num_envs: int,
        seed: int,
        learning: int,
        opponents: str | None,
        encoding: str,
        game: tuple[int, int] | None,
        reward_scale: float,
        score_unit: int,
        threads: int | None,
        autoreset: bool = ...,
    ) -> None: ...
    def reset(self, seed: int, walls: list[list[int] | None] | None, outputs: tuple[Any, ...]) -> None: ...
    def step(self, actions: npt.NDArray[np.int64], outputs: tuple[Any, ...]) -> None: ...
    def step_one(self, index: int, action: int) -> tuple[int, bool, bool, tuple[float, float, float, float]]: ...
    def sample(self, out: npt.NDArray[np.int64]) -> None: ...
    def suggest(self, name: str, out: npt.NDArray[np.int64]) -> None: ...
    def observe(self, index: int, seat: int, obs: npt.NDArray[np.uint8], mask: npt.NDArray[np.bool_]) -> None: ...
    def observation(self, index: int, seat: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]: ...
    def to_act(self, index: int) -> int: ...
    def log(self, index: int) -> list[str]: ...
    def deal_id(self, index: int) -> tuple[int, int]: ...
    def num_actions(self) -> int: ...
    def blocks(self) -> list[tuple[str, int, int]]: ...
    def actions(self) -> list[ActionTuple]: ...
    def rows(self) -> int: ...

def env_planes() -> tuple[
    list[tuple[int, int, str, str]], list[tuple[int, int, str]], list[tuple[str, int]]
]: ...
