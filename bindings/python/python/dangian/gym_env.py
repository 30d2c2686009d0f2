"""Gymnasium adapter: one seat of a game against the package's bots.

::

    import gymnasium as gym
    import dangian.gym_env  # registers dangian/OAnQuan-v0, dangian/CaNgua-v0, dangian/Domino-v0

    env = gym.make("dangian/OAnQuan-v0", opponent="easy")
    obs, info = env.reset(seed=1)
    action = int(np.flatnonzero(info["action_mask"])[0])
    obs, reward, terminated, truncated, info = env.step(action)

The agent plays seat ``seat`` (0 by default); every other seat is played by ``opponent``: a
bot level (``"easy"``, ``"medium"``, ``"hard"``) or ``"random"``. Chance is sampled from the
reset seed, and the bots' seeds come from it too, so an episode is reproducible. The
observation is the engine's tensor for the agent's seat; ``info["action_mask"]`` (and
``action_masks()``, the convention of maskable learners) marks the legal actions. The reward is
the agent's return when the game ends (+1 a win, −1 a loss, 0 a draw with two seats), else 0.
An illegal action ends the episode at once with ``illegal_penalty`` (−1) and
``info["illegal"] = True``. Once an episode ended, ``step`` raises ``EpisodeOverError`` until
``reset``; an action that is not an integer (a float) raises ``TypeError``.
"""

from __future__ import annotations

import operator
import random
from typing import Any, Dict, Optional, Tuple

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from . import EpisodeOverError, Game, Kind, KindLike, num_actions, observation_size

__all__ = ["DangianEnv"]


class DangianEnv(gym.Env):  # type: ignore[misc,unused-ignore]
    """A single-agent environment: seat `seat` of a dangian game against bots."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        kind: KindLike = Kind.O_AN_QUAN,
        config: Optional[Dict[str, Any]] = None,
        opponent: str = "easy",
        seat: int = 0,
        illegal_penalty: float = -1.0,
        render_mode: Optional[str] = None,
    ) -> None:
        self.kind = Kind.parse(kind)
        self.config = dict(config or {})
        if opponent not in ("random", "easy", "medium", "hard"):
            raise ValueError(f"opponent {opponent!r}: random, easy, medium or hard")
        self.opponent = opponent
        self.game = Game(self.kind, self.config)
        if not 0 <= seat < self.game.seats:
            raise ValueError(f"seat {seat} is not in this game")
        self.seat = seat
        self.illegal_penalty = illegal_penalty
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-np.inf, np.inf, (observation_size(self.kind),), np.float32)
        self.action_space = spaces.Discrete(num_actions(self.kind))
        self._rng = random.Random(0)
        self._over = True  # until the first reset

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent now (bool)."""
        return self.game.legal_mask(self.seat).astype(bool)

    def _info(self) -> Dict[str, Any]:
        info: Dict[str, Any] = {"action_mask": self.game.legal_mask(self.seat)}
        if self.game.is_over:
            info["outcome"] = self.game.outcome()
        return info

    def _opponents(self) -> None:
        while not self.game.is_over:
            if self.game.is_chance:
                self.game.play_chance()
                continue
            s = self.game.to_move
            if s == self.seat:
                return
            seed = self._rng.getrandbits(63)
            if self.opponent == "random":
                legal = self.game.legal_actions()
                self.game.apply(legal[seed % len(legal)])
            else:
                self.game.apply(self.game.bot_choose(s, self.opponent, seed))

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._rng = random.Random(game_seed)
        self.game = Game(self.kind, self.config, seed=game_seed)
        self.game.set_events(False)
        self._opponents()
        self._over = self.game.is_over
        return self.game.observation(self.seat), self._info()

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        if self._over or self.game.is_over:
            raise EpisodeOverError("the episode is over: call reset()")
        action = operator.index(action)  # an int or a numpy integer; a float is refused
        if not self.game.is_legal(action):
            self._over = True
            info = self._info()
            info["illegal"] = True
            return self.game.observation(self.seat), float(self.illegal_penalty), True, False, info
        self.game.apply(action)
        self._opponents()
        self._over = self.game.is_over
        reward = float(self.game.returns()[self.seat]) if self.game.is_over else 0.0
        return self.game.observation(self.seat), reward, self.game.is_over, False, self._info()

    def render(self) -> Optional[str]:
        return self.game.board_text()


for _kind, _id in ((Kind.O_AN_QUAN, "OAnQuan"), (Kind.CA_NGUA, "CaNgua"), (Kind.DOMINO, "Domino")):
    _name = f"dangian/{_id}-v0"
    if _name not in gym.registry:
        gym.register(id=_name, entry_point="dangian.gym_env:DangianEnv", kwargs={"kind": int(_kind)})
