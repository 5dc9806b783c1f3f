"""Run every registered check over a rule file and collect a :class:`FileReport`.

Adaptation rate (``DSL 适配率``): the rule items the engine recognises over all
rule items counted. The items counted are

* each ``requires`` id (recognised: registered in the capability registry),
* each ``fan_types[].name`` and ``win_condition.pair_258_exempt_fans`` entry
  (recognised: a fan the engine has a recognizer for),
* each non-empty fan, action and ``pre_hooks`` condition string
  (recognised: registered for that place),
* each ``self_action`` / ``others_reaction`` option's action (recognised: offered in that slot),
* each ``scoring.pre_hooks[].name`` (recognised: a registered hook).

A file can be 100% adapted and still have findings (a broken phase graph, an
inconsistent ``requires``): the rate measures vocabulary, the findings measure
everything.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dslgen.checks import conditions as _conditions
from dslgen.checks import sichuan as _sichuan
from dslgen.checks.context import EngineFacts, RuleContext, engine_facts
from dslgen.checks.finding import Finding, Problem
from dslgen.checks.inputs import YAML_INVALID
from dslgen.checks.registry import Check, all_checks
from dslgen.errors import EXIT_USAGE, DslgenError


@dataclass
class FileReport:
    """The result of checking one file (or one in-memory mapping)."""

    file: str
    name: str = ""
    findings: list[Finding] = field(default_factory=list)
    supported: int = 0
    total: int = 0
    required: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    #: How many capabilities the engine implements.
    implemented: int = 0
    #: Set when the file could not be read at all (exit 2); no checks ran.
    unreadable: DslgenError | None = None

    @property
    def errors(self) -> list[Finding]:
        """Error-level findings."""
        return [f for f in self.findings if f.is_error]

    @property
    def warnings(self) -> list[Finding]:
        """Warning-level findings."""
        return [f for f in self.findings if not f.is_error]

    @property
    def ok(self) -> bool:
        """True when the file was read and has no error-level finding."""
        return self.unreadable is None and not self.errors

    @property
    def rate(self) -> float:
        """supported / total (1.0 for a file with nothing to count)."""
        return self.supported / self.total if self.total else 1.0

    def codes(self) -> list[str]:
        """The finding codes, in report order."""
        return [f.code for f in self.findings]

    def to_json(self) -> dict[str, Any]:
        """The per-file object of ``dslgen check --json``."""
        out: dict[str, Any] = {
            "file": self.file,
            "name": self.name,
            "adaptation": {"supported": self.supported, "total": self.total},
            "capabilities": {"required": self.required, "missing": self.missing},
            "findings": [f.to_json() for f in self.findings],
        }
        if self.unreadable is not None:
            out["error"] = {"message": self.unreadable.message, "where": self.unreadable.where,
                            "hint": self.unreadable.hint}
        return out


def check_file(path: str | os.PathLike[str]) -> FileReport:
    """Load the rule file at ``path`` and check it.

    YAML that cannot be parsed becomes a C001 finding; a file that cannot be read
    at all (missing, a directory, no permission) sets ``unreadable``.
    """
    from dslgen.rulefile.yamlio import load_yaml_file

    name = str(path)
    try:
        loaded = load_yaml_file(path)
    except DslgenError as exc:
        if exc.exit_code == EXIT_USAGE:
            return FileReport(file=name, unreadable=exc)
        line, col = getattr(exc, "line", 0), getattr(exc, "column", 0)
        finding = Finding(YAML_INVALID.code, YAML_INVALID.severity, (), exc.message, exc.hint, line, col)
        return FileReport(file=name, findings=[finding])
    return check_data(loaded, file=name)


def check_data(loaded: Any, *, file: str = "<data>", facts: EngineFacts | None = None) -> FileReport:
    """Check a loaded rule file: a ``LoadedYaml`` (positions known) or a plain mapping.

    This is what the generation repair loop calls on a draft: the findings'
    messages and hints go back to the model.
    """
    data = getattr(loaded, "data", loaded)
    locate = getattr(loaded, "locate", None)
    file = getattr(loaded, "path", None) or file
    report = FileReport(file=file)
    if not isinstance(data, Mapping):
        kind = "列表" if isinstance(data, list) else type(data).__name__
        report.findings.append(
            Finding(YAML_INVALID.code, YAML_INVALID.severity, (), f"顶层必须是映射（键: 值），这里是{kind}",
                    "规则文件以 game:、deck: 等键开头", 1 if locate else 0, 1 if locate else 0)
        )
        return report

    ctx = RuleContext(data=data, facts=facts or engine_facts(), locate=locate, text=getattr(loaded, "text", "") or "")
    schema_findings = _schema_findings(loaded, data, ctx)
    ctx.schema_valid = not schema_findings
    report.findings.extend(schema_findings)
    for entry in all_checks():
        if entry.func is None:
            continue
        report.findings.extend(_run(entry, ctx))
    if ctx.schema_valid and not any(f.is_error for f in report.findings):
        report.findings.extend(_engine_findings(data, ctx))

    game = data.get("game")
    report.name = str(game.get("name", "")) if isinstance(game, Mapping) else ""
    report.required = [cap for _, cap in ctx.requires]
    report.implemented = len(ctx.facts.capabilities)
    report.missing = [cap for cap in report.required if cap not in ctx.facts.capabilities]
    report.supported, report.total = adaptation(ctx)
    report.findings.sort(key=lambda f: (f.line or 10**9, f.column, f.code))
    return report


def _engine_findings(data: Mapping[str, Any], ctx: RuleContext) -> list[Finding]:
    """C709 when the engine refuses to set up a game the other checks let through."""
    from dslgen.checks.playable import ENGINE_REFUSED, engine_problems

    out = []
    for path, message in engine_problems(data):
        line, col = ctx.position(path)
        out.append(Finding(ENGINE_REFUSED.code, ENGINE_REFUSED.severity, tuple(path), f"引擎无法开局：{message}",
                           "按消息中的字段修改规则文件", line, col))
    return out


def _run(entry: Check, ctx: RuleContext) -> list[Finding]:
    try:
        problems = list(entry.func(ctx))
    except Exception:
        # On schema-valid input a crash is a bug and must surface; on schema-invalid
        # input the schema findings already say what is wrong with the shape.
        if ctx.schema_valid:
            raise
        return []
    return [_stamp(entry.code, entry.severity, p, ctx) for p in problems]


def _defined(fan, ctx: RuleContext) -> bool:
    """A row that defines its own fan (``when``) and whose expression compiles."""
    when = fan.get("when")
    if not isinstance(when, str) or not when:
        return False
    from engine.declared import shape_names
    from engine.fans.library import unit_from_row
    from engine.lang import ExprError
    from engine.rules import Rules, RulesError

    try:
        shapes = shape_names(Rules.from_dict(ctx.data, validate=False))
    except (RulesError, TypeError, ValueError, KeyError, AttributeError):  # the file cannot be built
        return False
    try:
        unit_from_row(str(fan["name"]), when, str(fan.get("per") or ""), shapes)
    except ExprError:
        return False
    return True


def _stamp(code: str, severity: str, problem: Problem, ctx: RuleContext) -> Finding:
    line, col = ctx.position(problem.path)
    extra = dict(problem.extra)
    offset = extra.pop("offset", None)
    expr = extra.pop("expr", None)
    if isinstance(offset, int) and offset >= 0 and isinstance(expr, str) and line:
        # a problem inside an expression: point at its character on the line that holds the expression
        lines = ctx.text.splitlines()
        at = lines[line - 1].find(expr, max(col - 1, 0)) if 0 < line <= len(lines) else -1
        if at >= 0:
            col = at + 1 + offset
    return Finding(code, severity, tuple(problem.path), problem.message, problem.hint, line, col, extra)


def _schema_findings(loaded: Any, data: Mapping[str, Any], ctx: RuleContext) -> list[Finding]:
    """Schema errors as C002 findings: the very findings ``dslgen validate`` reports."""
    from dslgen.rulefile import validate

    target = loaded if getattr(loaded, "locate", None) else _Unlocated(data)
    return validate.validate_data(target)


@dataclass
class _Unlocated:
    """A plain mapping posing as a loaded file whose positions are unknown (reported as 0)."""

    data: Any

    def locate(self, path: Any) -> tuple[int, int]:
        return (0, 0)


def adaptation(ctx: RuleContext) -> tuple[int, int]:
    """(supported, total) rule items of the file; see the module docstring for what counts."""
    facts = ctx.facts
    items: list[bool] = [cap in facts.capabilities for _, cap in ctx.requires]
    own = frozenset(f["name"] for _, f in ctx.fans() if _defined(f, ctx))
    items += [fan["name"] in own or fan["name"] in facts.fan_names
              or _sichuan.composite_supported(fan, facts.fan_names | own) for _, fan in ctx.fans()]
    exempt = ctx.get("win_condition", "pair_258_exempt_fans")
    items += [name in facts.fan_names for name in (exempt if isinstance(exempt, list) else []) if isinstance(name, str)]
    for path, expression, known in _conditions.condition_fields(ctx):
        items.append(_conditions.normalise(expression) in known)
    for slot, allowed in (("self_action", facts.self_actions), ("others_reaction", facts.reactions)):
        items += [opt.get("action") in allowed for _, opt in ctx.action_options(slot) if isinstance(opt.get("action"), str)]
    items += [hook.get("name") in facts.hooks for _, hook in ctx.hooks() if isinstance(hook.get("name"), str)]
    return sum(items), len(items)
