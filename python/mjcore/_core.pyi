# Hand-written stubs of the native module mjcore._core (the Rust core). The public, friendlier API is in
# mjcore.analysis; these are the raw boundary functions it calls.
from collections.abc import Sequence

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
