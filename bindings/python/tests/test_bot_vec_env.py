"""`BotVecEnv` (the package's bots inside the vectorized environment), `bot_actions`, and the
Gymnasium and SuperSuit-layout vector environments over them."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any, List, Tuple

import numpy as np
import numpy.typing as npt
import pytest

import dangian
from dangian import BotVecEnv, Game, IllegalActionError, InvalidArgumentError

from conftest import KINDS, require

MASK64 = (1 << 64) - 1


def batch_seed(seed: int, i: int) -> int:
    """The engine's seed of game `i` of a batch seeded with `seed` (SplitMix64 of both)."""
    z = (seed + i * 0x9E3779B97F4A7C15 + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seats_of(kind: str) -> int:
    return Game(kind).seats


def players(kind: str, bot: str, learners: Tuple[int, ...] = (0,)) -> List[str]:
    return ["learner" if s in learners else bot for s in range(seats_of(kind))]


def masked_choice(rng: np.random.Generator, mask: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    choice: npt.NDArray[np.int64] = np.argmax(rng.random(mask.shape) * mask, axis=1).astype(np.int64)
    return choice


def trajectory(env: BotVecEnv, steps: int, seed: int) -> List[Tuple[Any, ...]]:
    rng = np.random.default_rng(seed)
    obs, mask, to_play = env.reset(seed=seed)
    out: List[Tuple[Any, ...]] = [(obs.copy(), mask.copy(), to_play.copy())]
    for _ in range(steps):
        obs, mask, rewards, dones, to_play = env.step(masked_choice(rng, mask))
        out.append((obs, mask, rewards, dones, to_play))
    return out


def same(a: List[Tuple[Any, ...]], b: List[Tuple[Any, ...]]) -> bool:
    return len(a) == len(b) and all(
        all(np.array_equal(x, y) for x, y in zip(s, t)) for s, t in zip(a, b)
    )


@pytest.mark.parametrize("kind", KINDS)
def test_same_seeds_same_games_whatever_the_threads(kind: str) -> None:
    bot = "medium" if kind == "o_an_quan" else "easy"
    steps = 250 if kind == "ca_ngua" else 60
    runs = [
        trajectory(BotVecEnv(kind, 7, players(kind, bot), threads=t), steps, seed=11)
        for t in (1, 2, 3, 1)
    ]
    for r in runs[1:]:
        assert same(runs[0], r)
    other = trajectory(BotVecEnv(kind, 7, players(kind, bot), threads=2), steps, seed=12)
    assert not same(runs[0], other)
    # Games ended and restarted along the way.
    assert any(step[3].any() for step in runs[0][1:])


@pytest.mark.parametrize("kind", KINDS)
def test_a_large_batch_is_the_same_whatever_the_threads(kind: str) -> None:
    # 200 games: blocks of several games each (the last one shorter), taken by the threads in
    # whatever order they come free.
    p = players(kind, "easy")
    runs = [trajectory(BotVecEnv(kind, 200, p, threads=t), 12, seed=5) for t in (1, 2, 3)]
    assert same(runs[0], runs[1]) and same(runs[0], runs[2])
    # Every row is its own game's: the mask of game i is game i's legal actions.
    env = BotVecEnv(kind, 200, p, seed=5, threads=2)
    _, mask, _ = env.reset(seed=5)
    _, mask, _, _, _ = env.step(masked_choice(np.random.default_rng(5), mask))
    for i in range(200):
        g = env.game(i)
        assert np.flatnonzero(mask[i]).tolist() == sorted(g.legal_actions())


FORKED = """
import os, sys
import numpy as np
import dangian

def run(env):
    rng = np.random.default_rng(3)
    _, mask, _ = env.reset(seed=3)
    seen = []
    for _ in range(5):
        obs, mask, _, _, _ = env.step(np.argmax(rng.random(mask.shape) * mask, axis=1))
        seen.append(obs)
    return np.concatenate(seen)

env = dangian.BotVecEnv("o_an_quan", 64, ["learner", "easy"], threads=2)
expected = run(env)
positions = [env.game(i) for i in range(8)]
choices = dangian.bot_actions(positions, "easy", 1, threads=2).tolist()
pid = os.fork()
if pid == 0:
    same = np.array_equal(run(env), expected)
    same = same and dangian.bot_actions(positions, "easy", 1, threads=2).tolist() == choices
    os._exit(0 if same else 1)
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork on this platform")
def test_a_forked_process_steps_with_threads_of_its_own() -> None:
    # The helper threads are kept from step to step; a process forked after they started has
    # none of them, and its steps (and bot_actions) must start their own rather than wait.
    run = subprocess.run([sys.executable, "-c", FORKED], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("kind", KINDS)
def test_bot_seats_are_never_shown_to_the_learner(kind: str) -> None:
    learners = (1,) if seats_of(kind) == 2 else (0, 2)
    env = BotVecEnv(kind, 16, players(kind, "random", learners), seed=5)
    assert env.learner_seats == list(learners)
    rng = np.random.default_rng(1)
    _, mask, to_play = env.reset(seed=5)
    seen = set(to_play.tolist())
    for _ in range(800 if kind == "ca_ngua" else 150):
        _, mask, _, dones, to_play = env.step(masked_choice(rng, mask))
        seen |= set(to_play.tolist())
    assert seen == set(learners), seen
    assert env.bot_moves > 0 and env.episodes > 0 and env.silent_episodes == 0


@pytest.mark.parametrize("kind", KINDS)
def test_masks_and_observations_match_the_games(kind: str) -> None:
    env = BotVecEnv(kind, 6, players(kind, "easy"), seed=3, threads=2)
    rng = np.random.default_rng(3)
    obs, mask, to_play = env.reset(seed=3)
    for step in range(40):
        for i in range(env.num_envs):
            g = env.game(i)
            assert g.to_move == to_play[i] == 0
            assert np.array_equal(g.legal_mask(), mask[i])
            assert np.flatnonzero(mask[i]).tolist() == g.legal_actions()
            assert np.array_equal(g.observation(0), obs[i])
        seat1 = env.observe_seat(1)
        assert np.array_equal(seat1[0], env.game(0).observation(1))
        obs, mask, _, _, to_play = env.step(masked_choice(rng, mask))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_same_games_as_dangian_game_with_the_same_bots(kind: str, level: str) -> None:
    """Each game's first episode, replayed with `dangian.Game` (chance from the game's seed,
    the bots through `Game.bot_choose` with the env's bot seeds): the same positions, masks,
    rewards and the same step for the end."""
    seed, n = 21, 4
    env = BotVecEnv(kind, n, players(kind, level), seed=seed, threads=2)
    obs, mask, _ = env.reset(seed=seed)
    bot_seeds = env.bot_seeds
    games = [Game(kind, seed=batch_seed(seed, i)) for i in range(n)]
    alive = [True] * n

    def settle(g: Game) -> None:
        while not g.is_over:
            if g.is_chance:
                g.play_chance()
            elif g.to_move == 0:
                return
            else:
                s = g.to_move
                g.apply(g.bot_choose(s, level, bot_seeds[s]))

    for g in games:
        settle(g)
    ended = 0
    for step in range(400):
        actions = np.zeros(n, dtype=np.int64)
        for i, g in enumerate(games):
            if alive[i]:
                assert np.array_equal(g.observation(0), obs[i]), (i, step)
                assert np.array_equal(g.legal_mask(), mask[i]), (i, step)
                legal = g.legal_actions()
                actions[i] = legal[(step * 7 + i) % len(legal)]
            else:
                actions[i] = int(np.flatnonzero(mask[i])[0])
        obs, mask, rewards, dones, _ = env.step(actions)
        for i, g in enumerate(games):
            if not alive[i]:
                continue
            g.apply(int(actions[i]))
            settle(g)
            assert bool(dones[i]) == g.is_over, (i, step)
            if g.is_over:
                assert rewards[i].tolist() == pytest.approx(g.returns())
                alive[i] = False
                ended += 1
            else:
                assert not rewards[i].any()
        if not any(alive):
            break
    assert ended == n


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_remembered_choices_are_the_bots_own(level: str) -> None:
    """Ô ăn quan's bots in an environment remember their choices by position: a learner that
    picks one of its first two legal actions brings its games back to the same positions
    again and again, and every episode, replayed with `Game.bot_choose`, is the same."""
    n = 8
    env = BotVecEnv("o_an_quan", n, ["learner", level], seed=2, threads=2)
    obs, mask, _ = env.reset(seed=2)
    bot_seed = env.bot_seeds[1]
    replay = [Game("o_an_quan") for _ in range(n)]
    episodes = 0
    for step in range(250):
        actions = np.zeros(n, dtype=np.int64)
        for i, g in enumerate(replay):
            assert np.array_equal(g.observation(0), obs[i]), (i, step)
            legal = g.legal_actions()
            actions[i] = legal[((step * 5 + i) // 3) % min(2, len(legal))]
        obs, mask, rewards, dones, _ = env.step(actions)
        for i, g in enumerate(replay):
            g.apply(int(actions[i]))
            while not g.is_over and g.to_move == 1:
                g.apply(g.bot_choose(1, level, bot_seed))
            assert bool(dones[i]) == g.is_over, (i, step)
            if g.is_over:
                assert rewards[i].tolist() == pytest.approx(g.returns())
                episodes += 1
                replay[i] = Game("o_an_quan")
    assert episodes > 3 * n


def test_a_refused_step_changes_nothing() -> None:
    env = BotVecEnv("o_an_quan", 3, ["learner", "easy"], seed=4)
    obs, mask, _ = env.observe()
    actions = np.array([int(np.flatnonzero(m)[0]) for m in mask], dtype=np.int64)
    illegal = actions.copy()
    illegal[2] = int(np.flatnonzero(mask[2] == 0)[0])
    with pytest.raises(IllegalActionError, match="game 2"):
        env.step(illegal)
    assert np.array_equal(env.observe()[0], obs)
    with pytest.raises(InvalidArgumentError):
        env.step(actions[:2])
    assert np.array_equal(env.observe()[0], obs)
    env.step(actions)  # the legal actions still play


def test_bad_players_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="learner"):
        BotVecEnv("o_an_quan", 2, ["easy", "hard"])
    with pytest.raises(InvalidArgumentError, match="no player"):
        BotVecEnv("o_an_quan", 2, ["learner", "grandmaster"])
    with pytest.raises(InvalidArgumentError, match="no player"):
        BotVecEnv("o_an_quan", 2, ["learner", "expert:0"])
    with pytest.raises(InvalidArgumentError, match="2 seats"):
        BotVecEnv("o_an_quan", 2, ["learner", "easy", "easy"])
    with pytest.raises(InvalidArgumentError):
        BotVecEnv("o_an_quan", 2, ["learner", "easy"], threads=0)
    env = BotVecEnv("ca_ngua", 2, ["learner", "random", "expert:50", "expert:5ms"])
    assert env.players == ["learner", "random", "expert:50", "expert:5ms"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_expert_with_a_count_is_reproducible(kind: str) -> None:
    p = players(kind, "expert:200")
    a = trajectory(BotVecEnv(kind, 3, p, threads=1), 8, seed=2)
    b = trajectory(BotVecEnv(kind, 3, p, threads=2), 8, seed=2)
    assert same(a, b)


@pytest.mark.parametrize("kind", KINDS)
def test_bot_actions_are_the_bots_choices(kind: str) -> None:
    positions: List[Game] = []
    for s in range(12):
        g = Game(kind, seed=s)
        for _ in range(s * 3):
            if g.is_over:
                break
            if g.is_chance:
                g.play_chance()
            else:
                legal = g.legal_actions()
                g.apply(legal[s % len(legal)])
        g.play_chance_until_decision()
        if not g.is_over:
            positions.append(g)
    over = Game(kind, seed=1)
    while not over.is_over:
        if over.is_chance:
            over.play_chance()
        else:
            over.apply(over.legal_actions()[0])
    positions.append(over)
    for level in ("easy", "medium"):
        got = dangian.bot_actions(positions, level, 9, threads=2)
        assert got.dtype == np.int64 and got.shape == (len(positions),)
        want = [g.bot_choose(g.to_move, level, 9) for g in positions[:-1]]
        assert got[:-1].tolist() == want
        assert got[-1] == -1
        assert dangian.bot_actions(positions, level, 9, threads=1).tolist() == got.tolist()
    rand = dangian.bot_actions(positions, "random", 3)
    for g, a in zip(positions[:-1], rand[:-1]):
        assert g.is_legal(int(a))
    assert dangian.bot_actions([], "easy").shape == (0,)
    with pytest.raises(InvalidArgumentError):
        dangian.bot_actions([positions[0], Game("o_an_quan" if kind != "o_an_quan" else "domino")], "easy")
    with pytest.raises(InvalidArgumentError):
        dangian.bot_actions(positions, "learner")


# ---- the Gymnasium and SuperSuit-layout wrappers -------------------------------------------


@pytest.fixture(scope="module")
def vector_env() -> Any:
    require("gymnasium")
    import dangian.vector_env

    return dangian.vector_env


@pytest.mark.parametrize("kind", KINDS)
def test_gymnasium_vector_env(vector_env: Any, kind: str) -> None:
    import gymnasium as gym
    from gymnasium.utils.env_checker import data_equivalence

    envs = vector_env.DangianVectorEnv(kind, 8, "easy", seed=1)
    assert issubclass(type(envs), gym.vector.VectorEnv)
    assert envs.metadata["autoreset_mode"] == gym.vector.AutoresetMode.SAME_STEP
    obs, infos = envs.reset(seed=5)
    obs2, infos2 = envs.reset(seed=5)
    assert data_equivalence((obs, infos), (obs2, infos2))
    assert envs.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    returns = 0.0
    ends = 0
    for _ in range(300):
        mask = infos["action_mask"]
        assert mask.dtype == np.bool_ and mask.any(axis=1).all()
        actions = masked_choice(rng, mask.astype(np.int8))
        assert envs.action_space.contains(actions)
        obs, rewards, terms, truncs, infos = envs.step(actions)
        assert envs.observation_space.contains(obs)
        assert rewards.shape == terms.shape == truncs.shape == (8,)
        assert not truncs.any()
        assert not rewards[~terms].any()
        returns += float(rewards.sum())
        ends += int(terms.sum())
    assert ends == envs.env.episodes > 0
    # A vector wrapper of Gymnasium's own runs over it and counts the same episodes.
    stats = gym.wrappers.vector.RecordEpisodeStatistics(vector_env.DangianVectorEnv(kind, 4, "random", seed=2))
    _, infos = stats.reset(seed=2)
    finished = 0
    for _ in range(400):
        _, _, terms, _, infos = stats.step(masked_choice(rng, infos["action_mask"].astype(np.int8)))
        finished += int(terms.sum())
    assert finished > 0 and len(stats.return_queue) == min(finished, 100)


def test_gymnasium_vector_env_seat_and_players(vector_env: Any) -> None:
    envs = vector_env.DangianVectorEnv("o_an_quan", 4, "random", seat=1)
    assert envs.env.players == ["random", "learner"]
    _, infos = envs.reset(seed=1)
    # The same games through BotVecEnv: the wrapper's reward is seat 1's.
    plain = BotVecEnv("o_an_quan", 4, ["random", "learner"], seed=1)
    plain.reset(seed=1)
    rng = np.random.default_rng(1)
    ends = 0
    for _ in range(100):
        actions = masked_choice(rng, infos["action_mask"].astype(np.int8))
        _, rewards, terms, _, infos = envs.step(actions)
        _, _, plain_rewards, plain_dones, _ = plain.step(actions)
        assert set(envs.env.observe()[2].tolist()) == {1}
        assert np.array_equal(rewards, plain_rewards[:, 1]) and np.array_equal(terms, plain_dones)
        ends += int(terms.sum())
    assert ends > 0
    with pytest.raises(ValueError):
        vector_env.DangianVectorEnv("o_an_quan", 2, players=["learner", "learner"])


def test_supersuit_layout_vector_env(vector_env: Any) -> None:
    import gymnasium as gym

    envs = vector_env.DangianMarkovVectorEnv("ca_ngua", 5, "easy", seats=[0, 2], seed=3)
    assert issubclass(type(envs), gym.vector.VectorEnv)
    assert envs.possible_agents == ["player_0", "player_2"] and envs.num_envs == 10
    obs, infos = envs.reset(seed=3)
    rng = np.random.default_rng(2)
    ends = 0
    for _ in range(1200):
        active = infos["active"].reshape(5, 2)
        assert (active.sum(axis=1) == 1).all()  # one learner agent to move per game
        mask = infos["action_mask"].reshape(5, 2, -1)
        assert mask[~active].sum() == 0 and mask[active].any(axis=1).all()
        # Each row holds its own seat's observation.
        assert np.array_equal(obs.reshape(5, 2, -1)[:, 1], envs.env.observe_seat(2))
        actions = masked_choice(rng, infos["action_mask"].astype(np.int8))
        obs, rewards, terms, truncs, infos = envs.step(actions)
        t = terms.reshape(5, 2)
        assert (t[:, 0] == t[:, 1]).all()
        assert not rewards[~terms].any()
        ends += int(t[:, 0].sum())
    assert ends == envs.env.episodes > 0
