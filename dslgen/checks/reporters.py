"""Reporters for ``dslgen check``: ``text`` (rich, for people) and ``json`` (for tools), picked by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text

from dslgen.checks.finding import Finding
from dslgen.checks.runner import FileReport
from dslgen.output import console, print_json

Reporter = Callable[[Sequence[FileReport]], None]
REPORTERS: dict[str, Reporter] = {}

SEVERITY_ZH = {"error": "错误", "warning": "警告"}
#: The text report lists at most this many findings of one code per file (then how many more): a file
#: with thousands of unknown fans gets a readable report. ``--json`` lists every finding.
MAX_PER_CODE = 20


def reporter(name: str) -> Callable[[Reporter], Reporter]:
    """Register the decorated function as the reporter ``name``."""

    def decorate(func: Reporter) -> Reporter:
        REPORTERS[name] = func
        return func

    return decorate


def get_reporter(name: str) -> Reporter:
    """The reporter registered as ``name`` (``text`` or ``json``)."""
    return REPORTERS[name]


def rate_line(report: FileReport) -> str:
    """``DSL 适配率: 7/7 (100%) — 南昌麻将``; a file with blocking errors never shows a percentage
    (``7/7 可识别，但有 2 个阻断错误``): the rate counts recognised items, not whether the file can be used."""
    errors = len(report.errors)
    if errors:
        line = f"DSL 适配率: {report.supported}/{report.total} 项可识别，但有 {errors} 个阻断错误，文件不可用"
    else:
        percent = report.supported * 100 // report.total if report.total else 0
        line = f"DSL 适配率: {report.supported}/{report.total} ({percent}%)"
    return f"{line} — {report.name}" if report.name else line


def finding_line(report: FileReport, f: Finding) -> str:
    """``file:line:col: C201 错误 fan_types[3].name: message``."""
    where = report.file + (f":{f.line}:{f.column}" if f.line else "")
    path = f" {f.path_text}:" if f.path else ""
    return f"{where}: {f.code} {SEVERITY_ZH.get(f.severity, f.severity)}{path} {f.message}"


@reporter("text")
def text_report(reports: Sequence[FileReport]) -> None:
    """Per file: the adaptation rate, the capability summary, then each finding with its hint
    (at most :data:`MAX_PER_CODE` of one code, then the count of the rest).

    Under ``-q`` only the findings with their hints (and unreadable files) are printed.
    """
    from dslgen.terminal import quiet

    out = console()
    for report in reports:
        if report.unreadable is not None:
            out.print(Text(f"✗ {report.unreadable.render()}", style="bold red"))
            continue
        mark, style = ("✅", "green") if report.ok else ("❌", "red")
        if not quiet():
            out.print(Text(f"{mark} {rate_line(report)}", style=f"bold {style}"), Text(f"  {report.file}", style="dim"))
        if report.missing and not quiet():
            out.print(Text(f"   缺少能力 {len(report.missing)} 项：{'、'.join(report.missing)}"
                           f"（引擎已实现 {report.implemented} 项，见 dslgen capabilities）", style="red"))
        shown: dict[str, int] = {}
        for f in report.findings:
            shown[f.code] = shown.get(f.code, 0) + 1
            if shown[f.code] > MAX_PER_CODE:
                continue
            out.print(Text(finding_line(report, f), style="red" if f.is_error else "yellow"))
            if f.hint:
                out.print(Text(f"    提示：{f.hint}", style="dim"))
        for code, n in shown.items():
            if n > MAX_PER_CODE:
                out.print(Text(f"{report.file}: {code} 另有 {n - MAX_PER_CODE} 条未列出（共 {n} 条；--json 列出全部）",
                               style="red"))
    if len(reports) > 1 and not quiet():
        bad = sum(1 for r in reports if not r.ok)
        warnings = sum(len(r.warnings) for r in reports)
        out.print(Text(f"共 {len(reports)} 个文件：{len(reports) - bad} 个通过，{bad} 个未通过，{warnings} 条警告"))


@reporter("json")
def json_report(reports: Sequence[FileReport]) -> None:
    """A JSON list with one object per file (see :meth:`FileReport.to_json`)."""
    print_json([r.to_json() for r in reports])
