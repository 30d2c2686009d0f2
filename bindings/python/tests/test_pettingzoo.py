"""PettingZoo: an AEC environment per game passes `pettingzoo.test.api_test`."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from dangian import Kind

from conftest import require


@pytest.fixture(scope="module")
def pz() -> Any:
    require("pettingzoo")
    import dangian.pettingzoo_env

    return dangian.pettingzoo_env


@pytest.mark.parametrize("kind", list(Kind), ids=[k.game_name for k in Kind])
def test_api_test(pz: Any, kind: Kind) -> None:
    from pettingzoo.test import api_test

    api_test(pz.env(kind), num_cycles=300, verbose_progress=False)
    api_test(pz.raw_env(kind), num_cycles=100, verbose_progress=False)


def test_masked_random_loop(pz: Any) -> None:
    env = pz.env("domino", config={"players": 3}, render_mode="ansi")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=20000):
        obs, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    assert abs(sum(totals.values())) < 1e-6 and max(totals.values()) > 0
    assert isinstance(env.render(), str)
