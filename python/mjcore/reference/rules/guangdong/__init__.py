"""The pure-Python Guangdong scorer (鸡平胡, 贵港, QQ): ``scorer`` scores a win, ``at_table`` settles the wins at
the twin's table; the readable twin of ``rust/engine/src/rules/guangdong.rs``."""

from __future__ import annotations

from .scorer import score

__all__ = ["score"]
