"""OpenSpiel: each game registered as a pyspiel Python game passes OpenSpiel's random
simulation test, and OpenSpiel's Python MCTS bot plays a game of each."""

from __future__ import annotations

import random
from typing import Any, Dict, List

import numpy as np
import pytest

import dangian
from dangian import Kind

from conftest import require

# Short variants keep the simulations quick: a two-player Cờ cá ngựa, one Domino round.
# (As a preset plus at most one option: OpenSpiel's game strings split parameters at commas.)
PRESETS: Dict[Kind, str] = {Kind.O_AN_QUAN: "seed_rules", Kind.CA_NGUA: "two_players", Kind.DOMINO: "four_players"}
CONFIGS: Dict[Kind, Dict[str, Any]] = {
    Kind.O_AN_QUAN: {},
    Kind.CA_NGUA: {},
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

    game = spiel.load(kind, preset=PRESETS[kind], config=CONFIGS[kind])
    assert game.num_distinct_actions() == dangian.num_actions(kind)
    assert game.observation_tensor_size() == dangian.observation_size(kind)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=True)


def test_default_rules_random_sim(spiel: Any) -> None:
    import pyspiel

    for kind in (Kind.CA_NGUA, Kind.DOMINO):
        pyspiel.random_sim_test(spiel.load(kind), num_sims=1, serialize=True, verbose=True)


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
    import pyspiel

    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(3, 0.0, 1.0))
    assert state.information_state_string(0) == other.information_state_string(0)
    np.testing.assert_array_equal(state.information_state_tensor(0), other.information_state_tensor(0))
    assert "hidden" in state.information_state_string(0)


@pytest.mark.parametrize("kind", list(Kind), ids=[k.game_name for k in Kind])
def test_mcts_bot_plays_a_game(spiel: Any, kind: Kind) -> None:
    from open_spiel.python.algorithms import mcts

    import pyspiel

    game = spiel.load(kind, preset=PRESETS[kind], config=CONFIGS[kind])
    rng = np.random.RandomState(5)
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
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
            seen = state.resample_from_infostate(0, sampler) if kind == Kind.DOMINO else state
            action = bot.step(seen)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert decisions > 0
    returns = state.returns()
    assert abs(sum(returns)) < 1e-6 and len(returns) == game.num_players()


def _random_position(game: Any, rng: random.Random, actions: int) -> Any:
    state = game.new_initial_state()
    for _ in range(actions):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_clone_is_independent_and_keeps_the_history(spiel: Any) -> None:
    game = spiel.load(Kind.CA_NGUA)
    state = _random_position(game, random.Random(4), 600)
    copy = state.clone()
    assert copy.history() == state.history() and str(copy) == str(state)
    assert copy.information_state_string(1) == state.information_state_string(1)
    before, legal = state.history(), state.legal_actions()
    while not copy.is_chance_node():
        copy.apply_action(copy.legal_actions()[0])
    assert state.history() == before and len(copy.history()) > len(before)
    # Each state answers for itself (a clone shares nothing with its original).
    assert state.legal_actions() == legal and copy.legal_actions() == [a for a, _ in copy.chance_outcomes()]
    assert not state.is_chance_node() and copy.is_chance_node()


@pytest.mark.parametrize("kind", list(Kind), ids=[k.game_name for k in Kind])
def test_history_is_the_same_whichever_side_applies(spiel: Any, kind: Kind) -> None:
    """`apply_action` and `clone` from Python go to the Rust core alone, not through
    OpenSpiel's C++ (which keeps its own copy of the history). A state played and cloned
    through both, in turns, answers every history question, serializes and pickles exactly
    as a state played through OpenSpiel's C++ alone (whose C++ history is whole)."""
    import pickle

    import pyspiel

    game = spiel.load(kind, preset=PRESETS[kind], config=CONFIGS[kind])
    rng = random.Random(21)
    mixed, cpp = game.new_initial_state(), game.new_initial_state()
    cpp_side: List[int] = []  # OpenSpiel's C++ copy of `mixed`'s history
    assert mixed.is_initial_state() and mixed.move_number() == 0 and mixed.history_str() == ""
    for step in range(160):
        if mixed.is_terminal():
            break
        if mixed.is_chance_node():
            ids, probs = zip(*mixed.chance_outcomes())
            action = rng.choices(ids, probs)[0]
        else:
            action = rng.choice(mixed.legal_actions())
        if kind != Kind.O_AN_QUAN:
            # OpenSpiel's C++ asks this only of games with chance.
            assert mixed.is_initial_non_chance_state() == pyspiel.State.is_initial_non_chance_state(cpp)
        if step == 5:
            child, cpp_child = mixed.child(action), pyspiel.State.child(mixed, action)
            assert child.history() == cpp_child.history() == mixed.history() + [action]
            assert mixed.move_number() == 5
        # Python's path three times in four, OpenSpiel's C++ the fourth; a clone now and
        # then, by either path (OpenSpiel's keeps its copy of the history, Python's not).
        if step % 4 == 3:
            pyspiel.State.apply_action(mixed, action)
            cpp_side.append(action)
        else:
            mixed.apply_action(action)
        if step % 7 == 2:
            mixed = mixed.clone()
            cpp_side = []
        elif step % 7 == 5:
            mixed = pyspiel.State.clone(mixed)
        pyspiel.State.apply_action(cpp, action)
        assert mixed.history() == pyspiel.State.history(cpp)
        assert mixed.history_str() == pyspiel.State.history_str(cpp)
        assert [(a.player, a.action) for a in mixed.full_history()] == [
            (a.player, a.action) for a in pyspiel.State.full_history(cpp)
        ]
        assert mixed.move_number() == pyspiel.State.move_number(cpp) == step + 1
        assert not mixed.is_initial_state()
    assert mixed.move_number() > 10
    assert mixed.serialize() == pyspiel.State.serialize(cpp)
    # Restored from either text, OpenSpiel's C++ copy of the history is whole again.
    for restored in (game.deserialize_state(mixed.serialize()), pickle.loads(pickle.dumps(mixed))):
        assert pyspiel.State.history(restored) == restored.history() == mixed.history()
        assert pyspiel.State.move_number(restored) == mixed.move_number()
        assert str(restored) == str(mixed)
    # OpenSpiel's C++ serialization writes its own copy of the history (at most the actions
    # C++ applied), but stores the core: the state it restores is whole.
    assert pyspiel.State.history(mixed) == cpp_side
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, mixed))
    assert restored.history() == mixed.history() and str(restored) == str(mixed)
    assert pyspiel.State.history(restored) == cpp_side


def _kept_deal_start(state: Any) -> Any:
    # Read through a function: an `assert state._deal is None` would make mypy take it for
    # None through the rest of the test.
    return state._deal


def test_a_domino_deal_start_is_made_once_when_resampling_needs_it(spiel: Any) -> None:
    import pyspiel

    # Playing keeps nothing for resampling; the first resampling makes the state at the
    # start of the deal (replaying the history up to there), and the copies made after
    # share it (cloning copies a reference, not a second state) while in that deal.
    game = spiel.load(Kind.DOMINO, preset="four_players")
    rng = random.Random(6)
    state = _random_position(game, rng, 150)
    while state.is_terminal() or state.is_chance_node() or state.core.deal_index == 0:
        state = _random_position(game, rng, 150)
    assert _kept_deal_start(state) is None
    player = state.current_player()
    first = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    start = state._deal.state
    index = state.core.deal_index
    assert start is not None and start.history() == state.history()[:index]
    assert first.information_state_string(player) == state.information_state_string(player)
    copy = state.clone()
    assert copy._deal.state is start and copy.clone()._deal.state is start and first._deal.state is start
    # A copy resamples from the same start without making it again.
    other = copy.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(2, 0.0, 1.0))
    assert other.information_state_string(player) == copy.information_state_string(player)
    assert other._deal.state is start and other.history()[:index] == state.history()[:index]
    # Pickled, a state leaves its deal start out and makes it again when asked: the same
    # resampling as the original's.
    import pickle

    restored = pickle.loads(pickle.dumps(copy))
    assert restored._deal.index == index and restored._deal.state is None
    again = restored.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(2, 0.0, 1.0))
    assert again.history() == other.history() and restored._deal.state is not start
    # A copy that plays into the next deal makes its own start there.
    while copy.core.deal_index == index and not copy.is_terminal():
        if copy.is_chance_node():
            copy.apply_action(copy.chance_outcomes()[0][0])
        else:
            copy.apply_action(copy.legal_actions()[0])
    while not copy.is_terminal() and copy.is_chance_node():
        copy.apply_action(copy.chance_outcomes()[0][0])
    assert not copy.is_terminal() and copy.core.deal_index > index
    player = copy.current_player()
    later = copy.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(3, 0.0, 1.0))
    assert copy._deal.state is not start and copy._deal.index == copy.core.deal_index
    assert later.information_state_string(player) == copy.information_state_string(player)
    assert state._deal.state is start


def _decisions(state: Any) -> int:
    return sum(1 for a in state.full_history() if a.player >= 0)


def test_max_game_length_is_derived_from_the_rules(spiel: Any) -> None:
    # Four seats: at most 25 placements per round and 400 // 3 + 1 rounds (each round
    # charges three hands of distinct tiles, at least 0 + 1 + 2 pips).
    four = spiel.load(Kind.DOMINO, preset="four_players")
    assert four.max_game_length() == 134 * 25
    three = spiel.load(Kind.DOMINO, preset="three_players")
    assert three.max_game_length() == (3 * 100 // 1 + 1) * 26
    # Two seats can add 0 points in a round: the engine's round cap, 4 × 2 × 101 rounds.
    assert spiel.load(Kind.DOMINO).max_game_length() == 808 * 27
    assert spiel.load(Kind.DOMINO).max_game_length() < dangian.Game("domino").max_moves
    assert spiel.load(Kind.O_AN_QUAN).max_game_length() == dangian.Game("o_an_quan").max_moves
    rng = random.Random(9)
    for _ in range(3):
        state = _random_position(four, rng, 10**6)
        assert state.is_terminal() and _decisions(state) <= four.max_game_length()


def test_resample_gives_every_seat_a_consistent_history(spiel: Any) -> None:
    import pyspiel

    game = spiel.load(Kind.DOMINO, preset="four_players")
    rng = random.Random(11)
    checked = changed = 0
    for trial in range(60):
        state = _random_position(game, rng, rng.randrange(10, 250))
        if state.is_terminal() or state.is_chance_node():
            continue
        player = state.current_player()
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(trial, 0.0, 1.0))
        assert other.information_state_string(player) == state.information_state_string(player)
        np.testing.assert_array_equal(other.information_state_tensor(player), state.information_state_tensor(player))
        # The resampled history replays to the resampled state, seat by seat.
        replay = game.new_initial_state()
        for action in other.history():
            replay.apply_action(action)
        assert str(replay) == str(other)
        for seat in range(4):
            assert replay.information_state_string(seat) == other.information_state_string(seat)
            assert replay.observation_string(seat) == other.observation_string(seat)
        changed += other.history() != state.history()
        checked += 1
    assert checked > 20 and changed > checked // 2


def test_resample_uses_the_given_sampler(spiel: Any) -> None:
    import pyspiel

    game = spiel.load(Kind.DOMINO, preset="four_players")
    state = _random_position(game, random.Random(2), 40)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()

    def draw(seed: int) -> List[int]:
        np.random.seed(0)
        out = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        # NumPy's global RNG is left alone.
        assert np.random.randint(0, 2**31) == np.random.RandomState(0).randint(0, 2**31)
        return list(out.history())

    assert draw(1) == draw(1)
    assert len({tuple(draw(seed)) for seed in range(6)}) > 1
    with pytest.raises(TypeError):
        state.resample_from_infostate(player, None)


def _ismcts_game(spiel: Any, seed: int) -> List[int]:
    from open_spiel.python.algorithms import ismcts

    game = spiel.load(Kind.DOMINO, preset="four_players", config={"max_rounds": 1})
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        spiel.RustRolloutEvaluator(n_rollouts=1, seed=seed),
        uct_c=2.0,
        max_simulations=20,
        random_state=np.random.RandomState(seed),
    )
    bot.set_resampler(spiel.seeded_resampler(seed))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return list(state.history())


def test_ismcts_seeded_runs_are_identical(spiel: Any) -> None:
    first = _ismcts_game(spiel, 7)
    assert first == _ismcts_game(spiel, 7)


def _mcts_determinized_game(spiel: Any, seed: int) -> List[int]:
    import pyspiel
    from open_spiel.python.algorithms import mcts

    game = spiel.load(Kind.DOMINO, preset="four_players", config={"max_rounds": 1})
    rng = np.random.RandomState(seed)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=20,
        evaluator=spiel.RustRolloutEvaluator(n_rollouts=1, seed=seed),
        random_state=np.random.RandomState(seed),
        solve=False,
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state.resample_from_infostate(0, sampler)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return list(state.history())


def test_mcts_on_determinized_states_seeded_runs_are_identical(spiel: Any) -> None:
    first = _mcts_determinized_game(spiel, 3)
    assert first == _mcts_determinized_game(spiel, 3)
