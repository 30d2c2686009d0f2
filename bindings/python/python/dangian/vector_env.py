"""Vectorized environments against the package's bots, on top of :class:`dangian.BotVecEnv`
(N games stepped in Rust per call, the bots' moves made inside the same call).

Gymnasium (``gymnasium.vector.VectorEnv``), one learner seat::

    from dangian.vector_env import DangianVectorEnv

    envs = DangianVectorEnv("domino", 1024, opponent="easy", seed=1)
    obs, infos = envs.reset(seed=1)
    actions = np.argmax(rng.random(infos["action_mask"].shape) * infos["action_mask"], axis=1)
    obs, rewards, terminations, truncations, infos = envs.step(actions)

The learner plays seat ``seat`` (0 by default), every other seat is ``opponent`` (or the
per-seat ``players`` list: ``"random"``, ``"easy"``, ``"medium"``, ``"hard"``,
``"expert:COUNT"`` — a count budget, reproducible — or ``"expert:MSms"``). Each step plays
one action per game and the bots until the learner is to move again. A finished game restarts
in the same step (``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``): the
observation returned is the new game's, the reward is the learner's return of the finished
one (+1 a win, −1 a loss, 0 a draw in two seats), ``terminations`` marks it. Games end by the
rules (the engine bounds their length), so ``truncations`` is always false and no
``final_obs`` is given (a terminal step needs no bootstrap value). ``infos["action_mask"]``
(bool, ``num_envs × num_actions``) marks the legal actions; an illegal action raises
``IllegalActionError`` before any game changes.

PettingZoo has no vectorized API of its own; its ecosystem (SuperSuit's
``pettingzoo_env_to_vec_env_v1`` and ``concat_vec_envs_v1``) turns a parallel environment into
a Gymnasium vector environment with one row per (game, agent). :class:`DangianMarkovVectorEnv`
follows that layout for several learner seats against the bots: agents ``player_S`` for the
learner seats S; row ``g * A + j`` is game g's ``j``-th learner agent. Every row gets its
seat's observation each step; only the agent to move has a non-zero mask, and only its action
is played (the others are ignored). Rewards come on the step a game ends, to every agent of
that game.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from . import BotVecEnv, Kind, KindLike, Game

__all__ = ["DangianVectorEnv", "DangianMarkovVectorEnv", "players_for"]

_Obs = npt.NDArray[np.float32]


def players_for(kind: KindLike, config: Optional[Dict[str, Any]], seats: Sequence[int], opponent: str) -> List[str]:
    """Who plays each seat: ``"learner"`` at ``seats``, ``opponent`` elsewhere."""
    n = Game(Kind.parse(kind), dict(config or {})).seats
    for s in seats:
        if not 0 <= s < n:
            raise ValueError(f"seat {s} is not in this game ({n} seats)")
    return ["learner" if s in seats else opponent for s in range(n)]


class _Base(VectorEnv):  # type: ignore[misc,unused-ignore]
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def _make(
        self,
        kind: KindLike,
        num_games: int,
        players: Sequence[str],
        config: Optional[Dict[str, Any]],
        seed: int,
        threads: Optional[int],
    ) -> None:
        self.kind = Kind.parse(kind)
        self.config = dict(config or {})
        self.env = BotVecEnv(self.kind, num_games, list(players), self.config, seed=seed, threads=threads)
        self.num_games = num_games
        self.learner_seats = self.env.learner_seats
        self.single_observation_space = spaces.Box(-np.inf, np.inf, (self.env.observation_size,), np.float32)
        self.single_action_space = spaces.Discrete(self.env.num_actions)
        self._seed = seed

    def _next_seed(self, seed: Optional[int]) -> Optional[int]:
        if seed is not None:
            self._np_random, self._np_random_seed = gym.utils.seeding.np_random(seed)
            return seed
        return None


class DangianVectorEnv(_Base):
    """``num_envs`` games, the learner at ``seat`` against bots, as a Gymnasium vector
    environment (see the module docs)."""

    def __init__(
        self,
        kind: KindLike = Kind.O_AN_QUAN,
        num_envs: int = 64,
        opponent: str = "easy",
        *,
        seat: int = 0,
        players: Optional[Sequence[str]] = None,
        config: Optional[Dict[str, Any]] = None,
        seed: int = 0,
        threads: Optional[int] = None,
    ) -> None:
        if players is None:
            players = players_for(kind, config, [seat], opponent)
        if list(players).count("learner") != 1:
            raise ValueError("exactly one seat must be \"learner\" (DangianMarkovVectorEnv takes several)")
        self._make(kind, num_envs, players, config, seed, threads)
        self.seat = self.learner_seats[0]
        self.num_envs = num_envs
        self.observation_space = gym.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gym.vector.utils.batch_space(self.single_action_space, num_envs)

    def _infos(self, mask: npt.NDArray[np.int8]) -> Dict[str, Any]:
        legal = mask.astype(bool)
        return {"action_mask": legal, "_action_mask": np.ones(self.num_envs, dtype=bool)}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every game now (bool, ``num_envs × num_actions``)."""
        return self.env.observe()[1].astype(bool)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[_Obs, Dict[str, Any]]:
        obs, mask, _ = self.env.reset(self._next_seed(seed))
        return obs, self._infos(mask)

    def step(
        self, actions: Any
    ) -> Tuple[_Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], Dict[str, Any]]:
        obs, mask, rewards, dones, _ = self.env.step(np.asarray(actions))
        truncations = np.zeros(self.num_envs, dtype=bool)
        return obs, np.ascontiguousarray(rewards[:, self.seat]), dones, truncations, self._infos(mask)


class DangianMarkovVectorEnv(_Base):
    """``num_games`` games with several learner seats against bots, one row per (game,
    learner agent), in the layout of SuperSuit's vectorized PettingZoo environments (see the
    module docs)."""

    def __init__(
        self,
        kind: KindLike = Kind.CA_NGUA,
        num_games: int = 64,
        opponent: str = "easy",
        *,
        seats: Optional[Sequence[int]] = None,
        players: Optional[Sequence[str]] = None,
        config: Optional[Dict[str, Any]] = None,
        seed: int = 0,
        threads: Optional[int] = None,
    ) -> None:
        if players is None:
            players = players_for(kind, config, [0] if seats is None else list(seats), opponent)
        self._make(kind, num_games, players, config, seed, threads)
        self.possible_agents = [f"player_{s}" for s in self.learner_seats]
        self.agents = list(self.possible_agents)
        self.num_agents = len(self.possible_agents)
        self.num_envs = num_games * self.num_agents
        self.observation_space = gym.vector.utils.batch_space(self.single_observation_space, self.num_envs)
        self.action_space = gym.vector.utils.batch_space(self.single_action_space, self.num_envs)
        # The row of each seat within a game (-1: a bot's seat).
        self._row_of_seat = np.full(self.env.num_seats, -1, dtype=np.int64)
        for j, s in enumerate(self.learner_seats):
            self._row_of_seat[s] = j
        self._to_play = np.zeros(num_games, dtype=np.int32)

    def _rows(
        self, mask: npt.NDArray[np.int8], to_play: npt.NDArray[np.int32]
    ) -> Tuple[_Obs, Dict[str, Any]]:
        g, a = self.num_games, self.num_agents
        obs = np.empty((g, a, self.env.observation_size), dtype=np.float32)
        for j, s in enumerate(self.learner_seats):
            obs[:, j, :] = self.env.observe_seat(s)
        masks = np.zeros((g, a, self.env.num_actions), dtype=bool)
        active = np.zeros((g, a), dtype=bool)
        rows = self._row_of_seat[to_play]
        moving = np.flatnonzero(rows >= 0)
        masks[moving, rows[moving], :] = mask[moving].astype(bool)
        active[moving, rows[moving]] = True
        self._to_play = to_play
        n = self.num_envs
        infos = {
            "action_mask": masks.reshape(n, -1),
            "_action_mask": np.ones(n, dtype=bool),
            "active": active.reshape(n),
            "_active": np.ones(n, dtype=bool),
        }
        return obs.reshape(n, -1), infos

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[_Obs, Dict[str, Any]]:
        _, mask, to_play = self.env.reset(self._next_seed(seed))
        return self._rows(mask, to_play)

    def step(
        self, actions: Any
    ) -> Tuple[_Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], Dict[str, Any]]:
        acts = np.asarray(actions, dtype=np.int64).reshape(self.num_games, self.num_agents)
        rows = self._row_of_seat[self._to_play]
        chosen = acts[np.arange(self.num_games), np.maximum(rows, 0)]
        _, mask, rewards, dones, to_play = self.env.step(chosen)
        obs, infos = self._rows(mask, to_play)
        rew = np.ascontiguousarray(rewards[:, self.learner_seats]).reshape(self.num_envs)
        terms = np.repeat(dones, self.num_agents)
        return obs, rew, terms, np.zeros(self.num_envs, dtype=bool), infos
