"""The native vectorised environment: ``num_envs`` tables stepped in one call with the GIL released, writing into
numpy buffers allocated once. Only the learning seats' decisions cross into Python; the other seats are built-in
bots playing natively. Follows Gymnasium's ``VectorEnv`` conventions (``reset`` → ``(obs, infos)``, ``step`` →
``(obs, rewards, terminations, truncations, infos)``) with same-step autoreset: when an episode ends in a step,
that step returns its reward and ``terminated`` (or ``truncated``) and already the next episode's first
observation (a finished deal has no decision to observe). docs/env.md documents actions, planes and rewards.
"""

from __future__ import annotations

from typing import Any, Optional

from .. import _core
from ..rules.registry import RulesetLike
from ..table import Table
from ..table.types import WinCheck
from .layout import ENCODINGS
from .vector_base import OPPONENTS, VectorEnvBase

__all__ = ["VectorEnv", "OPPONENTS"]


class VectorEnv(VectorEnvBase):
    """``num_envs`` tables of ``ruleset``. ``learning_seats``: the seats whose decisions ``step`` returns (default:
    seat 0 when ``opponents`` names a bot, every seat when ``opponents`` is None). ``encoding``: "compact-v2" or
    "extended-v2". ``game``: None — an episode is one deal (the dealer of deal k is seat k mod 4) — or the wind
    rounds of a game (1..4; dealer rotation and 连庄; ``max_deals`` caps it, then it is truncated). Rewards are
    settlement payments times ``reward_scale``. ``threads``: worker threads (None: all cores). ``autoreset=False``
    leaves a finished episode on the table until ``reset`` (what the AEC and single-agent envs build on).

    ``reset()`` without a seed starts every env's next episode of its own stream; ``reset(seed=s)`` the run of
    ``s`` from its start. ``flat``: observations as one row of ``rows * 34`` values. ``reset`` and ``step`` return
    copies; with ``share_buffers=True`` they return the env's own buffers (``observations``, ``masks``,
    ``rewards``, ...), overwritten by the next call — faster, for loops that copy what they keep. The env pickles
    and deep-copies (a copy steps exactly as the original), and is a ``gymnasium.vector.VectorEnv`` (same-step
    autoreset: where an episode ends, ``infos["final_obs"]`` and ``infos["final_info"]``).
    """

    _encodings = ENCODINGS

    def _start_core(self, ruleset: Optional[RulesetLike], win_check: Optional[WinCheck], *options: Any) -> Any:
        """The core that steps the tables: the native one, over a native ``Table`` of the rules (the pure-Python
        twin, ``mjcore.reference.env.VectorEnv``, starts its own with the same arguments)."""
        self._table = Table(win_check=win_check, ruleset=ruleset)
        return _core.VectorEnv(self._table._native, *options)
