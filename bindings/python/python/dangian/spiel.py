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
  with what the player knows (`Game.determinize`), drawing from the sampler it is given,
  and rewrites the deal's history so that every seat's history agrees with the new hands
  (for information-set search; `seeded_resampler` gives OpenSpiel's ``ISMCTSBot`` a seeded
  one, as its own default sampler is seeded from the clock).
- ``clone()`` takes constant time: the history lives in Rust as action ids, in chunks
  shared between copies.
- ``apply_action`` and ``clone`` called from Python go to Rust alone (not through OpenSpiel's
  C++ and back), and every method that reads the history reads it there
  (`DangianState.apply_action`).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

import numpy as np
import pyspiel

from . import Game, Kind, num_actions, observation_size, preset_config
from ._dangian import SpielCore

__all__ = [
    "GAME_NAMES",
    "game_name",
    "load",
    "RustRolloutEvaluator",
    "DangianState",
    "DominoState",
    "DangianGame",
    "PlayerAction",
    "seeded_resampler",
]

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


#: Where the state's part begins in OpenSpiel's game-and-state text (what pickling stores).
_STATE_SECTION = "[State]\n"


class PlayerAction(NamedTuple):
    """An entry of `DangianState.full_history`, with the attributes of OpenSpiel's
    ``pyspiel.PlayerAction`` (which Python cannot make)."""

    player: int
    action: int


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


def _decision_bound(kind: Kind, config: Dict[str, Any], max_moves: int) -> int:
    """The most decisions (chance outcomes not counted) any game under `config` can take:
    OpenSpiel's `max_game_length`, derived from the rules.

    - Ô ăn quan: every action is a decision (no chance) and the ply cap ends the game
      (OAQ-A13): the engine's bound, ``max_plies``.
    - Cờ cá ngựa: the action cap ends the game (``max_actions``, chance included): the
      engine's bound, which also bounds the decisions.
    - Domino: a round places each of the 28 tiles at most once, and ends when a seat goes
      out, while each of the others still holds a tile: at most ``28 − (players − 1)``
      placements. Draws, deals and passes are no decisions (chance, or automatic); only a
      voluntary draw (``draw_policy: voluntary``) is, at most once per tile that leaves the
      chợ: ``28 − players × hand_size`` more. Rounds: a round charges every seat but one
      (the one that went out or set the fish) the pips of a non-empty hand of distinct
      tiles, so with ``players ≥ 3`` it adds at least the pips of the ``players − 1``
      smallest tiles (0-0 counted ``double_blank_value``); the game ends after the round in
      which a seat reaches ``loss_threshold``, so it has at most
      ``players × (loss_threshold − 1) // least + 1`` rounds. Two seats can finish a round
      with 0 points (only 0-0 left), so there (and for the other fish scorings) the bound
      is the engine's round cap (``max_rounds``, else ``4 × players × loss_threshold``).
    """
    if kind != Kind.DOMINO:
        return max_moves
    players = int(config["players"])
    hand = int(config["hand_size"])
    per_round = 28 - (players - 1)
    if str(config.get("draw_policy", "")).lower() == "voluntary":
        per_round += max(0, 28 - players * hand)
    cap = config.get("max_rounds")
    rounds = int(cap) if cap is not None else 4 * players * int(config["loss_threshold"])
    fish = str(config.get("fish_scoring", "")).lower()
    if players >= 3 and fish in ("setter_zero_others_own_pips", "blocker_collects"):
        blank = int(config.get("double_blank_value", 0))
        pips = sorted([blank] + [a + b for a in range(7) for b in range(a, 7) if (a, b) != (0, 0)])
        least = sum(pips[: players - 1])
        if least > 0:
            rounds = min(rounds, players * (int(config["loss_threshold"]) - 1) // least + 1)
    return rounds * per_round


def _seed_from(probability_sampler: Any) -> int:
    """A 64-bit seed from four draws of OpenSpiel's probability sampler (a callable giving
    floats in [0, 1)), so that a seeded sampler gives the same resampling every time."""
    if probability_sampler is None or not callable(probability_sampler):
        raise TypeError(
            "resample_from_infostate needs a probability sampler, e.g. "
            "pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)"
        )
    seed = 0
    for _ in range(4):
        u = float(probability_sampler())
        seed = (seed << 16) | min(0xFFFF, max(0, int(u * 65536.0)))
    return seed


class DangianGame(pyspiel.Game):  # type: ignore[misc,unused-ignore]
    """A dangian game as a pyspiel game (one subclass per kind).

    Bounds: ``num_distinct_actions`` is the engine's id count (`num_actions`); chance
    outcomes are action ids too, so ``max_chance_outcomes`` is the same count (0 for Ô ăn
    quan, which has no chance); returns lie in [−1, 1] and sum to 0 (`Game.returns`);
    ``max_game_length`` counts decisions and is derived from the rules as
    `_decision_bound` states.
    """

    KIND: Kind = Kind.O_AN_QUAN

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.dangian_config = _config(self.KIND, params)
        probe = Game(self.KIND, self.dangian_config)
        probe.set_events(False)
        n = num_actions(self.KIND)
        full = probe.config()
        info = pyspiel.GameInfo(
            num_distinct_actions=n,
            max_chance_outcomes=n if self.KIND != Kind.O_AN_QUAN else 0,
            num_players=probe.seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_decision_bound(self.KIND, full, probe.max_moves),
        )
        super().__init__(_game_type(self.KIND), info, params)
        self._start = probe

    def new_initial_state(self) -> "DangianState":
        cls = DominoState if self.KIND == Kind.DOMINO else DangianState
        return cls(self, SpielCore(self._start))

    def make_py_observer(
        self, iig_obs_type: Optional[Any] = None, params: Optional[Dict[str, Any]] = None
    ) -> "DangianObserver":
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return DangianObserver(self.KIND, recall)


class DangianState(pyspiel.State):  # type: ignore[misc,unused-ignore]
    """A pyspiel state over a `SpielCore` (the game and its action ids, in Rust).

    ``clone()`` copies the core (the game and a few bytes per action: no Python list grows
    with the game), and the information-state strings are built from the ids only when
    asked. Domino's states are `DominoState`s.
    """

    def __init__(self, game: DangianGame, core: SpielCore) -> None:
        super().__init__(game)
        # The only attribute: OpenSpiel's clone deep-copies each one (`SpielCore.__deepcopy__`).
        self.core = core

    # Called from Python, these go straight to Rust (not through OpenSpiel's C++ and back
    # into Python). Methods, not instance attributes (OpenSpiel's clone copies the instance
    # dict as it is) nor properties returning the core's method (a property's call costs
    # about twice a method's).

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        return self.core.legal_actions(player)

    def is_chance_node(self) -> bool:
        return self.core.is_chance()

    def apply_action(self, action: int) -> None:
        """Apply a decision or chance outcome (an error, the state unchanged, if illegal).

        OpenSpiel's C++ ``apply_action`` calls back into Python twice (``current_player``,
        then ``_apply_action``), which costs as much as the whole action in Rust; from Python
        this one goes to the core alone. The history is the core's: the methods below read
        it there. (C++ code applying actions still goes through ``_apply_action``. OpenSpiel's
        C++ copy of the history is not kept up: it holds at most the actions C++ applied,
        and no method of this state reads it.)"""
        self.core.apply(action)

    def clone(self) -> "DangianState":
        """An independent copy: a new state over a copy of the core. (OpenSpiel's C++
        clone makes a new initial state and deep-copies each attribute: four times the
        cost. C++ code cloning a state still goes that way.)"""
        return type(self)(self.get_game(), self.core.copy())

    def child(self, action: int) -> "DangianState":
        out = self.clone()
        out.apply_action(action)
        return out

    def history(self) -> List[int]:
        return self.core.history()

    def history_str(self) -> str:
        return ", ".join(map(str, self.core.history()))

    def full_history(self) -> List["PlayerAction"]:
        """Every action with the player who took it (`PlayerAction`; -1 for chance)."""
        return [PlayerAction(p, a) for p, a in self.core.full_history()]

    def move_number(self) -> int:
        return len(self.core)

    def is_initial_state(self) -> bool:
        return len(self.core) == 0

    def is_initial_non_chance_state(self) -> bool:
        """A player is to move and only chance has moved so far."""
        if self.core.current_player() < 0:
            return False
        return all(p == pyspiel.PlayerId.CHANCE for p, _ in self.core.full_history())

    def serialize(self) -> str:
        """OpenSpiel's serialization of a Python game's state, with the core's history."""
        return self._with_history(pyspiel.State.serialize(self))

    def __getstate__(self) -> str:
        # Pickling: OpenSpiel's game-and-state text, the state's part with the core's history.
        text: str = pyspiel.State.__getstate__(self)
        head, sep, state = text.partition(_STATE_SECTION)
        return head + sep + self._with_history(state)

    def _with_history(self, serialized: str) -> str:
        """OpenSpiel's state text (``history=``, ``move_number=`` and the pickled attributes,
        one per line) with its first two lines written from the core."""
        _history, _moves, attributes = serialized.split("\n", 2)
        pairs = ",".join(f"{p}:{a}" for p, a in self.core.full_history())
        return f"history={pairs}\nmove_number={len(self.core)}\n{attributes}"

    # -- the pyspiel API --

    def current_player(self) -> int:
        return self.core.current_player()

    def _legal_actions(self, player: int) -> List[int]:
        return self.core.legal_actions(player)

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        return self.core.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.core.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.core.action_text(action)

    def is_terminal(self) -> bool:
        return self.core.is_terminal()

    def returns(self) -> List[float]:
        return self.core.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "DangianState":
        """A clone (nothing is hidden); the sampler is not drawn from."""
        _seed_from(probability_sampler)
        return self.clone()

    def __deepcopy__(self, memo: Any) -> "DangianState":
        return self.clone()

    def __str__(self) -> str:
        return self.core.board_text()


class _DealStart:
    """The state at the start of a deal (index `index` of the history), shared by every copy
    of a state in that deal: deep-copying it gives itself, so cloning a state copies a
    reference. The state is made the first time a resampling asks for it and never changed
    after; a pickled one leaves it out (it is made again when asked for)."""

    __slots__ = ("index", "state")

    def __init__(self, index: int) -> None:
        self.index = index
        self.state: Optional[DangianState] = None

    def __deepcopy__(self, memo: Any) -> "_DealStart":
        return self

    def __reduce__(self) -> Tuple[Any, Tuple[int]]:
        return (_DealStart, (self.index,))


class DominoState(DangianState):
    """A Domino state: `resample_from_infostate` replays a new deal from the state at the
    start of the current one, made when first needed (playing costs nothing for it) and
    shared by the copies made after."""

    # No deal start until a resampling asks for one (a class default: nothing to copy).
    _deal: Optional[_DealStart] = None

    def __init__(self, game: DangianGame, core: SpielCore, deal: Optional[_DealStart] = None) -> None:
        super().__init__(game, core)
        if deal is not None:
            self._deal = deal

    def clone(self) -> "DominoState":
        return DominoState(self.get_game(), self.core.copy(), self._deal)

    def _deal_start(self) -> "DangianState":
        """The state at the start of the current deal, with its history: the first time, a new
        game replays the history up to there (`SpielCore.deal_index`); then this state and its
        later copies share it. A copy shares it only while in the same deal, where everything
        before the deal's start is the same as the original's."""
        index = self.core.deal_index
        deal = self._deal
        if deal is None or deal.index != index:
            deal = self._deal = _DealStart(index)
        if deal.state is None:
            start = self.get_game().new_initial_state()
            for action in self.core.history()[:index]:
                start.apply_action(action)
            deal.state = start
        return deal.state

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "DangianState":
        """A state `player_id` cannot tell from this one, drawn with `probability_sampler`
        (OpenSpiel's sampler, a callable giving floats in [0, 1); four draws seed the deal):
        the current deal's hidden tiles dealt anew (`SpielCore.resample`) and the deal
        replayed, so every seat's history, information state and hand agree. The same
        sampler state gives the same result."""
        seed = _seed_from(probability_sampler)
        if self.is_terminal():
            return self.clone()
        tail, _ = self.core.resample(player_id, seed)
        out = self._deal_start().clone()
        out._deal = self._deal
        for action in tail:
            out.apply_action(action)
        return out


class DangianObserver:
    """The engine's tensors and views as an OpenSpiel observer."""

    def __init__(self, kind: Kind, perfect_recall: bool) -> None:
        self.kind = kind
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(observation_size(kind), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DangianState, player: int) -> None:
        state.core.observe_into(player, self.tensor)

    def string_from(self, state: DangianState, player: int) -> str:
        view = state.core.view_json(player)
        if self.perfect_recall:
            return view + "\n" + state.core.seen_text(player)
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
        total = np.zeros(state.get_game().num_players())
        for _ in range(self.n_rollouts):
            total += np.array(state.core.rollout_returns(int(self._rng.randint(0, 2**62))))
        return total / self.n_rollouts

    def prior(self, state: DangianState) -> List[Tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def seeded_resampler(seed: int) -> Any:
    """A resampler for `ISMCTSBot.set_resampler`: `resample_from_infostate` with one
    `pyspiel.UniformProbabilitySampler` seeded with `seed` (the bot's default makes a new,
    clock-seeded sampler per call, so two seeded searches would differ)."""
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)

    def resample(state: DangianState, player: int) -> DangianState:
        return state.resample_from_infostate(player, sampler)

    return resample
