"""What the gates judge: the exact bytes of a rule file, read and checked once, and its simulation."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Mapping

from dslgen.checks.finding import ERROR, Finding
from dslgen.judge.simulation import Simulation
from dslgen.rulefile.yamlio import LoadedYaml


def sha256_bytes(data: bytes) -> str:
    """Hex sha256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


@dataclass
class Evidence:
    """A rule file's bytes, what reading and checking them found, and (once run) its simulation."""

    content: bytes
    name: str
    loaded: LoadedYaml | None = None
    findings: tuple[Finding, ...] = ()
    #: Capabilities the file requires that the engine does not implement.
    missing: tuple[str, ...] = ()
    description: str = ""
    #: Games the simulation was asked to play.
    games: int = 0
    simulation: Simulation | None = None
    #: Anything else a gate may need (e.g. the model answer's gaps), by name.
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def sha256(self) -> str:
        """The sha256 of the bytes judged."""
        return sha256_bytes(self.content)

    @property
    def readable(self) -> bool:
        """True when the bytes were parsed to a mapping."""
        return self.loaded is not None and isinstance(self.loaded.data, Mapping)

    @property
    def data(self) -> Mapping[str, Any]:
        """The rule file as plain data ({} when unreadable)."""
        return self.loaded.data if self.readable else {}


def gather(content: bytes, name: str, *, extra_findings: tuple[Finding, ...] | list[Finding] = (),
           description: str = "", games: int = 0, extra: dict[str, Any] | None = None) -> Evidence:
    """Read ``content`` (the exact bytes to judge) and run every check on it."""
    from dslgen.checks.inputs import YAML_INVALID
    from dslgen.checks.runner import check_data
    from dslgen.errors import DslgenError
    from dslgen.rulefile.yamlio import load_yaml_bytes

    evidence = Evidence(content, name, description=description, games=games, extra=dict(extra or {}))
    findings = list(extra_findings)
    try:
        evidence.loaded = load_yaml_bytes(content, name)
    except DslgenError as exc:
        findings.append(Finding(YAML_INVALID.code, ERROR, (), exc.message, exc.hint,
                                getattr(exc, "line", 0), getattr(exc, "column", 0)))
    except RecursionError:
        findings.append(Finding(YAML_INVALID.code, ERROR, (), "YAML 嵌套过深", "请减少嵌套层数"))
    if evidence.loaded is not None:
        report = check_data(evidence.loaded, file=name)
        findings.extend(report.findings)
        evidence.missing = tuple(report.missing)
    evidence.findings = tuple(findings)
    if not evidence.description:
        meta = evidence.data.get("meta")
        evidence.description = str(meta.get("description") or "") if isinstance(meta, Mapping) else ""
    return evidence
