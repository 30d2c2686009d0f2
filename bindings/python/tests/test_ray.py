"""The paired-seed arena on Ray: a local cluster gives the same results as one process."""

from __future__ import annotations

from typing import Any

import pytest

from dangian import arena

from conftest import require


@pytest.fixture(scope="module")
def ray() -> Any:
    ray = require("ray")
    # Ray gives its raylet a fixed 30 s to register; on a loaded machine it can miss that
    # once, so a second start is allowed before the test errs.
    for attempt in (1, 2):
        try:
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
            break
        except Exception as e:  # Ray raises a bare Exception for this
            ray.shutdown()
            if attempt == 2 or "timed out during startup" not in str(e):
                raise
    yield ray
    ray.shutdown()


def test_ray_matches_a_single_process(ray: Any) -> None:
    assert ray.is_initialized()
    for kind, a, b, pairs in (("o_an_quan", "easy", "random", 6), ("domino", "easy", "random", 2), ("ca_ngua", "easy", "random", 2)):
        local = arena.run_local(kind, a, b, pairs=pairs, seed=11)
        spread = arena.run_ray(kind, a, b, pairs=pairs, seed=11)
        assert spread == local
        assert len(local) == 2 * pairs
        assert [r.seed for r in local] == [11 + i // 2 for i in range(2 * pairs)]
    s = arena.summary(local)
    assert s["games"] == 4 and 0.0 <= s["ci_low"] <= s["score"] <= s["ci_high"] <= 1.0


def test_tasks_run_on_workers(ray: Any) -> None:
    import os

    @ray.remote  # type: ignore[untyped-decorator,unused-ignore]
    def pid() -> int:
        return os.getpid()

    pids = set(ray.get([pid.remote() for _ in range(4)]))
    assert os.getpid() not in pids


def test_pairs_swap_seats() -> None:
    first, second = arena.play_pair("o_an_quan", None, "easy", "random", 3)
    assert first.a_seats == (0,) and second.a_seats == (1,)
    assert first.seed == second.seed == 3
    with pytest.raises(ValueError):
        arena.play_game("o_an_quan", None, "easy", "wizard", 1, (0,))
