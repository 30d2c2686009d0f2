"""Throughput of the vectorized environment: random play (a masked random policy in numpy,
chance and resets in Rust), environment steps per second for N games per call; next to the
same random play timed inside Rust (`dangian.rust_random_play`, no Python per step).

    python bench/bench_vec_env.py [SECONDS_PER_ROW]
"""

from __future__ import annotations

import sys
import time

import numpy as np

import dangian


def python_rate(kind: str, n: int, seconds: float) -> float:
    env = dangian.VecEnv(kind, n, seed=1)
    obs, mask, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(10):
            actions = np.argmax(rng.random(mask.shape) * mask, axis=1).astype(np.int64)
            obs, mask, rewards, dones, to_play = env.step(actions)
            steps += n
    return steps / (time.perf_counter() - start)


def main(seconds: float = 2.0) -> None:
    print("| game | N | VecEnv steps/s (Python loop) | Rust, same play (steps/s) |")
    print("|---|---|---|---|")
    for kind in ("o_an_quan", "ca_ngua", "domino"):
        for n in (1, 64, 1024):
            py = python_rate(kind, n, seconds)
            rust = dangian.rust_random_play(kind, n, max(int(py * seconds), n * 4), seed=1)
            print(f"| {kind} | {n} | {py:,.0f} | {rust:,.0f} |", flush=True)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
