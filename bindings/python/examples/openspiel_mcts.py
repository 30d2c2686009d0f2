"""OpenSpiel's Python MCTS bot (rollouts in Rust) against a random player, in each game."""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import dangian
import dangian.spiel


def main(seed: int = 1) -> None:
    configs = {
        dangian.Kind.O_AN_QUAN: {},
        dangian.Kind.CA_NGUA: {},
        dangian.Kind.DOMINO: {"max_rounds": 1},
    }
    presets = {dangian.Kind.O_AN_QUAN: "seed_rules", dangian.Kind.CA_NGUA: "two_players", dangian.Kind.DOMINO: "seed_rules"}
    for kind, config in configs.items():
        game = dangian.spiel.load(kind, preset=presets[kind], config=config)
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        rng = np.random.RandomState(seed)
        evaluator = dangian.spiel.RustRolloutEvaluator(n_rollouts=4, seed=seed)
        bot = mcts.MCTSBot(game, 2.0, 50, evaluator, random_state=rng, solve=False)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
            elif state.current_player() == 0:
                # Domino hides hands: search a position drawn from what seat 0 knows.
                seen = state.resample_from_infostate(0, sampler) if kind == dangian.Kind.DOMINO else state
                state.apply_action(bot.step(seen))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        print(f"{game.get_type().short_name}: MCTS (seat 0) vs random: returns {state.returns()}")


if __name__ == "__main__":
    main()
