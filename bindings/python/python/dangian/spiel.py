"""OpenSpiel adapter: each game registered as a pyspiel Python game.

Importing this module registers ``python_dangian_o_an_quan``, ``python_dangian_ca_ngua`` and
``python_dangian_domino``::

    import pyspiel
    import dangian.spiel

    game = pyspiel.load_game("python_dangian_domino", {"preset": "four_players"})
    state = game.new_initial_state()

Game parameters: ``preset`` (a preset name, ``"seed_rules"`` by default) and ``config`` (a
JSON object of options, applied over the preset's; ``"{}"`` by default).

- Chance nodes are explicit, with the engine's exact probabilities (integer weights over
  their sum).
- Actions are the engine's dense ids (``num_distinct_actions`` = ``Action::ID_COUNT``);
  chance outcomes use the same ids (``max_chance_outcomes`` = the same count).
- Returns are ``Game.returns()``: +1 a win, −1 a loss, 0 a draw for two seats; with more
  seats ``(worse − better) / (seats − 1)``; they always sum to 0 (``ZERO_SUM``).
- Observation and information-state tensors are the engine's tensors (`Game.observation`):
  seat-relative, only what the seat may know (for Domino its hand, the line, the counts, the
  public history of the round, what each seat is known to lack and the scores). Strings:
  the observation string is the seat's view (JSON); the information-state string adds the
  actions of the game as that seat saw them (a tile dealt to or drawn by another seat is
  ``hidden``), so it has perfect recall.
- ``resample_from_infostate(player, sampler)`` deals the hidden tiles anew consistently
  with what the player knows (`Game.determinize`), for information-set search.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import pyspiel

from . import Game, Kind, num_actions, observation_size, preset_config

__all__ = ["GAME_NAMES", "game_name", "load", "RustRolloutEvaluator", "DangianState", "DangianGame"]

#: The OpenSpiel short names, by kind.
GAME_NAMES: Dict[Kind, str] = {
    Kind.O_AN_QUAN: "python_dangian_o_an_quan",
    Kind.CA_NGUA: "python_dangian_ca_ngua",
    Kind.DOMINO: "python_dangian_domino",
}

_LONG = {
    Kind.O_AN_QUAN: "Ô ăn quan (dangian)",
    Kind.CA_NGUA: "Cờ cá ngựa (dangian)",
    Kind.DOMINO: "Domino (dangian)",
}

_SEATS = {Kind.O_AN_QUAN: (2, 2), Kind.CA_NGUA: (2, 4), Kind.DOMINO: (2, 4)}


def game_name(kind: Kind) -> str:
    """The OpenSpiel short name of a game."""
    return GAME_NAMES[Kind.parse(kind)]


def _config(kind: Kind, params: Dict[str, Any]) -> Dict[str, Any]:
    config = preset_config(kind, str(params.get("preset", "seed_rules")))
    extra = json.loads(str(params.get("config", "{}")) or "{}")
    if not isinstance(extra, dict):
        raise ValueError("the config parameter is a JSON object")
    config.update(extra)
    return config


def _game_type(kind: Kind) -> Any:
    chance = (
        pyspiel.GameType.ChanceMode.DETERMINISTIC
        if kind == Kind.O_AN_QUAN
        else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    )
    info = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if kind == Kind.DOMINO
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    lo, hi = _SEATS[kind]
    return pyspiel.GameType(
        short_name=GAME_NAMES[kind],
        long_name=_LONG[kind],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=info,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": "seed_rules", "config": "{}"},
    )


class DangianGame(pyspiel.Game):  # type: ignore[misc,unused-ignore]
    """A dangian game as a pyspiel game (one subclass per kind)."""

    KIND: Kind = Kind.O_AN_QUAN

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.dangian_config = _config(self.KIND, params)
        probe = Game(self.KIND, self.dangian_config)
        n = num_actions(self.KIND)
        info = pyspiel.GameInfo(
            num_distinct_actions=n,
            max_chance_outcomes=n if self.KIND != Kind.O_AN_QUAN else 0,
            num_players=probe.seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=probe.max_moves,
        )
        super().__init__(_game_type(self.KIND), info, params)
        self._start = probe

    def new_initial_state(self) -> "DangianState":
        return DangianState(self, self._start.copy())

    def make_py_observer(
        self, iig_obs_type: Optional[Any] = None, params: Optional[Dict[str, Any]] = None
    ) -> "DangianObserver":
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return DangianObserver(self.KIND, recall)


class DangianState(pyspiel.State):  # type: ignore[misc,unused-ignore]
    """A pyspiel state holding a `dangian.Game`."""

    def __init__(self, game: DangianGame, inner: Game) -> None:
        super().__init__(game)
        self.inner = inner
        self.inner.set_events(False)
        # What each seat saw of every action (for perfect-recall information states).
        self.seen: List[List[str]] = [[] for _ in range(inner.seats)]

    # -- the pyspiel API --

    def current_player(self) -> int:
        if self.inner.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.inner.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return int(self.inner.to_move)

    def _legal_actions(self, player: int) -> List[int]:
        return self.inner.legal_actions_for(player)

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        outcomes = self.inner.chance_outcomes()
        total = float(sum(w for _, w in outcomes))
        return [(a, w / total) for a, w in outcomes]

    def _apply_action(self, action: int) -> None:
        text = self.inner.action_text(action)
        if self.inner.is_chance and self.inner.kind == Kind.DOMINO:
            receiver = self.inner.view(0)["turn"]
            for s, seen in enumerate(self.seen):
                seen.append(text if s == receiver else "hidden")
        else:
            for seen in self.seen:
                seen.append(text)
        self.inner.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_text(action)

    def is_terminal(self) -> bool:
        return self.inner.is_over

    def returns(self) -> List[float]:
        return self.inner.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "DangianState":
        """A state the player cannot tell from this one, the hidden tiles dealt anew."""
        seed = int(np.random.randint(0, 2**62))
        out = copy.deepcopy(self)
        out.inner = self.inner.determinize(player_id, seed)
        out.inner.set_events(False)
        return out

    def __deepcopy__(self, memo: Any) -> "DangianState":
        out = DangianState(self.get_game(), self.inner.copy())
        out.seen = [list(s) for s in self.seen]
        return out

    def __str__(self) -> str:
        return self.inner.board_text()


class DangianObserver:
    """The engine's tensors and views as an OpenSpiel observer."""

    def __init__(self, kind: Kind, perfect_recall: bool) -> None:
        self.kind = kind
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(observation_size(kind), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DangianState, player: int) -> None:
        self.tensor[:] = state.inner.observation(player)

    def string_from(self, state: DangianState, player: int) -> str:
        view = state.inner.view_json(player)
        if self.perfect_recall:
            return view + "\n" + " ".join(state.seen[player])
        return view


def _register(kind: Kind) -> None:
    cls = type(f"Dangian{kind.name.title().replace('_', '')}Game", (DangianGame,), {"KIND": kind})
    pyspiel.register_game(_game_type(kind), cls)


for _kind in Kind:
    _register(_kind)


def load(kind: Kind, preset: str = "seed_rules", config: Optional[Dict[str, Any]] = None) -> Any:
    """`pyspiel.load_game` of a dangian game under a preset and extra options."""
    return pyspiel.load_game(
        game_name(kind), {"preset": preset, "config": json.dumps(config or {})}
    )


class RustRolloutEvaluator:
    """An evaluator for `open_spiel.python.algorithms.mcts.MCTSBot` whose rollouts run in
    Rust: random play to the end of the game (`n_rollouts` times), the engine's returns
    averaged. Much faster than OpenSpiel's `RandomRolloutEvaluator` on these long games;
    same estimate. Rollouts from a Domino state the bot sees as it is (pass a
    `resample_from_infostate` state to search honestly)."""

    def __init__(self, n_rollouts: int = 1, seed: int = 0) -> None:
        self.n_rollouts = n_rollouts
        self._rng = np.random.RandomState(seed)

    def evaluate(self, state: DangianState) -> np.ndarray:
        total = np.zeros(state.inner.seats)
        for _ in range(self.n_rollouts):
            total += np.array(state.inner.rollout_returns(int(self._rng.randint(0, 2**62))))
        return total / self.n_rollouts

    def prior(self, state: DangianState) -> List[Tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]
