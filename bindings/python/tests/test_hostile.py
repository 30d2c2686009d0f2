"""Hostile calls: every one raises an ordinary Python exception (never an abort, never PyO3's
`PanicException`, which `except Exception` misses); panics are caught at the boundary and
poison the object; sizes and integers are range-checked; action arrays must be integers; an
ended episode refuses `step` until `reset`."""

from __future__ import annotations

import math
import subprocess
import sys
from typing import Any, Callable, List, Tuple

import numpy as np
import pytest

import dangian
from dangian import _dangian

from conftest import require

HOSTILE: List[Any] = [None, 0, 1, -1, 2**64, 1.5, math.nan, "o_an_quan", "x", b"\xff", [], {}]


def ordinary(call: Callable[[], Any]) -> None:
    """Run `call`; whatever it raises must be an ordinary `Exception`."""
    try:
        call()
    except Exception:
        pass
    except BaseException as e:  # PanicException derives from BaseException
        pytest.fail(f"{type(e).__name__} is not an Exception: {e}")


# ---- the panic boundary ---------------------------------------------------------------------


def test_a_panic_in_a_module_function_is_a_panic_error() -> None:
    _dangian._arm_fault()
    with pytest.raises(dangian.PanicError) as e:
        dangian.presets("o_an_quan")
    assert isinstance(e.value, RuntimeError) and isinstance(e.value, dangian.DangianError)
    assert "internal error" in str(e.value)
    assert dangian.presets("o_an_quan")[0] == "seed_rules"  # the module goes on working


def test_a_panic_in_a_method_poisons_the_game() -> None:
    game = dangian.Game("o_an_quan", seed=1)
    other = dangian.Game("o_an_quan", seed=1)
    _dangian._arm_fault()
    with pytest.raises(dangian.PanicError):
        game.apply(game.legal_actions()[0])
    for call in (game.legal_actions, lambda: game.to_move, game.copy, game.state_json):
        with pytest.raises(dangian.PoisonedError):
            call()
    other.apply(other.legal_actions()[0])  # another game is untouched


def test_a_panic_in_a_constructor_is_a_panic_error() -> None:
    _dangian._arm_fault()
    with pytest.raises(dangian.PanicError):
        dangian.Game("domino", seed=3)
    assert dangian.Game("domino", seed=3).seats == 2


def test_a_panic_in_vec_env_step_poisons_it() -> None:
    env = dangian.VecEnv("o_an_quan", 4, seed=1)
    env.reset()
    _dangian._arm_fault()
    with pytest.raises(dangian.PanicError):
        env.step(env.random_actions(1))
    with pytest.raises(dangian.PoisonedError):
        env.observe()
    with pytest.raises(dangian.PoisonedError):
        env.reset()


# ---- sizes ----------------------------------------------------------------------------------


def test_a_billion_envs_is_refused_not_an_abort() -> None:
    # In a child interpreter: before the bound, the allocation failure aborted the process.
    code = (
        "import dangian\n"
        "try:\n"
        "    dangian.VecEnv('o_an_quan', 10**9)\n"
        "except dangian.InvalidArgumentError as e:\n"
        "    print('refused:', e)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "refused: num_envs 1000000000 is out of range" in run.stdout


@pytest.mark.parametrize("n", [0, -1, 2**62, 2**64, 2**16 + 1])
def test_num_envs_out_of_range(n: int) -> None:
    with pytest.raises(dangian.InvalidArgumentError, match="out of range"):
        dangian.VecEnv("o_an_quan", n)


def test_num_envs_bound_itself_is_accepted() -> None:
    assert dangian.MAX_ENVS == 65536 and dangian.MAX_STEPS == 2**32
    assert dangian.VecEnv("o_an_quan", dangian.MAX_ENVS).num_envs == dangian.MAX_ENVS


@pytest.mark.parametrize(
    "args",
    [(0, 100), (-1, 100), (2**62, 100), (1, -1), (1, 2**32 + 1), (1, 2**64)],
)
def test_rust_random_play_sizes(args: Any) -> None:
    with pytest.raises(dangian.InvalidArgumentError, match="out of range"):
        dangian.rust_random_play("o_an_quan", *args)
    assert dangian.rust_random_play("o_an_quan", 2, 10) > 0


# ---- action arrays --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "actions",
    [np.array([0.9, 1.7]), [0.9, 1.7], [0.0, 1.0], np.array([True, False]), np.array(["1", "2"])],
    ids=["float-array", "float-list", "integral-floats", "bools", "strings"],
)
def test_non_integer_actions_are_refused(actions: Any) -> None:
    env = dangian.VecEnv("o_an_quan", 2, seed=1)
    env.reset()
    before = env.observe()[0].copy()
    with pytest.raises(TypeError):
        env.step(actions)
    assert np.array_equal(env.observe()[0], before)


def test_only_integer_actions_in_range_are_accepted() -> None:
    env = dangian.VecEnv("o_an_quan", 2, seed=1)
    env.reset()
    actions = env.random_actions(1)
    with pytest.raises(TypeError):
        env.step(actions.astype(np.float64))  # integral floats are still floats
    for bad in ([-1, 0], [2**40, 0], np.array([2**64 - 1, 0], dtype=np.uint64)):
        with pytest.raises(dangian.UnknownActionError):
            env.step(bad)
    for dtype in (np.int32, np.uint16, np.int64):
        env.reset(seed=1)
        env.step(actions.astype(dtype))
    env.reset(seed=1)
    env.step([int(a) for a in actions])


# ---- integer arguments ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [-1, 2**64, 2**100, -(2**64)])
def test_seeds_out_of_range(seed: int) -> None:
    game = dangian.Game("ca_ngua")
    env = dangian.VecEnv("ca_ngua", 1)
    calls: List[Callable[[], Any]] = [
        lambda: dangian.Game("ca_ngua", seed=seed),
        lambda: dangian.Game.preset("ca_ngua", "seed_rules", seed=seed),
        lambda: game.reseed(seed),
        lambda: game.sample_chance(seed),
        lambda: game.rollout_returns(seed),
        lambda: dangian.VecEnv("ca_ngua", 1, seed=seed),
        lambda: env.reset(seed=seed),
        lambda: env.random_actions(seed),
        lambda: dangian.rust_random_play("ca_ngua", 1, 1, seed),
    ]
    for call in calls:
        with pytest.raises(dangian.InvalidArgumentError, match="out of range"):
            call()
    game.play_chance_until_decision()
    with pytest.raises(dangian.InvalidArgumentError, match="out of range"):
        game.bot_choose(game.to_move, "easy", seed)
    # The bounds themselves are seeds.
    assert dangian.Game("ca_ngua", seed=2**64 - 1).seats == 4
    assert dangian.Game("ca_ngua", seed=0).seats == 4


@pytest.mark.parametrize("value", [2**63, 2**64, -(2**63) - 1, 2**70])
def test_other_integers_out_of_range(value: int) -> None:
    game = dangian.Game("o_an_quan")
    env = dangian.VecEnv("o_an_quan", 1)
    calls: List[Callable[[], Any]] = [
        lambda: game.observation(value),
        lambda: game.view(value),
        lambda: game.events(value),
        lambda: game.action_text(value),
        lambda: game.apply_at(value, 0),
        lambda: game.bot_choose_budget(0, value),
        lambda: env.game(value),
        lambda: env.observe_seat(value),
    ]
    for call in calls:
        with pytest.raises(dangian.InvalidArgumentError):
            call()
    # A float is no integer, whatever its value.
    with pytest.raises(TypeError):
        dangian.Game("o_an_quan", seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.observation(0.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        dangian.VecEnv("o_an_quan", 2.0)  # type: ignore[arg-type]


def test_integers_of_every_kind_are_the_same_argument() -> None:
    # A plain int within 64 bits takes a short path; a bool, a numpy integer, an int subclass
    # or an object with __index__ the general one: the same value, the same result.
    class Seat(int):
        pass

    class Index:
        def __index__(self) -> int:
            return 1

    game = dangian.Game("o_an_quan")
    expected = game.observation(1)
    for value in (np.int64(1), np.uint8(1), True, Seat(1), Index()):
        np.testing.assert_array_equal(game.observation(value), expected)  # type: ignore[arg-type]
    top = dangian.Game("ca_ngua", seed=2**64 - 1)
    assert dangian.Game("ca_ngua", seed=np.uint64(2**64 - 1)).state() == top.state()  # type: ignore[arg-type]

    class Liar:
        def __index__(self) -> Any:
            return "1"

    with pytest.raises(TypeError, match="__index__ returned str, not an int"):
        game.observation(Liar())  # type: ignore[arg-type]
    for bad in (-1, np.int64(-1), Seat(-1)):
        with pytest.raises(dangian.InvalidArgumentError, match="-1 is out of range"):
            dangian.Game("ca_ngua", seed=bad)  # type: ignore[arg-type]
        with pytest.raises(dangian.InvalidArgumentError, match="seat -1 is not in this game"):
            game.observation(bad)  # type: ignore[arg-type]


# ---- every call, hostile arguments ----------------------------------------------------------


def test_every_call_with_hostile_arguments() -> None:
    names = [n for n in dir(dangian.Game) if not n.startswith("__") or n in ("__setstate__", "__deepcopy__")]
    for kind in dangian.Kind:
        for name in names:
            if not callable(getattr(dangian.Game, name)):
                continue
            for a in HOSTILE:
                for b in [*HOSTILE, "absent"]:
                    args = (a,) if b == "absent" else (a, b)
                    game = dangian.Game(kind, seed=1)
                    ordinary(lambda: getattr(game, name)(*args))
    functions: List[Callable[..., Any]] = [
        dangian.kind_name, dangian.presets, dangian.preset_config, dangian.validate_config,
        dangian.illegal_reasons, dangian.num_actions, dangian.observation_size,
        dangian.fair_commitment, dangian.verify_record, dangian.rust_random_play, dangian.VecEnv,
    ]
    for f in functions:
        for a in HOSTILE:
            for b in HOSTILE:
                for c in [*HOSTILE, "absent"]:
                    fargs: Tuple[Any, ...] = (a, b) if c == "absent" else (a, b, c)
                    ordinary(lambda: f(*fargs))
    env = dangian.VecEnv("domino", 2, seed=1)
    for name in ("step", "observe_seat", "game", "reset", "random_actions"):
        for a in [*HOSTILE, np.array([0.5, 1.5]), np.zeros((2, 2), np.int64)]:
            ordinary(lambda: getattr(env, name)(a))


# ---- ended episodes -------------------------------------------------------------------------


def test_gym_episode_ended_by_an_illegal_action_refuses_step() -> None:
    require("gymnasium")
    from dangian.gym_env import DangianEnv

    env = DangianEnv("o_an_quan", opponent="random")
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    legal = int(np.flatnonzero(info["action_mask"])[0])
    _, _, terminated, _, _ = env.step(illegal)
    assert terminated
    with pytest.raises(dangian.EpisodeOverError):
        env.step(legal)
    obs, info = env.reset(seed=1)
    env.step(legal)


def test_gym_refuses_a_float_action_and_a_finished_game() -> None:
    require("gymnasium")
    from dangian.gym_env import DangianEnv

    env = DangianEnv("o_an_quan", opponent="random")
    _, info = env.reset(seed=2)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    with pytest.raises(TypeError):
        env.step(legal + 0.9)
    done = False
    while not done:
        _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(dangian.EpisodeOverError):
        env.step(0)


def test_pettingzoo_refuses_step_after_the_episode() -> None:
    require("pettingzoo")
    from dangian.pettingzoo_env import raw_env

    env = raw_env("o_an_quan")
    env.reset(seed=4)
    while env.agents:
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(dangian.EpisodeOverError):
        env.step(0)
    env.reset(seed=4)
    obs, *_ = env.last()
    with pytest.raises(TypeError):
        env.step(float(np.flatnonzero(obs["action_mask"])[0]) + 0.5)  # type: ignore[arg-type]
