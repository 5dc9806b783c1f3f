"""Schema validation of rule files, reported as ``file:line:col: field.path: message``.

Every error of every file is collected (not just the first). Messages and hints
are Chinese; a misspelt key or value gets a "did you mean" from :mod:`difflib`.
Each error is a :class:`dslgen.checks.finding.Finding` (the one finding shape of
checks, consistency findings and simulation failures): C002 for a schema error,
C001 for unparsable YAML, C000 for an unreadable file. ``--json`` writes each
finding's own JSON form, which :meth:`Finding.from_json` reads back exactly.
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import jsonschema

from dslgen.rulefile import schema as schema_mod
from dslgen.checks.finding import Finding, format_path
from dslgen.checks.inputs import FILE_UNREADABLE, SCHEMA_INVALID, YAML_INVALID
from dslgen.errors import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError
from dslgen.rulefile.yamlio import LoadedYaml, YamlError, load_yaml_file

YAML_SUFFIXES = (".yaml", ".yml")

_TYPE_NAMES = {
    "object": "映射",
    "array": "列表",
    "string": "字符串",
    "integer": "整数",
    "number": "数字",
    "boolean": "布尔值（true/false）",
    "null": "空值（null）",
}


#: Codes of findings about the file as a whole (no field path): shown as ``(文件)``.
FILE_CODES = (FILE_UNREADABLE.code, YAML_INVALID.code)


def render_finding(file: str, finding: Finding) -> str:
    """``file:line:col: path: message`` plus an indented hint line (``(文件)`` / ``(顶层)`` for no path)."""
    where = finding.path_text or ("(文件)" if finding.code in FILE_CODES else "(顶层)")
    head = f"{file}:{finding.line}:{finding.column}: {where}: {finding.message}"
    return f"{head}\n  提示：{finding.hint}" if finding.hint else head


@dataclass
class FileResult:
    """The validation outcome of one file; ``exit_code`` 2 means it could not be read."""

    file: str
    findings: list[Finding] = field(default_factory=list)
    exit_code: int = EXIT_OK
    loaded: LoadedYaml | None = None

    @property
    def valid(self) -> bool:
        """True when the file was read and has no errors."""
        return not self.findings

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` shape: ``{file, valid, errors: [finding, …]}``, each error in the shared finding
        form (``code severity path steps line column message hint``, :meth:`Finding.to_json`)."""
        return {"file": self.file, "valid": self.valid, "errors": [f.to_json() for f in self.findings]}


@lru_cache(maxsize=None)
def _validator() -> jsonschema.protocols.Validator:
    return jsonschema.Draft202012Validator(schema_mod.schema())


def validate_data(loaded: LoadedYaml) -> list[Finding]:
    """Every schema error of an already loaded file (C002 findings), in file order."""
    found: list[Finding] = []
    for error in _validator().iter_errors(loaded.data):
        for path, message, hint in _explain(error):
            line, col = loaded.locate(path)
            found.append(Finding(SCHEMA_INVALID.code, SCHEMA_INVALID.severity, tuple(path), message, hint, line, col))
    unique = {(f.line, f.column, f.path_text, f.message): f for f in found}
    return sorted(unique.values(), key=lambda f: (f.line, f.column, f.path_text))


def validate_file(path: str | os.PathLike[str]) -> FileResult:
    """Load and validate one file; a YAML problem becomes a single C001 (C000: unreadable) finding."""
    name = str(path)
    try:
        loaded = load_yaml_file(path)
    except YamlError as exc:
        line, col = exc.line or 1, exc.column or 1
        kind = FILE_UNREADABLE if exc.exit_code == EXIT_USAGE else YAML_INVALID
        return FileResult(name, [Finding(kind.code, kind.severity, (), exc.message, exc.hint, line, col)], exc.exit_code)
    found = validate_data(loaded)
    return FileResult(name, found, EXIT_FINDINGS if found else EXIT_OK, loaded)


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Files named directly plus every ``*.yaml`` / ``*.yml`` under named directories (sorted)."""
    files: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted(
                f
                for f in p.rglob("*")
                if f.suffix in YAML_SUFFIXES and f.is_file() and not any(part.startswith(".") for part in f.relative_to(p).parts)
            )
            if not found:
                raise UsageError("目录中没有 .yaml / .yml 文件", where=str(p), hint="请给出规则文件或包含规则文件的目录")
            files.extend(found)
        else:
            files.append(p)
    return files


def validate_paths(paths: Iterable[str | os.PathLike[str]]) -> list[FileResult]:
    """Validate every file named by ``paths`` (directories expanded)."""
    return [validate_file(f) for f in expand_paths(paths)]


def exit_code(results: list[FileResult]) -> int:
    """0 when all valid, 2 when any file could not be read, else 1."""
    if any(r.exit_code == EXIT_USAGE for r in results):
        return EXIT_USAGE
    return EXIT_FINDINGS if any(not r.valid for r in results) else EXIT_OK


# --- messages -------------------------------------------------------------------


def _explain(error: jsonschema.ValidationError) -> list[tuple[tuple[Any, ...], str, str]]:
    """(path, message, hint) triples for one jsonschema error."""
    path = tuple(error.absolute_path)
    kind = error.validator
    value = error.validator_value
    inst = error.instance
    sch = error.schema if isinstance(error.schema, dict) else {}
    described = sch.get("description", "")

    if kind == "additionalProperties" and isinstance(inst, dict):
        known = list((sch.get("properties") or {}).keys())
        out = []
        for key in inst:
            if key in known or _matches_pattern(sch, key):
                continue
            close = difflib.get_close_matches(str(key), known, n=1, cutoff=0.5)
            hint = f"是否想写 “{close[0]}”？" if close else (f"这里允许的字段：{', '.join(known)}" if known else "删除这个字段")
            if not known and isinstance(value, dict):
                return [(path + (key,), f"键 “{key}” 的取值不正确：{_short(inst[key])}", "")]
            out.append((path + (key,), f"未知字段 “{key}”", hint))
        return out
    if kind == "required":
        missing = [k for k in value if isinstance(inst, dict) and k not in inst]
        return [
            (path, f"缺少必填字段 “{k}”", _describe_property(sch, k) or f"请在 {format_path(path) or '(顶层)'} 下添加 {k}")
            for k in missing
        ]
    if kind == "type":
        expected = value if isinstance(value, list) else [value]
        names = "或".join(_TYPE_NAMES.get(t, t) for t in expected)
        hint = "；".join(h for h in (_type_hint(expected), described) if h)
        return [(path, f"类型错误：应当是{names}，这里是{_kind_of(inst)} {_short(inst)}", hint)]
    if kind == "enum":
        allowed = "、".join(_show(v) for v in value)
        close = difflib.get_close_matches(str(inst), [str(v) for v in value], n=1, cutoff=0.5) if isinstance(inst, str) else []
        hint = f"是否想写 “{close[0]}”？" if close else (described or f"允许的取值：{allowed}")
        return [(path, f"取值 {_show(inst)} 不允许，只能是：{allowed}", hint)]
    if kind == "const":
        msg = described or f"应当是 {_show(value)}"
        return [(path, f"取值 {_show(inst)} 不正确：{msg}", f"改为 {_show(value)}")]
    if kind in ("minimum", "exclusiveMinimum"):
        return [(path, f"数值 {inst} 太小，不能小于 {value}", described)]
    if kind in ("maximum", "exclusiveMaximum"):
        return [(path, f"数值 {inst} 太大，不能大于 {value}", described)]
    if kind == "minItems":
        return [(path, f"列表至少需要 {value} 项，这里有 {len(inst)} 项", described)]
    if kind == "maxItems":
        return [(path, f"列表最多 {value} 项，这里有 {len(inst)} 项", described)]
    if kind == "uniqueItems":
        dupes = sorted({_show(v) for v in inst if inst.count(v) > 1}) if isinstance(inst, list) else []
        return [(path, f"列表中有重复项：{'、'.join(dupes)}", "删除重复的项")]
    if kind == "minLength":
        return [(path, "不能是空字符串", described)]
    if kind == "pattern":
        return [(path, f"格式不正确：{_show(inst)} 不符合 {value}", described)]
    if kind == "contains":
        return [(path, "至少需要一个 type: mahjong_turn 的行牌阶段", "phases 中添加 name: play、type: mahjong_turn 的阶段")]
    if kind == "propertyNames":
        return [(path, f"键名不正确：{error.message}", "键名只能是 1、2、3、4（座位号）")]
    if kind == "not":
        return [(path, "取值不符合规范的限制", described)]
    return [(path, f"不符合规范：{error.message}", described)]


def _matches_pattern(sch: dict[str, Any], key: str) -> bool:
    return any(re.search(p, str(key)) for p in (sch.get("patternProperties") or {}))


def _describe_property(sch: dict[str, Any], key: str) -> str:
    prop = (sch.get("properties") or {}).get(key)
    if isinstance(prop, dict) and prop.get("description"):
        return f"{key}：{prop['description']}"
    return ""


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return _TYPE_NAMES["boolean"]
    if value is None:
        return _TYPE_NAMES["null"]
    if isinstance(value, int):
        return _TYPE_NAMES["integer"]
    if isinstance(value, float):
        return _TYPE_NAMES["number"]
    if isinstance(value, str):
        return _TYPE_NAMES["string"]
    if isinstance(value, list):
        return _TYPE_NAMES["array"]
    return _TYPE_NAMES["object"]


def _type_hint(expected: list[str]) -> str:
    if "boolean" in expected:
        return "写 true 或 false（不要加引号）"
    if "integer" in expected:
        return "写不带引号的整数，例如 8"
    if "array" in expected:
        return "写成列表，例如 [a, b] 或每行一个 “- a”"
    if "object" in expected:
        return "写成 键: 值 的映射（下一行缩进）"
    if "string" in expected:
        return "写成文字，必要时加引号"
    return ""


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"“{value}”" if value else "“”（空）"
    return _short(value)


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= 60 else text[:57] + "…"
