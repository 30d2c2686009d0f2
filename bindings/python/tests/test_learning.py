"""What learning code expects: action counts, legal-action masks, returns, observation
tensors per seat — and a Domino tensor that shows a seat only what it may know."""

from __future__ import annotations

import random

import numpy as np
import pytest

import dangian
from dangian import Game, Kind

SIZES = {Kind.O_AN_QUAN: (20, 23), Kind.CA_NGUA: (123, 307), Kind.DOMINO: (113, 269)}


@pytest.mark.parametrize("kind", list(Kind))
def test_sizes_masks_tensors_returns(kind: Kind) -> None:
    actions, size = SIZES[kind]
    n = dangian.num_actions(kind)
    if actions is not None:
        assert n == actions
    assert dangian.observation_size(kind) == size
    rng = random.Random(1)
    g = Game(kind, seed=1)
    while not g.is_over:
        mask = g.legal_mask()
        assert mask.dtype == np.int8 and mask.shape == (n,)
        assert list(np.flatnonzero(mask)) == g.legal_actions()
        for seat in range(g.seats):
            obs = g.observation(seat)
            assert obs.dtype == np.float32 and obs.shape == (size,)
            assert np.isfinite(obs).all()
            seat_mask = g.legal_mask(seat)
            if g.current_seat == seat:
                assert (seat_mask == mask).all()
            else:
                assert not seat_mask.any()
        assert g.returns() == [0.0] * g.seats
        if g.is_chance:
            g.play_chance()
        else:
            g.apply(rng.choice(g.legal_actions()))
    r = g.returns()
    assert abs(sum(r)) < 1e-6 and max(r) > 0 > min(r) or r == [0.0] * g.seats


def test_two_seat_returns_are_win_loss() -> None:
    for seed in range(10):
        g = dangian.random_game("o_an_quan", seed=seed)
        o = g.outcome()
        assert o is not None
        expected = [1.0 if p == 1 and o["places"].count(1) == 1 else -1.0 if o["places"].count(1) == 1 else 0.0 for p in o["places"]]
        assert g.returns() == expected


def test_o_an_quan_tensor_layout() -> None:
    g = Game("o_an_quan")
    a, b = g.observation(0), g.observation(1)
    assert list(a[:12] * 10) == [0, 5, 5, 5, 5, 5, 0, 5, 5, 5, 5, 5]
    assert a[12] == a[13] == 1.0 and a[20] == 1.0 and b[20] == 0.0
    g.apply("a1+")
    a, b = g.observation(0), g.observation(1)
    # Seat-relative: seat 1's cell 7 (its first square) is at relative cell 1.
    board = g.o_an_quan_board()["dan"]
    assert a[1] * 10 == board[1] and b[1] * 10 == board[7]


def test_domino_tensor_is_an_information_state() -> None:
    """Positions a seat cannot tell apart (the hidden tiles dealt anew from its knowledge by
    `determinize`) give that seat the same tensor; the other seats see the difference."""
    rng = random.Random(3)
    changed_for_others = 0
    checked = 0
    for players in (2, 3, 4):
        g = Game("domino", {"players": players}, seed=players)
        while not g.is_over and checked < 400:
            for seat in range(g.seats):
                other = g.determinize(seat, rng.getrandbits(32))
                assert other.view(seat) == g.view(seat)
                np.testing.assert_array_equal(other.observation(seat), g.observation(seat))
                checked += 1
                for o in range(g.seats):
                    if o != seat and not np.array_equal(other.observation(o), g.observation(o)):
                        changed_for_others += 1
            if g.is_chance:
                g.play_chance()
            else:
                g.apply(rng.choice(g.legal_actions()))
    assert checked >= 400 and changed_for_others > 0


def test_domino_tensor_holds_no_other_hand() -> None:
    g = Game("domino", seed=8)
    g.play_chance_until_decision()
    state = g.state()
    obs = g.observation(0)
    probe = dangian.Game("domino")
    mine = {probe.action_id(f"play {a}-{b} L") // 2 for a, b in state["hands"][0]}
    theirs = {probe.action_id(f"play {a}-{b} L") // 2 for a, b in state["hands"][1]}
    assert set(np.flatnonzero(obs[:28])) == mine
    assert not set(np.flatnonzero(obs[:56])) & theirs
