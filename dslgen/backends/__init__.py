"""Where simulation chunks and batch variants run: a registry of execution backends.

A backend maps a picklable function over a list of argument tuples and yields
``(index, result)`` pairs as they finish, in any order. The function also
receives a *shared* value (a rule set, batch options) that travels to each
worker once, not once per task. Callers merge results by index, so the order in
which tasks finish never changes what they compute.

The backend in force is chosen by :func:`use` (the CLI's ``--backend`` and
``--address``) and read by :func:`current`; the default is ``local``, which
needs nothing beyond the standard library.
"""

from __future__ import annotations

import contextlib
import contextvars
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Protocol

from dslgen.errors import UsageError

#: A task is ``func(shared, *args)``; it must be a module-level (picklable) function.
Task = Callable[..., Any]


class Backend(Protocol):
    """What every backend provides."""

    name: str

    def map_unordered(self, func: Task, shared: Any, args: list[tuple], *, limit: int | None = None) -> Iterator[tuple[int, Any]]:
        """Run ``func(shared, *args[i])`` for every ``i``; yield ``(i, result)`` as each finishes.

        Each ``i`` is yielded exactly once, even when a worker dies and its task
        is retried. ``limit`` caps how many tasks run at the same time.
        """


@dataclass(frozen=True)
class BackendSpec:
    """The user's choice: a backend name, a worker count and (for a cluster) its address."""

    name: str = "local"
    jobs: int | None = None
    address: str | None = None


_REGISTRY: dict[str, Callable[[BackendSpec], Backend]] = {}
_CURRENT: contextvars.ContextVar[BackendSpec] = contextvars.ContextVar("dslgen_backend", default=BackendSpec())


def register(name: str) -> Callable[[Callable[[BackendSpec], Backend]], Callable[[BackendSpec], Backend]]:
    """Register a backend factory under ``name`` (its docstring is the user documentation)."""

    def deco(factory: Callable[[BackendSpec], Backend]) -> Callable[[BackendSpec], Backend]:
        _REGISTRY[name] = factory
        return factory

    return deco


def names() -> list[str]:
    """The registered backend names."""
    _load()
    return sorted(_REGISTRY)


def _load() -> None:
    from dslgen.backends import local, ray_cluster  # noqa: F401  (registration side effect)


def create(spec: BackendSpec) -> Backend:
    """The backend ``spec`` names, ready to run tasks."""
    _load()
    if spec.name not in _REGISTRY:
        raise UsageError(f"未知的执行后端 {spec.name!r}", where="--backend", hint="可选：" + "、".join(sorted(_REGISTRY)))
    return _REGISTRY[spec.name](spec)


def current() -> BackendSpec:
    """The backend choice in force (``local`` unless a command chose otherwise)."""
    return _CURRENT.get()


@contextlib.contextmanager
def use(spec: BackendSpec) -> Iterator[BackendSpec]:
    """Make ``spec`` the backend for every simulation and batch run inside the block."""
    if spec.name != "local":
        create(spec)  # fail early (unknown name, missing extra) before any work starts
    token = _CURRENT.set(spec)
    try:
        yield spec
    finally:
        _CURRENT.reset(token)


def run_all(func: Task, shared: Any, args: Iterable[tuple], *, jobs: int = 1, limit: int | None = None,
            spec: BackendSpec | None = None) -> Iterator[tuple[int, Any]]:
    """Map ``func`` over ``args`` on the backend in force (in-process when it is local with one job)."""
    spec = spec or current()
    args = list(args)
    if spec.name == "local" and (jobs <= 1 or len(args) <= 1):
        for i, a in enumerate(args):
            yield i, func(shared, *a)
        return
    backend = create(BackendSpec(spec.name, spec.jobs or jobs, spec.address))
    yield from backend.map_unordered(func, shared, args, limit=limit)
