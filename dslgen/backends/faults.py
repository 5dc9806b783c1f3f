"""A fault-injection hook for tests: kill the worker process at a chosen task, once.

``DSLGEN_FAULT_KILL_CHUNK=<start>:<marker file>`` makes the worker that starts
the simulation chunk beginning at game ``<start>`` exit abruptly, the first
time only (the marker file records that it happened). Unset, it costs one
environment lookup per chunk.
"""

from __future__ import annotations

import os

ENV = "DSLGEN_FAULT_KILL_CHUNK"


def maybe_die(start: int) -> None:
    """Exit this process without cleanup if the hook targets chunk ``start`` and has not fired yet."""
    spec = os.environ.get(ENV)
    if not spec:
        return
    target, _, marker = spec.partition(":")
    if target != str(start) or not marker:
        return
    try:
        fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return
    os.close(fd)
    os._exit(17)
