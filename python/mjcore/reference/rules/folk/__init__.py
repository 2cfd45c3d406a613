"""The pure-Python folk tables (789, 老章): ``scorer`` scores a win, ``at_table`` plays them at the twin's table;
the readable twin of ``rust/engine/src/rules/folk/``."""

from __future__ import annotations

from .scorer import score_789, score_laozhang

__all__ = ["score_789", "score_laozhang"]
