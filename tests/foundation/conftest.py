"""Shared helpers for the foundation tests (YAML loading, validation, schema, catalog)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIXTURES = HERE / "fixtures"
CATALOG = ROOT / "dsl-examples"
CATALOG_FILES = ("sichuan_xuezhan", "guangdong_jipinghu", "guobiao", "hongzhong_laizi", "changsha")


@pytest.fixture
def dslgen():
    """Run the dslgen CLI in-process: ``dslgen("validate", path)`` returns the click Result."""
    from dslgen.cli import cli

    def run(*args: str):
        result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=True)
        # a user error must never surface as a Python exception or a traceback
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert "Traceback" not in result.output and "Traceback" not in result.stderr
        return result

    return run
