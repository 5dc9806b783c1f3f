"""Every catalog file checks clean at a 100% adaptation rate."""

from __future__ import annotations

import pytest

from dslgen.checks.runner import check_file

from .conftest import CATALOG

FILES = sorted(CATALOG.glob("*.yaml"))


def test_catalog_is_not_empty():
    assert FILES


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_catalog_file_checks_clean(path):
    report = check_file(path)
    assert [f"{f.code} {f.path_text}: {f.message}" for f in report.findings] == []
    assert report.total > 0 and report.supported == report.total
    assert report.missing == []
