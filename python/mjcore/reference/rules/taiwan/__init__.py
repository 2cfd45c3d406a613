"""The pure-Python Taiwan 16-tile scorer: the readable twin of ``rust/engine/src/rules/taiwan/``."""

from __future__ import annotations

from .scorer import score, score_flower_win

__all__ = ["score", "score_flower_win"]
