"""Issue 30 items 2, 8 and 9: an approval whose write fails (a full disk) never takes effect later, ``verify``
says when it completes an interrupted approval and when it cannot (a read-only catalog), and every I/O
error names the path being written."""

from __future__ import annotations

import errno
import json
import os
import resource
import signal
import subprocess
import sys
from contextlib import contextmanager

import pytest

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc to tell files apart")

from dslgen.errors import UsageError
from dslgen.review import commit as commit_module
from tests.review.test_approval_safety import ALL_PASS, ROOT, _run, _spawn, _verify, _wait_for, approved_catalog  # noqa: F401

def _full_disk(monkeypatch, fails):
    """Make writes fail as on a full disk (``fsync`` says ENOSPC) for every file ``fails(path)`` picks,
    through the real atomic write (which writes ``<dir>/.<name>.<random>.tmp`` first)."""
    real = os.fsync

    def fsync(fd):
        tmp = os.readlink(f"/proc/self/fd/{fd}")
        folder, name = os.path.split(tmp)
        target = os.path.join(folder, name[1:].rsplit(".", 2)[0]) if name.endswith(".tmp") else tmp
        if fails(target):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


def _approve(draft, catalog, *extra):
    return _run("approve", draft, "--reviewer", "F", "--catalog", catalog, *extra)


@pytest.mark.parametrize("failing", ["dfull.yaml", "approvals/dfull.json"])
def test_a_failed_approval_is_rolled_back_and_never_applied_later(approved_catalog, draft_factory, chi_variant,
                                                                   monkeypatch, failing):
    """Item 2: the journal is written, then the rule file (or the record) write fails: exit 2 naming that
    file, the catalog as it was, no journal — and the next ``verify`` does not put the variant in."""
    catalog = approved_catalog
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    before = {p.relative_to(catalog): p.read_bytes() for p in catalog.rglob("*") if p.is_file()}
    _full_disk(monkeypatch, lambda p: p.endswith(failing))
    result = _approve(draft, catalog, "--id", "dfull")
    assert result.exit_code == 2 and "批准未完成" in result.output and failing in result.output, result.output
    assert "（）" not in result.output
    monkeypatch.undo()
    after = {p.relative_to(catalog): p.read_bytes() for p in catalog.rglob("*") if p.is_file()}
    assert after == before
    code, entries = _verify(catalog)
    assert code == 0 and "dfull" not in entries


def test_a_failed_replacement_gets_the_old_file_back(approved_catalog, draft_factory, chi_variant, monkeypatch):
    """Item 2: replacing an approved file, the record write fails after the rule file was replaced: the old
    rule file is put back and ``verify`` still finds it as approved."""
    catalog = approved_catalog
    old = (catalog / "sichuan_xuezhan.yaml").read_bytes()
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    _full_disk(monkeypatch, lambda p: p.endswith("approvals/sichuan_xuezhan.json"))
    result = _approve(draft, catalog, "--replace")
    assert result.exit_code == 2 and "已恢复原样" in result.output, result.output
    monkeypatch.undo()
    assert (catalog / "sichuan_xuezhan.yaml").read_bytes() == old
    code, entries = _verify(catalog)
    assert code == 0 and entries["sichuan_xuezhan"]["reviewer"] == "基线"


def test_when_even_the_roll_back_fails_the_approval_is_said_to_be_committed(approved_catalog, draft_factory,
                                                                            chi_variant, monkeypatch):
    """Item 2: the new rule file is written, its record is not, and putting the old file back fails too:
    the error says the approval is committed and will be completed, and ``verify`` says it completed it."""
    catalog = approved_catalog
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    writes = []

    def fails(path):
        if path.endswith("sichuan_xuezhan.yaml"):
            writes.append(path)
            return len(writes) > 1  # the approval's write succeeds, the roll-back's fails
        return path.endswith("approvals/sichuan_xuezhan.json")

    _full_disk(monkeypatch, fails)
    result = _approve(draft, catalog, "--replace")
    assert result.exit_code == 2 and "已提交" in result.output and "catalog verify" in result.output, result.output
    assert len(writes) == 2
    monkeypatch.undo()
    text = _run("catalog", "verify", "--catalog", catalog)
    assert text.exit_code == 0 and "完成了一次被中断的批准" in text.output, text.output
    code, entries = _verify(catalog)
    assert code == 0 and entries["sichuan_xuezhan"]["reviewer"] == "F" and not entries["sichuan_xuezhan"]["completed"]


def test_verify_says_it_completed_an_interrupted_approval(approved_catalog, draft_factory, chi_variant, workdir):
    """Item 2: an approve killed after its commit point is completed by ``verify`` — and said, in text and JSON."""
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    marker = workdir / "paused"
    proc = _spawn(["approve", draft, "--reviewer", "甲", "--catalog", approved_catalog, "--id", "dkill"], workdir,
                  pause="approve-journal", marker=marker, release=workdir / "never")
    _wait_for(marker, proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    result = _run("catalog", "verify", "--catalog", approved_catalog, "--json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["completed"] == ["dkill"]
    assert {v["id"]: v for v in report["variants"]}["dkill"]["completed"] is True


@contextmanager
def _read_only_lock(catalog):
    raise UsageError(f"无法锁定玩法目录：{os.strerror(errno.EROFS)}", where=str(catalog / "approvals"))
    yield  # pragma: no cover


@pytest.mark.parametrize("point", ["approve-journal", "approve-between-writes"])
def test_a_read_only_catalog_with_a_pending_approval_says_so_once(approved_catalog, draft_factory, chi_variant,
                                                                  workdir, monkeypatch, point):
    """Item 8: one line per file, saying an interrupted approval is pending and cannot be completed read-only
    (not 'no record' plus 'approved file missing' for a journal taken for a record)."""
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    marker = workdir / "paused"
    proc = _spawn(["approve", draft, "--reviewer", "甲", "--catalog", approved_catalog, "--id", "dfull"], workdir,
                  pause=point, marker=marker, release=workdir / "never")
    _wait_for(marker, proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    monkeypatch.setattr(commit_module, "catalog_lock", _read_only_lock)
    text = _run("catalog", "verify", "--catalog", approved_catalog)
    assert text.exit_code == 1
    lines = [line for line in text.output.splitlines() if "dfull" in line and line.startswith(("✅", "❌"))]
    assert len(lines) == 1 and "尚未完成" in lines[0] and "pending" not in lines[0], text.output
    assert ".pending" not in text.output
    code, entries = _verify(approved_catalog)
    assert code == 1 and entries["dfull"]["status"] == "pending" and ".pending-dfull" not in entries
    monkeypatch.undo()
    code, entries = _verify(approved_catalog)  # writable again: completed
    assert code == 0 and entries["dfull"]["status"] == "ok"


def _limited(args, cwd, limit):
    """``python -m dslgen ARGS`` with files capped at ``limit`` bytes (writes past it fail with EFBIG)."""
    def cap():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("OPENAI_API_KEY", None)
    return subprocess.run([sys.executable, "-m", "dslgen", *map(str, args)], cwd=cwd, env=env, preexec_fn=cap,
                          capture_output=True, text=True, timeout=600)


def test_io_errors_name_the_file_being_written(catalog, workdir):
    """Item 9: 'File too large' names the draft file ``new`` writes and the pool file ``batch`` copies to
    (not the catalog file it reads, not nothing)."""
    new = _limited(["new", "四川麻将：108张万条筒，可以碰杠，不能吃。", "--provider", "offline", "--games", "2",
                    "--jobs", "1", "--out", workdir / "d", "--name", "sichuan_a"], workdir, 2048)
    assert new.returncode == 2, new.stderr
    assert os.strerror(errno.EFBIG) in new.stderr and "（）" not in new.stderr
    assert str(workdir / "d") in new.stderr and ".tmp" not in new.stderr, new.stderr
    batch = _limited(["batch", "--catalog", catalog, "--only", "sichuan_xuezhan", "--provider", "offline", "--games",
                      "2", "--out", workdir / "b"], workdir, 4096)
    assert batch.returncode == 2, batch.stderr
    assert str(workdir / "b") in batch.stderr and str(catalog) not in batch.stderr, batch.stderr
