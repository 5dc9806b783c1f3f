"""The shipped catalog is approved: every file matches the sha256 its approval record binds."""

from pathlib import Path

from click.testing import CliRunner

from dslgen.cli import cli

CATALOG = Path(__file__).resolve().parents[1] / "dsl-examples"


def test_every_catalog_file_matches_its_approval():
    result = CliRunner().invoke(cli, ["catalog", "verify", "--catalog", str(CATALOG)])
    assert result.exit_code == 0, result.output
    approved = {p.stem for p in (CATALOG / "approvals").glob("*.json")}
    assert approved == {p.stem for p in CATALOG.glob("*.yaml")}
