"""``dslgen catalog verify`` reports a catalog file whose rules table is missing or broken (exit 1)."""

from __future__ import annotations

import json
import shutil

from click.testing import CliRunner

from dslgen.cli import cli
from tests.catalog.rules_table import CATALOG, TABLES, tables_dir


def _catalog(tmp_path, variants=("changsha", "guobiao")):
    cat = tmp_path / "cat"
    (cat / "approvals").mkdir(parents=True)
    (cat / "rules_tables").mkdir()
    for v in variants:
        shutil.copy(CATALOG / f"{v}.yaml", cat / f"{v}.yaml")
        shutil.copy(CATALOG / "approvals" / f"{v}.json", cat / "approvals" / f"{v}.json")
        shutil.copy(TABLES / f"{v}.yaml", cat / "rules_tables" / f"{v}.yaml")
    return cat


def _verify(cat, *extra):
    return CliRunner().invoke(cli, ["catalog", "verify", "--catalog", str(cat), *extra, "--json"])


def test_the_repository_catalog_uses_the_repository_tables():
    assert tables_dir(CATALOG) == TABLES


def test_sound_tables_pass(tmp_path):
    result = _verify(_catalog(tmp_path))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["rules_tables"]["problems"] == {}


def test_a_missing_table_is_a_finding(tmp_path):
    cat = _catalog(tmp_path)
    (cat / "rules_tables" / "guobiao.yaml").unlink()
    result = _verify(cat)
    assert result.exit_code == 1
    problems = json.loads(result.stdout)["rules_tables"]["problems"]
    assert list(problems) == ["guobiao"] and "没有规则表" in problems["guobiao"][0]


def test_a_path_that_does_not_resolve_and_a_gap_not_in_notes_are_findings(tmp_path):
    cat = _catalog(tmp_path)
    table = cat / "rules_tables" / "changsha.yaml"
    text = table.read_text(encoding="utf-8").replace("field: deck.total", "field: deck.totl", 1)
    text += "  - rule: 海底漫游\n    gap: 这一条的原因没有写进 meta.notes\n"
    table.write_text(text, encoding="utf-8")
    result = _verify(cat)
    assert result.exit_code == 1
    problems = "\n".join(json.loads(result.stdout)["rules_tables"]["problems"]["changsha"])
    assert "field 在 changsha.yaml 中找不到" in problems and "deck.totl" in problems
    assert "缺口原因没有写进 changsha.yaml 的 meta.notes" in problems


def test_text_output_names_the_file_and_the_problem(tmp_path):
    cat = _catalog(tmp_path)
    (cat / "rules_tables" / "guobiao.yaml").write_text("file: [\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["catalog", "verify", "--catalog", str(cat)])
    assert result.exit_code == 1
    assert "guobiao: 规则表有问题" in result.output and "YAML 无法读取" in result.output


def test_a_missing_rules_tables_folder_is_a_usage_error(tmp_path):
    result = _verify(_catalog(tmp_path), "--rules-tables", str(tmp_path / "nowhere"))
    assert result.exit_code == 2
