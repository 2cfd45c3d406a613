"""Records the per-deal arrays of today's table engine for the Guangdong rulesets into
``tests/data/table_pins.json``: a sha256 digest of every per-deal array (bytes, dtype and shape) and the first
few raw values, per (ruleset, bots, seed). ``tests/table/test_table_pins.py`` replays the same runs and compares.

Re-run it only on purpose, when a deliberate change of the table's play is documented (docs/decisions.md):

    python scripts/record_table_pins.py                   # the Guangdong pins (table_pins.json)
    python scripts/record_table_pins.py --every-ruleset   # every shipped ruleset (every_ruleset_pins.json)
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np

import mjcore

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "table_pins.json"
# Issue 25's pins: every shipped ruleset, every per-deal column, recorded from the build before the engine and the
# Python package were re-layered, so that the move is shown to change no deal.
EVERY_RULESET_OUT = OUT.with_name("every_ruleset_pins.json")
# gd-unnamed (RULES.md §7.3) was shipped later: its pins were appended from the build that shipped it (a321b96).
SHIPPED = ("gd-cgc5", "gd-qq3", "gd-guigang", "gd-789", "laozhang", "mcr", "tdh", "sichuan", "taiwan", "gd-unnamed")
EVERY_RULESET_RUNS = [(ruleset, bot, (11, 12), 600) for ruleset in SHIPPED for bot in ("random", "efficiency")]

# (ruleset, bot, seeds, deals per run): random bots on every shipped Guangdong table, and efficiency bots for a
# couple of seeds (they are slower and their play is what a deliberate bot change would alter).
RUNS = [
    *[(ruleset, "random", (1, 2, 3, 41), 500) for ruleset in ("gd-cgc5", "gd-qq3", "gd-guigang")],
    *[(ruleset, "efficiency", (5, 6), 200) for ruleset in ("gd-cgc5", "gd-qq3", "gd-guigang")],
]
RAW_VALUES = 8
# Columns added after the pins were first recorded, so not in them: all zero at a Guangdong table (no flowers, no
# kong money, no horses, no ghosts, no rows beside the pattern; the MCR and 推倒胡 tests check them where they are
# not).
# Columns added after the every-ruleset pins were recorded (issue 31: every row a win scored, the money settled
# apart, the order of the wins, the family's count per win and the flower money), so not in them;
# tests/sim/test_family_*.py and the twin parity tests check them.
ADDED_AFTER_EVERY_RULESET_PINS = ("rows_low", "rows_high", "transfer_money", "refund_money", "flower_pig_money",
                                  "ready_check_money", "win_order", "win_count", "flower_money")
UNPINNED = ("flowers", "kong_money", "horse_hits", "horse_money", "ghosts", "winner_ghosts",
            *ADDED_AFTER_EVERY_RULESET_PINS)


def digest(array: np.ndarray) -> str:
    array = np.ascontiguousarray(array)
    header = f"{array.dtype.str}{array.shape}".encode()
    return hashlib.sha256(header + array.tobytes()).hexdigest()


def pins_of(ruleset: str, bot: str, seed: int, deals: int, every_column: bool = False) -> dict:
    """The digests and heads of one run's per-deal arrays: every column with ``every_column``, else those of the
    first pins (the later columns checked to be all zero, as they are at a Guangdong table)."""
    result = mjcore.simulate(ruleset, deals, seed=seed, bots=(bot,) * 4, threads=1)
    skipped = () if every_column else UNPINNED
    arrays = {name: np.asarray(result[name]) for name in sorted(result.per_deal) if name not in skipped}
    for name in skipped:
        if name == "win_order":  # not a zero when nothing is recorded: -1, and 0, 1 … for the winners in order
            assert ((result[name] >= 0) == result["winners"]).all(), f"{name}: a place for each winner alone"
        else:
            assert not result[name].any(), f"{name}: nothing at a Guangdong table"
    return {
        "ruleset": ruleset,
        "bot": bot,
        "seed": seed,
        "deals": deals,
        "sha256": {name: digest(array) for name, array in arrays.items()},
        "head": {name: array[:RAW_VALUES].tolist() for name, array in arrays.items()},
    }


def write(out: Path, pins: list[dict]) -> None:
    out.write_text("[\n" + ",\n".join(json.dumps(pin, sort_keys=True) for pin in pins) + "\n]\n")
    print(f"{len(pins)} runs pinned in {out}")


def main(argv: list[str]) -> int:
    """``python scripts/record_table_pins.py`` re-records the Guangdong pins; ``--every-ruleset`` the pins of
    every shipped ruleset."""
    if "--every-ruleset" in argv:
        runs, out, every_column = EVERY_RULESET_RUNS, EVERY_RULESET_OUT, True
    else:
        runs, out, every_column = RUNS, OUT, False
    write(out, [pins_of(r, bot, seed, deals, every_column) for r, bot, seeds, deals in runs for seed in seeds])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
