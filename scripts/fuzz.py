"""A seeded fuzz of every public analysis and scoring entry point, in both backends (the native core and the
pure-Python twin ``mjcore.reference`` where it has the entry point): valid, boundary and hostile arguments mixed
(wrong types, bools for ints and ints for bools, huge ints, floats, NaN, negatives, lone surrogates, empty
strings, other rulesets' names, numpy arrays of the wrong dtype or shape, ruleset files of any encoding).

Each call is classified:

- ``ok``: it answered;
- ``mjcore``: it raised an ``mjcore.errors`` exception (a refusal by name);
- ``defect``: it raised anything else (a bare ``TypeError``, ``OverflowError``, ``UnicodeEncodeError`` …), or it
  answered an input known to be invalid (``accepted-invalid``: a flag given 1, a range's value outside it).

    python scripts/fuzz.py --count 200000 --seed 1

prints the counts per entry point and exits 1 when any defect was seen (the first few of each kind are shown).
``run(count, seed)`` is the same for the tests (tests/integration/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import sys
import tempfile
import time
import traceback
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import mjcore
import mjcore.reference
from mjcore.cli import main as cli_main
from mjcore.errors import MjcoreError
from mjcore.rules.families import FAMILIES
from mjcore.rules.family_batch import LIST_KEYWORDS

RULESETS = tuple(mjcore.rulesets())
BACKENDS = {"native": mjcore, "twin": mjcore.reference}

# Values no scalar argument of mjcore takes (so a call that accepts one where a scalar belongs accepted an
# invalid input), and values that some arguments take.
NEVER: tuple[Any, ...] = (
    float("nan"), float("inf"), -float("inf"), 1.5, 2**64, 2**64 + 3, -(2**70), 10**30, object(), "\ud800",
    "1m\udfff", b"\xff", bytearray(b"\x00"), {"a": 1}, 3j, np.float64("nan"), Ellipsis,
)  # fmt: skip
SOMETIMES: tuple[Any, ...] = (
    None, True, False, 0, 1, 2, 3, 4, -1, 33, 34, 255, 256, 2**31, 2**32 + 1, 2**63, "", " ", "x", "mcr", "gd-cgc5",
    "tdh", "sichuan", "1m", "5z", "东", "🀄", "1f", "9z", "123m", "E", "S", "W", "N", "east", "0", "[]", (), [], [0],
    [0, 1], {1, 2}, ((0, "added", None),), ("1m",), np.int64(2), np.uint8(1), np.bool_(True), np.float32(1.0),
    np.array([1, 2]), np.zeros(34, np.uint8), np.zeros((2, 34), np.float64), "x" * 5000, 10**5000, "\x00", "\u202e",
)  # fmt: skip
HOSTILE = NEVER + SOMETIMES
NEVER_IDS = {id(value) for value in NEVER}

# Hands that win (13 tiles, then the winning tile), per tile count: Sichuan has no honors, Taiwan 16 tiles.
WINS = {
    "std": [("123m456p789s111z2z", "2z"), ("11223344556677m", None), ("123m456p789s11z[555z]", "1z"),
            ("19m19p19s1234567z", "1m"), ("2233445566778m", "8m"), ("123456789m1112z", "2z")],
    "sichuan": [("123m456m789m111p2p", "2p"), ("2233445566778m", "8m"), ("111222333m456p7p", "7p")],
    "taiwan": [("123m456p789s111z234m2z", "2z"), ("123456789m123p11s", None)],
}
HANDS = ("123m456p789s1122z", "1112345678999m", "123m45p** 13f [555z] (9999p)", "19m19p19s1234567z", "",
         "11223344556677m", "[123m:2m<3] 1122z", "{1111s} 23m", "一万二万三万 五筒 东东", "🀇🀈🀉🀙🀙",
         "12345678901234m", "1m\ud800", "1m\udfff2m", "\ud83c\udc00", "1m\xff", "[1234m]", "(111s)", "99999m",
         "*********", "1m" * 40, "12m\u0000", "1\u0661m", "１２３ｍ")  # fmt: skip
FLAGS = ("seven_pairs_quads", "wild_fifth_copy")
# score_batch of the money families: (ruleset, WINS rows, the winner's keyword, keywords every row needs).
FAMILY_BATCH = {"tdh": ("tdh", "std", "seat_wind", {}), "sichuan": ("sichuan", "sichuan", "seat", {"void_suit": 2}),
                "taiwan": ("taiwan", "taiwan", "seat", {}), "gd789": ("gd-789", "std", "seat", {}),
                "laozhang": ("laozhang", "std", "seat", {})}  # fmt: skip
# (highest, lowest) of the family batch's columns a fuzz case varies.
_FAMILY_COLUMN_RANGE = {"seat": (3, 0), "seat_wind": (3, 0), "dealer": (3, 0), "discarder": (3, -1),
                        "self_drawn": (1, 0), "flower_bits": (255, 0), "win_tiles": (33, 0)}  # fmt: skip


@dataclass
class Case:
    """One generated call: its label, the call, and whether its input is known to be invalid."""

    label: str
    call: Callable[[], Any]
    invalid: bool = False
    detail: str = ""


@dataclass
class Tally:
    counts: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    examples: dict[tuple[str, str], list[str]] = field(default_factory=lambda: defaultdict(list))

    def add(self, case: Case, outcome: str, note: str = "") -> None:
        self.counts[case.label][outcome] += 1
        if outcome in ("defect", "accepted-invalid"):
            key = (case.label, note.split(":")[0] if outcome == "defect" else "accepted")
            if len(self.examples[key]) < 3:
                self.examples[key].append(f"{case.detail}\n      -> {note}")

    @property
    def defects(self) -> int:
        return sum(c["defect"] + c["accepted-invalid"] for c in self.counts.values())

    @property
    def total(self) -> int:
        return sum(sum(c.values()) for c in self.counts.values())


def classify(case: Case) -> tuple[str, str]:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            case.call()
    except MjcoreError:
        return "mjcore", ""
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # noqa: BLE001  (everything else is a defect, SystemExit included)
        frame = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
        where = f" at {Path(frame.filename).name}:{frame.lineno}" if frame else ""
        return "defect", f"{type(error).__name__}: {_short(str(error))}{where}"
    return ("accepted-invalid", "answered") if case.invalid else ("ok", "")


def _short(text: str, limit: int = 160) -> str:
    try:
        text = text.encode("utf-8", "backslashreplace").decode()
    except Exception:  # noqa: BLE001
        text = "<unprintable>"
    return text if len(text) <= limit else text[:limit] + "…"


def _show(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001
        text = f"<{type(value).__name__}>"
    return _short(text, 80)


class Gen:
    """The argument generators, over one random stream."""

    def __init__(self, rng: random.Random, tmp: Path) -> None:
        self.rng, self.tmp = rng, tmp
        self.logs: dict[str, list[str]] = {}

    def pick(self, values: Any) -> Any:
        return values[self.rng.randrange(len(values))]

    def hostile(self) -> tuple[Any, bool]:
        value = self.pick(HOSTILE)
        return value, id(value) in NEVER_IDS

    def hand(self) -> tuple[Any, bool]:
        r = self.rng.random()
        if r < 0.45:
            return self.pick(HANDS), False
        if r < 0.65:
            counts = [0] * 34
            for _ in range(self.pick((13, 14, 14, 14, 1, 0, 17))):
                counts[self.rng.randrange(34)] += 1
            return self.pick((counts, bytes(min(c, 255) for c in counts), np.array(counts, np.uint8),
                              tuple(counts))), False  # fmt: skip
        if r < 0.75:
            counts = [self.pick((0, 1, 2, 4, 5, -1, 256, 2**64, 1.0, True)) for _ in range(self.pick((34, 33, 35)))]
            return counts, False
        return self.hostile()

    def forms(self) -> tuple[Any, bool]:
        r = self.rng.random()
        if r < 0.6:
            return self.pick((mjcore.Forms.DEFAULT, mjcore.Forms.ALL, mjcore.Forms.STANDARD, "standard",
                              ["standard", "seven_pairs"], 1, 15)), False  # fmt: skip
        return self.hostile()

    def flag(self) -> tuple[Any, bool]:
        if self.rng.random() < 0.6:
            return self.rng.random() < 0.5, False
        value = self.pick(HOSTILE)
        return value, not isinstance(value, (bool, np.bool_))

    def ghosts(self) -> tuple[Any, bool]:
        r = self.rng.random()
        if r < 0.5:
            return None, False
        if r < 0.7:
            return self.pick(("5z", "tdh", [31], ("5z", 33), mjcore.load_ruleset("tdh"), "1m2m", [0, "7z"])), False
        value = self.pick(HOSTILE + tuple(RULESETS))
        known_bad = id(value) in NEVER_IDS or value in ("", " ", "mcr", "gd-cgc5", "sichuan", 34, 2**63) \
            if isinstance(value, (str, int)) and not isinstance(value, bool) else id(value) in NEVER_IDS  # fmt: skip
        return value, known_bad

    def analysis(self, name: str) -> Case:
        backend_name = self.pick(tuple(BACKENDS))
        function = getattr(BACKENDS[backend_name], name)
        hand, bad = self.hand()
        args: list[Any] = [hand]
        kwargs: dict[str, Any] = {}
        if self.rng.random() < 0.4:
            forms, bad_forms = self.forms()
            args.append(forms)
            bad |= bad_forms
        for flag_name in FLAGS:
            if self.rng.random() < 0.3:
                kwargs[flag_name], bad_flag = self.flag()
                bad |= bad_flag
        if self.rng.random() < 0.3:
            kwargs["ghosts"], bad_ghosts = self.ghosts()
            bad |= bad_ghosts
        if name == "waits" and self.rng.random() < 0.3:
            kwargs["visible"] = self.hand()[0] if self.rng.random() < 0.5 else self.hostile()[0]
        return Case(f"{name}[{backend_name}]", lambda: function(*args, **kwargs), bad,
                    f"{name}({', '.join(map(_show, args))}, {_show(kwargs)})")

    def parse_hand(self) -> Case:
        backend_name = self.pick(tuple(BACKENDS))
        text = self.pick(HANDS) if self.rng.random() < 0.5 else self._text()
        function = BACKENDS[backend_name].parse_hand
        return Case(f"parse_hand[{backend_name}]", lambda: function(text), False, f"parse_hand({_show(text)})")

    def _text(self) -> Any:
        r = self.rng.random()
        if r < 0.3:
            return "".join(chr(self.rng.choice((self.rng.randrange(0x80), self.rng.randrange(0xD800, 0xE000),
                                                 self.rng.randrange(0x1F000, 0x1F030), self.rng.randrange(0x110000))))
                           for _ in range(self.rng.randrange(12)))  # fmt: skip
        if r < 0.6:
            base = list(self.pick(HANDS))
            base.insert(self.rng.randrange(len(base) + 1), chr(self.rng.randrange(0x110000)))
            return "".join(base)
        return self.hostile()[0]

    def batch(self, name: str) -> Case:
        backend_name = self.pick(tuple(BACKENDS))
        function = getattr(BACKENDS[backend_name], name)
        rows = self.rng.randrange(4)
        r = self.rng.random()
        if r < 0.5:
            arr = np.zeros((rows, 34), np.uint8)
            for row in arr:
                for _ in range(self.pick((13, 14, 14))):
                    row[self.rng.randrange(34)] += 1
        elif r < 0.8:
            arr = self.pick((np.zeros((rows, 34), np.int64), np.zeros((rows, 33), np.uint8), np.zeros(34, np.uint8),
                             np.full((rows, 34), 255, np.uint8), np.zeros((rows, 34), np.float32),
                             np.zeros((rows, 34, 1), np.uint8), np.zeros((rows, 68), np.uint8)[:, ::2],
                             np.array([["1m"] * 34]), np.zeros((rows, 34), bool)))  # fmt: skip
        else:
            arr = self.hostile()[0]
        kwargs: dict[str, Any] = {}
        bad = False
        for flag_name in FLAGS:
            if self.rng.random() < 0.3:
                kwargs[flag_name], bad_flag = self.flag()
                bad |= bad_flag
        if self.rng.random() < 0.3:
            kwargs["ghosts"], bad_ghosts = self.ghosts()
            bad |= bad_ghosts
        return Case(f"{name}[{backend_name}]", lambda: function(arr, **kwargs), bad,
                    f"{name}(<{getattr(arr, 'dtype', type(arr).__name__)} {getattr(arr, 'shape', '')}>, "
                    f"{_show(kwargs)})")  # fmt: skip

    def score(self) -> Case:
        ruleset = self.pick(RULESETS)
        rules = mjcore.load_ruleset(ruleset)
        family = FAMILIES[rules.family].signature
        backend_name = self.pick(tuple(BACKENDS))
        function = BACKENDS[backend_name].score
        corpus = WINS["sichuan" if rules.family == "sichuan" else "taiwan" if rules.family == "taiwan" else "std"]
        hand, win = self.pick(corpus)
        bad = False
        if win is None:
            win = hand[-2:]
            hand = hand[:-2] + hand[-1]
        if self.rng.random() < 0.2:
            hand, bad = self.hand()
        if self.rng.random() < 0.2:
            win, bad_win = self.hostile()
            bad |= bad_win
        keywords: dict[str, Any] = {"self_drawn": True} if self.rng.random() < 0.5 else {"discarder": 1}
        never_keys: set[str] = set()
        for _ in range(self.pick((0, 1, 1, 2, 3))):
            name = self.pick(family.keywords + ("no_such_keyword",)) if self.rng.random() < 0.95 \
                else self.pick(tuple(f.signature.keywords[0] for f in FAMILIES.values()))  # fmt: skip
            value, never = self.hostile() if self.rng.random() < 0.7 else (self.rng.random() < 0.5, False)
            if name in ("self_drawn", "kong_bloom", "last_tile", "heavenly", "earthly", "human", "last_copy",
                        "heavenly_ready", "feeder_already_liable") and not isinstance(value, bool):
                never = True  # a flag is a bool in every family (robbing_kong is not: 推倒胡 names the kong)
            keywords[name] = value
            (never_keys.add if never and name != "no_such_keyword" else never_keys.discard)(name)
        if self.rng.random() < 0.1:  # a situation object instead of (or with) the keywords
            situation = self.pick((mjcore.Situation(self_drawn=True), mjcore.rules.mcr.Situation(self_drawn=True),
                                   3, "x", None, {"self_drawn": True}))  # fmt: skip
            keywords = {} if self.rng.random() < 0.7 else keywords
            call_keywords = {"situation": situation, **keywords}
        else:
            call_keywords = keywords
        bad |= bool(keywords) and bool(never_keys)
        use_ruleset = ruleset if self.rng.random() < 0.9 else self.pick((rules, Path(mjcore.rules.registry.RULESET_DIR
                                                                             / f"{ruleset}.toml")))  # fmt: skip
        return Case(f"score[{backend_name}]", lambda: function(hand, win, ruleset=use_ruleset, **call_keywords), bad,
                    f"score({_show(hand)}, {_show(win)}, ruleset={ruleset!r}, {_show(call_keywords)})")

    def score_batch(self) -> Case:
        ruleset = self.pick(RULESETS) if self.rng.random() < 0.9 else self.hostile()[0]
        rows = self.rng.randrange(1, 4)
        concealed = np.zeros((rows, 34), np.uint8)
        concealed[:, :9] = 1
        concealed[:, 27:31] = (3, 1, 0, 0)
        wins = np.full(rows, 28, np.uint8)
        if self.rng.random() < 0.2:
            concealed = self.pick((concealed.astype(np.int64), concealed[:, :33], concealed.T.copy(), [[1] * 34],
                                   self.hostile()[0]))  # fmt: skip
        kwargs: dict[str, Any] = {}
        bad = False
        for name in ("self_drawn", "seat_wind", "round_wind", "kong_bloom", "last_tile", "flowers", "last_copy",
                     "robbing_kong", "melds"):
            if self.rng.random() < 0.2:
                kwargs[name] = self.pick(HOSTILE + (np.full(rows, 256, np.int64), np.full(rows, 0.5),
                                                    np.full(rows, 2**40, np.int64), np.array([True] * rows),
                                                    np.zeros((rows, 4, 2), np.uint8), np.full((rows, 4, 2), 9, np.uint8),
                                                    np.zeros(rows + 1, np.uint8)))  # fmt: skip
                value = kwargs[name]
                if isinstance(value, np.ndarray) and value.dtype.kind in "iu" and name != "melds" and value.size \
                        and int(value.max()) >= 256:  # fmt: skip
                    bad = True  # never wrapped to a byte
                if isinstance(value, np.ndarray) and value.dtype.kind == "f" and name != "melds":
                    bad = True  # never truncated
                if id(value) in NEVER_IDS:
                    bad = True
        if self.rng.random() < 0.3:
            wins = self.pick((np.full(rows, 14 + 256, np.int64), np.full(rows, 14.9), np.full(rows, -1),
                              np.full(rows + 1, 3, np.uint8), self.hostile()[0], 34, [27] * rows))  # fmt: skip
            if isinstance(wins, np.ndarray) and (wins.dtype.kind == "f" or (wins.size and (wins.max() > 33))):
                bad = True
        return Case("score_batch[native]", lambda: mjcore.score_batch(concealed, wins, ruleset=ruleset, **kwargs), bad,
                    f"score_batch(<{getattr(concealed, 'dtype', type(concealed).__name__)}>, {_show(wins)}, "
                    f"ruleset={_show(ruleset)}, {_show(kwargs)})")  # fmt: skip

    def family_batch(self) -> Case:
        """``score_batch`` of 推倒胡, Sichuan, Taiwan, 789 and 老章 (either backend): winning rows with their family's
        keyword columns, some replaced by hostile values; a column value outside its range must be refused."""
        family = self.pick(tuple(FAMILY_BATCH))
        ruleset, hands, seat, extra = FAMILY_BATCH[family]
        backend_name = self.pick(("native", "native", "twin"))
        rows = self.rng.randrange(1, 4)
        texts = [self.pick([w for w in WINS[hands] if w[1]]) for _ in range(rows)]
        concealed = np.array([mjcore.parse_hand(text).concealed for text, _ in texts], np.uint8)
        inputs: dict[str, Any] = {"win_tiles": np.array([mjcore.notation.win_tile_index(w) for _, w in texts]),
                                  "self_drawn": True, **extra}  # fmt: skip
        bad = False
        names = (seat, "dealer", "discarder", "self_drawn", "flower_bits", "melds", "win_tiles", "flowers",
                 *LIST_KEYWORDS[family])  # fmt: skip
        for name in names:
            if self.rng.random() < 0.2:
                value = self.pick(HOSTILE + (np.full(rows, 4), np.full(rows, 256), np.full(rows, 0.5), np.full(rows, -2),
                                             np.full(rows, -1), np.zeros(rows + 1, np.uint8), np.full(rows, 2**40),
                                             np.zeros((rows, 4, 3), np.uint8), np.full((rows, 5, 2), 9, np.uint8)))  # fmt: skip
                inputs[name] = value
                highest, lowest = _FAMILY_COLUMN_RANGE.get(name, (None, 0))
                if id(value) in NEVER_IDS:
                    bad = True
                elif isinstance(value, np.ndarray) and value.shape == (rows,) and highest is not None:
                    bad = bad or value.dtype.kind == "f" or bool(value.max() > highest or value.min() < lowest)
        wins = inputs.pop("win_tiles")
        function = BACKENDS[backend_name].score_batch
        return Case(f"score_batch[{family},{backend_name}]",
                    lambda: function(concealed, wins, ruleset=ruleset, **inputs), bad,
                    f"score_batch(<{rows} rows>, {_show(wins)}, ruleset={ruleset!r}, {_show(inputs)})")  # fmt: skip

    def with_options(self) -> Case:
        rules = mjcore.load_ruleset(self.pick(RULESETS))
        source = rules.source if hasattr(rules, "source") else {}
        names = [name for section, table in source.items() if isinstance(table, dict) and section != "meta"
                 for name, value in table.items() if not isinstance(value, dict)]  # fmt: skip
        names += ["minimum", "cap", "fan", "no_such_option", "meta.name", "fans.chicken_hand.fan",
                  "fans.chicken_hand.value", "limits.maximum"]
        options: dict[str, Any] = {}
        never_names: set[str] = set()
        for _ in range(self.pick((1, 1, 2))):
            name = self.pick(names)
            value, never = self.hostile() if self.rng.random() < 0.6 else (self.pick(
                (0, 1, 8, 30, 31, 100000, 2**32 + 1, 10**20, -1, True, "none", [])), False)  # fmt: skip
            if isinstance(value, int) and not isinstance(value, bool) and (value < 0 or value > 10**6):
                never = True  # no ruleset number is negative or that large
            options[name] = value
            never_names.add(name) if never else never_names.discard(name)  # the last value given counts
        bad = bool(never_names)
        return Case(f"with_options[{rules.family}]", lambda: rules.with_options(**options), bad,
                    f"{rules.name}.with_options({_show(options)})")

    def ruleset_file(self) -> Case:
        name = self.pick(RULESETS)
        text = (mjcore.rules.registry.RULESET_DIR / f"{name}.toml").read_text("utf-8")
        r = self.rng.random()
        bad = False
        if r < 0.25:
            data = text.encode(self.pick(("utf-16", "utf-16-le", "utf-32", "gb18030", "latin-1")), "replace")
            bad = True
        elif r < 0.45:
            lines = text.splitlines()
            i = self.rng.randrange(len(lines))
            lines[i] = self.pick(("[limits]\nmaximum = 88", "value = 99", "minimum = -1", "fan = 100000",
                                  "fan = 4294967297", "x = \"\ud800\"".encode("utf-8", "surrogatepass").decode("latin-1"),
                                  "minimum = " + "9" * 5000, "[no_such_section]\na = 1", "\xff\xfe", "", "[[x]]",
                                  "excludes = [\"chicken_hand\"]"))  # fmt: skip
            data = "\n".join(lines).encode("utf-8", "surrogateescape")
        elif r < 0.55:
            data = bytes(self.rng.randrange(256) for _ in range(self.rng.randrange(60))) + text.encode()
        else:
            data = text.encode()
        path = self.tmp / f"f{self.rng.randrange(8)}.toml"
        path.write_bytes(data)
        r = self.rng.random()
        if r < 0.05:
            target: Any = str(self.tmp / ("x" * 5000))
            bad = True
        elif r < 0.1:
            target = str(path) + "\ud800"
            bad = True
        elif r < 0.15 and os.geteuid() != 0:
            path.chmod(0)
            target = path
            bad = True
        elif r < 0.2:
            target = self.tmp
            bad = True
        else:
            target = path

        def call() -> Any:
            try:
                return mjcore.load_ruleset(target)
            finally:
                path.chmod(0o644)

        return Case("load_ruleset[file]", call, bad, f"load_ruleset(<{name} mutated, r={r:.2f}>)")

    def replay(self) -> Case:
        ruleset = self.pick(("gd-cgc5", "mcr", "tdh", "sichuan"))
        if ruleset not in self.logs:
            table = mjcore.Table(ruleset=ruleset)
            table.reset(7, 3)
            while table.to_act() is not None:
                table.step(table.legal_actions()[0])
            self.logs[ruleset] = table.log()
        lines = list(self.logs[ruleset])
        bad = False
        r = self.rng.random()
        if r < 0.6 and lines:
            i = self.rng.randrange(len(lines))
            mutation = self.pick(("surrogate", "digits", "seed", "tile99", "truncate", "garbage", "type"))
            if mutation == "surrogate":
                lines[i] = lines[i][:5] + "\ud800" + lines[i][5:]
                bad = True
            elif mutation == "digits":
                lines[i] = lines[i].replace("1", "9" * 5000, 1)
            elif mutation == "seed" and '"seed"' in lines[0]:
                # The wall is in the log, so the seed is a label there: a changed seed replays (not known-bad).
                lines[0] = lines[0].replace('"seed":', '"seed":1', 1)
            elif mutation == "tile99" and '"tile":' in lines[i]:
                head, _, tail = lines[i].partition('"tile":')
                lines[i] = head + '"tile":99' + tail[tail.find(","):] if "," in tail else head + '"tile":99}'
                bad = True
            elif mutation == "truncate":
                lines[i] = lines[i][: self.rng.randrange(len(lines[i]) + 1)]
            elif mutation == "garbage":
                lines[i] = self.pick(("", "null", "[]", "{}", "\x00", "{\"kind\":1e999}"))
            else:
                lines = self.pick((lines[0], None, 3, [1, 2], (b"x",)))
        backend_name = self.pick(tuple(BACKENDS))
        table_class = BACKENDS[backend_name].Table

        def call() -> None:
            table_class(ruleset=ruleset).replay(lines)

        return Case(f"Table.replay[{backend_name}]", call, bad, f"replay({ruleset}, {_show(lines)[:100]})")

    def cli(self) -> Case:
        hand = self.pick(HANDS) if self.rng.random() < 0.7 else self._text()
        if not isinstance(hand, str):
            hand = str(type(hand))
        self.rng.random()  # a draw kept so that a seed still gives the corpus it gave before
        out = self.pick(("/nonexistent/x.npz", str(self.tmp), str(self.tmp / "r.npz")))
        log = self.tmp / "log.jsonl"
        argv = self.pick((
            ["shanten", hand], ["waits", hand], ["decompose", hand], ["shanten", hand, "--forms", "bogus"],
            ["score", hand, "--win", self.pick(("3p", "2z", "99", "\ud800"))] + self.pick((
                [], ["--rules", self.pick(RULESETS + ("nope", "", "/nonexistent"))],
                ["--rules", "tdh", "--set", self.pick(("dealer=1.5", "other_kongs=2", "dealer=1", "x", "=",
                                                       "dealer=" + "9" * 5000))],  # fmt: skip
                ["--self-drawn"], ["--seat", self.pick(("E", "Q", "5", ""))])),
            ["simulate", "--deals", self.pick(("1", "0", "-1", "x", "18446744073709551616")), "--threads",
             self.pick(("1", "0", "18446744073709551616", "-3")), "--rules", self.pick(RULESETS + ("nope",))],
            ["simulate", "--deals", "2", "--out", out, "--threads", "1"],
            ["simulate", "--deals", "2", "--seed", self.pick(("1", "-1", "18446744073709551616"))],
            ["replay", str(log), "--html", self.pick((str(self.tmp / "p.html"), "/nonexistent/p.html"))],
            ["replay", "/nonexistent.jsonl", "--html", str(self.tmp / "p.html")],
            ["nosuchcommand"], [], ["score"], ["--debug", "shanten", hand],
        ))  # fmt: skip
        if argv and argv[0] == "replay":
            content = self.pick(('{"seed":1}\n', "\xff\xfe", "9" * 5000, "", '{"kind": "deal", "tile": 99}'))
            log.write_bytes(content.encode("utf-8", "surrogateescape") if isinstance(content, str) else content)

        def call() -> None:
            stderr = io.StringIO()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(stderr):
                try:
                    code = cli_main(argv)
                except SystemExit as stop:  # a usage error (argparse) exits 2 with the same one line
                    code = stop.code
            message = stderr.getvalue()
            if "Traceback" in message and "--debug" not in argv:
                raise AssertionError(f"a traceback: {message[-300:]}")
            if "--debug" in argv and code == 2:
                message = message.rstrip("\n").rsplit("\n", 1)[-1]  # the traceback, then the one line
            if code not in (0, 2, None) and not (code == 1 and argv[:1] == ["decompose"]):  # 1: not a win
                raise AssertionError(f"exit code {code!r}")
            if code == 2 and not message.startswith("mjcore: error:"):
                raise AssertionError(f"exit 2 without 'mjcore: error:': {message[:200]}")
            if code == 2:
                raise CliRefusal(message)

        return Case("cli", call, False, f"mjcore {' '.join(map(_show, argv))}")

    def simulate(self) -> Case:
        kwargs: dict[str, Any] = {}
        bad = False
        for name, valid in (("deals", (1, 2, 0)), ("seed", (0, 1)), ("threads", (1, None)),
                            ("per_deal", (True, False)), ("deal_offset", (0, 5)),
                            ("bots", (("random",) * 4, ["efficiency"] * 4))):  # fmt: skip
            if self.rng.random() < 0.25:
                value, never = self.hostile()
                if name == "deals" and isinstance(value, int) and value > 4:
                    value, never = 10**12 if self.rng.random() < 0.5 else 2**64, True
                if name == "per_deal" and not isinstance(value, bool):
                    never = True
                kwargs[name] = value
                bad |= never
            elif self.rng.random() < 0.5:
                kwargs[name] = self.pick(valid)
        kwargs.setdefault("deals", 1)
        if type(kwargs.get("deals")) is int and kwargs["deals"] == 10**12 and kwargs.get("per_deal") is False:
            kwargs["per_deal"] = True  # a totals-only run of 10**12 deals is valid, and would run for days
        ruleset = self.pick(RULESETS) if self.rng.random() < 0.9 else self.hostile()[0]
        backend_name = "native" if self.rng.random() < 0.8 else "twin"
        function = BACKENDS[backend_name].simulate
        if backend_name == "twin" and isinstance(kwargs.get("deals"), int) and kwargs["deals"] > 2:
            kwargs["deals"] = 10**12  # the twin must refuse this up front as well
            kwargs["per_deal"] = True
        return Case(f"simulate[{backend_name}]", lambda: function(ruleset, **kwargs), bad,
                    f"simulate({_show(ruleset)}, {_show(kwargs)})")

    def small(self) -> Case:
        function, arg = self.pick(((mjcore.tile_index, self._text), (mjcore.ghost_kinds, self.ghosts),
                                   (mjcore.load_ruleset, self.hostile), (mjcore.tile_name, self.hostile),
                                   (mjcore.unicode_tile, self.hostile), (mjcore.chinese_name, self.hostile)))
        value = arg()
        value, bad = value if isinstance(value, tuple) and len(value) == 2 and arg != self._text else (value, False)
        if function is mjcore.ghost_kinds and isinstance(value, int) and not isinstance(value, bool):
            bad = True
        return Case(f"{function.__name__}", lambda: function(value), bad, f"{function.__name__}({_show(value)})")


    # The envs' constructor arguments, each with values it takes; a hostile value replaces one at times.
    ENV_ARGUMENTS: dict[str, dict[str, tuple[Any, ...]]] = {
        "vector": {"num_envs": (1, 2), "seed": (0, 7), "opponents": ("random", "efficiency", None),
                   "encoding": ("compact-v2", "extended-v2"), "flat": (True, False), "game": (None, 1),
                   "max_deals": (1, 64), "reward_scale": (1.0, 0.5), "score_unit": (1, 100), "threads": (1, None),
                   "autoreset": (True, False), "share_buffers": (True, False), "learning_seats": ((0,), (0, 2))},
        "gym": {"opponents": ("random", "efficiency"), "seat": (0, 3), "encoding": ("compact-v2",),
                "flat": (True, False), "game": (None, 1), "max_deals": (2,), "reward_scale": (1.0,),
                "score_unit": (1,), "illegal_action": ("raise", "random"), "render_mode": (None, "ansi"),
                "seed": (0, 5)},
        "aec": {"encoding": ("compact-v2",), "game": (None, 1), "max_deals": (2,), "reward_scale": (2.0,),
                "score_unit": (1,), "render_mode": (None, "ansi"), "seed": (0, 5)},
    }  # fmt: skip

    def env(self) -> Case:
        """An environment built with (at times hostile) arguments, then reset and stepped with (at times hostile)
        seeds, actions, env indices and seats: every refusal must be mjcore's, and a step refused changes
        nothing (the next legal step still works)."""
        import mjcore.env
        import mjcore.reference.env

        kind = self.pick(("vector", "vector", "gym", "aec"))
        backend_name = "twin" if kind == "vector" and self.rng.random() < 0.2 else "native"
        kwargs: dict[str, Any] = {}
        bad = False
        for name, valid in self.ENV_ARGUMENTS[kind].items():
            if self.rng.random() < 0.12:
                kwargs[name], never = self.hostile()
                if name == "reward_scale":  # a real argument: any finite number above 0 is valid
                    value = kwargs[name]
                    never = not (isinstance(value, (int, float, np.integer, np.floating))
                                 and not isinstance(value, (bool, np.bool_)) and 0 < value < float("inf"))
                bad |= never
            elif self.rng.random() < 0.3:
                kwargs[name] = self.pick(valid)
        ruleset = self.pick(RULESETS) if self.rng.random() < 0.95 else self.hostile()[0]
        moves = [self.hostile() if self.rng.random() < 0.3 else (None, False) for _ in range(4)]

        def call() -> None:
            if kind == "vector":
                module = mjcore.env if backend_name == "native" else mjcore.reference.env
                env = module.VectorEnv(ruleset, **kwargs)
                env.reset(seed=moves[0][0]) if moves[0][1] or moves[0][0] is not None else env.reset()
                for value, _ in moves[1:]:
                    action = env.sample_actions().copy() if value is None else value
                    env.step(action)
                    env.observe(0 if value is None else value, 0)
                    env.episode_end(0)
            elif kind == "gym":
                env = mjcore.env.GymEnv(ruleset, **kwargs)
                env.reset(seed=moves[0][0])
                for value, _ in moves[1:]:
                    legal = np.flatnonzero(env.action_masks())
                    if not len(legal):
                        env.reset()
                        continue
                    env.step(int(legal[0]) if value is None else value)
            else:
                env = mjcore.env.aec_env(ruleset, **kwargs)
                env.reset(seed=moves[0][0])
                for value, _ in moves[1:]:
                    obs, _, terminated, truncated, _ = env.last()
                    if terminated or truncated:
                        break
                    env.step(int(np.flatnonzero(obs["action_mask"])[0]) if value is None else value)

        # With illegal_action="random" the single-agent env replaces any int action that is not legal.
        replaced = kind == "gym" and kwargs.get("illegal_action") == "random"
        bad |= any(never and not (replaced and isinstance(move, int)) for move, never in moves[1:]) or moves[0][1]
        return Case(f"env[{kind}, {backend_name}]", call, bad,
                    f"{kind}({_show(ruleset)}, {_show(kwargs)}) moves {_show([m for m, _ in moves])}")


class CliRefusal(MjcoreError):
    """A CLI run that printed ``mjcore: error: …`` and exited 2: a refusal, as it should."""


ENTRY_POINTS: tuple[tuple[str, int], ...] = (
    ("parse_hand", 8), ("shanten", 6), ("is_win", 5), ("waits", 5), ("decompose", 5), ("shanten_by_form", 3),
    ("shanten_batch", 4), ("is_win_batch", 3), ("score", 14), ("score_batch", 8), ("family_batch", 8),
    ("with_options", 8), ("ruleset_file", 4), ("replay", 4), ("cli", 2), ("simulate", 2), ("small", 5), ("env", 3),
)  # fmt: skip


def cases(rng: random.Random, tmp: Path, count: int) -> Iterator[Case]:
    gen = Gen(rng, tmp)
    names = [name for name, _ in ENTRY_POINTS]
    weights = [weight for _, weight in ENTRY_POINTS]
    for _ in range(count):
        name = rng.choices(names, weights)[0]
        if name in ("shanten", "is_win", "waits", "decompose", "shanten_by_form"):
            yield gen.analysis(name)
        elif name in ("shanten_batch", "is_win_batch"):
            yield gen.batch(name)
        else:
            yield getattr(gen, name)()


def run(count: int, seed: int = 0, out: Any = None, quiet: bool = False) -> Tally:
    """Fuzzes ``count`` calls from ``seed``; prints the table of outcomes (unless ``quiet``) and returns it."""
    tally = Tally()
    rng = random.Random(seed)
    warnings.simplefilter("ignore")  # the placeholder values of a ruleset, warned on loading: not the fuzz's
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mjcore-fuzz-") as tmp:
        for case in cases(rng, Path(tmp), count):
            outcome, note = classify(case)
            tally.add(case, outcome, note)
    seconds = time.perf_counter() - start
    if not quiet:
        print_report(tally, seconds, seed, out or sys.stdout)
    return tally


def print_report(tally: Tally, seconds: float, seed: int, out: Any) -> None:
    columns = ("ok", "mjcore", "defect", "accepted-invalid")
    print(f"{'entry point':28} " + " ".join(f"{c:>16}" for c in columns), file=out)
    for label in sorted(tally.counts):
        counts = tally.counts[label]
        print(f"{label:28} " + " ".join(f"{counts[c]:>16}" for c in columns), file=out)
    totals = Counter()
    for counts in tally.counts.values():
        totals.update(counts)
    print(f"{'all':28} " + " ".join(f"{totals[c]:>16}" for c in columns), file=out)
    for (label, kind), examples in sorted(tally.examples.items()):
        print(f"\n{label}: {kind}", file=out)
        for example in examples:
            print(f"  {example}", file=out)
    print(f"\n{tally.total} inputs, seed {seed}, {seconds:.1f} s: {tally.defects} defects", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    tally = run(args.count, args.seed)
    return 1 if tally.defects else 0


if __name__ == "__main__":
    sys.exit(main())
