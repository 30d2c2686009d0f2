"""Throughput of the vectorized environment: random play (a masked random policy in numpy,
chance and resets in Rust), environment steps per second for N games per call; next to the
same random play timed inside Rust (`dangian.rust_random_play`, no Python per step).

    python bench/bench_vec_env.py [SECONDS_PER_ROW]

With `bots`: the learner (seat 0, the same numpy policy) against the package's bots in every
other seat through `BotVecEnv` (the bots moving inside the same call, the batch stepped by
THREADS threads): learner steps per second for each game, opponent and N, each row measured
REPEATS times (the range is printed; against hard once, for eight times as long), with the CPU time the process got per second of wall
time (below THREADS: the machine was busy); then each bot's own cost per decision, timed
natively by `bot_actions` on one thread over positions of random play.

    python bench/bench_vec_env.py bots [SECONDS_PER_ROW] [REPEATS] [THREADS]
"""

from __future__ import annotations

import sys
import time
from typing import Dict, Tuple

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


KINDS = ("o_an_quan", "ca_ngua", "domino")
OPPONENTS = ("random", "easy", "medium", "hard")


def bot_rate(kind: str, opponent: str, n: int, seconds: float, threads: int) -> Tuple[float, float]:
    """Learner steps per second against `opponent`, and CPU seconds per wall second."""
    seats = dangian.Game(kind).seats
    env = dangian.BotVecEnv(kind, n, ["learner"] + [opponent] * (seats - 1), seed=1, threads=threads)
    _, mask, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while steps == 0 or time.perf_counter() - start < seconds:
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1).astype(np.int64)
        _, mask, _, _, _ = env.step(actions)
        steps += n
    wall = time.perf_counter() - start
    return steps / wall, (time.process_time() - cpu) / wall


def bot_costs(kind: str, positions: int) -> Dict[str, float]:
    """Microseconds of one thread per decision of each bot, over positions of random play (the
    least of three calls)."""
    env = dangian.BotVecEnv(kind, positions, ["learner"] + ["random"] * (dangian.Game(kind).seats - 1), seed=3, threads=1)
    _, mask, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(9):
        _, mask, _, _, _ = env.step(np.argmax(rng.random(mask.shape) * mask, axis=1).astype(np.int64))
    games = [env.game(i) for i in range(positions)]
    out: Dict[str, float] = {}
    for bot in ("easy", "medium", "hard"):
        sample = games if bot != "hard" else games[: max(1, positions // 16)]
        # The least of three calls: the machine's disturbances only ever add time.
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            dangian.bot_actions(sample, bot, 1, threads=1)
            best = min(best, time.process_time() - start)
        out[bot] = best / len(sample) * 1e6
    return out


def bots_main(seconds: float, repeats: int, threads: int) -> None:
    print(
        f"| game | opponent | N | learner steps/s ({threads} threads, min–max of {repeats}) "
        "| steps per CPU-second | CPU/wall |"
    )
    print("|---|---|---|---|---|---|")
    for kind in KINDS:
        for opponent in OPPONENTS:
            for n in (1, 64, 1024):
                # The hard bots take milliseconds per decision: one longer run per row.
                hard = opponent == "hard"
                secs, reps = (seconds * 8, 1) if hard else (seconds, repeats)
                rates = [bot_rate(kind, opponent, n, secs, threads) for _ in range(reps)]
                lo, hi = min(r[0] for r in rates), max(r[0] for r in rates)
                cpu = sum(r[1] for r in rates) / len(rates)
                per_cpu = sorted(r[0] / r[1] for r in rates)[len(rates) // 2]
                print(
                    f"| {kind} | {opponent} | {n} | {lo:,.0f} – {hi:,.0f} | {per_cpu:,.0f} | {cpu:.2f} |",
                    flush=True,
                )
    print()
    print("| game | easy µs/decision | medium | hard |")
    print("|---|---|---|---|")
    for kind in KINDS:
        c = bot_costs(kind, 1024)
        print(f"| {kind} | {c['easy']:,.1f} | {c['medium']:,.1f} | {c['hard']:,.0f} |", flush=True)


def main(seconds: float = 2.0) -> None:
    print("| game | N | VecEnv steps/s (Python loop) | Rust, same play (steps/s) |")
    print("|---|---|---|---|")
    for kind in ("o_an_quan", "ca_ngua", "domino"):
        for n in (1, 64, 1024):
            py = python_rate(kind, n, seconds)
            rust = dangian.rust_random_play(kind, n, max(int(py * seconds), n * 4), seed=1)
            print(f"| {kind} | {n} | {py:,.0f} | {rust:,.0f} |", flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["bots"]:
        a = sys.argv[2:]
        bots_main(
            float(a[0]) if a else 1.0,
            int(a[1]) if len(a) > 1 else 3,
            int(a[2]) if len(a) > 2 else 2,
        )
    else:
        main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
