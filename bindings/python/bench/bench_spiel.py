"""The OpenSpiel adapter's speed: the cost of `state.clone()` by game length (four-seat Cờ
cá ngựa after 0, 500 and 2,000 actions; and of OpenSpiel's C++ clone, the path C++ callers
take), and random playouts (actions per second, chance
nodes included) through the adapter, through the adapter with every action applied by
OpenSpiel's C++ `apply_action` (`pyspiel.State.apply_action`, what the adapter's own
`apply_action` skips when called from Python), through the plain `dangian.Game` loop, and
through OpenSpiel's C++ `oware`, in the same run and with the same Python loop, in turns.

    python bench/bench_spiel.py [SECONDS_PER_ROW]
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any, Callable, Dict, List, Tuple

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
    print("| actions played | `state.clone()` | OpenSpiel's C++ clone |")
    print("|---|---|---|")
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
        cpp = median_seconds(lambda: pyspiel.State.clone(state), 200)
        print(f"| {len(state.history())} | {cost * 1e6:,.1f} µs | {cpp * 1e6:,.1f} µs |", flush=True)


def spiel_playouts(
    game: Any, seconds: float, rng: random.Random, through_cpp: bool = False
) -> Tuple[int, float]:
    """Random playouts through pyspiel states for about `seconds` (each action applied by
    OpenSpiel's C++ `apply_action` if `through_cpp`): (actions, seconds)."""
    actions_done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        apply = (lambda a: pyspiel.State.apply_action(state, a)) if through_cpp else state.apply_action
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                apply(rng.choices(actions, probs)[0])
            else:
                apply(rng.choice(state.legal_actions()))
            actions_done += 1
    return actions_done, time.perf_counter() - start


def plain_playouts(kind: dangian.Kind, seconds: float, rng: random.Random) -> Tuple[int, float]:
    """The same playouts with `dangian.Game` directly: (actions, seconds)."""
    actions_done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = dangian.Game(kind)
        game.set_events(False)
        while not game.is_over:
            if game.is_chance:
                actions, weights = zip(*game.chance_outcomes())
                game.apply(rng.choices(actions, weights)[0])
            else:
                game.apply(rng.choice(game.legal_actions()))
            actions_done += 1
    return actions_done, time.perf_counter() - start


def playouts(seconds: float, slices: int = 6) -> None:
    """Each game's loops run in turns, `slices` short turns each, so that a change of the
    machine's load hits them all alike."""
    oware_game = pyspiel.load_game("oware")
    print(
        "| game | adapter (actions/s) | plain `Game` loop | `oware` | adapter / plain "
        "| adapter / oware | plain / oware | adapter, C++ `apply_action` |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for kind in dangian.Kind:
        game = dangian.spiel.load(kind)
        names = ("oware", "adapter", "plain", "cpp")
        totals: Dict[str, List[float]] = {name: [0, 0.0] for name in names}
        rngs = {name: random.Random(1) for name in totals}
        turn = seconds / slices
        for _ in range(slices):
            for name in names:
                if name == "plain":
                    n, t = plain_playouts(kind, turn, rngs[name])
                elif name == "oware":
                    n, t = spiel_playouts(oware_game, turn, rngs[name])
                else:
                    n, t = spiel_playouts(game, turn, rngs[name], through_cpp=name == "cpp")
                totals[name][0] += n
                totals[name][1] += t
        rate = {name: n / t for name, (n, t) in totals.items()}
        a, p, o = rate["adapter"], rate["plain"], rate["oware"]
        print(
            f"| {kind.game_name} | {a:,.0f} | {p:,.0f} | {o:,.0f} | {a / p:.2f} | {a / o:.2f} "
            f"| {p / o:.2f} | {rate['cpp']:,.0f} |",
            flush=True,
        )


def main(seconds: float = 3.0) -> None:
    clone_costs()
    print()
    playouts(seconds)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
