"""The seeded fuzz of every public entry point (``scripts/fuzz.py``) at a small count: every outcome is an answer
or an ``mjcore`` refusal, no input known to be invalid is answered, and the classifier itself tells a defect from
a refusal (so that a zero count means something). The slow tier runs 20,000 inputs, the long checks 200,000."""

from __future__ import annotations

import io

from mjcore.errors import InvalidArgumentError
from scripts import fuzz

# The entry points every run of a few hundred inputs reaches, by label prefix.
ENTRY_POINTS = ("parse_hand", "shanten", "is_win", "waits", "decompose", "shanten_by_form", "shanten_batch",
                "is_win_batch", "score", "score_batch", "with_options", "load_ruleset", "Table.replay", "cli",
                "simulate", "env")  # fmt: skip


def test_a_small_fuzz_finds_no_defect() -> None:
    out = io.StringIO()
    tally = fuzz.run(600, seed=11, out=out)
    assert tally.total == 600
    assert tally.defects == 0, out.getvalue()
    labels = {label.split("[")[0] for label in tally.counts}
    assert set(ENTRY_POINTS) <= labels, sorted(set(ENTRY_POINTS) - labels)
    batched = {label.split("[")[1].split(",")[0] for label in tally.counts
               if label.startswith("score_batch[") and "," in label}  # fmt: skip
    assert batched == set(fuzz.FAMILY_BATCH), "score_batch of every money family"
    outcomes = {outcome for counts in tally.counts.values() for outcome, n in counts.items() if n}
    assert outcomes == {"ok", "mjcore"}, "valid and hostile inputs both reached the entry points"
    assert out.getvalue().rstrip().endswith("0 defects")


def test_the_classifier_tells_defects_from_refusals() -> None:
    """A bare TypeError is a defect, an mjcore error a refusal, an answer to a known-invalid input a defect: the
    fuzz could fail."""

    def bare() -> None:
        raise TypeError("'int' object is not iterable")

    def refused() -> None:
        raise InvalidArgumentError("ghosts: refused")

    assert fuzz.classify(fuzz.Case("x", bare))[0] == "defect"
    assert fuzz.classify(fuzz.Case("x", refused)) == ("mjcore", "")
    assert fuzz.classify(fuzz.Case("x", lambda: 3)) == ("ok", "")
    assert fuzz.classify(fuzz.Case("x", lambda: 3, invalid=True))[0] == "accepted-invalid"
    tally = fuzz.Tally()
    for case in (fuzz.Case("x", bare), fuzz.Case("x", lambda: 3, invalid=True), fuzz.Case("x", refused)):
        tally.add(case, *fuzz.classify(case))
    assert tally.defects == 2


def test_the_script_exits_non_zero_on_a_defect(monkeypatch, capsys) -> None:
    """``main`` fails when a defect is found: here an entry point that raises a bare ValueError is fuzzed."""

    def broken_gen(self: fuzz.Gen) -> fuzz.Case:
        return fuzz.Case("broken", lambda: int("x"), False, "int('x')")

    monkeypatch.setattr(fuzz, "ENTRY_POINTS", (("broken", 1),))
    monkeypatch.setattr(fuzz.Gen, "broken", broken_gen, raising=False)
    assert fuzz.main(["--count", "5", "--seed", "1"]) == 1
    assert "5 defects" in capsys.readouterr().out
