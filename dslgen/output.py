"""Shared terminal output: JSON for ``--json`` and rich consoles for people."""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from typing import Any

from rich.console import Console


def to_json(obj: Any) -> str:
    """``obj`` as indented JSON with Chinese kept readable (not ``\\u`` escaped)."""
    return json.dumps(obj, ensure_ascii=False, indent=2, default=_default)


def print_json(obj: Any) -> None:
    """Print ``obj`` as JSON on stdout (the ``--json`` output of every command)."""
    sys.stdout.write(to_json(obj) + "\n")
    sys.stdout.flush()


def _default(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return sorted(value) if isinstance(value, (set, frozenset)) else list(value)
    if hasattr(value, "__dict__"):
        return vars(value)
    return str(value)


@lru_cache(maxsize=None)
def console(stderr: bool = False) -> Console:
    """The shared rich console for stdout (or stderr when ``stderr``).

    Rich looks up ``sys.stdout`` / ``sys.stderr`` at each print, so output follows
    the current stream (click's test runner swaps it). ``--color`` (:mod:`dslgen.terminal`)
    decides the colours; the cache is cleared when it changes.
    """
    from dslgen.terminal import console_options

    return Console(stderr=stderr, highlight=False, soft_wrap=True, **console_options())
