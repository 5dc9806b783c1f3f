"""The check registry: every check is a registered unit with a stable code.

A check is a function decorated with :func:`check`. It receives a
:class:`~dslgen.checks.context.RuleContext` and yields
:class:`~dslgen.checks.finding.Problem` objects; the runner turns them into
findings carrying the check's code and severity. The function's docstring is the
user documentation of the code (``docs/checks.md`` is generated from it): the
first line is its title, the rest explains what it catches and how to fix it.

Codes are grouped by topic: ``C0xx`` input, ``C1xx`` capabilities, ``C2xx``
fans and conditions, ``C3xx`` actions and hooks, ``C4xx`` unsupported modes,
``C5xx`` requires consistency, ``C6xx`` exclusion graph, ``C7xx`` phase graph, ``C8xx`` regional
scoring (川麻 and its kin), ``C9xx`` win conditions.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from dslgen.checks.finding import SEVERITIES, Problem

CODE_RE = re.compile(r"^C\d{3}$")


@dataclass(frozen=True)
class Check:
    """A registered check: code, kebab-case name, severity, topic, docs and the function."""

    code: str
    name: str
    severity: str
    topic: str
    doc: str
    #: None for codes the runner emits itself (input that could not be read or validated).
    func: Callable[..., Iterable[Problem]] | None

    @property
    def title(self) -> str:
        """First line of the docstring."""
        return self.doc.splitlines()[0].strip()

    @property
    def body(self) -> str:
        """The docstring after its first line."""
        return "\n".join(self.doc.splitlines()[1:]).strip()


_CHECKS: dict[str, Check] = {}
_NAMES: dict[str, str] = {}

#: Modules of this package that hold no checks (imported on demand only).
_NOT_CHECKS = {"registry", "finding", "runner", "reporters", "doc", "context"}


def check(code: str, name: str, severity: str = "error", topic: str = ""):
    """Register the decorated function as check ``code`` (``C101``…) named ``name``."""
    if not CODE_RE.match(code):
        raise ValueError(f"check code {code!r} must look like C101")
    if severity not in SEVERITIES:
        raise ValueError(f"check {code}: severity {severity!r} not in {SEVERITIES}")

    def decorate(func):
        doc = inspect.getdoc(func)
        if not doc:
            raise ValueError(f"check {code} ({func.__qualname__}) needs a docstring: it is its documentation")
        if code in _CHECKS and getattr(_CHECKS[code].func, "__qualname__", None) != func.__qualname__:
            raise ValueError(f"check code {code} registered twice")
        if _NAMES.get(name, code) != code:
            raise ValueError(f"check name {name!r} used by {_NAMES[name]} and {code}")
        module_topic = func.__module__.rsplit(".", 1)[-1]
        _CHECKS[code] = Check(code, name, severity, topic or module_topic, doc, func)
        _NAMES[name] = code
        return func

    return decorate


def register_code(code: str, name: str, severity: str, topic: str, doc: str) -> Check:
    """Register a code that the runner emits itself (no check function), with its documentation."""
    if not CODE_RE.match(code) or severity not in SEVERITIES:
        raise ValueError(f"bad check registration {code!r} / {severity!r}")
    if code in _CHECKS and _CHECKS[code].func is not None:
        raise ValueError(f"check code {code} registered twice")
    entry = Check(code, name, severity, topic, inspect.cleandoc(doc), None)
    _CHECKS[code] = entry
    _NAMES[name] = code
    return entry


def _load_all() -> None:
    package = importlib.import_module("dslgen.checks")
    for info in pkgutil.iter_modules(package.__path__):
        if info.name not in _NOT_CHECKS and not info.name.startswith("_"):
            importlib.import_module(f"dslgen.checks.{info.name}")


def all_checks() -> list[Check]:
    """Every registered check, sorted by code (imports every check module first)."""
    _load_all()
    return [_CHECKS[c] for c in sorted(_CHECKS)]


def get(code: str) -> Check | None:
    """The check with ``code``, or None."""
    _load_all()
    return _CHECKS.get(code)
