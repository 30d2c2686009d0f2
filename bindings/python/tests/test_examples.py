"""The quick examples run (the OpenSpiel MCTS and Ray examples are exercised by their
frameworks' tests)."""

from __future__ import annotations

import runpy
from pathlib import Path

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
