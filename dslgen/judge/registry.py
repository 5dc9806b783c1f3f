"""The gate registry: each gate is one registered unit whose docstring is its user documentation.

A gate has a name (stable, English, the JSON key), a Chinese label, an order, the
gates it ``needs`` (when one of them did not pass it is ``skipped``), and the
finding-code prefixes it ``owns``: each static finding (schema, checks, answer
problems) belongs to the gate with the longest matching prefix, and the gate's
function receives them. A gate that sets ``simulates`` gets the simulation run
(once, lazily) before it is asked.

Adding a gate is one registration (see :mod:`dslgen.judge.consistency`)::

    from dslgen.judge.registry import Decision, register_gate

    @register_gate("consistency", "描述一致性", order=40, owns=("D",))
    def consistency(evidence, own):
        \"\"\"描述一致性：草稿中的每个值都与描述一致。\"\"\"
        return Decision(findings=own + tuple(my_findings(evidence)))

and listing its module in :data:`GATE_MODULES`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

from dslgen.checks.finding import Finding
from dslgen.judge.verdict import FAIL, PASS, SKIPPED, Figure, GateResult

if TYPE_CHECKING:  # pragma: no cover
    from dslgen.judge.evidence import Evidence

#: Modules whose import registers gates (the registry imports them on first use).
GATE_MODULES = ["dslgen.judge.builtin", "dslgen.judge.consistency", "dslgen.judge.economics"]


@dataclass(frozen=True)
class Decision:
    """What a gate function returns: its findings, its figures and a one-line detail.

    The gate fails when ``passed`` is False, or (``passed`` None) when a finding is an error.
    """

    findings: tuple[Finding, ...] = ()
    figures: Mapping[str, Figure] = field(default_factory=dict)
    detail: str = ""
    passed: bool | None = None


GateFunc = Callable[["Evidence", tuple[Finding, ...]], Decision]


@dataclass(frozen=True)
class Gate:
    """A registered gate (see the module docstring)."""

    name: str
    label: str
    order: int
    func: GateFunc
    needs: tuple[str, ...] = ()
    owns: tuple[str, ...] = ()
    simulates: bool = False

    @property
    def doc(self) -> str:
        """The gate's user documentation (its function's docstring)."""
        return (self.func.__doc__ or "").strip()

    def decide(self, evidence: "Evidence", own: tuple[Finding, ...]) -> GateResult:
        """Run the gate on ``evidence`` with the findings it owns."""
        d = self.func(evidence, own)
        findings = tuple(d.findings)
        failed = any(f.is_error for f in findings) if d.passed is None else not d.passed
        detail = d.detail or (f"{sum(f.is_error for f in findings)} 个错误" if failed and findings else "")
        return GateResult(self.name, self.label, FAIL if failed else PASS, detail, findings, dict(d.figures))

    def skip(self, missing: list[str]) -> GateResult:
        """The result when the gates in ``missing`` did not pass."""
        names = "、".join(label(n) for n in missing)
        return GateResult(self.name, self.label, SKIPPED, f"{names}未通过，未运行")


_GATES: dict[str, Gate] = {}
_loaded = False


def register_gate(name: str, label: str, *, order: int, needs: tuple[str, ...] = (), owns: tuple[str, ...] = (),
                  simulates: bool = False) -> Callable[[GateFunc], GateFunc]:
    """Decorator registering ``func(evidence, own_findings) -> Decision`` as the gate ``name``."""

    def wrap(func: GateFunc) -> GateFunc:
        if name in _GATES and _GATES[name].func is not func:
            raise ValueError(f"gate {name!r} is registered twice")
        _GATES[name] = Gate(name, label, order, func, tuple(needs), tuple(owns), simulates)
        return func

    return wrap


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in GATE_MODULES:
            importlib.import_module(module)


def gates() -> list[Gate]:
    """Every registered gate, in order."""
    _load()
    return sorted(_GATES.values(), key=lambda g: (g.order, g.name))


def names() -> tuple[str, ...]:
    """The gate names, in order."""
    return tuple(g.name for g in gates())


def label(name: str) -> str:
    """The Chinese label of gate ``name`` (the name itself for an unknown gate)."""
    _load()
    gate = _GATES.get(name)
    return gate.label if gate else name


def owner(code: str) -> str:
    """The gate that owns findings with ``code`` (longest matching prefix)."""
    best, length = "", -1
    for gate in gates():
        for prefix in gate.owns:
            if code.startswith(prefix) and len(prefix) > length:
                best, length = gate.name, len(prefix)
    return best


def partition(findings: tuple[Finding, ...] | list[Finding]) -> dict[str, tuple[Finding, ...]]:
    """``{gate name: the findings it owns}`` (every gate present, possibly empty)."""
    out: dict[str, list[Finding]] = {g.name: [] for g in gates()}
    for f in findings:
        out.setdefault(owner(f.code), []).append(f)
    return {k: tuple(v) for k, v in out.items()}


def documentation() -> list[dict[str, Any]]:
    """Each gate's name, label and documentation, for generated docs."""
    return [{"name": g.name, "label": g.label, "needs": list(g.needs), "doc": g.doc} for g in gates()]
