"""Gymnasium: a single-agent environment against one of the package's bots passes
`gymnasium.utils.env_checker.check_env`."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from dangian import Kind

from conftest import require


@pytest.fixture(scope="module")
def gym_env() -> Any:
    require("gymnasium")
    import dangian.gym_env

    return dangian.gym_env


@pytest.mark.parametrize("kind", list(Kind), ids=[k.game_name for k in Kind])
def test_check_env(gym_env: Any, kind: Kind) -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(gym_env.DangianEnv(kind, opponent="easy"), skip_render_check=True)


def test_registered_and_playable(gym_env: Any) -> None:
    import gymnasium as gym

    env = gym.make("dangian/OAnQuan-v0", opponent="easy")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    total, done = 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        done = terminated or truncated
    assert total in (-1.0, 0.0, 1.0)
    assert "outcome" in info


def test_illegal_action_ends_the_episode(gym_env: Any) -> None:
    env = gym_env.DangianEnv("o_an_quan", opponent="random")
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal"]


def test_other_seat_and_bots(gym_env: Any) -> None:
    env = gym_env.DangianEnv("ca_ngua", opponent="random", seat=2)
    obs, info = env.reset(seed=5)
    assert env.action_masks().any()
    with pytest.raises(ValueError):
        gym_env.DangianEnv("o_an_quan", opponent="grandmaster")
