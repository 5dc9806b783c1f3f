"""Every catalog file carries a rules table: each rule of its published source → a field or a gap.

Run with ``-s`` to see the per-file counts (rules / expressed / readings / gaps).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.catalog.rules_table import (CATALOG, TABLES, PathError, catalog_ids, check_table, parse_path,
                                       resolve, table_ids)

#: New catalog files other helpers are writing now; their tables may land before (or with) the files.
PENDING_NEW = {"fuzhou", "tianjin", "ningbo", "taiwan", "guiyang", "hangzhou"}


def test_every_catalog_file_has_a_rules_table():
    missing = sorted(set(catalog_ids()) - set(table_ids()))
    assert not missing, "这些目录文件没有规则表（tests/catalog/rules_tables/<id>.yaml）：" + "、".join(missing)


def test_every_table_names_a_catalog_file_or_a_pending_one():
    orphans = sorted(set(table_ids()) - set(catalog_ids()) - PENDING_NEW)
    assert not orphans, "这些规则表没有对应的目录文件：" + "、".join(orphans)


@pytest.mark.parametrize("variant", [v for v in table_ids() if (CATALOG / f"{v}.yaml").exists()])
def test_rules_table(variant):
    report = check_table(TABLES / f"{variant}.yaml")
    c = report.counts
    print(f"{variant}: 出处 {report.source}；规则 {c.rules}，已表达 {c.expressed}，读法 {c.readings}，缺口 {c.gaps}")
    assert not report.problems, "\n".join(report.problems)
    assert c.rules == c.expressed + c.gaps


# --- the path resolver ---------------------------------------------------------------------------

DOC = {
    "deck": {"total": 108, "include_flowers": False},
    "fan_types": [{"name": "清一色", "base_fan": 6}, {"name": "七对", "base_fan": 4}],
    "settlement_items": [{"item": "birds", "count": 2}],
    "phases": [{"name": "play", "sub_phases": {"self_action": {"options": [{"action": "discard"},
                                                                          {"action": "win"}]}}}],
    "requires": ["phase.rob_kong", "scoring.fan_table"],
    "flags": {"a.b": 1},
}


@pytest.mark.parametrize("path, value", [
    ("deck.total", 108),
    ("deck.include_flowers", False),
    ("fan_types[清一色].base_fan", 6),
    ("fan_types[1].name", "七对"),
    ("fan_types[-1].base_fan", 4),
    ("settlement_items[birds].count", 2),
    ("phases[play].sub_phases.self_action.options[win].action", "win"),
    ("requires[phase.rob_kong]", "phase.rob_kong"),
    ("flags[a.b]", 1),
])
def test_resolver_finds(path, value):
    assert resolve(DOC, path) == value


@pytest.mark.parametrize("path, says", [
    ("deck.totl", "没有键 'totl'"),
    ("fan_types[清一色].fan", "没有键 'fan'"),
    ("fan_types[碰碰胡].base_fan", "没有 name/item/id/kind/action 等于 '碰碰胡'"),
    ("fan_types[5]", "下标 5 超出范围"),
    ("deck[0]", "不是列表"),
    ("deck.total.x", "不是映射"),
    ("fan_types[清一色", "无法解析"),
    ("deck..total", "缺少键名"),
    ("deck.", "以点号结尾"),
    ("", "路径为空"),
])
def test_resolver_refuses(path, says):
    with pytest.raises(PathError, match=says.replace("[", r"\[").replace("]", r"\]")):
        resolve(DOC, path)


def test_parse_path_steps():
    assert parse_path("a.b[x y].c[0]") == [("key", "a"), ("key", "b"), ("select", "x y"), ("key", "c"),
                                          ("select", "0")]


# --- the table checker on a small catalog of its own ---------------------------------------------

def _write(tmp: Path, notes: str, rows: str) -> Path:
    (tmp / "cat").mkdir()
    (tmp / "cat" / "demo.yaml").write_text(
        "meta:\n  id: demo\n  notes: >-\n    " + notes + "\n"
        "deck: {total: 108}\nfan_types:\n  - {name: 清一色, base_fan: 6}\n", encoding="utf-8")
    table = tmp / "demo.yaml"
    table.write_text("file: dsl-examples/demo.yaml\nsource: https://example.org/rules\nrules:\n" + rows,
                     encoding="utf-8")
    return table


def test_checker_accepts_a_sound_table(tmp_path):
    table = _write(tmp_path, "出处：example.org。缺口：1 海捞（需要牌墙剩 N 张的阶段）。",
                   "  - {rule: 108 张, field: deck.total}\n"
                   "  - {rule: 清一色 6 番, field: 'fan_types[清一色].base_fan', reading: 取 6 番}\n"
                   "  - {rule: 海捞, gap: 海捞（需要牌墙剩 N 张的阶段）}\n")
    report = check_table(table, tmp_path / "cat")
    assert report.problems == []
    assert (report.counts.rules, report.counts.expressed, report.counts.readings, report.counts.gaps) == (3, 2, 1, 1)


def test_checker_names_every_broken_row(tmp_path):
    table = _write(tmp_path, "出处：example.org。缺口：无。",
                   "  - {rule: 108 张, field: deck.totl}\n"
                   "  - {rule: 海捞, gap: 海捞（需要牌墙剩 N 张的阶段）}\n"
                   "  - {rule: 两个都写, field: deck.total, gap: 也是缺口}\n"
                   "  - {rule: 都没写}\n"
                   "  - {rule: 多了键, field: deck.total, note: x}\n")
    problems = "\n".join(check_table(table, tmp_path / "cat").problems)
    assert "第 1 行: field 在 demo.yaml 中找不到" in problems
    assert "第 2 行: 缺口原因没有写进 demo.yaml 的 meta.notes" in problems
    assert "第 3 行: field 与 gap 必须恰好有一个" in problems
    assert "第 4 行: field 与 gap 必须恰好有一个" in problems
    assert "第 5 行: 未知键 'note'" in problems


def test_checker_wants_notes_with_a_source(tmp_path):
    table = _write(tmp_path, "照做：全部。", "  - {rule: 108 张, field: deck.total}\n")
    assert any("没有写“出处”" in p for p in check_table(table, tmp_path / "cat").problems)
