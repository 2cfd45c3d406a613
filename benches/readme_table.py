"""The README's benchmark table, measured in one run and printed as the Markdown that the README pastes.

Every figure is process CPU time per hand (or per deal), best of several rounds, on one core unless a row says
otherwise; every comparison feeds each package the same hands in the fastest input it accepts (``xiangting``:
bytes; ``pymahjonggb``: its own tile-name tuples, converted before timing). The pure-Python reference gets fewer
hands (it is slow), drawn from the head of the same list. Not a test: nothing is asserted.

Run: ``python benches/readme_table.py`` (it pins the Rust pool to one thread itself for the one-core rows; the
two-thread simulation rows start their own pools). Takes about seven minutes on the 2-core CI machine. The
environment's AEC row compares with riichienv when it is installed (``pip install riichienv``; not a dependency).
"""

from __future__ import annotations

import os

os.environ.setdefault("RAYON_NUM_THREADS", "1")  # before the core starts its pool: one-core rows

import platform  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the shared generators in tests/

import numpy as np  # noqa: E402
import xiangting  # noqa: E402

import mjcore  # noqa: E402
import mjcore.reference  # noqa: E402
from mjcore import Forms  # noqa: E402
from benches.timing import best_seconds  # noqa: E402
from tests.support.strategies import complete_hands, random_hands  # noqa: E402

SINGLE = 20_000  # hands per single-call round (native calls and the other packages)
REFERENCE = 100  # hands per round of the pure-Python reference
BATCH = 1_000_000  # rows per batch call
FOUR = xiangting.PlayerCount.FOUR


def per_call(fn, items, repeats: int = 5, players=None) -> float:
    """Seconds per item of ``fn(item)`` (or ``fn(item, players)``: xiangting's own call, with no wrapper) called
    once per item, best of ``repeats`` rounds. The answers are dropped as they come (as a caller checking hands
    one by one does): a list holding every answer would time the garbage collector walking them, more for a
    package whose answers are objects."""

    def work() -> None:
        if players is None:
            for item in items:
                fn(item)
        else:
            for item in items:
                fn(item, players)

    return best_seconds(work, repeats) / len(items)


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def us(seconds: float) -> str:
    return f"{seconds * 1e6:.2f} µs" if seconds < 1e-5 else f"{seconds * 1e6:.1f} µs"


def ns(seconds: float) -> str:
    return f"{seconds * 1e9:.1f} ns"


def ratio(slow: float, fast: float) -> str:
    value = slow / fast
    return f"{value:,.1f}×" if value < 10 else f"{value:,.0f}×"


def spellings(rows: np.ndarray) -> dict[str, list]:
    """The same hands as bytes, lists of ints and numpy rows."""
    return {"bytes": [r.tobytes() for r in rows], "list": [r.tolist() for r in rows], "numpy row": list(rows)}


def single_call_rows(name: str, ours, theirs, theirs_label: str, hands: np.ndarray, reference) -> list[str]:
    """One row: every spelling of ``ours`` against ``theirs`` on bytes and the reference on lists."""
    forms = spellings(hands[:SINGLE])
    ours_times = {label: per_call(ours, items) for label, items in forms.items()}
    fastest = min(ours_times.values())
    theirs_time = per_call(theirs, forms["bytes"], players=FOUR) if theirs else None  # no wrapper: its fastest call
    reference_time = per_call(reference, forms["list"][:REFERENCE], repeats=2)
    spelled = " / ".join(f"{us(t)} {label}" for label, t in ours_times.items())
    other = f"{theirs_label} {us(theirs_time)} (mjcore {ratio(theirs_time, max(ours_times.values()))}, slowest spelling)" \
        if theirs else "—"  # fmt: skip
    return [f"| {name} | {spelled} | {other} | {us(reference_time)} | {ratio(reference_time, fastest)} |"]


def analysis_rows() -> list[str]:
    hands13 = random_hands(BATCH, 13, seed=13)
    hands14 = random_hands(BATCH, 14, seed=14)
    wins14 = np.array(complete_hands(SINGLE, seed=41), dtype=np.uint8)
    mjcore.shanten_batch(hands13[:10]), mjcore.is_win_batch(hands14[:10]), mjcore.decompose(wins14[0].tolist())
    rows = []
    rows += single_call_rows("shanten, 13 random tiles (std + 七对 + 十三幺)", mjcore.shanten,
                             xiangting.calculate_replacement_number, "xiangting",
                             hands13, mjcore.reference.analysis.shanten)  # fmt: skip
    rows += single_call_rows("is_win, 14 winning tiles", mjcore.is_win,
                             xiangting.calculate_replacement_number, "xiangting (rn = 0)",
                             wins14, mjcore.reference.is_win)  # fmt: skip
    rows += single_call_rows("is_win, 14 random tiles", mjcore.is_win,
                             xiangting.calculate_replacement_number, "xiangting (rn = 0)",
                             hands14, mjcore.reference.is_win)  # fmt: skip
    rows += single_call_rows("waits, 13 random tiles", mjcore.waits,
                             xiangting.calculate_necessary_tiles, "xiangting necessary tiles",
                             hands13, mjcore.reference.analysis.waits)  # fmt: skip
    rows += single_call_rows("decompose, 14 winning tiles", mjcore.decompose, None, "", wins14,
                             mjcore.reference.analysis.decompose)  # fmt: skip
    for label, fn, arr, forms in (
        ("shanten_batch, 13 tiles, std + 七对 + 十三幺", mjcore.shanten_batch, hands13, Forms.DEFAULT),
        ("shanten_batch, 13 tiles, standard form", mjcore.shanten_batch, hands13, Forms.STANDARD),
        ("is_win_batch, 14 random tiles, std + 七对 + 十三幺", mjcore.is_win_batch, hands14, Forms.DEFAULT),
        ("is_win_batch, 14 random tiles, standard form", mjcore.is_win_batch, hands14, Forms.STANDARD),
    ):
        seconds = best_seconds(lambda: fn(arr, forms)) / len(arr)
        rows.append(f"| {label} | {ns(seconds)} per row ({len(arr):,} rows) | — | — | — |")
    return rows


def guangdong_rows() -> list[str]:
    wins = np.array(complete_hands(BATCH // 5, seed=41), dtype=np.uint8)
    win_tiles = (wins > 0).argmax(axis=1).astype(np.uint8)
    hands = wins.copy()
    hands[np.arange(len(hands)), win_tiles] -= 1
    single = [(hands[i].tolist(), int(win_tiles[i])) for i in range(SINGLE // 4)]
    ours = per_call(lambda c: mjcore.score(c[0], c[1], self_drawn=True, seat_wind=1), single)
    reference = per_call(lambda c: mjcore.reference.score(c[0], c[1], self_drawn=True, seat_wind=1),
                         single[:REFERENCE], repeats=2)  # fmt: skip
    batch = best_seconds(lambda: mjcore.score_batch(hands, win_tiles, self_drawn=True, seat_wind=1)) / len(hands)
    return [f"| Guangdong score (gd-cgc5, self-drawn) | {us(ours)} single; batch {us(batch)} per hand | — | "
            f"{us(reference)} | {ratio(reference, ours)} single, {ratio(reference, batch)} batch |"]  # fmt: skip


def mcr_rows() -> list[str]:
    import MahjongGB

    from tests.support.mcr_corpus import batch_arrays, cases
    from tests.support.mcr_pymahjonggb import gb_arguments

    corpus = list(cases(20_000, seed=7))
    single = corpus[:5_000]
    rules = mjcore.load_ruleset("mcr")
    ours = per_call(lambda c: mjcore.score(c.hand, c.win_tile, c.situation, ruleset=rules), single)
    arguments = [gb_arguments(*c) for c in single]
    calculate = MahjongGB.MahjongFanCalculator
    theirs = per_call(lambda a: calculate(*a), arguments)
    reference = per_call(lambda c: mjcore.reference.score(c.hand, c.win_tile, c.situation, ruleset="mcr"),
                         single[:REFERENCE], repeats=2)  # fmt: skip
    arrays = batch_arrays(corpus)
    concealed, wins = arrays.pop("concealed"), arrays.pop("win_tiles")
    batch = best_seconds(lambda: mjcore.score_batch(concealed, wins, ruleset="mcr", **arrays)) / len(concealed)
    return [f"| MCR score | {us(ours)} single; batch {us(batch)} per hand | pymahjonggb {us(theirs)} "
            f"({ratio(theirs, ours)} single, {ratio(theirs, batch)} batch) | {us(reference)} | "
            f"{ratio(reference, ours)} single |"]  # fmt: skip


def family_rows() -> list[str]:
    """The other families' single score calls against their reference, on the benches' seeded corpora."""
    import random

    from tests.support import folk_corpus, regional_corpus, tdh_corpus

    def calls_of(make, count: int, seed: int) -> list:
        rng = random.Random(seed)
        return [make(rng) for _ in range(count)]

    def regional(make, ruleset: str):
        def run(score, call):
            hand, win, situation = call
            try:
                return score(hand, win, ruleset=ruleset, **situation)
            except mjcore.MjcoreError:  # a generated situation the hand contradicts, as in the bench
                return None

        return [(lambda score, c=c: run(score, c)) for c in calls_of(make, 2_000, 12)]

    families = {
        "推倒胡 score (tdh, ghosts, horses, kongs)": [c.run for c in calls_of(tdh_corpus.random_call, 2_000, 7)],
        "Sichuan score": regional(regional_corpus.sichuan_hand, "sichuan"),
        "Taiwan score (16 tiles)": regional(regional_corpus.taiwan_hand, "taiwan"),
        "789 / 老章 score": [c.run for c in calls_of(folk_corpus.random_call, 2_000, 11)],
    }
    rows = []
    for label, calls in families.items():
        ours = per_call(lambda call: call(mjcore.score), calls)
        reference = per_call(lambda call: call(mjcore.reference.score), calls[:REFERENCE], repeats=2)
        rows.append(f"| {label} | {us(ours)} single | — | {us(reference)} | {ratio(reference, ours)} single |")
    return rows


# The single calls of issue #28's table, each as a user writes it (hand text, keywords, the ruleset by name):
# (row label, ruleset, hand, winning tile, keywords). Every one is a win (asserted before timing).
ISSUE_CALLS = (
    ("gd-cgc5", "gd-cgc5", "123m456m78p234s99s", "6p", {"self_drawn": True, "seat_wind": "S"}),
    ("mcr", "mcr", "123m456m78p234s99s", "6p", {"self_drawn": True, "seat_wind": "S"}),
    ("tdh (no horses, no kongs)", "tdh", "123m456m78p234s99s", "6p", {"self_drawn": True, "seat_wind": 1}),
    ("sichuan", "sichuan", "123m456m78p234p99p", "6p", {"self_drawn": True, "seat": 1, "void_suit": "s"}),
    ("taiwan (16 tiles)", "taiwan", "123m456m789m78p234s99s", "6p", {"self_drawn": True, "seat": 1}),
    ("gd-789", "gd-789", "123m456m78p234s99s", "6p", {"self_drawn": True, "seat": 1}),
    ("laozhang", "laozhang", "123m456m78p234s99s", "6p", {"discarder": 2, "seat": 1}),
)


def issue_single_rows() -> list[str]:
    """Issue #28's single-score rows: every family's one call against pymahjonggb's single MCR call (its mean
    over the MCR corpus, measured in this run) and against the family's own pure-Python twin."""
    import MahjongGB

    from tests.support.mcr_corpus import cases
    from tests.support.mcr_pymahjonggb import gb_arguments

    arguments = [gb_arguments(*c) for c in cases(5_000, seed=7)]
    calculate = MahjongGB.MahjongFanCalculator
    theirs = per_call(lambda a: calculate(*a), arguments)
    rows = [f"| pymahjonggb single MCR call (the anchor) | — | pymahjonggb {us(theirs)} | — | — |"]
    for label, ruleset, hand, win, keywords in ISSUE_CALLS:
        assert mjcore.score(hand, win, ruleset=ruleset, **keywords).is_win, label
        ours = per_call(lambda _: mjcore.score(hand, win, ruleset=ruleset, **keywords), range(SINGLE // 4))
        reference = per_call(lambda _: mjcore.reference.score(hand, win, ruleset=ruleset, **keywords),
                             range(REFERENCE), repeats=2)  # fmt: skip
        rows.append(f"| single score, issue #28: {label} `{hand}` + {win} | {us(ours)} | {ratio(ours, theirs)} "
                    f"pymahjonggb's time | {us(reference)} | {ratio(reference, ours)} single |")  # fmt: skip
    return rows


def simulation_rows() -> list[str]:
    rows = []
    for bot, deals, reference_deals in (("random", 40_000, 40), ("efficiency", 4_000, 4)):
        bots = (bot,) * 4
        mjcore.simulate("gd-cgc5", 10, bots=bots)  # tables built before timing
        rates = {}
        for threads in (1, 2):
            start = time.perf_counter()  # wall time: two threads share the process's CPU time
            mjcore.simulate("gd-cgc5", deals, seed=1, bots=bots, threads=threads, per_deal=False)
            rates[threads] = deals / (time.perf_counter() - start)
        start = time.process_time()
        mjcore.reference.simulate("gd-cgc5", reference_deals, seed=1, bots=bots, per_deal=False)
        reference = reference_deals / (time.process_time() - start)
        rows.append(f"| simulate gd-cgc5, {bot} bots | {rates[1]:,.0f} deals/s; 2 threads {rates[2]:,.0f} "
                    f"({rates[2] / rates[1]:.2f}×, wall time) | — | {reference:,.1f} deals/s | "
                    f"{ratio(rates[1], reference)} |")  # fmt: skip
    return rows


def family_simulation_rows() -> list[str]:
    """Every other family's table at ``simulate``, one thread, beside gd-cgc5 in the same run."""
    rows = []
    for bot, deals in (("random", 20_000), ("efficiency", 2_000)):
        bots = (bot,) * 4

        def rate(name: str) -> float:
            mjcore.simulate(name, 10, bots=bots, threads=1)  # tables built before timing
            start = time.process_time()
            mjcore.simulate(name, deals, seed=1, bots=bots, threads=1, per_deal=False)
            return deals / (time.process_time() - start)

        base = rate("gd-cgc5")
        for name in ("mcr", "tdh", "sichuan", "taiwan", "gd-789", "laozhang"):
            ours = rate(name)
            rows.append(f"| simulate {name}, {bot} bots | {ours:,.0f} deals/s ({ours / base:.2f}× gd-cgc5's "
                        f"{base:,.0f}) | — | — | — |")  # fmt: skip
    return rows


def environment_rows() -> list[str]:
    """The AI environment (benches/env_speed.py): VectorEnv steps with random learning seats, observation and
    mask built every step, wall time; the AEC loop beside riichienv's Python-driven env when it is installed."""
    from benches.env_speed import aec_steps, riichienv_steps, vector_steps

    rows = []
    for opponents in ("random", "efficiency"):
        # The same 256 tables on one thread and on two, then 1024 (more tables than fit the caches).
        one, two, many = (vector_steps(opponents, envs, threads, 2.0) for envs, threads in ((256, 1), (256, 2),
                                                                                           (1024, 2)))
        rows.append(f"| VectorEnv gd-cgc5 steps, {opponents} opponents | {one:,.0f} steps/s (256 envs); 2 threads "
                    f"{two:,.0f} (256 envs), {many:,.0f} (1024 envs; wall time) | — | — | — |")  # fmt: skip
    ours, theirs = aec_steps(2.0), riichienv_steps(2.0)
    other = "—" if theirs is None else f"riichienv {theirs:,.0f} steps/s (mjcore {ours / theirs:.1f}×)"
    rows.append(f"| PettingZoo AEC env, Python loop, random policy | {ours:,.0f} steps/s | {other} | — | — |")
    return rows


def main() -> None:
    print(f"Measured by `python benches/readme_table.py` on {cpu_name()} ({os.cpu_count()} cores), "
          f"Python {platform.python_version()}, one core unless stated.\n")  # fmt: skip
    print("| operation | mjcore (Rust core) | other package, same hands | reference (pure Python) | "
          "ratio to the reference |")  # fmt: skip
    print("|---|---|---|---|---|")
    for rows in (analysis_rows, guangdong_rows, mcr_rows, family_rows, issue_single_rows, simulation_rows,
                 family_simulation_rows, environment_rows):
        for row in rows():
            print(row, flush=True)


if __name__ == "__main__":
    main()
