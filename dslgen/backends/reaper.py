"""The watchdog that removes what a driver started when the driver dies without cleaning up.

A private Ray cluster (``--backend ray`` without ``--address``) is a tree of processes under the
driver: GCS, raylet, agents, one worker per actor. Ray ties some of them to the driver, but not all:
killed with SIGKILL (or SIGTERM, which skips ``atexit``), the driver leaves ``ray::DashboardAgent``,
``ray::RuntimeEnvAgent`` and, for a few seconds, its workers running with no parent.

:func:`start` launches ``python -m dslgen.backends.reaper DRIVER_PID`` as a child of the driver, in its
own session and deaf to Ctrl-C. While the driver lives it notes every descendant of the driver
(pid and start time, from ``/proc``) twice a second; when the driver is gone (the watchdog's parent
changes) it kills each noted process that still runs with the same start time, then exits. Linux
only (``/proc``); elsewhere :func:`start` does nothing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

#: Seconds between two looks at the process tree.
INTERVAL = 0.5


def _stat(pid: int) -> tuple[int, int] | None:
    """``(parent pid, start time)`` of ``pid`` from ``/proc/<pid>/stat``, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    fields = data[data.rfind(b")") + 2:].split()  # the command name may hold spaces and parentheses
    return int(fields[1]), int(fields[19])


def descendants(root: int) -> dict[int, int]:
    """Every live descendant of ``root``: pid -> start time."""
    children: dict[int, list[tuple[int, int]]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            info = _stat(int(name))
            if info:
                children.setdefault(info[0], []).append((int(name), info[1]))
    found: dict[int, int] = {}
    todo = [root]
    while todo:
        for pid, started in children.get(todo.pop(), ()):
            if pid not in found:
                found[pid] = started
                todo.append(pid)
    return found


def watch(driver: int, interval: float = INTERVAL) -> int:
    """Note the driver's descendants until it dies, then kill those still running; return how many."""
    me = os.getpid()
    seen: dict[int, int] = {}
    while os.getppid() == driver:
        seen.update(descendants(driver))
        seen.pop(me, None)
        time.sleep(interval)
    killed = 0
    for pid, started in seen.items():
        info = _stat(pid)
        if info and info[1] == started:  # the same process, not a new one reusing the pid
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
            except OSError:
                pass
    return killed


def start() -> subprocess.Popen | None:
    """Launch the watchdog for this process (Linux); None where ``/proc`` is missing."""
    if not os.path.isdir("/proc/self"):
        return None
    return subprocess.Popen([sys.executable, "-m", "dslgen.backends.reaper", str(os.getpid())],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True, close_fds=True)


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    watch(int(sys.argv[1]))
