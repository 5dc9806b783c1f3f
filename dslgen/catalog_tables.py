"""Rules tables: load ``tests/catalog/rules_tables/<id>.yaml`` and check them against their catalog file.

``dslgen catalog verify`` reports a catalog file whose rules table is missing or broken (:func:`table_findings`).

A rules table lists every rule of the published source a catalog file follows, in the source's
order, each with the ``field`` of the file that expresses it or a ``gap`` with its reason (the
same reason is written into the file's ``meta.notes`` 缺口 list), and optionally the ``reading``
the file takes where regions disagree. Format: a mapping with ``file`` (the catalog id), ``source`` or
``sources`` (what the file cites) and ``rules``, a list of rows ``{rule: 原文规则, field: 路径}``,
``{rule: …, field: …, reading: 取哪种读法}`` or ``{rule: …, gap: 缺什么}``.

Path syntax of ``field``: dotted keys; ``[x]`` selects a list element as :mod:`dslgen.elements` says
(by ``name`` / ``item`` / ``id`` / ``kind`` / ``action``, a plain value, or an index), and on a mapping
``[x]`` selects key ``x`` (a key with a dot in it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field as dc_field
from pathlib import Path
from typing import Any

import yaml

from dslgen.elements import element_index, element_names

ROOT = Path(__file__).resolve().parents[1]
TABLES = ROOT / "tests" / "catalog" / "rules_tables"
CATALOG = ROOT / "dsl-examples"

ROW_KEYS = {"rule", "field", "gap", "reading"}
TABLE_KEYS = {"file", "source", "sources", "rules"}

_TOKEN = re.compile(r"\[([^\]]*)\]|([^.\[\]]+)|(\.)")


class PathError(ValueError):
    """A ``field`` path that does not resolve; the message names the step that failed."""


def parse_path(path: str) -> list[tuple[str, str]]:
    """Split ``a.b[x].c`` into steps ``[("key", "a"), ("key", "b"), ("select", "x"), ("key", "c")]``."""
    if not isinstance(path, str) or not path.strip():
        raise PathError("路径为空")
    steps: list[tuple[str, str]] = []
    pos = 0
    expect_key = True  # at the start or right after a dot a key must follow
    while pos < len(path):
        m = _TOKEN.match(path, pos)
        if not m:
            raise PathError(f"路径 {path!r} 第 {pos + 1} 个字符无法解析（方括号未闭合？）")
        sel, key, dot = m.groups()
        if dot:
            if expect_key:
                raise PathError(f"路径 {path!r} 第 {pos + 1} 个字符：点号前缺少键名")
            expect_key = True
        elif key is not None:
            if not expect_key:
                raise PathError(f"路径 {path!r} 第 {pos + 1} 个字符：键名 {key!r} 前缺少点号")
            steps.append(("key", key.strip()))
            expect_key = False
        else:
            if expect_key and steps:
                raise PathError(f"路径 {path!r} 第 {pos + 1} 个字符：点号后直接跟了方括号")
            if not sel.strip():
                raise PathError(f"路径 {path!r} 第 {pos + 1} 个字符：方括号里是空的")
            steps.append(("select", sel.strip()))
            expect_key = False
        pos = m.end()
    if expect_key:
        raise PathError(f"路径 {path!r} 以点号结尾")
    return steps


def resolve(data: Any, path: str) -> Any:
    """The value at ``path`` in ``data``; :class:`PathError` naming the failing step otherwise."""
    node = data
    done = ""
    for kind, token in parse_path(path):
        here = f"{done}.{token}" if kind == "key" and done else (token if kind == "key" else f"{done}[{token}]")
        if kind == "key":
            if not isinstance(node, dict):
                raise PathError(f"{here}: {done or '根'} 不是映射，不能取键 {token!r}")
            if token not in node:
                keys = "、".join(map(str, list(node)[:12]))
                raise PathError(f"{here}: 没有键 {token!r}（有：{keys}）")
            node = node[token]
        elif isinstance(node, list):
            node = _select(node, token, here)
        elif isinstance(node, dict) and token in node:
            node = node[token]
        else:
            raise PathError(f"{here}: {done or '根'} 不是列表，不能用 [{token}] 选元素")
        done = here
    return node


def _select(items: list, token: str, here: str) -> Any:
    index = element_index(items, token)
    if index is not None:
        return items[index]
    if re.fullmatch(r"-?\d+", token):
        raise PathError(f"{here}: 下标 {token} 超出范围（列表有 {len(items)} 项）")
    raise PathError(f"{here}: 列表里没有 name/item/id/kind/action 等于 {token!r} 的元素（有：{element_names(items)}）")


@dataclass
class Counts:
    """Per-file counts of a rules table."""

    rules: int = 0
    expressed: int = 0
    readings: int = 0
    gaps: int = 0


@dataclass
class TableReport:
    """A loaded rules table with its problems (empty when the table is sound) and its counts."""

    id: str
    source: str = ""
    problems: list[str] = dc_field(default_factory=list)
    counts: Counts = dc_field(default_factory=Counts)


def _norm(text: str) -> str:
    """Whitespace-free text, so a reason folded over lines in YAML still matches."""
    return re.sub(r"\s+", "", str(text))


def check_table(table_path: Path, catalog: Path = CATALOG) -> TableReport:
    """Check one rules table against its catalog file: row shape, paths, gaps in ``meta.notes``."""
    report = TableReport(table_path.stem)
    try:
        table = yaml.safe_load(table_path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        report.problems.append(f"{table_path.name}: YAML 无法读取：{exc}")
        return report
    if not isinstance(table, dict):
        report.problems.append(f"{table_path.name}: 顶层应是映射")
        return report
    for key in set(table) - TABLE_KEYS:
        report.problems.append(f"{table_path.name}: 未知键 {key!r}（可用：{'、'.join(sorted(TABLE_KEYS))}）")
    expected = f"dsl-examples/{table_path.stem}.yaml"
    if table.get("file") != expected:
        report.problems.append(f"{table_path.name}: file 应为 {expected!r}，现在是 {table.get('file')!r}")
    report.source = str(table.get("source") or "")
    if not report.source.strip():
        report.problems.append(f"{table_path.name}: 缺少 source（文件遵照的公开页面或出版物）")
    sources = table.get("sources", [])
    if not isinstance(sources, list) or not all(isinstance(s, str) and s.strip() for s in sources):
        report.problems.append(f"{table_path.name}: sources 应是非空字符串的列表")
    rules = table.get("rules")
    if not isinstance(rules, list) or not rules:
        report.problems.append(f"{table_path.name}: rules 应是非空列表")
        return report
    catalog_file = catalog / f"{table_path.stem}.yaml"
    if not catalog_file.exists():
        report.problems.append(f"{table_path.name}: 对应的目录文件 {catalog_file.name} 不存在")
        return report
    try:
        data = yaml.safe_load(catalog_file.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        report.problems.append(f"{catalog_file.name}: YAML 无法读取：{exc}")
        return report
    meta = data.get("meta") if isinstance(data, dict) else None
    notes = _norm(meta.get("notes") or "") if isinstance(meta, dict) else ""
    if not notes:
        report.problems.append(f"{catalog_file.name}: meta.notes 为空（应写出处、照做、读法、缺口）")
    elif "出处" not in notes:
        report.problems.append(f"{catalog_file.name}: meta.notes 没有写“出处”")
    for n, row in enumerate(rules, 1):
        where = f"{table_path.name}: rules 第 {n} 行"
        if not isinstance(row, dict):
            report.problems.append(f"{where}: 应是映射")
            continue
        for key in set(row) - ROW_KEYS:
            report.problems.append(f"{where}: 未知键 {key!r}（可用：rule、field、gap、reading）")
        if not str(row.get("rule") or "").strip():
            report.problems.append(f"{where}: 缺少 rule（规则原文）")
        for key in ("reading", "field", "gap"):
            if key in row and not str(row.get(key) or "").strip():
                report.problems.append(f"{where}: {key} 为空")
        has_field, has_gap = "field" in row, "gap" in row
        if has_field == has_gap:
            report.problems.append(f"{where}: field 与 gap 必须恰好有一个（{row.get('rule')!r}）")
            continue
        report.counts.rules += 1
        if row.get("reading"):
            report.counts.readings += 1
        if has_field:
            report.counts.expressed += 1
            try:
                resolve(data, str(row["field"]))
            except PathError as exc:
                report.problems.append(f"{where}: field 在 {catalog_file.name} 中找不到：{exc}")
        else:
            report.counts.gaps += 1
            if _norm(row["gap"]) not in notes:
                report.problems.append(f"{where}: 缺口原因没有写进 {catalog_file.name} 的 meta.notes：{row['gap']!r}")
    return report


def catalog_ids(catalog: Path = CATALOG) -> list[str]:
    """Ids of the catalog files that exist now."""
    return sorted(p.stem for p in catalog.glob("*.yaml"))


def table_ids(tables: Path = TABLES) -> list[str]:
    """Ids of the rules tables that exist now."""
    return sorted(p.stem for p in tables.glob("*.yaml"))


def tables_dir(catalog: Path) -> Path | None:
    """Where the rules tables of ``catalog`` live: ``<catalog>/rules_tables`` if it exists, else the
    repository's ``tests/catalog/rules_tables`` for the repository's own catalog; None when there are none."""
    own = catalog / "rules_tables"
    if own.is_dir():
        return own
    try:
        if catalog.resolve() == CATALOG.resolve() and TABLES.is_dir():
            return TABLES
    except OSError:
        return None
    return None


def table_findings(catalog: Path, tables: Path | None = None) -> dict[str, list[str]]:
    """Per catalog id, the problems of its rules table: missing, unreadable, a ``field`` that does not
    resolve, a ``gap`` not in ``meta.notes`` … (empty dict when every table is sound or there are no tables)."""
    tables = tables if tables is not None else tables_dir(catalog)
    if tables is None:
        return {}
    found: dict[str, list[str]] = {}
    for variant in catalog_ids(catalog):
        path = tables / f"{variant}.yaml"
        if not path.exists():
            found[variant] = [f"没有规则表（{path.name} 不在 {tables} 中）"]
            continue
        problems = check_table(path, catalog).problems
        if problems:
            found[variant] = problems
    return found
