"""The AI environment: a flat action index space with an exact legal mask, observation planes from the acting
seat's point of view, rewards from the settlement, and three front ends — the native ``VectorEnv`` (many tables
per call, built-in opponents native), a PettingZoo AEC env (``aec_env``) and a Gymnasium single-agent env
(``GymEnv``). The wrappers import PettingZoo and Gymnasium only when built (``pip install mjcore[env]``)."""

from __future__ import annotations

from typing import Any

from .layout import ENCODINGS, INFO_COLUMNS, PLANES, ActionLayout, Encoding
from .vector import OPPONENTS, VectorEnv

__all__ = ["VectorEnv", "ActionLayout", "Encoding", "ENCODINGS", "PLANES", "INFO_COLUMNS", "OPPONENTS", "aec_env",
           "GymEnv", "render_text", "GYMNASIUM_ID"]


def aec_env(ruleset: Any = "gd-cgc5", **kwargs: Any) -> Any:
    """A PettingZoo AEC env of one table (see ``mjcore.env.aec.MahjongAEC``)."""
    from .aec import MahjongAEC

    return MahjongAEC(ruleset=ruleset, **kwargs)


GYMNASIUM_ID = "mjcore/Mahjong-v0"


def _register_with_gymnasium() -> None:
    """Registers ``GymEnv`` as ``gymnasium.make("mjcore/Mahjong-v0", ruleset=..., opponents=...)``. Gymnasium 1.x
    loads no plugins, so the id exists once this module is imported: ``gymnasium.make("mjcore.env:mjcore/
    Mahjong-v0")`` imports it by itself."""
    try:
        import gymnasium
    except ImportError:  # pragma: no cover - gymnasium is an optional extra
        return
    if GYMNASIUM_ID not in gymnasium.registry:
        gymnasium.register(id=GYMNASIUM_ID, entry_point="mjcore.env.gym:GymEnv", disable_env_checker=False)


_register_with_gymnasium()


def __getattr__(name: str) -> Any:
    if name == "GymEnv":
        from .gym import GymEnv

        return GymEnv
    if name == "render_text":
        from .render import render_text

        return render_text
    raise AttributeError(name)
