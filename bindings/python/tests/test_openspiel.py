"""OpenSpiel: each game registered as a pyspiel Python game passes OpenSpiel's random
simulation test, and OpenSpiel's Python MCTS bot plays a game of each."""

from __future__ import annotations

from typing import Any, Dict

import numpy as np
import pytest

import dangian
from dangian import Kind

from conftest import require

# Short variants keep the simulations quick: a two-player Cờ cá ngựa, one Domino round.
CONFIGS: Dict[Kind, Dict[str, Any]] = {
    Kind.O_AN_QUAN: {},
    Kind.CA_NGUA: dangian.preset_config("ca_ngua", "two_players"),
    Kind.DOMINO: {"max_rounds": 1},
}


@pytest.fixture(scope="module")
def spiel() -> Any:
    require("pyspiel")
    import dangian.spiel

    return dangian.spiel


@pytest.mark.parametrize("kind", list(Kind), ids=[k.game_name for k in Kind])
def test_random_sim_test(spiel: Any, kind: Kind) -> None:
    import pyspiel

    game = spiel.load(kind, config=CONFIGS[kind])
    assert game.num_distinct_actions() == dangian.num_actions(kind)
    assert game.observation_tensor_size() == dangian.observation_size(kind)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=True)


def test_default_rules_random_sim(spiel: Any) -> None:
    import pyspiel

    for kind in (Kind.CA_NGUA, Kind.DOMINO):
        pyspiel.random_sim_test(spiel.load(kind), num_sims=1, serialize=False, verbose=True)


def test_loads_by_name_with_parameters(spiel: Any) -> None:
    import pyspiel

    game = pyspiel.load_game("python_dangian_domino", {"preset": "four_players"})
    assert game.num_players() == 4
    state = game.new_initial_state()
    assert state.is_chance_node()
    probs = [p for _, p in state.chance_outcomes()]
    assert abs(sum(probs) - 1.0) < 1e-12 and len(probs) == 28
    assert spiel.game_name(Kind.CA_NGUA) == "python_dangian_ca_ngua"


def test_chance_probabilities_are_exact(spiel: Any) -> None:
    state = spiel.load(Kind.CA_NGUA).new_initial_state()
    outcomes = dict(state.chance_outcomes())
    g = dangian.Game("ca_ngua")
    assert outcomes[g.action_id("r2-2")] == 1 / 36
    assert outcomes[g.action_id("r2-5")] == 2 / 36


def test_information_state_hides_hands(spiel: Any) -> None:
    game = spiel.load(Kind.DOMINO)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    other = state.resample_from_infostate(0, None)
    assert state.information_state_string(0) == other.information_state_string(0)
    np.testing.assert_array_equal(state.information_state_tensor(0), other.information_state_tensor(0))
    assert "hidden" in state.information_state_string(0)


@pytest.mark.parametrize("kind", list(Kind), ids=[k.game_name for k in Kind])
def test_mcts_bot_plays_a_game(spiel: Any, kind: Kind) -> None:
    from open_spiel.python.algorithms import mcts

    game = spiel.load(kind, config=CONFIGS[kind])
    rng = np.random.RandomState(5)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=12,
        evaluator=spiel.RustRolloutEvaluator(n_rollouts=2, seed=5),
        random_state=rng,
        solve=False,
    )
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            # For Domino the bot searches a position drawn from what seat 0 knows.
            seen = state.resample_from_infostate(0, None) if kind == Kind.DOMINO else state
            action = bot.step(seen)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert decisions > 0
    returns = state.returns()
    assert abs(sum(returns)) < 1e-6 and len(returns) == game.num_players()
