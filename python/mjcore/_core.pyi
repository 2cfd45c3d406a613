# Hand-written stubs of the native module mjcore._core (the Rust core). The public, friendlier API is in
# mjcore.analysis; these are the raw boundary functions it calls.
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

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
def decompose(
    counts: Counts, melds: Sequence[MeldTuple], wilds: int, forms: int, seven_pairs_quads: bool, wild_fifth_copy: bool
) -> list[tuple[str, list[tuple[str, tuple[int, ...], tuple[int, ...], int]], tuple[int, ...]]]: ...
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

# The table engine (mjcore.sim wraps these).
RawWinCheck = Callable[[bytes, tuple[MeldTuple, ...], tuple[int, int, int | None, bool, bool, bool, int, int]], int | None]
ActionTuple = tuple[str, int | None]

class Table:
    def __init__(self, win_check: RawWinCheck | None = ...) -> None: ...
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
    seed: int, deal: int, dealer: int = ..., round_wind: int = ..., win_check: RawWinCheck | None = ...
) -> list[str]: ...
def play_random_game(
    seed: int, wind_rounds: int = ..., max_deals: int = ..., win_check: RawWinCheck | None = ...
) -> list[list[str]]: ...
def simulate_random(seed: int, start: int, stop: int, threads: int | None = ...) -> dict[str, int | list[int]]: ...
