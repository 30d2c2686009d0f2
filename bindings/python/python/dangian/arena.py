"""A paired-seed arena: bot A against bot B over many seeded games, in one process or spread
over a Ray cluster's workers, with the same results either way.

Games come in pairs with the same seed (the same chance stream: dice, deals, draws) and the
seats swapped, as in the engine's ``examples/arena.rs``. With two seats the bots alternate
seats; with more, bot A plays the even seats and B the odd ones, then the other way round.
A game's score for A is its mean return over A's seats mapped to 0..1 (1 a win, ½ a draw).

::

    from dangian.arena import run_local, run_ray, summary

    local = run_local("o_an_quan", "easy", "random", pairs=50, seed=1)
    import ray; ray.init()
    spread = run_ray("o_an_quan", "easy", "random", pairs=50, seed=1)
    assert spread == local
    print(summary(local))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence

from . import Game, Kind, KindLike

__all__ = ["GameResult", "play_game", "play_pair", "run_local", "run_ray", "summary"]

BOTS = ("random", "easy", "medium", "hard")


@dataclass(frozen=True)
class GameResult:
    """One game of a pair."""

    seed: int
    a_seats: tuple[int, ...]
    returns: tuple[float, ...]
    moves: int
    final_hash: int

    @property
    def a_score(self) -> float:
        """A's score: 1 a win, 0.5 a draw, 0 a loss (the mean over A's seats)."""
        mine = [self.returns[s] for s in self.a_seats]
        return (sum(mine) / len(mine) + 1.0) / 2.0


def _mix(seed: int, n: int) -> int:
    z = (seed * 0x9E3779B97F4A7C15 + n * 0xBF58476D1CE4E5B9 + 1) & (2**64 - 1)
    z ^= z >> 31
    return (z * 0x94D049BB133111EB) & (2**63 - 1)


def play_game(kind: KindLike, config: Optional[Dict[str, Any]], bot_a: str, bot_b: str, seed: int, a_seats: Sequence[int]) -> GameResult:
    """One seeded game: bot A at `a_seats`, bot B at the others."""
    for b in (bot_a, bot_b):
        if b not in BOTS:
            raise ValueError(f"unknown bot {b!r} (random, easy, medium, hard)")
    game = Game(kind, config, seed=seed)
    game.set_events(False)
    while not game.is_over:
        if game.is_chance:
            game.play_chance()
            continue
        seat = game.to_move
        bot = bot_a if seat in a_seats else bot_b
        s = _mix(seed, game.move_number)
        if bot == "random":
            legal = game.legal_actions()
            game.apply(legal[s % len(legal)])
        else:
            game.apply(game.bot_choose(seat, bot, s))
    return GameResult(seed, tuple(a_seats), tuple(game.returns()), game.move_number, game.state_hash())


def play_pair(kind: KindLike, config: Optional[Dict[str, Any]], bot_a: str, bot_b: str, seed: int) -> List[GameResult]:
    """Two games with the same seed and the seats swapped."""
    seats = Game(kind, config).seats
    even = tuple(s for s in range(seats) if s % 2 == 0)
    odd = tuple(s for s in range(seats) if s % 2 == 1)
    return [
        play_game(kind, config, bot_a, bot_b, seed, even),
        play_game(kind, config, bot_a, bot_b, seed, odd),
    ]


def run_local(kind: KindLike, bot_a: str, bot_b: str, pairs: int, seed: int = 1, config: Optional[Dict[str, Any]] = None) -> List[GameResult]:
    """Every pair in this process, seeds `seed .. seed + pairs - 1`."""
    out: List[GameResult] = []
    for i in range(pairs):
        out.extend(play_pair(kind, config, bot_a, bot_b, seed + i))
    return out


def run_ray(kind: KindLike, bot_a: str, bot_b: str, pairs: int, seed: int = 1, config: Optional[Dict[str, Any]] = None, chunk: int = 1) -> List[GameResult]:
    """The same games as `run_local`, spread over the Ray cluster `ray.init()` connected to
    (one task per `chunk` pairs); results in seed order, identical to `run_local`'s."""
    import ray

    kind_value = int(Kind.parse(kind))

    @ray.remote  # type: ignore[untyped-decorator,unused-ignore]
    def task(first: int, count: int) -> List[GameResult]:
        out: List[GameResult] = []
        for i in range(first, first + count):
            out.extend(play_pair(kind_value, config, bot_a, bot_b, i))
        return out

    refs = [task.remote(seed + i, min(chunk, pairs - i)) for i in range(0, pairs, chunk)]
    results: List[GameResult] = []
    for part in ray.get(refs):
        results.extend(part)
    return results


def summary(results: Sequence[GameResult]) -> Dict[str, float]:
    """Wins, draws and losses of A, its mean score and a 95% Wilson interval."""
    n = len(results)
    wins = sum(1 for r in results if r.a_score > 0.5)
    losses = sum(1 for r in results if r.a_score < 0.5)
    score = sum(r.a_score for r in results) / n if n else 0.0
    z = 1.96
    if n:
        centre = (score + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    else:
        centre = half = 0.0
    return {
        "games": float(n),
        "wins": float(wins),
        "draws": float(n - wins - losses),
        "losses": float(losses),
        "score": score,
        "ci_low": max(0.0, centre - half),
        "ci_high": min(1.0, centre + half),
    }
