"""Hostile input from Python costs a bounded amount: configs, positions and records longer
than the bounds (`MAX_CONFIG_JSON`, `MAX_STATE_JSON`, `MAX_RECORD_JSON`) are refused before
they are parsed with the error of their kind; a record of millions of actions is refused
while it is read; an unknown field inside a nested object is refused; the events of the
costliest Ô ăn quan move are described in at most `MAX_DESCRIBED_EVENTS` lines."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import dangian


def padded(text: str, length: int) -> str:
    """`text` padded with spaces after its first character to `length` bytes (same JSON)."""
    return text[0] + " " * (length - len(text)) + text[1:]


def test_the_bounds_are_the_headers() -> None:
    assert dangian.MAX_CONFIG_JSON == 16 * 1024
    assert dangian.MAX_STATE_JSON == 64 * 1024
    assert dangian.MAX_RECORD_JSON == 16 * 1024 * 1024
    assert dangian.MAX_RECORD_ACTIONS == 1 << 20
    assert dangian.MAX_ACTION_TEXT == 64
    assert dangian.MAX_DESCRIBED_EVENTS == 1000


def test_a_config_longer_than_the_bound_is_refused() -> None:
    dangian.Game("o_an_quan", padded("{}", dangian.MAX_CONFIG_JSON))
    for config in (
        padded("{}", dangian.MAX_CONFIG_JSON + 1),
        padded("{}", dangian.MAX_CONFIG_JSON + 1).encode(),
    ):
        with pytest.raises(dangian.InvalidConfigError, match="at most 16384"):
            dangian.Game("o_an_quan", config)
    with pytest.raises(dangian.InvalidConfigError, match="at most 16384"):
        dangian.validate_config("o_an_quan", padded("{}", dangian.MAX_CONFIG_JSON + 1))


def test_a_position_longer_than_the_bound_is_refused() -> None:
    state = json.dumps(dangian.Game("domino").state())
    dangian.Game.from_state("domino", padded(state, dangian.MAX_STATE_JSON))
    with pytest.raises(dangian.InvalidStateError, match="at most 65536"):
        dangian.Game.from_state("domino", padded(state, dangian.MAX_STATE_JSON + 1))


def test_a_record_longer_than_the_bound_is_refused() -> None:
    game = dangian.Game("o_an_quan")
    game.apply("a1+")
    record = json.dumps(game.save())
    dangian.Game.load(padded(record, 4096))
    over = padded(record, dangian.MAX_RECORD_JSON + 1)
    with pytest.raises(dangian.InvalidRecordError, match="at most 16777216"):
        dangian.Game.load(over)
    with pytest.raises(dangian.InvalidRecordError, match="at most 16777216"):
        dangian.verify_record(over)


def test_a_record_of_millions_of_actions_is_refused_while_read() -> None:
    actions = ",".join(['"a1+"'] * 2_000_000)
    record = (
        '{"format":"dangian-record/2","game":"o_an_quan","rules_version":2,'
        f'"config":{{}},"actions":[{actions}]}}'
    )
    with pytest.raises(dangian.InvalidRecordError, match="2000000 actions"):
        dangian.Game.load(record)


def test_reading_a_record_of_millions_of_actions_takes_little_memory() -> None:
    # In a fresh interpreter, so that the peak resident size measures this load alone: a
    # 15 MiB record of 2.7 million actions under the seed rules (games of at most 400 plies).
    script = """
import resource, dangian
actions = ",".join(['"a1+"'] * 2_700_000)
record = ('{"format":"dangian-record/2","game":"o_an_quan","rules_version":2,'
          '"config":{},"actions":[' + actions + ']}')
assert len(record) < dangian.MAX_RECORD_JSON
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    dangian.Game.load(record)
except dangian.InvalidRecordError:
    pass
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)
"""
    out = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    )
    grown_kib = int(out.stdout.strip())
    # Holding every action as a string would take over 100 MB.
    assert grown_kib < 40 * 1024, f"loading it took {grown_kib} KiB"


def test_an_unknown_nested_field_is_refused() -> None:
    with pytest.raises(dangian.InvalidConfigError, match="stake_per_halve"):
        dangian.Game(
            "o_an_quan",
            {"match_mode": {"kind": "debt_carry_over", "stake_per_halve": 20}},
        )
    with pytest.raises(dangian.InvalidConfigError, match="zz"):
        dangian.Game("o_an_quan", {"match_mode": {"kind": "single_game", "zz": 1}})
    state = dangian.Game("o_an_quan").state()
    state["big"][0]["zz"] = 1
    with pytest.raises(dangian.InvalidStateError, match="zz"):
        dangian.Game.from_state("o_an_quan", state)


def test_the_costliest_move_is_described_in_bounded_lines() -> None:
    config = {"relay_at_quan": "take_all", "relay_loop": {"kind": "end_turn_on_repeat"}}
    game = dangian.Game("o_an_quan", config)
    for move in "a1+ b5+ a3+ b2+ a2- b3- a5+ b1+".split():
        game.apply(move)
    lines = game.describe_events("en")
    assert len(lines) == dangian.MAX_DESCRIBED_EVENTS + 1
    assert "more events" in lines[-1]
    assert "sự kiện nữa" in game.describe_events("vi")[-1]
