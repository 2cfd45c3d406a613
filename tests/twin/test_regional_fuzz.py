"""Any hand and any keywords under the regional families: both backends give the same result or raise the
same ``mjcore.errors`` class, and the Rust core never panics (a PanicException is not caught here)."""

from __future__ import annotations

import random

import pytest

import mjcore
import mjcore.reference
import mjcore.reference.rules.sichuan  # noqa: F401
from mjcore import Hand, Meld, MeldKind
from mjcore.errors import MjcoreError
from mjcore.rules.sichuan import EndHand, Kong, Out, Win

FLAGS = {
    "sichuan": ("self_drawn", "robbing_kong", "kong_bloom", "kong_discard", "last_tile", "heavenly", "earthly"),
    "taiwan": ("self_drawn", "robbing_kong", "kong_bloom", "last_tile", "heavenly", "earthly", "human"),
}


def outcome(call):
    try:
        return "ok", call()
    except (MjcoreError, TypeError) as error:
        return "error", type(error)


def random_hand(rng: random.Random, family: str) -> Hand | None:
    """Random concealed tiles and melds, mostly of the family's size and tiles (Sichuan: often two suits, no
    chi, no flowers), or None when the hand cannot exist."""
    sichuan = family == "sichuan"
    kinds = list(range(27 if sichuan and rng.random() < 0.9 else 34))
    if sichuan and rng.random() < 0.6:
        void = rng.randrange(3)
        kinds = [t for t in kinds if t // 9 != void]
    counts = [0] * 34
    melds = []
    for _ in range(rng.choice([0, 0, 1, 2, 4])):
        kind = MeldKind(rng.randrange(1 if sichuan and rng.random() < 0.9 else 0, 5))
        tile = rng.choice([t for t in kinds if kind != MeldKind.CHI or (t < 27 and t % 9 <= 6)])
        melds.append(Meld(kind, tile))
    size = (13 if sichuan else 16) - 3 * len(melds) + rng.choice([0] * 8 + [-3, 3])
    for t in rng.choices(kinds, k=max(size, 1)):
        counts[t] = min(counts[t] + 1, 4)
    flowers = () if sichuan and rng.random() < 0.9 else tuple(sorted(rng.sample(range(1, 9), rng.choice([0, 1, 3]))))
    try:
        return Hand(tuple(counts), tuple(melds), flowers=flowers)
    except MjcoreError:
        return None


def plausible_keywords(rng: random.Random, family: str, hand: Hand) -> dict:
    """A situation that holds together: a self-draw or another seat's discard, the emptiest suit as void."""
    seat = rng.randrange(4)
    keywords: dict = {"seat": seat}
    if rng.random() < 0.5:
        keywords["self_drawn"] = True
    else:
        keywords["discarder"] = (seat + rng.randint(1, 3)) % 4
    if family == "sichuan":
        counts = hand.all_counts()
        keywords["void_suit"] = "mps"[min(range(3), key=lambda suit: sum(counts[9 * suit:9 * suit + 9]))]
    return keywords


def random_keywords(rng: random.Random, family: str, hand: Hand) -> dict:
    if rng.random() < 0.5:
        return plausible_keywords(rng, family, hand)
    keywords: dict = {"seat": rng.randrange(4)}
    for name in FLAGS[family]:
        if rng.random() < 0.15:
            keywords[name] = True
    if rng.random() < 0.7:
        keywords["discarder"] = rng.randrange(4)
    if family == "sichuan":
        keywords["void_suit"] = rng.choice(["m", "p", "s", "m", None, 7])
        if rng.random() < 0.2:
            keywords["kong_fed_by"] = rng.randrange(4)
        if rng.random() < 0.2:
            keywords["still_in"] = rng.sample(range(4), rng.randint(1, 4))
        if rng.random() < 0.2:
            keywords["kong_money"] = rng.choice([0, 2, -1])
            keywords["winners_on_discard"] = rng.choice([1, 2, 4])
    else:
        keywords["dealer"] = rng.randrange(4)
        keywords["streak"] = rng.choice([0, 1, 3])
        if rng.random() < 0.3:
            keywords["eye_seats"] = rng.sample(range(4), rng.randint(0, 2))
    if rng.random() < 0.05:
        keywords["nonsense"] = 1
    return keywords


@pytest.mark.parametrize("family", ["sichuan", "taiwan"])
def test_any_input_alike_on_both_backends(family):
    rng = random.Random(family)
    compared = 0
    while compared < 1500:
        hand = random_hand(rng, family)
        if hand is None:
            continue
        held = [t for t in range(34) if hand.concealed[t]]
        win = rng.choice(held) if held and rng.random() < 0.7 else rng.randrange(34)
        keywords = random_keywords(rng, family, hand)
        native = outcome(lambda: mjcore.score(hand, win, ruleset=family, **keywords))
        reference = outcome(lambda: mjcore.reference.score(hand, win, ruleset=family, **keywords))
        assert native == reference, (hand.mpsz(), win, keywords)
        compared += 1


def test_any_settlement_alike_on_both_backends():
    rng = random.Random(5)
    for _ in range(400):
        events = []
        for _ in range(rng.randint(0, 6)):
            roll = rng.random()
            seat = rng.randrange(4)
            if roll < 0.2:
                events.append(Out(seat))
            elif roll < 0.6:
                kind = rng.choice(["direct", "added", "concealed"])
                events.append(Kong(seat, kind, (seat + rng.randint(1, 3)) % 4 if kind == "direct" else None))
            else:
                winners = rng.sample([s for s in range(4) if s != seat], rng.randint(1, 2))
                how = rng.choice(["discard", "self_drawn", "robbing_kong"]) if len(winners) == 1 else "discard"
                events.append(Win(tuple((w, rng.randint(0, 8)) for w in winners), how,
                                  None if how == "self_drawn" else seat,
                                  how == "discard" and rng.random() < 0.3))  # fmt: skip
        ends = []
        for seat in rng.sample(range(4), rng.randint(0, 4)):
            hand = random_hand(rng, "sichuan")
            if hand is not None:
                ends.append(EndHand(seat, hand, rng.choice([0, 1, 2, None])))
        exhausted = rng.random() < 0.8
        native = outcome(lambda: mjcore.rules.sichuan.settle(events, ends, wall_exhausted=exhausted))
        reference = outcome(lambda: mjcore.reference.rules.sichuan.settle(events, ends, wall_exhausted=exhausted))
        assert native == reference, (events, ends)
