"""Each negative rule file plants one defect; its code is reported, naming the offending value."""

from __future__ import annotations

import json

import pytest

from dslgen.checks import registry
from dslgen.checks.registry import all_checks
from dslgen.checks.runner import check_file

from .conftest import BASE, NEGATIVE, expectations

FILES = sorted(NEGATIVE.glob("*.yaml"))
#: Codes a planted defect may bring along: the schema also rejects some values.
COMPANIONS = {"C002"}
#: Codes no file content can plant: C000 is a file that cannot be read at all (tests/tools/test_formats.py).
UNPLANTABLE = {"C000"}


def test_base_file_is_clean():
    report = check_file(BASE)
    assert report.findings == [], [f.message for f in report.findings]
    assert report.total > 20 and report.supported == report.total


def test_every_code_has_a_negative_file():
    covered = {expectations(f)["expect"] for f in FILES}
    assert covered | UNPLANTABLE == {c.code for c in all_checks()}


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_negative_file_reports_its_code(path):
    expect = expectations(path)
    report = check_file(path)
    hits = [f for f in report.findings if f.code == expect["expect"]]
    assert hits, f"{path.name}: expected {expect['expect']}, got {report.codes()}"
    assert any(expect["names"] in f.message for f in hits), [f.message for f in hits]
    assert all(f.hint for f in hits)
    # the planted defect is the only thing wrong with the file
    assert set(report.codes()) <= {expect["expect"]} | COMPANIONS, report.codes()
    if path.stem != "C001_duplicate_key":
        assert all(f.line > 0 for f in hits), "findings carry the line of the offending field"


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_cli_exit_code_follows_severity(path, run_cli):
    expect = expectations(path)
    result = run_cli("check", "--json", str(path))
    data = json.loads(result.output)
    (entry,) = data
    severities = {f["severity"] for f in entry["findings"] if f["code"] == expect["expect"]}
    assert result.exit_code == (1 if "error" in {f["severity"] for f in entry["findings"]} else 0)
    assert severities
    assert severities == {registry.get(expect["expect"]).severity}
    if severities == {"warning"}:
        assert result.exit_code == 0
    else:
        assert result.exit_code == 1
