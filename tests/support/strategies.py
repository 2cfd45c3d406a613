"""Seeded random hand generators shared by the differential tests: hands drawn from a real 136-tile set, so no
tile ever appears more than four times counting melds."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import strategies as st

from mjcore import Hand, Meld, MeldKind

ALL_KINDS = tuple(range(34))
HONOURS = tuple(range(27, 34))


def random_hands(n: int, size: int, seed: int) -> np.ndarray:
    """``n`` hands of ``size`` tiles, each drawn from its own shuffled 136-tile set, as uint8 counts (n, 34)."""
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(34, dtype=np.intp), 4)
    draws = rng.random((n, wall.size)).argsort(axis=1)[:, :size]
    counts = np.zeros((n, 34), dtype=np.uint8)
    np.add.at(counts, (np.repeat(np.arange(n), size), wall[draws].ravel()), 1)
    return counts


def ghost_rows(n: int, seed: int) -> np.ndarray:
    """Hands of 13 or 14 tiles dealt from a wall, then pushed to hold 0..4 白 (tdh's default ghost) in turn."""
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(34), 4)
    out = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        np.add.at(out[i], wall[rng.choice(136, 13 + i % 2, replace=False)], 1)
        while out[i, 31] < i % 5:
            j = rng.integers(0, 31)
            if out[i, j] > 0:
                out[i, j] -= 1
                out[i, 31] += 1
    return out


def complete_hands(n: int, seed: int, sets: int = 4) -> list[list[int]]:
    """``n`` complete hands of ``sets`` random sets (chow or pung, evenly) and a pair, as count lists."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < n:
        counts = [0] * 34
        for _ in range(sets):
            if rng.random() < 0.5:
                start = rng.choice([s * 9 + k for s in range(3) for k in range(7)])
                for k in (start, start + 1, start + 2):
                    counts[k] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            hands.append(counts)
    return hands


def build_hand(
    rng: random.Random,
    total: int = 13,
    kinds: tuple[int, ...] = ALL_KINDS,
    melds: int = 0,
    wilds: int = 0,
    complete_size: bool | None = None,
) -> Hand:
    """A random hand of ``total`` tiles in 13-tile terms (melds count 3 each), plus one more tile when
    ``complete_size`` is true. Tiles come from four copies of each of ``kinds``."""
    pool = {k: 4 for k in kinds}
    declared = []
    for _ in range(melds):
        options = []
        for k in kinds:
            if pool[k] >= 3:
                options.append(Meld(MeldKind.PON, k))
            if pool[k] == 4:
                options += [Meld(MeldKind.KONG, k), Meld(MeldKind.CONCEALED_KONG, k), Meld(MeldKind.ADDED_KONG, k)]
            if k < 27 and k % 9 <= 6 and all(pool.get(k + d, 0) for d in range(3)):
                options.append(Meld(MeldKind.CHI, k))
        if not options:
            break
        meld = rng.choice(options)
        declared.append(meld)
        for t in meld.tiles:
            pool[t] -= 1
    size = total - 3 * len(declared) + (1 if complete_size else 0)
    wall = [k for k, n in pool.items() for _ in range(n)]
    real = max(0, size - wilds)
    counts = [0] * 34
    for t in rng.sample(wall, min(real, len(wall))):
        counts[t] += 1
    return Hand(tuple(counts), tuple(declared), wilds=size - real)


@st.composite
def hands(draw, sizes=(13, 14), kinds=ALL_KINDS, max_melds=0, max_wilds=0) -> Hand:
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    total = draw(st.sampled_from(sizes))
    base = total - 1 if total % 3 == 2 else total
    return build_hand(
        rng,
        total=base,
        kinds=kinds,
        melds=draw(st.integers(0, max_melds)),
        wilds=draw(st.integers(0, max_wilds)),
        complete_size=total % 3 == 2,
    )


@st.composite
def winning_hands(draw, max_melds=0, max_wilds=0, sets=4) -> Hand:
    """Complete standard hands built from sets and a pair, some tiles then replaced by wilds."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    n_melds = draw(st.integers(0, max_melds))
    n_wilds = draw(st.integers(0, max_wilds))
    while True:
        totals = [0] * 34
        groups = []
        for _ in range(sets):
            if rng.random() < 0.5:
                start = rng.choice([s * 9 + k for s in range(3) for k in range(7)])
                groups.append(("chow", start))
                for k in range(start, start + 3):
                    totals[k] += 1
            else:
                k = rng.randrange(34)
                groups.append(("pung", k))
                totals[k] += 3
        pair = rng.randrange(34)
        totals[pair] += 2
        if max(totals) <= 4:
            break
    declared = []
    concealed = totals[:]
    for kind, tile in groups[:n_melds]:
        meld = Meld(MeldKind.CHI if kind == "chow" else MeldKind.PON, tile)
        declared.append(meld)
        for t in meld.tiles:
            concealed[t] -= 1
    held = [k for k in range(34) for _ in range(concealed[k])]
    for t in rng.sample(held, min(n_wilds, len(held) - 1)):
        concealed[t] -= 1
    wilds = sum(totals) - sum(concealed) - sum(len(m.tiles) for m in declared)
    return Hand(tuple(concealed), tuple(declared), wilds=wilds)
