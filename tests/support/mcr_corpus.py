"""A seeded generator of legal MCR winning situations, biased so that every one of the 81 fans comes up often.

A case is (hand before the winning tile, winning tile, situation). Each case draws a *pool* of tile kinds (a
theme: one suit, honours, terminals, even ranks, green tiles…) and a *form*; the standard form also draws set
motifs (shifted, straight, triple chows or pungs, terminal chows). Declared melds take every kind and claim
source; the flags are drawn only where the hand allows them, so every case is a situation that can happen.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import NamedTuple

from mjcore.hand import Hand, Meld, MeldKind
from mjcore.reference.rules.mcr import Situation
from mjcore.reference.rules.mcr.tiles import DRAGONS, GREEN, KNITTED_STRAIGHTS, REVERSIBLE, THIRTEEN_ORPHANS, WINDS

__all__ = ["Case", "batch_arrays", "generate", "cases", "folk_cases", "score_keywords"]


class Case(NamedTuple):
    hand: Hand
    win_tile: int
    situation: Situation


HONOURS = tuple(range(27, 34))


def _pools(rng: random.Random) -> tuple[int, ...]:
    s = rng.randrange(3) * 9
    themes = [
        tuple(range(34)),
        tuple(range(s, s + 9)),
        tuple(range(s, s + 9)) + HONOURS,
        tuple(range(s, s + 9)) + tuple(range((s + 9) % 27, (s + 9) % 27 + 9)),
        HONOURS,
        tuple(t for t in range(27) if t % 9 in (0, 8)) + HONOURS,
        tuple(t for t in range(27) if t % 9 in (0, 8)),
        tuple(t for t in range(27) if t % 9 % 2 == 1),  # even ranks
        tuple(t for t in range(27) if t % 9 >= 5),
        tuple(t for t in range(27) if t % 9 <= 3),
        tuple(t for t in range(27) if 3 <= t % 9 <= 5),
        tuple(sorted(GREEN)),
        tuple(sorted(REVERSIBLE)),
        tuple(t for t in range(27) if t % 9 not in (0, 8)),
        WINDS + tuple(range(s, s + 9)),
        DRAGONS + tuple(range(27)),
    ]
    return rng.choice(themes)


def _chow_ok(tile: int) -> bool:
    return tile < 27 and tile % 9 <= 6


def _motif(rng: random.Random) -> list[tuple[str, int]]:
    """A few sets that form a multi-set fan."""
    s = rng.randrange(3) * 9
    others = [x * 9 for x in range(3) if x * 9 != s]
    r = rng.randrange(7)
    kind = rng.randrange(13)
    if kind == 0:  # shifted chows by 1 or 2
        step = rng.choice((1, 2))
        n = rng.choice((3, 4))
        start = rng.randrange(0, 7 - step * (n - 1))
        return [("chow", s + start + step * i) for i in range(n)]
    if kind == 1:  # identical chows
        return [("chow", s + r)] * rng.choice((2, 3, 4))
    if kind == 2:  # pure straight
        return [("chow", s), ("chow", s + 3), ("chow", s + 6)]
    if kind == 3:  # mixed straight / triple / shifted chows
        a, b, c = rng.sample(range(3), 3)
        pick = rng.randrange(3)
        starts = [(0, 3, 6), (r, r, r), (min(r, 4), min(r, 4) + 1, min(r, 4) + 2)][pick]
        return [("chow", a * 9 + starts[0]), ("chow", b * 9 + starts[1]), ("chow", c * 9 + starts[2])]
    if kind == 4:  # shifted pungs, one suit or three
        n = rng.choice((3, 4))
        start = rng.randrange(0, 10 - n)
        if rng.random() < 0.5:
            return [("pung", s + start + i) for i in range(n)]
        a, b, c = rng.sample(range(3), 3)
        return [("pung", a * 9 + start), ("pung", b * 9 + start + 1), ("pung", c * 9 + start + 2)]
    if kind == 5:  # same-rank pungs
        rr = rng.randrange(9)
        return [("pung", x * 9 + rr) for x in rng.sample(range(3), rng.choice((2, 3)))]
    if kind == 6:  # winds
        return [("pung", w) for w in rng.sample(WINDS, rng.choice((2, 3, 4)))]
    if kind == 7:  # dragons
        return [("pung", d) for d in rng.sample(DRAGONS, rng.choice((2, 3)))]
    if kind == 8:  # terminal chows (老少副, 双龙会)
        if rng.random() < 0.5:
            return [("chow", s), ("chow", s + 6), ("chow", s), ("chow", s + 6), ("pair", s + 4)]
        return [("chow", others[0]), ("chow", others[0] + 6), ("chow", others[1]), ("chow", others[1] + 6),
                ("pair", s + 4)]
    if kind == 9:  # short straight / mixed double chow
        return [("chow", s + min(r, 3)), ("chow", s + min(r, 3) + 3)] if rng.random() < 0.5 else [
            ("chow", s + r), ("chow", others[0] + r)]
    if kind == 10:  # unrelated chows of three suits around an honour pair: the way to 无番和
        a, b, c = rng.sample(range(7), 3)
        return [("chow", a), ("chow", 9 + b), ("chow", 18 + c), ("pair", rng.choice(WINDS + DRAGONS))]
    return []


def _folk_motif(rng: random.Random) -> list[tuple[str, int]]:
    """Sets for the seed's folk fans: shifted pungs or chows over two suits, the four winds around a pair of
    发, a pair of 2, 5 or 8; otherwise a standard motif (terminal and honour pairs come up by themselves)."""
    a, b = rng.sample((0, 9, 18), 2)
    n = rng.choice((3, 4))
    kind = rng.randrange(5)
    if kind == 0:  # 混四节 / 混三节
        start = rng.randrange(0, 10 - n)
        return [("pung", rng.choice((a, b)) + start + i) for i in range(n)]
    if kind == 1:  # 混四步 / 混三步, by one or two ranks
        step = rng.choice((1, 2))
        start = rng.randrange(0, 7 - step * (n - 1))
        return [("chow", rng.choice((a, b)) + start + step * i) for i in range(n)]
    if kind == 2:  # 四方大发
        return [("pung", w) for w in WINDS] + [("pair", 32)]
    if kind == 3:  # 258将
        return [("pair", a + rng.choice((1, 4, 7)))]
    return _motif(rng)


Motif = Callable[[random.Random], list[tuple[str, int]]]


def _fits(counts: list[int], kind: str, tile: int) -> bool:
    if kind == "chow":
        return _chow_ok(tile) and all(counts[tile + i] < 4 for i in range(3))
    return counts[tile] + (3 if kind == "pung" else 2) <= 4


def _add(counts: list[int], kind: str, tile: int, sign: int = 1) -> None:
    for t in (tile, tile + 1, tile + 2) if kind == "chow" else (tile,) * (3 if kind == "pung" else 2):
        counts[t] += sign


def _standard_groups(rng: random.Random, motif: Motif = _motif) -> list[tuple[str, int]] | None:
    """Four sets and a pair: a motif first, the rest drawn from a themed pool."""
    pool = frozenset(_pools(rng))
    pung_share = rng.choice((0.0, 0.3, 0.6, 1.0))
    counts = [0] * 34
    groups: list[tuple[str, int]] = []

    def place(kind: str, tile: int) -> None:
        if kind == "pair":
            full = any(k == "pair" for k, _ in groups)
        else:
            full = sum(k != "pair" for k, _ in groups) == 4
        if not full and _fits(counts, kind, tile):
            _add(counts, kind, tile)
            groups.append((kind, tile))

    for kind, tile in motif(rng):
        place(kind, tile)
    for _ in range(60):
        if len(groups) == 5:
            return groups
        tile = rng.choice(sorted(pool))
        if sum(k != "pair" for k, _ in groups) == 4 or rng.random() < 0.2:
            place("pair", tile)
            continue
        kind = "pung" if rng.random() < pung_share or not _chow_ok(tile) else "chow"
        # chows mostly stay inside the pool, so that a themed hand keeps its theme
        if kind == "chow" and not {tile, tile + 1, tile + 2} <= pool and rng.random() < 0.8:
            continue
        place(kind, tile)
    return None


def _declare(rng: random.Random, groups: list[tuple[str, int]]) -> tuple[list[int], list[Meld]]:
    """Turns some sets into declared melds (any kind, any feeder); returns concealed counts and melds."""
    concealed = [0] * 34
    melds: list[Meld] = []
    n_melds = rng.choice((0, 0, 1, 2, 3, 4))
    order = list(range(len(groups)))
    rng.shuffle(order)
    declared = [i for i in order if groups[i][0] != "pair"][:n_melds]
    totals = [0] * 34
    for kind, tile in groups:
        _add(totals, kind, tile)
    for index, (kind, tile) in enumerate(groups):
        if index in declared:
            if kind == "chow":
                melds.append(Meld(MeldKind.CHI, tile, tile + rng.randrange(3), 3))
            elif totals[tile] == 3 and rng.random() < 0.45:
                kong = rng.choice((MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG))
                feeder = None if kong == MeldKind.CONCEALED_KONG else rng.randrange(1, 4)
                melds.append(Meld(kong, tile, None if feeder is None else tile, feeder))
            else:
                melds.append(Meld(MeldKind.PON, tile, tile, rng.randrange(1, 4)))
        elif kind == "pung" and totals[tile] == 3 and rng.random() < 0.12:
            melds.append(Meld(MeldKind.CONCEALED_KONG, tile))  # a concealed kong from a concealed pung
        else:
            _add(concealed, kind, tile)
    return concealed, melds


def _special_tiles(rng: random.Random) -> list[int] | None:
    """Fourteen concealed tiles of a special form."""
    form = rng.randrange(6)
    pool = _pools(rng)
    if form == 0:  # seven pairs, perhaps with four of a kind
        kinds = rng.sample(pool, min(7, len(pool)))
        if len(kinds) < 7:
            return None
        tiles = [t for t in kinds for _ in range(2)]
        if rng.random() < 0.2:
            tiles[12:14] = tiles[0:2]
        return tiles
    if form == 1:  # seven shifted pairs
        start = rng.randrange(3) * 9 + rng.randrange(3)
        return [t for t in range(start, start + 7) for _ in range(2)]
    if form == 2:  # thirteen orphans
        return sorted(THIRTEEN_ORPHANS) + [rng.choice(sorted(THIRTEEN_ORPHANS))]
    if form == 3:  # honours and knitted tiles
        straight = sorted(rng.choice(KNITTED_STRAIGHTS))
        suited = rng.choice((7, 8, 9)) if rng.random() < 0.7 else 7
        honours = 14 - suited
        return sorted(rng.sample(straight, suited)) + sorted(rng.sample(HONOURS, honours))
    if form == 4:  # nine gates
        s = rng.randrange(3) * 9
        return [s] * 3 + list(range(s + 1, s + 8)) + [s + 8] * 3 + [s + rng.randrange(9)]
    straight = sorted(rng.choice(KNITTED_STRAIGHTS))  # knitted straight + set + pair
    counts = [0] * 34
    for t in straight:
        counts[t] += 1
    kind = rng.choice(("chow", "pung"))
    tile = rng.choice(pool)
    pair = rng.choice(pool)
    if not _fits(counts, kind, tile):
        return None
    _add(counts, kind, tile)
    if not _fits(counts, "pair", pair):
        return None
    _add(counts, "pair", pair)
    return [t for t in range(34) for _ in range(counts[t])]


def _knitted_meld(rng: random.Random, tiles: list[int]) -> tuple[list[int], list[Meld]]:
    """组合龙 hands may declare their one set."""
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    straight = next((s for s in KNITTED_STRAIGHTS if all(counts[t] for t in s)), None)
    if straight is None or rng.random() < 0.5:
        return counts, []
    rest = counts[:]
    for t in straight:
        rest[t] -= 1
    for t in range(34):
        if rest[t] >= 3:
            rest[t] -= 3
            if 2 in rest:
                counts[t] -= 3
                return counts, [Meld(MeldKind.PON, t, t, rng.randrange(1, 4))]
            rest[t] += 3
        if _chow_ok(t) and all(rest[t + i] for i in range(3)):
            for i in range(3):
                rest[t + i] -= 1
            if 2 in rest:
                for i in range(3):
                    counts[t + i] -= 1
                return counts, [Meld(MeldKind.CHI, t, t, 3)]
            for i in range(3):
                rest[t + i] += 1
    return counts, []


def _situation(rng: random.Random, concealed: list[int], melds: list[Meld], win: int) -> Situation:
    shown = sum(m.tiles.count(win) for m in melds)
    held = concealed[win]
    self_drawn = rng.random() < 0.45
    has_kong = any(m.is_kong for m in melds)
    wall_last = rng.random() < 0.1
    kong_replacement = self_drawn and has_kong and rng.random() < 0.3
    robbing = not self_drawn and not wall_last and not shown and not held and rng.random() < 0.12
    last_copy = not held and rng.random() < 0.25
    return Situation(
        self_drawn=self_drawn,
        last_copy=last_copy,
        kong_replacement=kong_replacement,
        robbing_kong=robbing,
        wall_last=wall_last,
        seat_wind=rng.randrange(4),
        prevalent_wind=rng.randrange(4),
    )


def generate(rng: random.Random, motif: Motif = _motif) -> Case:
    """One legal winning situation; standard hands start from ``motif``'s sets."""
    while True:
        if rng.random() < 0.8:
            groups = _standard_groups(rng, motif)
            if groups is None:
                continue
            concealed, melds = _declare(rng, groups)
        else:
            tiles = _special_tiles(rng)
            if tiles is None:
                continue
            concealed, melds = _knitted_meld(rng, tiles)
        win = rng.choice([t for t in range(34) for _ in range(concealed[t])])
        concealed[win] -= 1
        flowers = tuple(sorted(rng.sample(range(1, 9), rng.choice((0, 0, 0, 1, 2, 3, 8)))))
        hand = Hand(tuple(concealed), tuple(melds), flowers=flowers)
        return Case(hand, win, _situation(rng, concealed, melds, win))


def cases(count: int, seed: int = 0) -> Iterator[Case]:
    rng = random.Random(seed)
    for _ in range(count):
        yield generate(rng)


def _opening(rng: random.Random, case: Case) -> Situation:
    """The case's situation, made a first-go-around win (天和, 地和, 人和) or a 天听 win where the hand allows."""
    situation = case.situation
    draw = rng.random()
    if any(m.kind != MeldKind.CONCEALED_KONG for m in case.hand.melds):
        return situation
    if case.hand.melds or draw >= 0.3:
        return dataclasses.replace(situation, heavenly_ready=draw < 0.4)
    first = dataclasses.replace(situation, kong_replacement=False, robbing_kong=False, wall_last=False)
    if draw < 0.1:
        return dataclasses.replace(first, self_drawn=True, seat_wind=0, last_copy=False, heavenly=True)
    if draw < 0.2:
        return dataclasses.replace(first, self_drawn=True, seat_wind=rng.randrange(1, 4), earthly=True)
    return dataclasses.replace(first, self_drawn=False, human=True)


def folk_cases(count: int, seed: int = 0) -> Iterator[Case]:
    """Legal winning situations for a ruleset with the seed's folk fans on: folk motifs (``_folk_motif``) and
    first-go-around situations, so that every folk fan comes up often."""
    rng = random.Random(seed)
    for _ in range(count):
        case = generate(rng, _folk_motif)
        yield case._replace(situation=_opening(rng, case))


def batch_arrays(corpus: list[Case]) -> dict:
    """The corpus as ``mjcore.score_batch`` inputs: concealed counts, melds as (MeldKind + 1, tile) slots,
    flowers, winning tiles and the situation columns."""
    import numpy as np

    n = len(corpus)
    melds = np.zeros((n, 4, 2), dtype=np.uint8)
    for row, case in enumerate(corpus):
        for slot, meld in enumerate(case.hand.melds):
            melds[row, slot] = (int(meld.kind) + 1, meld.tile)

    def column(field: str) -> np.ndarray:
        return np.array([getattr(case.situation, field) for case in corpus], dtype=np.uint8)

    return {
        "concealed": np.array([case.hand.concealed for case in corpus], dtype=np.uint8),
        "win_tiles": np.array([case.win_tile for case in corpus], dtype=np.uint8),
        "melds": melds,
        "flowers": np.array([len(case.hand.flowers) for case in corpus], dtype=np.uint8),
        "self_drawn": column("self_drawn"),
        "last_copy": column("last_copy"),
        "kong_bloom": column("kong_replacement"),
        "robbing_kong": column("robbing_kong"),
        "last_tile": column("wall_last"),
        "seat_wind": column("seat_wind"),
        "round_wind": column("prevalent_wind"),
    }


def score_keywords(situation: Situation) -> dict:
    """A case's situation as the keywords of ``mjcore.score(..., ruleset="mcr")`` (no first-go-around flags:
    ``cases`` draws none)."""
    return {"self_drawn": situation.self_drawn, "last_copy": situation.last_copy,
            "kong_bloom": situation.kong_replacement, "robbing_kong": situation.robbing_kong,
            "last_tile": situation.wall_last, "seat_wind": situation.seat_wind,
            "round_wind": situation.prevalent_wind}  # fmt: skip
