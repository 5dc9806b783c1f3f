"""Shared helpers for the check tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
NEGATIVE = HERE / "negative"
BASE = HERE / "base.yaml"
CATALOG = ROOT / "dsl-examples"

_HEADER = re.compile(r"^# (expect|names): (.+)$", re.M)


def expectations(path: Path) -> dict[str, str]:
    """The ``# expect: CODE`` and ``# names: VALUE`` header lines of a negative file."""
    found = dict(_HEADER.findall(path.read_text(encoding="utf-8")))
    assert "expect" in found and "names" in found, f"{path.name} lacks its # expect / # names header"
    return found


@pytest.fixture
def run_cli():
    """Invoke the dslgen CLI in-process; returns the click Result."""
    from click.testing import CliRunner

    from dslgen.cli import cli

    def run(*args: str):
        return CliRunner().invoke(cli, list(args), catch_exceptions=False)

    return run
