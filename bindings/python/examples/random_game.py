"""A seeded game of each kind, uniformly random moves, chance sampled by the engine."""

from __future__ import annotations

import random
import sys

import dangian


def main(seed: int = 1) -> None:
    rng = random.Random(seed)
    for kind in dangian.Kind:
        game = dangian.Game(kind, seed=seed)
        while not game.is_over:
            if game.is_chance:
                game.play_chance()
            else:
                game.apply(rng.choice(game.legal_actions()))
        print(f"{kind.game_name}: {game.move_number} actions, outcome {game.outcome()}")
        assert dangian.Game.load(game.save()).state_hash() == game.state_hash()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
