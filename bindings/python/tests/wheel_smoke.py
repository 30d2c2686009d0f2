"""The smoke test of an installed wheel, run where the full test suite cannot be: a second
Python version, another architecture under qemu-user. Needs only the package and numpy.

A game of each kind to its end (random moves, chance from the game's RNG, a bot move, the
record saved, loaded and its final hash checked), then a vectorized environment of each kind
stepped with numpy actions. Prints where the package was loaded from and, last, one summary
line `smoke: N passed, 0 failed` (or raises).

    python bindings/python/tests/wheel_smoke.py [--expect-abi3]
"""

from __future__ import annotations

import platform
import random
import sys

import numpy as np

import dangian


def play_each_kind(seed: int) -> int:
    rng = random.Random(seed)
    for kind in dangian.Kind:
        game = dangian.Game(kind, seed=seed)
        bot_moved = False
        while not game.is_over:
            if game.is_chance:
                game.play_chance()
                continue
            seat = game.current_seat
            if not bot_moved and seat is not None:
                game.apply(game.bot_choose(seat, "medium", seed=seed))
                bot_moved = True
            else:
                game.apply(rng.choice(game.legal_actions()))
        outcome = game.outcome()
        assert outcome is not None, kind
        assert abs(sum(game.returns())) < 1e-6, kind
        assert dangian.Game.load(game.save()).state_hash() == game.state_hash(), kind
        print(f"  {kind.game_name}: {game.move_number} actions, places {outcome['places']}")
    return len(dangian.Kind)


def step_vec_envs(seed: int) -> int:
    for kind in dangian.Kind:
        env = dangian.VecEnv(kind, 16, seed=seed)
        obs, mask, to_play = env.reset(seed=seed)
        assert obs.shape == (16, dangian.observation_size(kind)), kind
        assert mask.shape == (16, dangian.num_actions(kind)), kind
        rng = np.random.default_rng(seed)
        ended = 0
        for _ in range(200):
            actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
            obs, mask, rewards, dones, to_play = env.step(actions)
            ended += int(dones.sum())
            # A finished game's returns are zero-sum; the others' rewards are zero.
            assert np.allclose(rewards.sum(axis=1), 0.0), kind
        assert rewards.shape == (16, env.num_seats), kind
        assert obs.dtype == np.float32 and to_play.shape == (16,), kind
        print(f"  VecEnv {kind.game_name}: 16 games x 200 steps, {ended} episodes ended")
    return len(dangian.Kind)


def step_bot_vec_envs(seed: int) -> int:
    """The learner at seat 0 against easy bots, the batch split over two threads: the same
    games as on one thread, and the learner's seat is the only one it is shown."""
    for kind in dangian.Kind:
        players = ["learner"] + ["easy"] * (dangian.Game(kind).seats - 1)
        runs = []
        for threads in (1, 2):
            env = dangian.BotVecEnv(kind, 8, players, seed=seed, threads=threads)
            obs, mask, to_play = env.reset(seed=seed)
            rng = np.random.default_rng(seed)
            total = 0.0
            for _ in range(100):
                actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
                obs, mask, rewards, dones, to_play = env.step(actions)
                assert (to_play == 0).all(), kind
                total += float(rewards[:, 0].sum())
            runs.append((total, obs.tobytes(), env.episodes, env.bot_moves))
        assert runs[0] == runs[1], kind
        print(f"  BotVecEnv {kind.game_name}: 8 games x 100 steps against easy, {runs[0][2]} episodes ended")
    return len(dangian.Kind)


def main(argv: list[str]) -> None:
    native = dangian._dangian.__file__
    print(
        f"dangian {dangian.__version__} on CPython {platform.python_version()} "
        f"({platform.machine()}), extension {native}"
    )
    if "--expect-abi3" in argv:
        # The wheel built for every CPython >= 3.9: its extension carries no version tag.
        assert native is not None and (native.endswith(".abi3.so") or native.endswith(".pyd")), native
    passed = play_each_kind(7) + step_vec_envs(7) + step_bot_vec_envs(7)
    print(f"smoke: {passed} passed, 0 failed")


if __name__ == "__main__":
    main(sys.argv[1:])
