"""Shared fixtures. Under DANGIAN_REQUIRE_CONSUMERS=1 (CI) an optional framework that is
missing fails its tests instead of skipping them: nothing is ever skipped silently."""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[3]
VECTORS = sorted((ROOT / "tests" / "vectors").glob("*.json"))
HEADER = ROOT / "include" / "dangian.h"
SCHEMA = ROOT / "schema"
KINDS = ["o_an_quan", "ca_ngua", "domino"]


def require(module: str) -> ModuleType:
    """Import `module`, or skip (fail under DANGIAN_REQUIRE_CONSUMERS=1) when it is absent."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        if os.environ.get("DANGIAN_REQUIRE_CONSUMERS") == "1":
            pytest.fail(f"{module} is required (DANGIAN_REQUIRE_CONSUMERS=1) but cannot be imported: {e}")
        pytest.skip(f"{module} is not installed (pip install {module}); bindings/python/ci.sh installs it")
        raise  # unreachable


def pytest_report_header(config: pytest.Config) -> str:
    return f"dangian repo root: {ROOT}; vectors: {len(VECTORS)}"
