"""The pure-Python twin of ``mjcore.sim``: ``simulate`` with the same signature and per-deal arrays."""

from .run import simulate

__all__ = ["simulate"]
