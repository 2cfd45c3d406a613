"""Seeded random winning hands and deals for the Sichuan and Taiwan parity tests: each hand is built from sets
and a pair (some declared as melds), so it wins, with a random situation consistent with it."""

from __future__ import annotations

import random
from typing import Any

from mjcore import Hand, Meld, MeldKind
from mjcore.rules.sichuan import EndHand, Kong, Out, Win

SUITED = range(27)


def _groups(rng: random.Random, sets: int, kinds: list[int], chows: bool,
            chow_rate: float = 0.55) -> tuple[list[int], list[tuple[str, int]]] | None:  # fmt: skip
    """`sets` sets and a pair over `kinds` within four copies: (counts, [(kind "chow"/"pung", tile)])."""
    counts = [0] * 34
    groups: list[tuple[str, int]] = []
    for _ in range(sets):
        for _attempt in range(20):
            tile = rng.choice(kinds)
            if chows and tile < 27 and tile % 9 <= 6 and tile + 2 in kinds and rng.random() < chow_rate:
                if all(counts[tile + i] < 4 for i in range(3)):
                    for i in range(3):
                        counts[tile + i] += 1
                    groups.append(("chow", tile))
                    break
            elif counts[tile] <= 1:
                counts[tile] += 3
                groups.append(("pung", tile))
                break
        else:
            return None
    pairs = [t for t in kinds if counts[t] <= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    counts[pair] += 2
    groups.append(("pair", pair))
    return counts, groups


def _split(rng: random.Random, counts: list[int], groups: list[tuple[str, int]], max_melds: int,
           chi: bool) -> tuple[list[int], list[Meld]]:  # fmt: skip
    """Declares some sets as melds (a pung as a pon or a kong of any kind, a chow as a chi)."""
    concealed = list(counts)
    melds: list[Meld] = []
    for kind, tile in groups[:-1]:
        if len(melds) >= max_melds or rng.random() < 0.5:
            continue
        if kind == "chow":
            if not chi:
                continue
            melds.append(Meld(MeldKind.CHI, tile))
            for i in range(3):
                concealed[tile + i] -= 1
            continue
        options = [MeldKind.PON]
        if counts[tile] == 3:  # a fourth copy is free for a kong
            options += [MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG]
        melds.append(Meld(rng.choice(options), tile))
        concealed[tile] -= 3
    return concealed, melds


def _take_win(rng: random.Random, concealed: list[int]) -> tuple[list[int], int]:
    win = rng.choice([t for t in range(34) if concealed[t]])
    before = list(concealed)
    before[win] -= 1
    return before, win


def sichuan_hand(rng: random.Random) -> tuple[Hand, int, dict[str, Any]]:
    """A winning Sichuan hand over two suits (the third void), and a situation."""
    while True:
        void = rng.randrange(3)
        suits = [s for s in range(3) if s != void]
        if rng.random() < 0.3:
            suits = [rng.choice(suits)]  # 清一色
        kinds = [t for t in SUITED if t // 9 in suits]
        style = rng.random()
        if style < 0.1:  # 2, 5 and 8 only: 将对
            kinds = [t for t in kinds if t % 9 in (1, 4, 7)]
        elif style < 0.25:  # terminals and their neighbours: 带幺九 is likely
            kinds = [t for t in kinds if t % 9 in (0, 1, 2, 6, 7, 8)]
        if rng.random() < 0.15 and len(kinds) >= 7:
            counts = [0] * 34
            for t in rng.sample(kinds, 7 if rng.random() < 0.7 else 6):
                counts[t] += 2
            if sum(counts) == 12:  # a quad: 龙七对
                quad = rng.choice([t for t in kinds if counts[t] == 2])
                counts[quad] += 2
            melds: list[Meld] = []
            concealed = counts
        else:
            built = _groups(rng, 4, kinds, chows=True, chow_rate=0.85 if 0.1 <= style < 0.25 else 0.55)
            if built is None:
                continue
            counts, groups = built
            concealed, melds = _split(rng, counts, groups, 4, chi=False)
        before, win = _take_win(rng, concealed)
        hand = Hand(tuple(before), tuple(melds))
        return hand, win, _sichuan_situation(rng, hand, win, void)


def _sichuan_situation(rng: random.Random, hand: Hand, win: int, void: int) -> dict[str, Any]:
    seat = rng.randrange(4)
    others = [s for s in range(4) if s != seat]
    situation: dict[str, Any] = {"seat": seat, "void_suit": "mps"[void]}
    has_kong = any(m.is_kong for m in hand.melds)
    roll = rng.random()
    if roll < 0.45:
        situation["self_drawn"] = True
        if has_kong and rng.random() < 0.4:
            situation["kong_bloom"] = True
            if rng.random() < 0.5:
                situation["kong_fed_by"] = rng.choice(others)
        elif rng.random() < 0.1:
            situation["last_tile"] = True
        if rng.random() < 0.3:
            situation["still_in"] = [seat] + rng.sample(others, rng.randrange(1, 4))
        elif not hand.melds and rng.random() < 0.1:
            situation["heavenly" if seat == 0 else "earthly"] = True
    else:
        situation["discarder"] = rng.choice(others)
        if roll < 0.55 and hand.all_counts()[win] == 0:
            situation["robbing_kong"] = True
        elif roll < 0.7:
            situation["kong_discard"] = True
            situation["kong_money"] = rng.choice([1, 2, 3, 6])
            situation["winners_on_discard"] = rng.randint(1, 3)
        elif roll < 0.75:
            situation["last_tile"] = True
    return situation


def taiwan_hand(rng: random.Random) -> tuple[Hand, int, dict[str, Any]]:
    """A winning 16-tile Taiwan hand (five sets and a pair, some melds, flowers), and a situation."""
    while True:
        style = rng.random()
        suit = rng.randrange(3)
        if style < 0.15:
            kinds = [t for t in range(34) if t >= 27 or t // 9 == suit]
        elif style < 0.25:
            kinds = [t for t in range(27) if t // 9 == suit]
        elif style < 0.45:  # no honours: chows and 平胡 are likely
            kinds = list(range(27))
        elif style < 0.35:
            kinds = list(range(27, 34))
        else:
            kinds = list(range(34))
        plain = 0.25 <= style < 0.45
        built = _groups(rng, 5, kinds, chows=True, chow_rate=0.9 if plain else 0.55)
        if built is None:
            continue
        counts, groups = built
        concealed, melds = _split(rng, counts, groups, 5 if rng.random() < 0.7 else 0, chi=True)
        before, win = _take_win(rng, concealed)
        flowers = tuple(sorted(rng.sample(range(1, 9), 0 if plain else rng.choice([0, 0, 1, 2, 3, 4, 8]))))
        hand = Hand(tuple(before), tuple(melds), flowers=flowers if len(flowers) < 8 else (1, 2, 3, 4, 5, 7, 8))
        return hand, win, _taiwan_situation(rng, hand, win)


def _taiwan_situation(rng: random.Random, hand: Hand, win: int) -> dict[str, Any]:
    seat, dealer = rng.randrange(4), rng.choice([0, 0, rng.randrange(4)])
    others = [s for s in range(4) if s != seat]
    situation: dict[str, Any] = {"seat": seat, "dealer": dealer, "streak": rng.choice([0, 0, 1, 2]),
                                 "round_wind": rng.randrange(4)}  # fmt: skip
    if rng.random() < 0.45:
        situation["self_drawn"] = True
        situation["kong_bloom"] = rng.random() < 0.1
        situation["last_tile"] = not situation["kong_bloom"] and rng.random() < 0.1
        eyes = rng.sample(range(4), rng.choice([0, 0, 1, 2]))
    else:
        situation["discarder"] = rng.choice(others)
        if hand.all_counts()[win] == 0 and rng.random() < 0.15:
            situation["robbing_kong"] = True
        else:
            situation["last_tile"] = rng.random() < 0.1
        eyes = rng.sample(others, rng.choice([0, 0, 1]))
    situation["eye_seats"] = eyes
    concealed_only = all(m.is_concealed for m in hand.melds)
    if concealed_only and rng.random() < 0.1:
        if situation.get("self_drawn") and seat == dealer:
            situation["heavenly"] = True
        elif situation.get("self_drawn"):
            situation["earthly"] = True
        elif seat != dealer and not situation.get("robbing_kong"):
            situation["human"] = True
    return situation


def sichuan_deal(rng: random.Random, xueliu: bool) -> tuple[list[Any], list[EndHand], bool]:
    """Random money events (kongs, wins with random fan) and random final hands: the settlement's arithmetic
    on both backends, not a playable deal."""
    events: list[Any] = []
    won: list[int] = []
    kongers: list[int] = []
    for _ in range(rng.randint(0, 7)):
        active = [s for s in range(4) if xueliu or s not in won]
        if len(won) >= 3 and not xueliu:
            break
        roll = rng.random()
        if roll < 0.45:
            seat = rng.choice(active)
            kind = rng.choice(["direct", "added", "concealed"])
            feeder = rng.choice([s for s in active if s != seat]) if kind == "direct" else None
            if kind == "direct" and len(active) < 2:
                continue
            events.append(Kong(seat, kind, feeder, kind == "added" and rng.random() < 0.2))
            kongers.append(seat)
        elif roll < 0.55:
            seat = rng.choice(active)
            events.append(Out(seat))
            won.append(seat)
        elif len(active) >= 2:
            discarder = rng.choice(active)
            others = [s for s in active if s != discarder]
            if rng.random() < 0.4:
                winner = rng.choice(active)
                events.append(Win(((winner, rng.randint(0, 6)),), "self_drawn"))
                won.append(winner) if winner not in won else None
                continue
            winners = rng.sample(others, rng.randint(1, len(others)))
            kong_discard = discarder in kongers and rng.random() < 0.5
            single = ["discard", "robbing_kong", "fed_kong_bloom"]
            how = "discard" if kong_discard or len(winners) > 1 else rng.choice(single)
            events.append(Win(tuple((w, rng.randint(0, 6)) for w in winners), how, discarder, kong_discard))
            won.extend(w for w in winners if w not in won)
    ends = []
    for seat in range(4):
        if rng.random() < 0.5:  # ready: a winning hand before its winning tile
            hand, _, situation = sichuan_hand(rng)
            ends.append(EndHand(seat, hand, "mps".index(situation["void_suit"])))
            continue
        void = rng.randrange(3)
        kinds = [t for t in SUITED if t // 9 != void or rng.random() < 0.05]
        counts = [0] * 34
        for t in rng.sample([k for k in kinds for _ in range(4)], 13):
            counts[t] += 1
        ends.append(EndHand(seat, Hand(tuple(counts)), void))
    return events, ends, rng.random() < 0.8
