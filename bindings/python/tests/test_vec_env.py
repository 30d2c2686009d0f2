"""The vectorized environment: N games per call, numpy in and out, automatic reset and
seeding."""

from __future__ import annotations

import numpy as np
import pytest

import dangian
from dangian import Kind, VecEnv


@pytest.mark.parametrize("kind", list(Kind))
def test_shapes_and_autoreset(kind: Kind) -> None:
    env = VecEnv(kind, 8, seed=1)
    obs, mask, to_play = env.reset(seed=1)
    assert obs.shape == (8, env.observation_size) and obs.dtype == np.float32
    assert mask.shape == (8, env.num_actions) and mask.dtype == np.int8
    assert to_play.shape == (8,) and (to_play >= 0).all()
    done_seen = 0
    for step in range(3000):
        actions = env.random_actions(step)
        assert all(mask[i, a] == 1 for i, a in enumerate(actions))
        obs, mask, rewards, dones, to_play = env.step(actions)
        assert rewards.shape == (8, env.num_seats) and dones.dtype == np.bool_
        assert (mask.sum(axis=1) > 0).all() and (to_play >= 0).all()
        assert np.allclose(rewards.sum(axis=1), 0.0, atol=1e-6)
        assert (rewards[~dones] == 0).all()
        done_seen += int(dones.sum())
        if done_seen >= 4:
            break
    assert done_seen >= 1 and env.episodes == done_seen


def test_observations_match_single_games() -> None:
    env = VecEnv("domino", 4, {"players": 3}, seed=7)
    obs, mask, to_play = env.reset(seed=7)
    for i in range(4):
        g = env.game(i)
        assert g.current_seat == to_play[i]
        np.testing.assert_array_equal(obs[i], g.observation(int(to_play[i])))
        np.testing.assert_array_equal(mask[i], g.legal_mask())
    np.testing.assert_array_equal(env.observe_seat(1)[2], env.game(2).observation(1))


def test_seeding_is_reproducible() -> None:
    def run(seed: int) -> list[np.ndarray]:
        env = VecEnv("ca_ngua", 5, seed=seed)
        out = [env.reset(seed=seed)[0]]
        for s in range(50):
            out.append(env.step(env.random_actions(s))[0])
        return out

    a, b, c = run(3), run(3), run(4)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c))


def test_numpy_policy_loop() -> None:
    env = VecEnv("o_an_quan", 16, seed=2)
    obs, mask, _ = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(200):
        # A random masked policy in numpy: no per-game Python loop.
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1).astype(np.int64)
        obs, mask, rewards, dones, to_play = env.step(actions)


def test_errors() -> None:
    env = VecEnv("o_an_quan", 2)
    env.reset()
    with pytest.raises(dangian.InvalidArgumentError):
        env.step(np.zeros(3, np.int64))
    obs_before = env.observe()[0]
    legal = env.random_actions(0)
    bad = legal.copy()
    bad[1] = 999
    with pytest.raises(dangian.UnknownActionError, match="game 1"):
        env.step(bad)
    illegal = legal.copy()
    illegal[0] = 19  # seat 0 never owns b5+
    with pytest.raises(dangian.IllegalActionError, match="game 0") as e:
        env.step(illegal)
    assert e.value.code == dangian.Reason.O_AN_QUAN_NOT_OWN_SQUARE
    np.testing.assert_array_equal(env.observe()[0], obs_before)
    with pytest.raises(dangian.InvalidConfigError):
        VecEnv("domino", 2, {"players": 1})
    with pytest.raises(dangian.InvalidArgumentError):
        env.observe_seat(2)
    with pytest.raises(dangian.InvalidArgumentError):
        env.game(5)


def test_rust_timing_runs() -> None:
    assert dangian.rust_random_play("o_an_quan", 4, 200) > 0


def test_actions_of_any_integer_type() -> None:
    env = VecEnv("o_an_quan", 3, seed=1)
    env.reset(seed=1)
    legal = env.random_actions(1)
    env.step(legal.astype(np.int32))
    env.step(list(env.random_actions(2)))
    with pytest.raises(TypeError):
        env.step(np.zeros((3, 2), np.int64))
