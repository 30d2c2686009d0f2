"""Every golden vector in tests/vectors replays to its final state and outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import dangian

from conftest import VECTORS


def test_there_are_vectors() -> None:
    assert len(VECTORS) >= 9


@pytest.mark.parametrize("path", VECTORS, ids=[p.stem for p in VECTORS])
def test_vector_replays(path: Path) -> None:
    doc = json.loads(path.read_text())
    record = doc["record"]
    # Loading replays and verifies the final hash.
    loaded = dangian.Game.load(record)
    assert loaded.state() == doc["final_state"]
    assert loaded.outcome() == doc["outcome"]
    # A document holding a record in its `record` field loads too.
    assert dangian.Game.load(path.read_text()).state_hash() == loaded.state_hash()
    # Replaying action by action (chance supplied by the host) reaches the same state.
    config = record["config"]
    game = (
        dangian.Game.from_state(record["game"], record["start"])
        if "start" in record
        else dangian.Game(record["game"], config)
    )
    for text in record["actions"]:
        if game.is_chance:
            game.apply_chance(text)
        else:
            game.check(text)
            game.apply(text)
    assert game.state() == doc["final_state"]
    assert game.outcome() == doc["outcome"]
    assert format(game.state_hash(), "016x") == record["final_hash"]
