"""The pure-Python Sichuan scorer and settlement: the readable twin of ``rust/engine/src/rules/sichuan/``."""

from __future__ import annotations

from .scorer import score
from .settlement import settle

__all__ = ["score", "settle"]
