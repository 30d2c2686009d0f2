"""The paired-seed arena on a Ray cluster (a local one here), checked against one process."""

from __future__ import annotations

import sys

import ray

from dangian import arena


def main(pairs: int = 20) -> None:
    ray.init(include_dashboard=False, log_to_driver=False)
    spread = arena.run_ray("o_an_quan", "easy", "random", pairs=pairs, seed=1, chunk=5)
    local = arena.run_local("o_an_quan", "easy", "random", pairs=pairs, seed=1)
    assert spread == local, "Ray and one process disagree"
    s = arena.summary(spread)
    print(
        f"easy vs random, {int(s['games'])} games: {int(s['wins'])} wins, {int(s['draws'])} draws, "
        f"{int(s['losses'])} losses; score {s['score']:.1%} ({s['ci_low']:.1%}-{s['ci_high']:.1%}); "
        "identical to a single-process run"
    )
    ray.shutdown()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
