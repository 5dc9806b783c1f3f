"""Committing an approval: one lock per catalog, and a journal that makes the two writes one.

An approval changes two files, ``<catalog>/<id>.yaml`` and ``<catalog>/approvals/<id>.json``.
Both are written under the catalog's lock (``approvals/.lock``), so concurrent approvals run one
after the other and none is lost. Before either is touched, the new contents of both are written
(atomically) to a journal, ``approvals/.pending-<id>.json``: that write is the commit point. Then
the rule file, then the record are replaced and the journal removed. A process interrupted at any
moment leaves either no journal (the old state, untouched) or a journal, which the next approval,
rejection or ``catalog verify`` completes under the lock (the new state) before reading anything, and
``catalog verify`` says so. A write that *fails* (a full disk, a file-size limit) is rolled back: both
files get their old bytes and the journal goes, so an approval reported as failed never takes effect
later; only when the roll-back fails too is the journal kept, and the error says the approval is
committed and will be completed.
"""

from __future__ import annotations

import json
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from dslgen.errors import UsageError
from dslgen.faults import pause_point
from dslgen.secrets import redact_bytes, redact_data
from dslgen.rulefile.yamlio import write_atomic

APPROVALS_DIR = "approvals"
PENDING_FORMAT = "dslgen-approval-pending/1"
LOCK_NAME = ".lock"
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_FILE = re.compile(r"^[a-z][a-z0-9_]*\.ya?ml$")


def _approvals(catalog: str | Path) -> Path:
    return Path(catalog) / APPROVALS_DIR


@contextmanager
def catalog_lock(catalog: str | Path) -> Iterator[None]:
    """Hold the catalog's approval lock (an exclusive ``flock`` on ``approvals/.lock``)."""
    folder = _approvals(catalog)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = open(folder / LOCK_NAME, "a+b")
    except OSError as exc:
        raise UsageError(f"无法锁定玩法目录：{exc.strerror or exc}", where=str(folder),
                         hint="检查目录是否存在且可写") from None
    try:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX: no lock, the journal still keeps the files paired
            fcntl = None
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        yield
    finally:
        handle.close()  # closing releases the lock; a killed process releases it too


def journal_path(catalog: str | Path, variant: str) -> Path:
    """Where the journal of an approval of ``variant`` in progress lives."""
    return _approvals(catalog) / f".pending-{variant}.json"


def pending(catalog: str | Path) -> list[Path]:
    """Journals of approvals that were committed but not completed."""
    folder = _approvals(catalog)
    return sorted(folder.glob(".pending-*.json")) if folder.is_dir() else []


def commit(catalog: str | Path, variant: str, file_name: str, content: bytes, record: dict[str, Any]) -> None:
    """Write the rule file and its approval record as one change (call with the lock held).

    A usage error (exit 2) naming the file when a write fails: the catalog is as it was (rolled
    back), or — when even the roll-back failed — the approval is committed and the error says so.
    """
    catalog = Path(catalog)
    journal = journal_path(catalog, variant)
    entry = {"format": PENDING_FORMAT, "id": variant, "file": file_name,
             "yaml": redact_bytes(content).decode("utf-8"), "record": redact_data(record)}
    before = [_snapshot(catalog / file_name), _snapshot(_record_path(catalog, variant))]
    try:
        write_atomic(journal, json.dumps(entry, ensure_ascii=False) + "\n")
    except OSError as exc:
        raise UsageError(f"批准未完成，玩法目录没有改变：写入失败（{exc.strerror or exc}）", where=str(exc.filename or journal),
                         hint=_SPACE_HINT) from None
    pause_point("approve-journal")
    try:
        _apply(catalog, entry, journal)
    except OSError as exc:
        where = str(exc.filename or catalog / file_name)
        if _roll_back(before, journal):
            raise UsageError(f"批准未完成，玩法目录已恢复原样：写入失败（{exc.strerror or exc}）", where=where,
                             hint=_SPACE_HINT) from None
        raise UsageError(f"批准已提交但没有写完（{exc.strerror or exc}），恢复原样也失败了：下一次 dslgen approve、"
                         f"reject 或 catalog verify 会完成这次批准（记录在 {journal}）", where=where,
                         hint="腾出磁盘空间后运行 dslgen catalog verify，它会完成这次批准并说明") from None


_SPACE_HINT = "腾出磁盘空间（或解除文件大小限制）后重新运行 dslgen approve"


def _record_path(catalog: Path, variant: str) -> Path:
    return catalog / APPROVALS_DIR / f"{variant}.json"


def _snapshot(path: Path) -> tuple[Path, str, Any]:
    """How ``path`` is now, to put it back: ``(path, "link", target)``, ``(path, "file", bytes)`` or
    ``(path, "none", None)``."""
    if path.is_symlink():
        return path, "link", os.readlink(path)
    try:
        return path, "file", path.read_bytes()
    except FileNotFoundError:
        return path, "none", None


def _roll_back(before: list[tuple[Path, str, Any]], journal: Path) -> bool:
    """Put every snapshot back and remove the journal; False (the journal kept) when that fails."""
    try:
        for path, kind, value in before:
            now = _snapshot(path)
            if now == (path, kind, value):
                continue
            if path.is_symlink() or (kind != "file" and path.exists()):
                path.unlink()
            if kind == "file":
                write_atomic(path, value)
            elif kind == "link":
                os.symlink(value, path)
        journal.unlink(missing_ok=True)
    except OSError:
        return False
    return True


def _apply(catalog: Path, entry: dict[str, Any], journal: Path) -> None:
    dest = catalog / entry["file"]
    if dest.is_symlink():  # never write through a link into another place
        dest.unlink()
    write_atomic(dest, entry["yaml"].encode("utf-8"))
    pause_point("approve-between-writes")
    write_atomic(catalog / APPROVALS_DIR / f"{entry['id']}.json",
                 json.dumps(entry["record"], ensure_ascii=False, indent=2) + "\n")
    journal.unlink()


def recover(catalog: str | Path) -> list[str]:
    """Complete every committed approval an interrupt left behind (call with the lock held); their ids.

    A journal that is not one this module wrote (unreadable, or naming a file outside the
    catalog) is removed without being applied.
    """
    done = []
    for journal in pending(catalog):
        try:
            entry = json.loads(journal.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            entry = None
        if (not isinstance(entry, dict) or entry.get("format") != PENDING_FORMAT
                or not _ID.match(str(entry.get("id"))) or not _FILE.match(str(entry.get("file")))
                or not isinstance(entry.get("yaml"), str) or not isinstance(entry.get("record"), dict)):
            try:
                journal.unlink()
            except OSError:
                pass
            continue
        _apply(Path(catalog), entry, journal)
        done.append(entry["id"])
    return done


@dataclass
class Recovery:
    """What :func:`recover_if_possible` found: approvals it completed, and those it could not (id → why)."""

    completed: list[str] = field(default_factory=list)
    blocked: dict[str, str] = field(default_factory=dict)


def recover_if_possible(catalog: str | Path) -> Recovery:
    """:func:`recover` under the lock; no error when the catalog cannot be written (read-only, full):
    the journals left then are reported as ``blocked``."""
    journals = pending(catalog)
    if not journals:
        return Recovery()
    try:
        with catalog_lock(catalog):
            return Recovery(completed=recover(catalog))
    except (UsageError, OSError) as exc:
        reason = exc.message if isinstance(exc, UsageError) else (exc.strerror or str(exc))
        return Recovery(blocked={j.name[len(".pending-"):-len(".json")]: reason for j in pending(catalog)})

