"""The engine's memo tables, and the one way to clear them.

Every module that memoises (solver tables, shanten, compiled fan tables, bot
plans) takes its dict from :func:`table`, so :func:`clear_caches` empties them
all. Caches that depend on a rule set key on the :class:`engine.rules.Rules`
value itself (immutable and hashable), never on ``id()``.
"""

from __future__ import annotations

from typing import Any, Callable

_TABLES: list[tuple[str, dict]] = []
_HOOKS: list[tuple[str, Callable[[], None]]] = []


def table(name: str) -> dict:
    """A new memo dict registered under ``name`` (for :func:`clear_caches` and :func:`sizes`)."""
    memo: dict = {}
    _TABLES.append((name, memo))
    return memo


def store(memo: dict, key: Any, value: Any, limit: int) -> Any:
    """Put ``value`` under ``key`` in the bounded memo dict ``memo`` and return it; a dict holding more
    than ``limit`` entries is emptied first (the caches' one bound: cleared, never grown without end)."""
    if len(memo) > limit:
        memo.clear()
    memo[key] = value
    return value


def on_clear(name: str, clear: Callable[[], None]) -> None:
    """Register ``clear`` for memo state that must be emptied together (e.g. interned ids and their users)."""
    _HOOKS.append((name, clear))


def clear_caches() -> None:
    """Empty every registered memo table (e.g. between tenants of a long-running server)."""
    for _, memo in _TABLES:
        memo.clear()
    for _, clear in _HOOKS:
        clear()


def sizes() -> dict[str, int]:
    """Entries per registered memo table, by name."""
    return {name: len(memo) for name, memo in _TABLES}
