"""The ``local`` backend: a process pool on this machine (the default; standard library only)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Iterator

from dslgen.backends import BackendSpec, Task, register
from dslgen.errors import DslgenError

#: A pool whose workers keep dying is given up after this many fresh starts.
MAX_POOL_RESTARTS = 3

_SHARED: Any = None
#: How often a worker looks whether its parent is still alive, in seconds.
PARENT_POLL_S = 0.25


def _init_worker(shared: Any) -> None:
    """Keep the shared value for the worker's lifetime; Ctrl-C is the parent's to handle; a worker
    whose parent died (killed, even with SIGKILL) exits instead of living on as an orphan."""
    global _SHARED
    _SHARED = shared
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True, name="parent-watch").start()


def _exit_with_parent(parent: int) -> None:
    while True:
        time.sleep(PARENT_POLL_S)
        if os.getppid() != parent:
            os._exit(1)


def _call(func: Task, args: tuple) -> Any:
    return func(_SHARED, *args)


def _context() -> multiprocessing.context.BaseContext:
    return multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop the pool now, its workers included, so none outlives the command."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        if p.is_alive():
            p.terminate()
    for p in processes:
        p.join(timeout=5)


class LocalBackend:
    """本机进程池：``--jobs`` 个进程（默认 CPU 核数），规则在每个进程启动时传入一次。

    某个工作进程意外退出时，尚未完成的任务在新的进程池里重跑（已完成的不重复计入），
    最多重启 3 次。
    """

    name = "local"

    def __init__(self, spec: BackendSpec):
        self.jobs = max(1, spec.jobs or os.cpu_count() or 1)

    def map_unordered(self, func: Task, shared: Any, args: list[tuple], *, limit: int | None = None) -> Iterator[tuple[int, Any]]:
        """Run the tasks on up to ``jobs`` processes, at most ``2 × jobs`` queued at a time."""
        workers = max(1, min(self.jobs, limit or self.jobs, len(args)))
        pending = list(range(len(args)))[::-1]  # a stack: pop() gives the lowest index first
        restarts = 0
        while pending:
            pool = ProcessPoolExecutor(workers, mp_context=_context(), initializer=_init_worker, initargs=(shared,))
            running: dict[Future, int] = {}
            try:
                while pending or running:
                    while pending and len(running) < 2 * workers:
                        running[pool.submit(_call, func, args[pending[-1]])] = pending[-1]
                        pending.pop()
                    finished, _ = wait(running, return_when=FIRST_COMPLETED)
                    for fut in finished:
                        i = running.pop(fut)
                        try:
                            result = fut.result()
                        except BrokenProcessPool:
                            pending.append(i)
                            continue
                        yield i, result
            except BrokenProcessPool:
                pass
            finally:
                pending.extend(running.values())
                running.clear()
                if pending or sys.exc_info()[0] is not None:
                    _terminate(pool)  # interrupted or broken: stop the workers now
                else:
                    pool.shutdown(wait=True)  # finished: let idle workers exit on their own
            if pending:
                restarts += 1
                if restarts > MAX_POOL_RESTARTS:
                    raise DslgenError(f"本机工作进程反复意外退出（已重启 {MAX_POOL_RESTARTS} 次），放弃剩余 {len(pending)} 个任务")
                pending.sort(reverse=True)


@register("local")
def _local(spec: BackendSpec) -> LocalBackend:
    return LocalBackend(spec)
