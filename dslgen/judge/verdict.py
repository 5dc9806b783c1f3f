"""The typed verdict: every gate, passed or not, with its findings and figures.

A :class:`Verdict` is bound to the sha256 of the exact bytes it judged. Its JSON
form (:meth:`Verdict.to_json`) is what ``result.json``, the review report and the
approval record store, and :meth:`Verdict.from_json` reads it back as it was:
``Verdict.from_json(v.to_json()) == v``. A stored verdict whose shape is wrong, or
whose summary disagrees with its gates, raises :class:`VerdictError` — the caller
judges the file again rather than trusting it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from dslgen.checks.finding import Finding

VERDICT_FORMAT = "dslgen-verdict/1"
PASS = "pass"
FAIL = "fail"
SKIPPED = "skipped"
STATUSES = (PASS, FAIL, SKIPPED)
#: Figures are plain numbers or short texts, so the JSON form round-trips exactly.
Figure = int | float | str | bool | None


class VerdictError(ValueError):
    """A stored verdict that is not the JSON form of a :class:`Verdict`."""


def _figures(value: Any) -> Mapping[str, Figure]:
    if not isinstance(value, Mapping):
        raise VerdictError("figures 必须是映射")
    for key, item in value.items():
        if not isinstance(key, str) or not isinstance(item, (int, float, str, bool, type(None))):
            raise VerdictError(f"figures 中的 {key!r} 不是数字或文本")
    return MappingProxyType(dict(value))


@dataclass(frozen=True)
class GateResult:
    """One gate's outcome: ``pass``, ``fail`` or ``skipped`` (a gate it needs did not pass)."""

    name: str
    label: str
    status: str
    detail: str = ""
    findings: tuple[Finding, ...] = ()
    figures: Mapping[str, Figure] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise VerdictError(f"关卡 {self.name} 的状态 {self.status!r} 未知")
        object.__setattr__(self, "findings", tuple(self.findings))
        object.__setattr__(self, "figures", _figures(self.figures))

    @property
    def passed(self) -> bool:
        """True when the gate passed."""
        return self.status == PASS

    @property
    def errors(self) -> tuple[Finding, ...]:
        """The gate's error-level findings."""
        return tuple(f for f in self.findings if f.is_error)

    def to_json(self) -> dict[str, Any]:
        """The gate as JSON (``name`` is the key it is stored under)."""
        return {"label": self.label, "status": self.status, "detail": self.detail,
                "figures": dict(self.figures), "findings": [f.to_json() for f in self.findings]}

    @classmethod
    def from_json(cls, name: str, data: Any) -> "GateResult":
        """The gate :meth:`to_json` wrote under ``name``."""
        if not isinstance(data, Mapping):
            raise VerdictError(f"关卡 {name} 不是映射")
        try:
            findings = tuple(Finding.from_json(f) for f in data.get("findings") or [])
        except ValueError as exc:
            raise VerdictError(f"关卡 {name} 的检查发现无法读取：{exc}") from None
        label, status, detail = data.get("label"), data.get("status"), data.get("detail", "")
        if not isinstance(label, str) or not isinstance(status, str) or not isinstance(detail, str):
            raise VerdictError(f"关卡 {name} 缺少 label / status / detail")
        return cls(name, label, status, detail, findings, _figures(data.get("figures") or {}))


@dataclass(frozen=True)
class Verdict:
    """Every gate's result for the content whose sha256 is ``sha256``; ``pass`` only when all passed."""

    sha256: str
    gates: tuple[GateResult, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "gates", tuple(self.gates))

    @property
    def passed(self) -> bool:
        """True when every gate passed (a verdict without gates never passes)."""
        return bool(self.gates) and all(g.passed for g in self.gates)

    @property
    def status(self) -> str:
        """``pass`` or ``fail``."""
        return PASS if self.passed else FAIL

    @property
    def failed_gates(self) -> list[str]:
        """Names of the gates that did not pass (failed or skipped), in gate order."""
        return [g.name for g in self.gates if not g.passed]

    @property
    def findings(self) -> list[Finding]:
        """Every gate's findings, in gate order."""
        return [f for g in self.gates for f in g.findings]

    def gate(self, name: str) -> GateResult | None:
        """The result of the gate called ``name`` (None when the verdict has no such gate)."""
        return next((g for g in self.gates if g.name == name), None)

    def statuses(self) -> dict[str, str]:
        """``{gate name: status}`` in gate order."""
        return {g.name: g.status for g in self.gates}

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON; ``status`` and ``failed_gates`` are derived and checked on reading."""
        return {"format": VERDICT_FORMAT, "status": self.status, "sha256": self.sha256,
                "failed_gates": self.failed_gates, "gates": {g.name: g.to_json() for g in self.gates}}

    @classmethod
    def from_json(cls, data: Any) -> "Verdict":
        """The verdict :meth:`to_json` wrote; :class:`VerdictError` for anything else."""
        if not isinstance(data, Mapping) or data.get("format") != VERDICT_FORMAT:
            raise VerdictError("不是 dslgen 的判定结论（format 不符）")
        sha = data.get("sha256")
        gates = data.get("gates")
        if not isinstance(sha, str) or len(sha) != 64 or not isinstance(gates, Mapping):
            raise VerdictError("判定结论缺少 sha256 或 gates")
        verdict = cls(sha, tuple(GateResult.from_json(str(name), g) for name, g in gates.items()))
        if data.get("status") != verdict.status or data.get("failed_gates") != verdict.failed_gates:
            raise VerdictError("判定结论的 status / failed_gates 与各关卡不一致")
        return verdict
