"""The pure-Python twin of ``mjcore.env``: the observation planes (``encoding``), built from a ``Table``
observation by the documented plane table; the action layout from the table's rules (``layout``); and the
stepping — one table's decision loop with built-in opponents, rewards and autoreset (``table``) and the
vectorised env over many tables (``vector.VectorEnv``, the native ``VectorEnv``'s contract)."""

from .vector import VectorEnv

__all__ = ["VectorEnv"]
