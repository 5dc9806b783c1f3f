"""One call for every command that plays a rule file: load, validate, build :class:`Rules`."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from engine.rules import Rules, RulesError

from dslgen.errors import EXIT_FINDINGS, DslgenError
from dslgen.checks.finding import Finding
from dslgen.rulefile.validate import render_finding, validate_data
from dslgen.rulefile.yamlio import LoadedYaml, load_yaml_file, load_yaml_text

#: How many schema errors the exception message lists.
SHOWN_ERRORS = 5


@dataclass
class RuleFile:
    """A schema-valid rule file and the engine rules built from it."""

    path: str
    loaded: LoadedYaml
    rules: Rules

    @property
    def data(self) -> dict[str, Any]:
        """The plain mapping the rules were built from."""
        return self.loaded.data


class RuleFileError(DslgenError):
    """A rule file that cannot be played: YAML, schema or rule-building errors (exit 1)."""

    exit_code = EXIT_FINDINGS

    def __init__(self, message: str, *, where: str = "", hint: str = "", findings: list[Finding] | None = None, exit_code: int | None = None):
        super().__init__(message, where=where, hint=hint, exit_code=exit_code)
        self.findings = findings or []


def resolve_rule_path(path: str | os.PathLike[str]) -> str | os.PathLike[str]:
    """``path`` itself when it exists; else, when it is a bare catalog id (``sichuan_xuezhan``, ``nanchang``),
    the catalog's ``<id>.yaml`` (the catalog of :func:`dslgen.generate.examples.catalog_dir`); else ``path``
    unchanged, so the reader reports the missing file."""
    import re
    from pathlib import Path

    text = os.fspath(path)
    if Path(text).exists() or not re.fullmatch(r"[a-z][a-z0-9_]{0,63}", text):
        return path
    from dslgen.generate.examples import catalog_dir

    candidate = catalog_dir() / f"{text}.yaml"
    return str(candidate) if candidate.is_file() else path


def load_rules(path: str | os.PathLike[str]) -> RuleFile:
    """Load ``path`` (a file, or a catalog id: :func:`resolve_rule_path`), validate it against the schema and
    build the engine's rules.

    Raises a :class:`DslgenError` (exit 1; exit 2 when the file cannot be read)
    whose message lists the first few schema errors.
    """
    return rules_from_loaded(load_yaml_file(resolve_rule_path(path)))


def load_playable(path: str | os.PathLike[str]) -> RuleFile:
    """Like :func:`load_rules`, and refuse (exit 1) a file ``dslgen check`` refuses: an unknown fan, hook,
    mode or action is never silently ignored, and the engine can set up a game from what is returned."""
    from dslgen.checks.runner import check_data

    rf = load_rules(path)
    report = check_data(rf.loaded)
    if report.errors:
        shown = "\n".join(f"{rf.path}:{f.line}:{f.column}: {f.code} {f.message}" for f in report.errors[:SHOWN_ERRORS])
        more = f"\n……另有 {len(report.errors) - SHOWN_ERRORS} 个错误" if len(report.errors) > SHOWN_ERRORS else ""
        raise RuleFileError(f"规则文件有 {len(report.errors)} 个阻断错误，引擎不能照它对局：\n{shown}{more}",
                            where=rf.path, hint=f"运行 dslgen check {rf.path} 查看全部问题与修改提示")
    return rf


def load_rules_text(text: str, name: str = "<draft>") -> RuleFile:
    """Like :func:`load_rules` for YAML text already in memory (e.g. a generated draft)."""
    return rules_from_loaded(load_yaml_text(text, name))


def rules_from_loaded(loaded: LoadedYaml) -> RuleFile:
    """Validate an already loaded file and build its rules."""
    found = validate_data(loaded)
    if found:
        shown = "\n".join(render_finding(loaded.path, f) for f in found[:SHOWN_ERRORS])
        more = f"\n……另有 {len(found) - SHOWN_ERRORS} 个错误" if len(found) > SHOWN_ERRORS else ""
        raise RuleFileError(
            f"规则文件不符合 DSL 规范（{len(found)} 个错误）：\n{shown}{more}",
            where=loaded.path,
            hint=f"运行 dslgen validate {loaded.path} 查看全部错误",
            findings=found,
        )
    try:
        rules = Rules.from_dict(loaded.data)
    except RulesError as exc:
        where = loaded.where(exc.steps) if exc.steps else loaded.path
        if len(exc.problems) == 1:
            raise RuleFileError(f"引擎无法加载规则：{exc}", where=where, hint="请对照 docs/dsl-specification.md 修改该字段") from None
        listed = "\n".join(f"{loaded.where(p.steps) if p.steps else loaded.path}: {p}" for p in exc.problems)
        raise RuleFileError(f"引擎无法加载规则（{len(exc.problems)} 个问题）：\n{listed}", where=where,
                            hint=f"运行 dslgen check {loaded.path} 查看每个问题的说明") from None
    except (ValueError, TypeError, KeyError) as exc:
        raise RuleFileError(f"引擎无法加载规则：{exc}", where=loaded.path, hint="请对照 docs/dsl-specification.md 检查规则文件") from None
    return RuleFile(loaded.path, loaded, rules)
