"""The quick examples run (the OpenSpiel MCTS and Ray examples are exercised by their
frameworks' tests), and the training examples learn in their short (CI) runs: the trained
policy beats the untrained one by a margin on held-out seeded games (every run is seeded,
so the figures are the same each time)."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Dict

import pytest

from conftest import require

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.parametrize("name", ["random_game", "bot_match"])
def test_example_runs(name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", [name])
    runpy.run_path(str(EXAMPLES / f"{name}.py"), run_name="__main__")
    assert "outcome" in capsys.readouterr().out


def test_pettingzoo_example_runs(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", ["pettingzoo_loop"])
    require("pettingzoo")
    runpy.run_path(str(EXAMPLES / "pettingzoo_loop.py"), run_name="__main__")
    assert "returns" in capsys.readouterr().out


@pytest.mark.parametrize(
    "name, tool, quick, margin",
    [
        # (untrained, trained) win rates against easy in one round of Domino: 0.410 -> 0.590.
        ("gymnasium_reinforce", "gymnasium", {"episodes": 400, "eval_games": 200}, 0.06),
        # Win rates against random in Ô ăn quan: 0.590 -> 0.915.
        ("pettingzoo_reinforce", "pettingzoo", {"episodes": 150, "eval_games": 200}, 0.2),
        # Seat 0's mean return against three easy bots in four-seat Domino: -0.19 -> -0.05
        # (fewer episodes do not learn it reliably).
        ("openspiel_reinforce", "pyspiel", {"episodes": 2000, "eval_games": 300}, 0.1),
    ],
)
def test_training_example_learns(name: str, tool: str, quick: Dict[str, int], margin: float) -> None:
    require(tool)
    example = runpy.run_path(str(EXAMPLES / f"{name}.py"), run_name="example")
    untrained, trained = example["main"](**quick)
    assert trained > untrained + margin, (untrained, trained)
