"""The default catalog: reading commands use the packaged catalog; writing commands (approve, reject,
serve) refuse to write into it when it lies inside an installed package (audit s4)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dslgen import resources
from dslgen.cli import cli
from dslgen.generate import examples

ALL_PASS = {"schema": "pass", "capabilities": "pass", "compliance": "pass", "consistency": "pass",
            "simulation": "pass"}


def _run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """The packaged catalog as a wheel install has it: a real folder inside site-packages/dslgen/."""
    package = tmp_path / "site-packages" / "dslgen"
    folder = package / "data" / "catalog"
    (folder / "approvals").mkdir(parents=True)
    monkeypatch.setattr(resources, "PACKAGE_DIR", package)
    monkeypatch.setattr(examples, "DEFAULT_CATALOG", folder)
    monkeypatch.delenv("DSLGEN_CATALOG", raising=False)
    return folder


def test_checkout_default_is_the_repository_catalog(monkeypatch):
    monkeypatch.delenv("DSLGEN_CATALOG", raising=False)
    assert examples.writable_catalog_dir() == resources.CATALOG_DIR
    assert resources.CATALOG_DIR.resolve().name == "dsl-examples"


@pytest.mark.parametrize("command", ["approve", "reject"])
def test_writing_commands_refuse_the_installed_package_catalog(installed, draft_factory, chi_variant, command):
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    extra = ("--reason", "不对") if command == "reject" else ()
    result = _run(command, draft, "--reviewer", "张三", *extra)
    assert result.exit_code == 2, result.output
    assert "安装包" in result.output and str(installed) in result.output
    assert "--catalog" in result.output and "DSLGEN_CATALOG" in result.output
    assert "Traceback" not in result.output
    assert sorted(p.name for p in installed.rglob("*")) == ["approvals"]  # nothing written into the package
    assert not (draft / "rejection.json").exists()


def test_an_explicit_catalog_or_dslgen_catalog_is_used(installed, catalog, draft_factory, chi_variant, monkeypatch):
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    rejected = _run("reject", draft, "--reviewer", "张三", "--reason", "不对", "--catalog", catalog)
    assert rejected.exit_code == 0, rejected.output
    monkeypatch.setenv("DSLGEN_CATALOG", str(catalog))
    approved = _run("approve", draft, "--reviewer", "李四", "--id", "nanchang_test", "--force", "--json")
    assert approved.exit_code == 0, approved.output
    assert json.loads(approved.stdout)["path"] == str(catalog / "nanchang_test.yaml")
    assert not list(installed.glob("*.yaml"))


def test_reading_commands_keep_the_packaged_catalog(installed, monkeypatch):
    assert examples.catalog_dir() == installed
    listed = _run("catalog", "list", "--json")
    assert "安装包" not in listed.output
