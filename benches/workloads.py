"""Named workloads of the hot paths, each a callable that does a fixed amount of work, for the scripts that
time them (``benches/compare.py`` runs one in two builds side by side). A workload is named by a spec:

- ``simulate:RULESET:BOTS[:DEALS]`` — a totals-only run of DEALS deals (default 5,000) on one thread, ``BOTS`` one
  of "random" or "efficiency" for all four seats; the unit is a deal;
- ``score:RULESET`` — single ``score`` calls as users write them, on the seeded corpus of the family (the corpora
  of the differential tests, ``tests/support``); the unit is a call;
- ``score_batch:RULESET`` — ``score_batch`` over the same kind of hands (Guangdong and MCR rows); unit a row;
- ``shanten``, ``is_win``, ``waits`` — single calls on 20,000 seeded random hands (13 tiles, 14 tiles, 13 tiles);
- ``env:RULESET[:ENVS]`` — ``VectorEnv`` steps with random opponents and sampled actions; the unit is an env step.

``prepare(spec)`` returns ``(work, units, unit)``: ``work()`` does ``units`` units of the workload, with the
inputs built beforehand (so only the calls are timed).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the seeded corpora in tests/support

import numpy as np  # noqa: E402

import mjcore  # noqa: E402

Work = Callable[[], object]

SINGLE_HANDS = 20_000
FAMILY_CALLS = 2_000


def _simulate(ruleset: str, bots: str = "random", deals: str = "5000") -> tuple[Work, int, str]:
    count = int(deals)
    mjcore.simulate(ruleset, 20, seed=1, bots=(bots,) * 4, threads=1, per_deal=False)  # the tables, built once
    return (lambda: mjcore.simulate(ruleset, count, seed=7, bots=(bots,) * 4, threads=1, per_deal=False),
            count, "deal")  # fmt: skip


def _family_calls(ruleset: str) -> list[Callable[[], object]]:
    """Single ``score`` calls of the family of ``ruleset``, each as a user writes it (hand, winning tile,
    keywords or a typed situation, the ruleset by name), on the family's seeded corpus. Calls whose generated
    situation the hand contradicts are refused by mjcore, as in the differential tests; they are kept (a
    refusal is a call too) but are few."""
    from tests.support import folk_corpus, mcr_corpus, regional_corpus, tdh_corpus
    from tests.support.strategies import complete_hands

    family = mjcore.load_ruleset(ruleset).family
    rng = random.Random(12)

    def guarded(call: Callable[[], object]) -> Callable[[], object]:
        def run() -> object:
            try:
                return call()
            except mjcore.MjcoreError:
                return None

        return run

    if family == "guangdong":
        wins = np.array(complete_hands(FAMILY_CALLS, seed=41), dtype=np.uint8)
        calls = []
        for row in wins:
            win = int(row.argmax())
            hand = row.copy()
            hand[win] -= 1
            counts = hand.tolist()
            calls.append(lambda c=counts, w=win: mjcore.score(c, w, self_drawn=True, seat_wind=1, ruleset=ruleset))
        return calls
    if family == "mcr":
        return [lambda c=c: mjcore.score(c.hand, c.win_tile, c.situation, ruleset=ruleset)
                for c in mcr_corpus.cases(FAMILY_CALLS, seed=7)]  # fmt: skip
    if family == "tdh":
        return [guarded(lambda c=c: c.run(mjcore.score)) for c in
                (tdh_corpus.random_call(rng) for _ in range(FAMILY_CALLS))]  # fmt: skip
    if family in ("sichuan", "taiwan"):
        make = regional_corpus.sichuan_hand if family == "sichuan" else regional_corpus.taiwan_hand
        calls = []
        for _ in range(FAMILY_CALLS):
            hand, win, situation = make(rng)
            calls.append(guarded(lambda h=hand, w=win, s=situation: mjcore.score(h, w, ruleset=ruleset, **s)))
        return calls
    # The folk corpus mixes 789 and 老章 calls (each under a variant of its shipped file): this family's.
    chosen: list = []
    while len(chosen) < FAMILY_CALLS:
        call = folk_corpus.random_call(rng)
        if call.rules.family == family:
            chosen.append(call)
    return [guarded(lambda c=c: c.run(mjcore.score)) for c in chosen]


def _score(ruleset: str) -> tuple[Work, int, str]:
    calls = _family_calls(ruleset)

    def work() -> None:
        for call in calls:
            call()

    return work, len(calls), "call"


def _score_batch(ruleset: str) -> tuple[Work, int, str]:
    from tests.support.strategies import complete_hands

    if mjcore.load_ruleset(ruleset).family == "mcr":
        from tests.support.mcr_corpus import batch_arrays, cases

        arrays = batch_arrays(list(cases(20_000, seed=7)))
        concealed, wins = arrays.pop("concealed"), arrays.pop("win_tiles")
        return (lambda: mjcore.score_batch(concealed, wins, ruleset=ruleset, **arrays)), len(concealed), "row"
    full = np.array(complete_hands(200_000, seed=41), dtype=np.uint8)
    wins = full.argmax(axis=1).astype(np.uint8)
    hands = full.copy()
    hands[np.arange(len(hands)), wins] -= 1
    return (lambda: mjcore.score_batch(hands, wins, ruleset=ruleset, self_drawn=True, seat_wind=1)), len(hands), "row"


def _single(name: str) -> tuple[Work, int, str]:
    from tests.support.strategies import random_hands

    size = 14 if name == "is_win" else 13
    hands = [row.tolist() for row in random_hands(SINGLE_HANDS, size, seed=size)]
    function = getattr(mjcore, name)

    def work() -> None:
        for hand in hands:
            function(hand)

    return work, len(hands), "call"


def _env(ruleset: str, envs: str = "64") -> tuple[Work, int, str]:
    from mjcore.env import VectorEnv

    env = VectorEnv(ruleset, int(envs), seed=1, opponents="random", threads=1, share_buffers=True)
    steps = 200

    def work() -> None:
        for _ in range(steps):
            env.step_native(env.sample_actions())

    return work, steps * int(envs), "env step"


WORKLOADS: dict[str, Callable[..., tuple[Work, int, str]]] = {
    "simulate": _simulate, "score": _score, "score_batch": _score_batch, "shanten": lambda: _single("shanten"),
    "is_win": lambda: _single("is_win"), "waits": lambda: _single("waits"), "env": _env,
}  # fmt: skip


def prepare(spec: str) -> tuple[Work, int, str]:
    """The workload ``spec`` names (see the module's doc): ``(work, units, unit)``."""
    name, *arguments = spec.split(":")
    if name not in WORKLOADS:
        raise SystemExit(f"unknown workload {name!r}: one of {', '.join(WORKLOADS)}")
    return WORKLOADS[name](*arguments)
