"""A PettingZoo AEC env of one table: the four seats are agents ``player_0``..``player_3`` taking turns as the
deal asks them (claims included, so the agent after a discard may be any seat). Observations are PettingZoo's
classic-game dict ``{"observation": planes, "action_mask": int8 mask}``; rewards are the settlement of the deal
(or of each deal in game mode) for every agent. Built on the native env with one table and no autoreset.
``reset()`` without a seed deals the next deal of the env's own stream; ``reset(seed=s)`` starts the stream of
``s`` again. The env pickles and deep-copies (the copy plays on exactly as the original)."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..arguments import check_choice, check_options
from ..errors import IllegalActionError, InvalidArgumentError
from ..rules.registry import RulesetLike
from .render import render_text
from .vector import VectorEnv
from .vector_base import check_action, check_seed

__all__ = ["MahjongAEC"]


class MahjongAEC(AECEnv):
    metadata = {"render_modes": ["ansi", "human"], "name": "mjcore_mahjong_v1", "is_parallelizable": False}

    def __init__(self, ruleset: Optional[RulesetLike] = "gd-cgc5", *, encoding: str = "compact-v2",
                 game: Optional[int] = None, max_deals: int = 64, reward_scale: float = 1.0, score_unit: int = 1,
                 render_mode: Optional[str] = None, seed: int = 0) -> None:
        super().__init__()
        check_choice("render_mode", render_mode, (None, *self.metadata["render_modes"]))
        self._env = VectorEnv(ruleset, 1, seed, opponents=None, encoding=encoding, game=game, max_deals=max_deals,
                              reward_scale=reward_scale, score_unit=score_unit, threads=1, autoreset=False,
                              share_buffers=True)
        self.layout = self._env.layout
        self.possible_agents = [f"player_{seat}" for seat in range(4)]
        self.agents = self.possible_agents[:]
        self.render_mode = render_mode
        obs_space = spaces.Dict({
            "observation": self._env.encoding.space(),
            "action_mask": spaces.Box(0, 1, (len(self.layout),), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(len(self.layout)) for a in self.possible_agents}
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._native = self._env._native
        self._start()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _start(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._native.to_act(0)]

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """The next deal of the env's stream (``seed``: the first deal of that seed's stream).
        ``options={"wall": [...]}``: the deal's wall (wall codes in draw order). A refused argument changes
        nothing."""
        seed = check_seed(seed)
        wall = check_options(options, ("wall",)).get("wall")
        self._env.reset(seed=seed, options=None if wall is None else {"walls": [wall]})
        self._start()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self.agents:
            raise IllegalActionError("every agent is done: call reset()")
        return super().last(observe)

    def action_mask(self, agent: str) -> np.ndarray:
        """``agent``'s legal mask now, bool (actions,): all False unless it is to act."""
        return self.observe(agent)["action_mask"].astype(bool)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of.get(agent)
        if seat is None:
            raise InvalidArgumentError(f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        obs, mask = self._native.observation(0, seat)
        return {"observation": obs, "action_mask": mask.view(np.int8)}  # same bytes: no copy

    def step(self, action: Any) -> None:
        if not self.agents:
            raise IllegalActionError("every agent is done: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        seat, terminated, truncated, paid = self._native.step_one(0, check_action(len(self.layout), action))
        self.rewards = dict(zip(self.possible_agents, paid))
        if terminated or truncated:
            self.terminations = {a: terminated for a in self.agents}
            self.truncations = {a: truncated for a in self.agents}
            end = self._env.episode_end(0)
            self.infos = {a: dict(end) for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[seat]
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        seat = self.possible_agents.index(self.agent_selection)
        obs, mask = self._env.observe(0, seat)
        return f"{self.agent_selection}:\n" + render_text(obs, mask, self.layout)

    def log(self) -> list[str]:
        """The current deal's event log (for ``mjcore.Table.replay`` or the replay viewer)."""
        return self._env.log(0)

    def close(self) -> None:
        pass

    # Pickling: the native handle is the inner env's; a copy takes its own copy's.
    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["_native"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._native = self._env._native
