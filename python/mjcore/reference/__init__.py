"""The pure-Python reference twin of the native core: the same function names and signatures as ``mjcore``,
written for clarity rather than speed. Used for differential testing against the Rust core."""

from .guangdong import score

__all__ = ["score"]
