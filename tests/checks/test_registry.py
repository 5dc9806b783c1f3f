"""The check registry: stable codes, documentation for each, generated docs/checks.md."""

from __future__ import annotations

import pytest

from dslgen.checks import registry
from dslgen.checks.doc import render_checks_md
from dslgen.checks.finding import SEVERITIES, format_path, parse_path

from .conftest import ROOT


def test_checks_have_codes_titles_and_bodies():
    checks = registry.all_checks()
    assert len(checks) >= 25
    assert len({c.code for c in checks}) == len(checks) == len({c.name for c in checks})
    for c in checks:
        assert registry.CODE_RE.match(c.code) and c.severity in SEVERITIES
        assert c.title and "修复" in c.body, f"{c.code} documents what it catches and how to fix it"


def test_registering_without_docstring_or_twice_is_refused():
    with pytest.raises(ValueError):
        registry.check("C999", "no-doc")(lambda ctx: [])
    with pytest.raises(ValueError):
        registry.check("X1", "bad-code")
    with pytest.raises(ValueError):

        @registry.check("C201", "unknown-fan-again")
        def other(ctx):
            """Another check with a taken code."""
            return []


def test_docs_checks_md_is_current():
    text = (ROOT / "docs" / "checks.md").read_text(encoding="utf-8")
    assert text == render_checks_md(), "run `dslgen docs build`"
    for c in registry.all_checks():
        assert f"## {c.code}" in text


def test_docs_checks_md_is_registered_with_docgen():
    from dslgen import docgen

    assert docgen.renderers()["docs/checks.md"] is render_checks_md


@pytest.mark.parametrize("path", [("fan_types", 3, "name"), ("requires", 0), ("phases", 1, "sub_phases", "draw"), ()])
def test_field_paths_round_trip(path):
    assert parse_path(format_path(path)) == path
