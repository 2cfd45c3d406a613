"""The seeded fuzz of every public entry point at 20,000 inputs (``scripts/fuzz.py``; the long checks run
200,000): 0 defects — no bare or non-mjcore exception, no invalid input answered."""

from __future__ import annotations

import io

from scripts import fuzz


def test_twenty_thousand_fuzzed_inputs_find_no_defect() -> None:
    out = io.StringIO()
    tally = fuzz.run(20_000, seed=7, out=out)
    assert tally.total == 20_000
    assert tally.defects == 0, out.getvalue()
