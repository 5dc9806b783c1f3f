"""Test hook: pause a command at a named point, so a test can interrupt or race it exactly there.

With ``DSLGEN_PAUSE_AT=<point>`` in the environment, :func:`pause_point` ``(<point>)`` writes the
process id to ``DSLGEN_PAUSE_FILE`` (when set) and waits until the file ``DSLGEN_PAUSE_RELEASE``
exists, at most ``DSLGEN_PAUSE_SECONDS`` (default 60). Without the variable it does nothing.

Points: ``approve-locked`` (approval lock held, previous record read), ``approve-journal`` (the
approval's journal written, nothing applied), ``approve-between-writes`` (catalog file written,
record not yet), ``draft-folder`` (``new`` has reserved its draft folder), ``draft-swap`` (rewriting an
existing draft: the old folder moved aside, the new one not yet renamed in).
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def pause_point(name: str) -> None:
    """Pause here when the environment asks for it (tests only)."""
    if os.environ.get("DSLGEN_PAUSE_AT") != name:
        return
    marker = os.environ.get("DSLGEN_PAUSE_FILE")
    if marker:
        Path(marker).write_text(str(os.getpid()), encoding="utf-8")
    release = os.environ.get("DSLGEN_PAUSE_RELEASE")
    deadline = time.monotonic() + float(os.environ.get("DSLGEN_PAUSE_SECONDS", "60"))
    while time.monotonic() < deadline:
        if release and Path(release).exists():
            return
        time.sleep(0.02)
