"""Differential test: the Rust scorer and the pure-Python reference agree on random winning hands of every
pattern (and on random situations), under every shipped table."""

from __future__ import annotations

import collections
import random

import pytest

import mjcore
from mjcore import Hand, Meld, MeldKind, MjcoreError, reference

TABLES = ("gd-cgc5", "gd-qq3", "gd-guigang")
HANDS_PER_TABLE = 1500

# Tile pools that steer random hands towards each pattern family.
SUITED = [list(range(s * 9, s * 9 + 9)) for s in range(3)]
HONOURS = list(range(27, 34))
ORPHANS = [0, 8, 9, 17, 18, 26, *HONOURS]


def pool(rng: random.Random) -> list[int]:
    suit = rng.choice(SUITED)
    return rng.choice([
        list(range(34)), suit, suit + HONOURS, HONOURS, ORPHANS, [0, 8, 9, 17, 18, 26], HONOURS[:4] + suit,
        HONOURS[4:] + suit, HONOURS[:4] + [rng.randrange(27)],
    ])  # fmt: skip


def standard_hand(rng: random.Random) -> list[tuple[str, tuple[int, ...]]] | None:
    """Four sets and a pair drawn from one pool, as (kind, tiles) groups; None when the draw overflows."""
    tiles = pool(rng)
    chow_starts = [t for t in tiles if t < 27 and t % 9 <= 6 and t + 1 in tiles and t + 2 in tiles]
    chow_weight = rng.random()
    groups = []
    for _ in range(4):
        if chow_starts and rng.random() < chow_weight:
            start = rng.choice(chow_starts)
            groups.append(("chow", (start, start + 1, start + 2)))
        else:
            groups.append(("pung", (rng.choice(tiles),) * 3))
    pair = rng.choice(tiles)
    groups.append(("pair", (pair, pair)))
    counts = collections.Counter(t for _, g in groups for t in g)
    return groups if max(counts.values()) <= 4 else None


def special_hand(rng: random.Random) -> list[int]:
    """Fourteen concealed tiles of seven pairs, thirteen orphans or nine gates."""
    kind = rng.randrange(3)
    if kind == 0:
        pairs = rng.sample(rng.choice([list(range(34)), rng.choice(SUITED), HONOURS + rng.choice(SUITED)]), 6)
        pairs.append(rng.choice(pairs) if rng.random() < 0.2 else rng.choice([t for t in range(34) if t not in pairs]))
        return [t for p in pairs for t in (p, p)]
    if kind == 1:
        return ORPHANS + [rng.choice(ORPHANS)]
    base = rng.randrange(3) * 9
    return [base] * 3 + list(range(base + 1, base + 8)) + [base + 8] * 3 + [base + rng.randrange(9)]


def random_case(rng: random.Random) -> tuple[Hand, int, dict] | None:
    melds: list[Meld] = []
    if rng.random() < 0.15:
        concealed = special_hand(rng)
    else:
        groups = standard_hand(rng)
        if groups is None:
            return None
        concealed = []
        for kind, tiles in groups:
            if kind != "pair" and rng.random() < 0.35:
                melds.append(random_meld(rng, kind, tiles[0]))
            else:
                concealed.extend(tiles)
    win = concealed.pop(rng.randrange(len(concealed)))
    counts = [0] * 34
    for t in concealed:
        counts[t] += 1
    try:
        hand = Hand(tuple(counts), tuple(melds))
    except MjcoreError:
        return None  # a kong made a fifth copy
    if hand.all_counts()[win] >= 4:
        return None
    return hand, win, random_situation(rng, hand)


def random_meld(rng: random.Random, kind: str, tile: int) -> Meld:
    if kind == "chow":
        return Meld(MeldKind.CHI, tile, tile + rng.randrange(3), 3)
    meld_kind = rng.choice([MeldKind.PON, MeldKind.PON, MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG])
    if meld_kind == MeldKind.CONCEALED_KONG:
        return Meld(meld_kind, tile)
    return Meld(meld_kind, tile, tile, rng.choice([1, 2, 3, None]))


def random_situation(rng: random.Random, hand: Hand) -> dict:
    seat = rng.randrange(4)
    flags: dict = {"seat_wind": seat, "round_wind": rng.randrange(4)}
    others = [s for s in range(4) if s != seat]
    how = rng.choice(["self", "self", "discard", "discard", "rob"])
    if how == "self":
        flags["self_drawn"] = True
        has_kong = any(m.is_kong for m in hand.melds)
        flags["kong_bloom"] = has_kong and rng.random() < 0.4
        if flags["kong_bloom"] and rng.random() < 0.5:
            flags["kong_fed_by"] = rng.choice(others)
        flags["last_tile"] = rng.random() < 0.15
        flags["feeder_already_liable"] = rng.random() < 0.2
        if rng.random() < 0.1:
            flags["heavenly" if seat == 0 else "earthly"] = True
    else:
        flags["discarder"] = rng.choice(others)
        flags["robbing_kong"] = how == "rob"
        flags["last_tile"] = rng.random() < 0.1
        flags["winners_on_discard"] = rng.choice([1, 1, 2, 3])
        if how == "discard" and seat != 0 and rng.random() < 0.1:
            flags["discarder"], flags["human"] = 0, True
    return flags


@pytest.mark.parametrize("table", TABLES)
def test_rust_and_reference_agree_on_random_wins(table):
    rng = random.Random(f"parity-{table}")
    chosen: collections.Counter = collections.Counter()
    compared = 0
    while compared < HANDS_PER_TABLE:
        case = random_case(rng)
        if case is None:
            continue
        hand, win, flags = case
        native = mjcore.score(hand, win, ruleset=table, **flags)
        assert native == reference.score(hand, win, ruleset=table, **flags), (str(hand), win, flags)
        compared += 1
        if native.is_win:
            chosen[native.pattern.key] += 1
    listed = {row.key for row in mjcore.load_ruleset(table).patterns}
    assert set(chosen) == listed, f"patterns never chosen: {sorted(listed - set(chosen))}"
