"""Machine formats for findings: GitHub workflow annotations and SARIF 2.1.0.

``dslgen validate`` and ``dslgen check`` both report *annotations* — one finding
in one file, with its stable code (``C001``…), severity, position, message and
hint. This module turns them into

* ``github``: one ``::error file=…,line=…,col=…,title=CODE::message`` workflow
  command per finding (GitHub shows them on the pull request's diff);
* ``sarif``: a SARIF 2.1.0 log (``github/codeql-action/upload-sarif`` and other
  code-scanning tools read it), each result carrying its rule id, message and hint,
  each rule carrying the documentation of its code (``docs/checks.md``).

The ``text`` and ``json`` formats stay with each command (their shapes predate
this module); :func:`format_option` gives both commands the same
``--format``/``--json`` options.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

import click

FORMATS = ("text", "json", "github", "sarif")

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


@dataclass(frozen=True)
class Annotation:
    """One finding in one file, in the terms every CI format needs."""

    file: str
    code: str
    severity: str  # "error" or "warning"
    message: str
    hint: str = ""
    line: int = 0
    column: int = 0
    #: The field path (``fan_types[3].name``), empty when the finding is about the file.
    path: str = ""


def format_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--format text|json|github|sarif`` plus ``--json`` (an alias of ``--format json``).

    The command receives ``output_format`` (``--json`` already folded in).
    """
    func = click.option(
        "--json", "as_json", is_flag=True, expose_value=True,
        help="等同于 --format json。",
    )(func)
    func = click.option(
        "--format", "output_format", type=click.Choice(FORMATS), default=None,
        help="输出格式：text（终端，默认）、json、github（GitHub Actions 注解）、sarif（SARIF 2.1.0，供代码扫描上传）。",
    )(func)
    return func


def chosen_format(output_format: str | None, as_json: bool) -> str:
    """The format the user asked for; ``--json`` with a different ``--format`` is a usage error."""
    if as_json and output_format not in (None, "json"):
        raise click.UsageError(f"--json 与 --format {output_format} 不能同时使用")
    return "json" if as_json else (output_format or "text")


# --- GitHub workflow commands ------------------------------------------------------


def _clean(text: str) -> str:
    """Text with control and bidi characters removed (they would corrupt a log line)."""
    return _CONTROL.sub("", text)


def _escape_data(text: str) -> str:
    return _clean(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_line(a: Annotation) -> str:
    """``::error file=F,line=L,col=C,title=CODE::path: message`` (the hint on a second annotation line)."""
    level = "error" if a.severity == "error" else "warning"
    props = [f"file={_escape_property(_posix(a.file))}"]
    if a.line:
        props.append(f"line={a.line}")
        if a.column:
            props.append(f"col={a.column}")
    props.append(f"title={_escape_property(a.code)}")
    body = (f"{a.path}: " if a.path else "") + a.message + (f"\n提示：{a.hint}" if a.hint else "")
    return f"::{level} {','.join(props)}::{_escape_data(body)}"


def github(annotations: Iterable[Annotation]) -> str:
    """Every annotation as a GitHub workflow command, one per line."""
    return "".join(github_line(a) + "\n" for a in annotations)


# --- SARIF 2.1.0 -------------------------------------------------------------------


def _posix(file: str) -> str:
    return PurePath(file).as_posix() if "\\" in file else file


def _artifact(file: str) -> dict[str, Any]:
    """A relative URI (resolved against the repository root by code scanning), never a local absolute path
    unless the user named one."""
    path = Path(file)
    if path.is_absolute():
        return {"uri": path.as_uri()}
    return {"uri": _posix(file).removeprefix("./")}


def _rule(code: str) -> dict[str, Any]:
    from dslgen.checks.registry import get

    entry = get(code)
    rule: dict[str, Any] = {"id": code}
    if entry is not None:
        rule["name"] = entry.name
        rule["shortDescription"] = {"text": entry.title}
        if entry.body:
            rule["fullDescription"] = {"text": entry.body}
            rule["help"] = {"text": entry.body, "markdown": f"**{code} {entry.title}**\n\n{entry.body}"}
        rule["defaultConfiguration"] = {"level": "error" if entry.severity == "error" else "warning"}
    return rule


def sarif(annotations: Sequence[Annotation], *, files: Sequence[str] = (), version: str = "") -> dict[str, Any]:
    """A SARIF 2.1.0 log with one run of dslgen: rules for every code reported, one result per finding.

    ``files`` lists every file examined (also those without findings), so a
    consumer can tell "checked and clean" from "not checked".
    """
    from dslgen import __version__

    codes = sorted({a.code for a in annotations})
    rules = [_rule(code) for code in codes]
    rule_index = {code: i for i, code in enumerate(codes)}
    artifacts = list(dict.fromkeys([*files, *(a.file for a in annotations)]))
    artifact_index = {f: i for i, f in enumerate(artifacts)}
    results = []
    for a in annotations:
        location: dict[str, Any] = {"artifactLocation": {**_artifact(a.file), "index": artifact_index[a.file]}}
        if a.line:
            region: dict[str, Any] = {"startLine": a.line}
            if a.column:
                region["startColumn"] = a.column
            location["region"] = region
        physical: dict[str, Any] = {"physicalLocation": location}
        if a.path:
            physical["logicalLocations"] = [{"fullyQualifiedName": a.path, "kind": "member"}]
        text = _clean(a.message) + (f"\n提示：{_clean(a.hint)}" if a.hint else "")
        result: dict[str, Any] = {
            "ruleId": a.code,
            "ruleIndex": rule_index[a.code],
            "level": "error" if a.severity == "error" else "warning",
            "message": {"text": text},
            "locations": [physical],
            "properties": {"hint": _clean(a.hint), "path": a.path},
        }
        results.append(result)
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "dslgen",
                        "version": version or __version__,
                        "rules": rules,
                    }
                },
                "artifacts": [{"location": _artifact(f)} for f in artifacts],
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def from_validation(results: Iterable[Any]) -> list[Annotation]:
    """Annotations for ``dslgen validate`` results (:class:`dslgen.rulefile.validate.FileResult`)."""
    return [
        Annotation(r.file, f.code, f.severity, f.message, f.hint, f.line, f.column, f.path_text)
        for r in results
        for f in r.findings
    ]


def from_check(reports: Iterable[Any]) -> list[Annotation]:
    """Annotations for ``dslgen check`` reports (:class:`dslgen.checks.runner.FileReport`)."""
    from dslgen.checks.inputs import FILE_UNREADABLE

    out = []
    for r in reports:
        if r.unreadable is not None:
            out.append(Annotation(r.file, FILE_UNREADABLE.code, "error", r.unreadable.message, r.unreadable.hint))
            continue
        out.extend(
            Annotation(r.file, f.code, f.severity, f.message, f.hint, f.line, f.column, f.path_text) for f in r.findings
        )
    return out


def emit(kind: str, annotations: Sequence[Annotation], files: Sequence[str]) -> None:
    """Print ``annotations`` on stdout as ``github`` or ``sarif``."""
    from dslgen.output import print_json

    if kind == "github":
        click.echo(github(annotations), nl=False)
    elif kind == "sarif":
        print_json(sarif(annotations, files=files))
    else:  # pragma: no cover - callers handle text/json themselves
        raise ValueError(kind)
