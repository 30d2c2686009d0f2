"""The Python examples of the guides run: every ```python block of docs/python.md and of the
top README, as a script of its own, against the installed package."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT

PAGES = ["docs/python.md", "README.md"]


def python_blocks(page: str) -> list[str]:
    text = (ROOT / page).read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)


EXAMPLES = [(page, i, source) for page in PAGES for i, source in enumerate(python_blocks(page))]


@pytest.mark.parametrize("page", PAGES)
def test_page_has_examples(page: str) -> None:
    assert python_blocks(page), f"{page} has no ```python block"


@pytest.mark.parametrize(
    ("page", "index", "source"), EXAMPLES, ids=[f"{page}:{i + 1}" for page, i, _ in EXAMPLES]
)
def test_example_runs(page: str, index: int, source: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = compile(source, f"{page} (example {index + 1})", "exec")
    exec(code, {"__name__": "__main__"})
    assert capsys.readouterr().out, f"{page}'s example {index + 1} printed nothing"
