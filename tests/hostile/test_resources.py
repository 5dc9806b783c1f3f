"""Issue 19 items 18, 19, 24: bounded worker counts, no orphaned workers, a FIFO refused promptly."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.simulation import MAX_JOBS_PER_CPU, resolve_jobs

ROOT = Path(__file__).parents[2]


def test_jobs_are_capped_by_cores():
    cpus = os.cpu_count() or 1
    assert resolve_jobs(10_000) == MAX_JOBS_PER_CPU * cpus
    assert resolve_jobs("auto") == cpus and resolve_jobs(1) == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_rule_file_is_refused_promptly(tmp_path):
    fifo = tmp_path / "rules.yaml"
    os.mkfifo(fifo)
    started = time.monotonic()
    for command in (["validate"], ["check"], ["simulate", "--games", "1"]):
        result = CliRunner().invoke(cli, [*command, str(fifo)])
        assert result.exit_code in (1, 2) and "普通文件" in result.output, result.output
    assert time.monotonic() - started < 10


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_killing_simulate_leaves_no_worker_behind():
    """SIGKILL the parent mid-run: its pool workers notice and exit within a second or two."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "dslgen", "simulate", str(ROOT / "dsl-examples" / "hongzhong_laizi.yaml"),
                             "--games", "5000", "--jobs", "2", "--json"], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(workers) < 2:
        workers = _children(proc.pid)
        time.sleep(0.1)
    assert workers, "the pool never started"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{w}").exists() and _alive(w) for w in workers):
        time.sleep(0.1)
    assert not [w for w in workers if Path(f"/proc/{w}").exists() and _alive(w)]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


_DRIVER = """
import subprocess, sys, time
from dslgen.backends import reaper
reaper.start()
# a detached helper (own session, like Ray's agents) with a child of its own
helper = subprocess.Popen([sys.executable, "-c",
                           "import subprocess, sys, time; c = subprocess.Popen(['sleep', '60']); print(c.pid, flush=True); time.sleep(60)"],
                          stdout=subprocess.PIPE, text=True, start_new_session=True)
print(helper.pid, helper.stdout.readline().strip(), flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_the_watchdog_kills_what_a_killed_driver_started():
    """Issue 19.19: the reaper notes the driver's descendants and kills them once the driver is gone."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    bystander = subprocess.Popen(["sleep", "60"])  # not the driver's: must survive
    driver = subprocess.Popen([sys.executable, "-c", _DRIVER], env=env, stdout=subprocess.PIPE, text=True)
    try:
        started = [int(p) for p in driver.stdout.readline().split()]
        assert len(started) == 2 and all(_alive(p) for p in started)
        time.sleep(1.5)  # the watchdog looks twice a second
        os.kill(driver.pid, signal.SIGKILL)
        driver.wait()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(p) for p in started):
            time.sleep(0.1)
        assert not [p for p in started if _alive(p)], "orphans left running"
        assert bystander.poll() is None
    finally:
        bystander.kill()
        bystander.wait()
        for pid in started if "started" in locals() else []:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def test_descendants_follow_the_tree():
    from dslgen.backends.reaper import descendants

    child = subprocess.Popen([sys.executable, "-c", "import subprocess; subprocess.run(['sleep', '30'])"])
    try:
        deadline = time.monotonic() + 10
        grandchildren: list[int] = []
        while time.monotonic() < deadline and not grandchildren:
            found = descendants(os.getpid())
            grandchildren = [p for p in found if _parents(p)[:1] == [child.pid]]
            time.sleep(0.05)
        assert child.pid in found and grandchildren
    finally:
        for pid in descendants(child.pid):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        child.kill()
        child.wait()


def _parents(pid: int) -> list[int]:
    out = []
    while pid > 1:
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except OSError:
            break
        out.append(pid)
    return out
