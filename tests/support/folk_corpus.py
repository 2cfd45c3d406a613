"""A seeded corpus of folk scoring calls (789 and 老章) for the parity test and the bench: hands built from
random sets and a pair (so most win; some get a random last tile and do not), random melds, flowers, kongs of
other seats, horse bets, dealers and ruleset options."""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass
from typing import Any, Callable

from mjcore import Hand, Meld, MeldKind, load_ruleset
from mjcore.rules.folk import PlaceholderWarning

with warnings.catch_warnings():
    warnings.simplefilter("ignore", PlaceholderWarning)
    BASE = {"gd-789": load_ruleset("gd-789"), "laozhang": load_ruleset("laozhang")}

VARIANTS = {
    "gd-789": [{}, {"discard_payers": "all"}, {"da_ge_definition": "peng_peng_hu", "da_ge_enabled": True},
               {"da_ge_definition": "zi_yi_se", "da_ge_enabled": True},
               {"da_ge_definition": "da_san_yuan_si_xi", "da_ge_enabled": True, "hand_stake": 10,
                "flower_stake": 20, "kong_stake": 30}],
    "laozhang": [{}, {"cap": 4}, {"discard_payers": "all", "dealer_factor": 3, "base": 5},
                 # the seed's points first, then fan (issue 27 item 4), with the shipped and other point values
                 {"arithmetic": "points_then_fan"},
                 {"arithmetic": "points_then_fan", "cap": 3, "win_points": 0, "pung_points": 5, "yao_factor": 3,
                  "concealed_factor": 1, "kong_factor": 8, "discard_payers": "all"}],
}  # fmt: skip
with warnings.catch_warnings():
    warnings.simplefilter("ignore", PlaceholderWarning)
    RULES = {name: [BASE[name].with_options(**v) if v else BASE[name] for v in variants]
             for name, variants in VARIANTS.items()}  # fmt: skip
FLOWERS = [f"{n}f" for n in range(1, 9)]


@dataclass(frozen=True)
class Call:
    hand: Hand
    win: int
    rules: Any
    keywords: dict

    def run(self, score: Callable[..., Any]) -> Any:
        return score(self.hand, self.win, ruleset=self.rules, **self.keywords)


def _take(left: list[int], tiles: list[int]) -> bool:
    if all(left[t] >= tiles.count(t) for t in set(tiles)):
        for t in tiles:
            left[t] -= 1
        return True
    return False


def _group(rng: random.Random, honours_weight: float) -> list[int]:
    if rng.random() < honours_weight:
        return [rng.randrange(27, 34)] * 3
    suit, rank = rng.randrange(3), rng.randrange(9)
    if rank <= 6 and rng.random() < 0.6:
        return [suit * 9 + rank + i for i in range(3)]
    return [suit * 9 + rank] * 3


def random_call(rng: random.Random) -> Call:
    name = rng.choice(("gd-789", "laozhang"))
    rules = rng.choice(RULES[name])
    left = [4] * 34
    suits = rng.choice([None, None, rng.randrange(3)])  # sometimes one suit (杂色, 清一色, 清碰)
    honours_weight = rng.choice((0.0, 0.15, 0.5, 1.0))
    if name == "gd-789" and rng.random() < 0.05:
        tiles = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        win = rng.choice(tiles)
        hand, melds = tiles, ()
    else:
        sets = []
        while len(sets) < 4:
            group = _group(rng, honours_weight)
            if suits is not None and group[0] < 27:
                group = [suits * 9 + t % 9 for t in group]
            if _take(left, group):
                sets.append(group)
        while True:
            suit = suits if suits is not None else rng.randrange(3)
            pair = rng.randrange(27, 34) if rng.random() < honours_weight else suit * 9 + rng.randrange(9)
            if _take(left, [pair, pair]):
                break
        melds = []
        concealed: list[int] = [pair, pair]
        for group in sets:
            chow = group[0] != group[1]
            if len(melds) < 4 and rng.random() < 0.3 and not (chow and name == "gd-789"):
                kinds = [MeldKind.CHI] if chow else [MeldKind.PON, MeldKind.KONG, MeldKind.ADDED_KONG,
                                                     MeldKind.CONCEALED_KONG]  # fmt: skip
                kind = rng.choice(kinds)
                if kind.is_kong and left[group[0]] < 1:
                    kind = MeldKind.PON
                if kind.is_kong:
                    left[group[0]] -= 1
                offset = None if kind == MeldKind.CONCEALED_KONG else 3 if chow else rng.randrange(1, 4)
                melds.append(Meld(kind, group[0], None, offset))
            else:
                concealed += group
        win = concealed.pop(rng.randrange(len(concealed)))
        if rng.random() < 0.1:  # a last tile that may not complete the hand
            left[win] += 1
            win = rng.choice([t for t in range(34) if left[t] > 0])
            left[win] -= 1
        hand, melds = concealed, tuple(melds)
    counts = [0] * 34
    for t in hand:
        counts[t] += 1
    seat, dealer = rng.randrange(4), rng.choice((0, 0, rng.randrange(4)))
    keywords: dict[str, Any] = {"seat": seat, "dealer": dealer}
    if rng.random() < 0.4:
        keywords["self_drawn"] = True
    else:
        keywords["discarder"] = rng.choice([s for s in range(4) if s != seat])
    flowers: tuple[int, ...] = ()
    if name == "gd-789":
        flowers = tuple(sorted(rng.sample(range(1, 9), rng.randrange(4))))
        keywords["other_kongs"] = [rng.choice([s for s in range(4) if s != seat]) for _ in range(rng.randrange(3))]
        spare = [t for t in range(34) for _ in range(max(0, left[t] - (t == win)))]
        spare += [f for f in range(34, 42) if f - 33 not in flowers]
        horses = []
        for tile in rng.sample(spare, rng.randrange(4)):
            horses.append((rng.randrange(4), FLOWERS[tile - 34] if tile >= 34 else tile))
        keywords["horses"] = horses
    return Call(Hand(tuple(counts), melds, 0, flowers), win, rules, keywords)
