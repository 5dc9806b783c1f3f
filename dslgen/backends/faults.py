"""Fault-injection hooks for tests: a worker process dies at a chosen task, once.

``DSLGEN_FAULT_KILL_CHUNK=<start>:<marker file>`` makes the worker that starts
the simulation chunk beginning at game ``<start>`` exit abruptly, the first
time only (the marker file records that it happened).

``DSLGEN_FAULT_HOLD_CHUNK=<start>:<pid file>`` makes that worker write its
process id to the pid file and wait (at most :data:`HOLD_SECONDS`), the first
time only, so a test can kill it from outside (``SIGKILL``) in the middle of
the run. Unset, each costs one environment lookup per chunk.
"""

from __future__ import annotations

import os
import time

ENV = "DSLGEN_FAULT_KILL_CHUNK"
HOLD_ENV = "DSLGEN_FAULT_HOLD_CHUNK"
#: Every hook variable, for backends that must pass them on to their workers.
ENVS = (ENV, HOLD_ENV)
#: Longest a held worker waits to be killed before it carries on.
HOLD_SECONDS = 120.0


def _first_time(spec: str | None, start: int) -> str | None:
    """The hook's file when ``spec`` targets chunk ``start`` and the file did not exist yet (it does now)."""
    if not spec:
        return None
    target, _, path = spec.partition(":")
    if target != str(start) or not path:
        return None
    try:
        fd = os.open(path + ".fired", os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return None
    os.close(fd)
    return path


def maybe_die(start: int) -> None:
    """Exit this process without cleanup, or wait to be killed, if a hook targets chunk ``start`` and has
    not fired yet."""
    marker = _first_time(os.environ.get(ENV), start)
    if marker:
        open(marker, "w").close()
        os._exit(17)
    pid_file = _first_time(os.environ.get(HOLD_ENV), start)
    if pid_file:
        tmp = f"{pid_file}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="ascii") as fh:
            fh.write(str(os.getpid()))
        os.replace(tmp, pid_file)
        deadline = time.monotonic() + HOLD_SECONDS
        while time.monotonic() < deadline:
            time.sleep(0.05)
