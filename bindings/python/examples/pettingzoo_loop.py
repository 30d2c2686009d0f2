"""A PettingZoo AEC loop: masked random agents play a three-player Domino match."""

from __future__ import annotations

import numpy as np

from dangian.pettingzoo_env import env as make_env


def main(seed: int = 1) -> None:
    env = make_env("domino", config={"players": 3})
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        totals[agent] += float(reward)
        action = None if termination or truncation else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    print("returns:", totals)


if __name__ == "__main__":
    main()
