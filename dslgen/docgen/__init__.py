"""Generated documentation: a registry of renderers, one per generated file.

A module registers a renderer with ``@document("docs/xyz.md")``; the renderer
returns the whole file text. :data:`DOC_MODULES` lists the modules that register
renderers (a module not present yet is skipped). ``dslgen docs build`` writes the
files; ``--check`` only compares them.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

#: Modules whose import registers renderers.
DOC_MODULES = ("dslgen.docgen.fans", "dslgen.checks.doc", "dslgen.docgen.settlement", "dslgen.docgen.opening",
               "dslgen.docgen.expressions", "dslgen.docgen.economics")
#: The repository root: generated paths are relative to it.
ROOT = Path(__file__).resolve().parents[2]

_RENDERERS: dict[str, Callable[[], str]] = {}


def document(path: str) -> Callable:
    """Register the decorated ``() -> str`` as the renderer of ``path`` (relative to the repository root)."""

    def decorate(func: Callable[[], str]) -> Callable[[], str]:
        _RENDERERS[path] = func
        return func

    return decorate


def renderers() -> dict[str, Callable[[], str]]:
    """Every registered renderer by path, after importing :data:`DOC_MODULES`."""
    for mod in DOC_MODULES:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise
    return dict(sorted(_RENDERERS.items()))


@dataclass(frozen=True)
class DocStatus:
    """One generated file: its path and whether the file on disk differs from what is generated."""

    path: str
    stale: bool


def build(check: bool = False, root: Path = ROOT) -> list[DocStatus]:
    """Render every document; write the stale ones unless ``check``. Returns the status of each."""
    from dslgen.rulefile.yamlio import write_atomic

    out = []
    for rel, render in renderers().items():
        text = render()
        target = root / rel
        current = target.read_text(encoding="utf-8") if target.exists() else None
        stale = current != text
        if stale and not check:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, text)
        out.append(DocStatus(rel, stale))
    return out
