"""PettingZoo adapter: an AEC environment per game, with action masks.

::

    from dangian.pettingzoo_env import env

    e = env("domino", config={"players": 3}, render_mode="ansi")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        mask = obs["action_mask"]
        action = None if termination or truncation else int(np.flatnonzero(mask)[0])
        e.step(action)

Agents are ``player_0`` … ``player_{n-1}`` (the seats). Each observation is a dict:
``observation`` (the engine's seat-relative tensor, float32) and ``action_mask`` (int8 over
every action id). Chance (dice, deals, draws) is sampled inside the environment from the seed
given to ``reset``. Rewards come once, when the game ends: the engine's returns (+1 a win, −1
a loss, 0 a draw for two seats; they sum to 0). A game that hits the engine's own move bound
ends as the engine scores it (a termination, never a truncation). Once every agent is done,
``step`` raises ``EpisodeOverError`` until ``reset``; an action that is not an integer (a
float) raises ``TypeError``.
"""

from __future__ import annotations

import operator
from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import EpisodeOverError, Game, Kind, KindLike, num_actions, observation_size

__all__ = ["DangianAECEnv", "env", "raw_env"]


class DangianAECEnv(AECEnv):  # type: ignore[misc,unused-ignore]
    """One dangian game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi", "human"], "name": "dangian_v0", "is_parallelizable": False}

    def __init__(
        self,
        kind: KindLike = Kind.O_AN_QUAN,
        config: Optional[Dict[str, Any]] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        self.kind = Kind.parse(kind)
        self.config = dict(config or {})
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"dangian_{self.kind.game_name}_v0")
        probe = Game(self.kind, self.config)
        self.possible_agents: List[str] = [f"player_{i}" for i in range(probe.seats)]
        n, size = num_actions(self.kind), observation_size(self.kind)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.game = probe
        self._seed = 0
        self.agents: List[str] = []  # until the first reset

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        return {
            "observation": self.game.observation(seat),
            "action_mask": self.game.legal_mask(seat),
        }

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            self._seed = seed
        else:
            self._seed += 1
        self.game = Game(self.kind, self.config, seed=self._seed)
        self.game.set_events(False)
        self.game.play_chance_until_decision()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.game.current_seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def step(self, action: Optional[int]) -> None:
        if not self.agents:
            raise EpisodeOverError("the episode is over: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(operator.index(action))  # type: ignore[arg-type]
        self.game.play_chance_until_decision()
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.game.is_over:
            for a, r in zip(self.possible_agents, self.game.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
                self.infos[a] = {"outcome": self.game.outcome()}
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        text = self.game.board_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(kind: KindLike = Kind.O_AN_QUAN, config: Optional[Dict[str, Any]] = None, render_mode: Optional[str] = None) -> DangianAECEnv:
    """The environment without PettingZoo's wrappers."""
    return DangianAECEnv(kind, config, render_mode)


def env(kind: KindLike = Kind.O_AN_QUAN, config: Optional[Dict[str, Any]] = None, render_mode: Optional[str] = None) -> Any:
    """The environment with PettingZoo's usual wrappers (order enforcing, illegal actions
    refused with an error)."""
    e: Any = raw_env(kind, config, render_mode)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
