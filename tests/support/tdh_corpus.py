"""A seeded generator of 推倒胡 scoring calls for the differential tests: random options (every ghost mode,
tile set, form, multiplier, liability and horse option), hands built from random sets and a pair (or seven
pairs / thirteen orphans) with melds and kongs, some tiles turned into ghosts, some hands spoiled, and random
situations (self-draws, blooms, discards, robbed kongs, horses, other seats' kongs, dealers and streaks).
Every call respects the tile counts most of the time, so that most calls score and some are refused."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from mjcore import Hand, Meld, MeldKind, load_ruleset
from mjcore.rules.tdh.tiles import ghost_kinds
from mjcore.rules.tdh import TdhRuleset
from mjcore.rules.tdh.names import FLOWER_BASE
from mjcore.tiles import tile_name

GHOSTS = ("none", "white", "red", "flip", "flip_two", "flowers4", "flowers8")
FLAGS = ("ghost_fifth_copy", "discard_wins", "rob_melded_kong", "seven_pairs", "four_ghosts", "no_ghosts_double",
         "seven_pairs_double", "thirteen_orphans_double", "four_ghosts_double", "last_tile_double",
         "kong_bloom_double", "robbing_kong_double", "robbing_pays_all", "bloom_pays_all", "streak_bonus",
         "horse_follows_win", "horse_follows_kong", "streak_horses")  # fmt: skip
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
MELDS = (MeldKind.PON, MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG)


@dataclass
class Call:
    """One ``score`` call: the hand, the winning tile and the keywords, under ``rules``."""

    rules: TdhRuleset
    hand: Hand
    win: str
    keywords: dict[str, Any]

    def run(self, score: Any) -> Any:
        return score(self.hand, self.win, ruleset=self.rules, **self.keywords)


def _options(rng: random.Random) -> dict[str, Any]:
    ghosts = rng.choice(GHOSTS)
    tiles = rng.choice(("all", "all", "no_characters", "no_honours"))
    if tiles == "no_honours" and ghosts in ("white", "red"):
        tiles = "all"
    options: dict[str, Any] = {"ghosts": ghosts, "tiles": tiles}
    options |= {flag: rng.random() < 0.5 for flag in FLAGS}
    options["thirteen_orphans"] = tiles == "all" and rng.random() < 0.5
    options["flip_honour_cycle"] = rng.choice(("separate", "seven"))
    options["discarder_pays"] = rng.choice(("one", "three"))
    options["horse_dragons"] = rng.choice(("e1", "e2"))
    options["one_horse"] = rng.random() < 0.15
    options["horses"] = 1 if options["one_horse"] else rng.choice((0, 0, 2, 4, 6, 8))
    options["win"] = rng.choice((1, 2, 2, 3))
    for name, choices in (("added_kong", (0, 1, 2)), ("concealed_kong", (1, 2, 4)), ("melded_kong", (0, 3, 6)),
                          ("horse_value", (1, 2, 5))):  # fmt: skip
        options[name] = rng.choice(choices)
    # OC-46's alternative, drawn from the options above rather than from rng, so that adding it left every
    # other call of the seeded corpus as it was.
    options["no_ghosts_own_face"] = random.Random(repr(sorted(options.items()))).random() < 0.5
    return options


def _kinds(rules: TdhRuleset) -> list[int]:
    low = 9 if rules["tiles"] == "no_characters" else 0
    high = 27 if rules["tiles"] == "no_honours" else 34
    return list(range(low, high))


def _take(pool: Counter[int], kind: int, n: int, out: list[int]) -> bool:
    if pool[kind] < n:
        return False
    pool[kind] -= n
    out += [kind] * n
    return True


def _shape(rng: random.Random, pool: Counter[int], kinds: list[int], sets: int, avoid: set[int]) -> list[int] | None:
    """``sets`` random sets and a pair (or, with no melds, sometimes seven pairs or thirteen orphans)."""
    tiles: list[int] = []
    usable = [k for k in kinds if k not in avoid]
    if sets == 4 and rng.random() < 0.15:
        pairs = rng.sample(usable, 7)
        return tiles if all(_take(pool, k, 2, tiles) for k in pairs) else None
    if sets == 4 and rng.random() < 0.08 and all(k in kinds for k in ORPHANS):
        ok = all(_take(pool, k, 1, tiles) for k in ORPHANS) and _take(pool, rng.choice(ORPHANS), 1, tiles)
        return tiles if ok else None
    for _ in range(sets):
        start = rng.choice(usable)
        if start < 27 and start % 9 < 7 and rng.random() < 0.6:
            if not all(_take(pool, start + i, 1, tiles) for i in range(3)):
                return None
        elif not _take(pool, start, 3, tiles):
            return None
    return tiles if _take(pool, rng.choice(usable), 2, tiles) else None


def random_call(rng: random.Random) -> Call:
    while True:
        call = _attempt(rng)
        if call is not None:
            return call


def _attempt(rng: random.Random) -> Call | None:
    rules = load_ruleset("tdh").with_options(**_options(rng))
    kinds = _kinds(rules)
    pool: Counter[int] = Counter({k: 4 for k in kinds})
    indicator = None
    if rules.needs_indicator:
        indicator = rng.choice(kinds)
        pool[indicator] -= 1
    ghosts = ghost_kinds(rules, indicator)
    melds = []
    for _ in range(rng.choice((0, 0, 0, 1, 1, 2, 3, 4))):
        kind, tile = rng.choice(MELDS), rng.choice([k for k in kinds if k not in ghosts])
        size = 4 if kind.is_kong else 3
        if pool[tile] < size:
            return None
        pool[tile] -= size
        melds.append(Meld(kind, tile, None, None if kind == MeldKind.CONCEALED_KONG else rng.randint(1, 3)))
    tiles = _shape(rng, pool, kinds, 4 - len(melds), set(ghosts))
    if tiles is None:
        return None
    wilds = 0
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3, 4))):  # some tiles become ghosts
        at = rng.randrange(len(tiles))
        if rules.flowers and wilds < rules.flowers and len(tiles) > 1:
            pool[tiles.pop(at)] += 1
            wilds += 1
        elif ghosts and pool[ghost := rng.choice(ghosts)] > 0:
            pool[tiles[at]] += 1
            pool[ghost] -= 1
            tiles[at] = ghost
    if rng.random() < 0.15:  # spoil the hand
        at, other = rng.randrange(len(tiles)), rng.choice(kinds)
        if pool[other] > 0:
            pool[tiles[at]] += 1
            pool[other] -= 1
            tiles[at] = other
    flowers_left = list(range(rules.flowers))
    rng.shuffle(flowers_left)
    if wilds and rng.random() < 0.3:  # the winning tile is a flower ghost
        wilds -= 1
        win = f"{flowers_left.pop() + 1}f"
    else:
        win_kind = tiles.pop(rng.randrange(len(tiles)))
        win = tile_name(win_kind)
    for _ in range(wilds):
        flowers_left.pop()
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    hand = Hand(tuple(counts), tuple(melds), wilds)
    seat = rng.randrange(4)
    others = [s for s in range(4) if s != seat]
    keywords: dict[str, Any] = {"seat_wind": seat, "dealer": rng.randrange(4), "dealer_streak": rng.choice((0, 0, 1, 3))}
    roll = rng.random()
    robbable = not win.endswith("f") and win_kind not in ghosts and counts[win_kind] == 0 and pool[win_kind] >= 3
    if roll < 0.2:
        keywords["discarder"] = rng.choice(others)
    elif roll < 0.4 and robbable:
        pool[win_kind] -= 3
        keywords["discarder"] = rng.choice(others)
        keywords["robbing_kong"] = rng.choice((True, True, "added", "melded", "concealed"))
    else:
        keywords["self_drawn"] = True
        kongs = [m for m in melds if m.is_kong]
        if kongs and rng.random() < 0.5:
            keywords["kong_bloom"] = True
            fed = [(seat + m.from_offset) % 4 for m in kongs if m.kind == MeldKind.KONG]
            if fed and rng.random() < 0.6:
                keywords["kong_fed_by"] = rng.choice(fed)
    if "robbing_kong" not in keywords and rng.random() < 0.1:
        keywords["last_tile"] = True
    if indicator is not None:
        keywords["ghost_indicator"] = tile_name(indicator)
    count = rules["horses"]
    if rules["streak_horses"] and keywords["dealer"] == seat:
        count += 2 * keywords["dealer_streak"]
    horse_pool = [k for k in kinds for _ in range(pool[k])] + [FLOWER_BASE + f for f in flowers_left]
    if count > len(horse_pool):
        return None
    keywords["horses"] = [tile_name(h) if h < FLOWER_BASE else f"{h - FLOWER_BASE + 1}f"
                          for h in rng.sample(horse_pool, count)]  # fmt: skip
    kongs = []
    for _ in range(rng.choice((0, 0, 1, 2))):
        owner = rng.choice(others)
        kind = rng.choice(("concealed", "added", "melded"))
        kongs.append((owner, kind, rng.choice([s for s in range(4) if s != owner]) if kind == "melded" else None))
    keywords["other_kongs"] = kongs
    return Call(rules, hand, win, keywords)


def spoiled_call(rng: random.Random) -> Call:
    """A random call with one thing made impossible, for the backends to refuse alike: a fifth copy among the
    horses, a tile set that lacks the hand's tiles, a flower where there are none, a ghost meld, a missing or
    superfluous indicator, a wrong number of horses, a robbed ghost."""
    call = random_call(rng)
    rules, keywords, hand = call.rules, dict(call.keywords), call.hand
    how = rng.randrange(7)
    if how == 0:
        keywords["horses"] = [call.win] * 5
        rules = rules.with_options(horses=6 if rules["horses"] == 1 else max(rules["horses"], 6), one_horse=False)
        keywords["horses"] = [call.win] * (rules["horses"] + (2 * keywords["dealer_streak"]
                                                               if rules["streak_horses"] and keywords["dealer"] == keywords["seat_wind"] else 0))  # fmt: skip
    elif how == 1:
        rules = rules.with_options(tiles=rng.choice(("no_characters", "no_honours")), thirteen_orphans=False,
                                   ghosts=rng.choice(("none", "flip", "flowers4")))  # fmt: skip
        keywords.pop("ghost_indicator", None)
        if rules.needs_indicator:
            keywords["ghost_indicator"] = rng.choice(("5p", "1m", "7z"))
    elif how == 2:
        keywords.pop("ghost_indicator", None)
        return Call(rules.with_options(ghosts="none"), hand, "3f", keywords)
    elif how == 3 and len(hand.melds) < 4 and hand.size >= 4:
        ghost = {"white": 31, "red": 33}.get(rules.ghost_mode, 31)
        tiles = hand.tiles()[3:]
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        if sum(hand.all_counts()[ghost:ghost + 1]) <= 1:
            hand = Hand(tuple(counts), (*hand.melds, Meld(MeldKind.PON, ghost, None, 1)), hand.wilds)
    elif how == 4:
        keywords["ghost_indicator"] = None if "ghost_indicator" in keywords else "3p"
    elif how == 5:
        keywords["horses"] = list(keywords["horses"]) + ["9s"]
    else:
        keywords.pop("self_drawn", None)
        keywords.pop("kong_bloom", None)
        keywords.pop("kong_fed_by", None)
        keywords.pop("last_tile", None)
        keywords |= {"discarder": (keywords["seat_wind"] + 1) % 4, "robbing_kong": True}
        return Call(rules, hand, "5z", keywords)
    return Call(rules, hand, call.win, keywords)
