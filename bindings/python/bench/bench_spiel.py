"""The OpenSpiel adapter's speed: the cost of `state.clone()` by game length (four-seat Cờ
cá ngựa after 0, 500 and 2,000 actions), and random playouts (actions per second, chance
nodes included) through the adapter, through the plain `dangian.Game` loop, and through
OpenSpiel's C++ `oware`, in the same run and with the same Python loop.

    python bench/bench_spiel.py [SECONDS_PER_ROW]
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any, Callable, List

import pyspiel

import dangian
import dangian.spiel


def median_seconds(fn: Callable[[], Any], reps: int) -> float:
    times: List[float] = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2]


def clone_costs() -> None:
    game = dangian.spiel.load(dangian.Kind.CA_NGUA)  # the seed rules: four seats
    rng = random.Random(3)
    print("| actions played | `state.clone()` |")
    print("|---|---|")
    for target in (0, 500, 2000):
        state = game.new_initial_state()
        while len(state.history()) < target:
            if state.is_terminal():
                state = game.new_initial_state()
            elif state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        cost = median_seconds(state.clone, 200)
        print(f"| {len(state.history())} | {cost * 1e6:,.1f} µs |", flush=True)


def spiel_playouts(game: Any, seconds: float) -> float:
    rng = random.Random(1)
    actions_done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions_done += 1
    return actions_done / (time.perf_counter() - start)


def plain_playouts(kind: dangian.Kind, config: Any, seconds: float) -> float:
    rng = random.Random(1)
    actions_done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = dangian.Game(kind, config)
        game.set_events(False)
        while not game.is_over:
            if game.is_chance:
                actions, weights = zip(*game.chance_outcomes())
                game.apply(rng.choices(actions, weights)[0])
            else:
                game.apply(rng.choice(game.legal_actions()))
            actions_done += 1
    return actions_done / (time.perf_counter() - start)


def playouts(seconds: float) -> None:
    oware = spiel_playouts(pyspiel.load_game("oware"), seconds)
    print(f"OpenSpiel's C++ oware, same loop: {oware:,.0f} actions/s\n")
    print("| game | adapter (actions/s) | plain `Game` loop | adapter / plain | adapter / oware | plain / oware |")
    print("|---|---|---|---|---|---|")
    for kind in dangian.Kind:
        config = dangian.preset_config(kind, "seed_rules")
        adapter = spiel_playouts(dangian.spiel.load(kind), seconds)
        plain = plain_playouts(kind, config, seconds)
        print(
            f"| {kind.game_name} | {adapter:,.0f} | {plain:,.0f} | {adapter / plain:.2f} "
            f"| {adapter / oware:.2f} | {plain / oware:.2f} |",
            flush=True,
        )


def main(seconds: float = 3.0) -> None:
    clone_costs()
    print()
    playouts(seconds)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
