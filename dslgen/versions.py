"""The versions that decide what a draft looks like: package, specification, prompts and engine."""

from __future__ import annotations

from typing import Any


def versions() -> dict[str, Any]:
    """``{"dslgen", "spec", "prompt", "engine", "python"}`` version strings."""
    import platform

    import engine
    from dslgen import __version__
    from dslgen.rulefile import spec
    from dslgen.generate.prompt import prompt_version

    return {
        "dslgen": __version__,
        "spec": spec.spec_version(),
        "prompt": prompt_version(),
        "engine": engine.__version__,
        "python": platform.python_version(),
    }


def version_text() -> str:
    """``dslgen 0.1.0（DSL 规范 1.0.0，提示词 …，引擎 0.1.0，Python 3.12.3）``."""
    v = versions()
    return f"dslgen {v['dslgen']}（DSL 规范 {v['spec']}，提示词 {v['prompt']}，引擎 {v['engine']}，Python {v['python']}）"
