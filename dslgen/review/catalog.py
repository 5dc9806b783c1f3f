"""The catalog folder: list its variants and verify each against its approval record.

A catalog file is ``ok`` when ``approvals/<stem>.json`` exists, names the file
and carries the sha256 of its current bytes; ``modified`` when the hash no
longer matches (edited after approval); ``unapproved`` when there is no usable
record; ``rejected`` when a reviewer rejected the approved content afterwards;
``unreadable`` when the name is not a regular file (a dangling symlink, a
folder). An approval record whose file is gone is ``missing``: the approved
file was deleted. Before looking, approvals an interrupt left half-done are
completed (:func:`dslgen.review.commit.recover`), so the answer is the state
after the last committed approval, and each entry completed so says so
(``completed``); in a catalog that cannot be written (read-only) such an
approval is ``pending``: committed, but it cannot be completed here.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from dslgen.review.approvals import APPROVALS_DIR, approval_path, load_record, sha256_file
from dslgen.review.baseline import catalog_files
from dslgen.rulefile.yamlio import YamlError, load_yaml_file

_ID = re.compile(r"^[a-z][a-z0-9_]*$")
STATUS_TEXT = {
    "ok": "已批准，内容未变",
    "modified": "批准后被修改",
    "unapproved": "没有批准记录",
    "missing": "批准过的文件不存在（被删除，或是失效的符号链接）",
    "rejected": "批准后又被驳回",
    "unreadable": "不是普通文件，无法读取",
    "pending": "有一次中断的批准尚未完成，目录无法写入，不能在这里完成",
}
#: Statuses that make ``catalog verify`` fail.
FAILING = ("modified", "unapproved", "missing", "rejected", "unreadable", "pending")
#: Said of an entry whose interrupted approval this look completed.
COMPLETED_TEXT = "这次核对完成了一次被中断的批准（此前的 approve 已提交但没有写完）"


@dataclass
class Entry:
    """One catalog file (or orphan record) and its approval state."""

    id: str
    file: str
    status: str
    message: str
    name: str = ""
    description: str = ""
    reviewer: str = ""
    approved_at: str = ""
    forced: bool = False
    sha256: str = ""
    approved_sha256: str = ""
    #: For a file edited after approval: the rule changes since the approved version.
    changes: list[str] = field(default_factory=list)
    #: True when this look completed an interrupted approval of this entry.
    completed: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Plain mapping for JSON."""
        return asdict(self)


def _meta(path: Path) -> tuple[str, str]:
    try:
        data = load_yaml_file(path).data
    except YamlError:
        return "", ""
    game = data.get("game") if isinstance(data, dict) else None
    meta = data.get("meta") if isinstance(data, dict) else None
    name = str(game.get("name") or "") if isinstance(game, dict) else ""
    desc = str(meta.get("description") or "") if isinstance(meta, dict) else ""
    return name, desc


def _changes_since(record: dict, path: Path) -> list[str]:
    """Rule changes from the approved content (kept in the record) to the file as it is now."""
    from dslgen.review.semantic_diff import semantic_changes
    from dslgen.rulefile.yamlio import load_yaml_text

    if not isinstance(record.get("content"), str):
        return []
    try:
        approved = load_yaml_text(record["content"], "approved").data
        current = load_yaml_file(path).data
    except YamlError as exc:
        return [f"无法比较：{exc.message}"]
    changes = semantic_changes(approved, current)
    return changes or ["规则未变，只改了 meta 或格式"]


def inspect(catalog: str | Path) -> list[Entry]:
    """Every catalog file with its approval status, then records whose file is missing."""
    from dslgen.review.commit import recover_if_possible

    root = Path(catalog)
    recovery = recover_if_possible(root)
    entries: list[Entry] = []
    stems = set()
    for path in sorted(p for p in root.iterdir() if p.suffix in (".yaml", ".yml") and not p.is_file()):
        stems.add(path.stem)
        entries.append(Entry(path.stem, str(path), "unreadable", STATUS_TEXT["unreadable"]
                             + ("（失效的符号链接）" if path.is_symlink() and not path.exists() else "")))
    for path in catalog_files(root):
        stems.add(path.stem)
        name, desc = _meta(path)
        actual = sha256_file(path)
        record = load_record(approval_path(root, path.stem))
        entry = Entry(path.stem, str(path), "unapproved", STATUS_TEXT["unapproved"], name, desc, sha256=actual)
        if record and record.get("sha256") and record.get("file", path.name) == path.name:
            entry.reviewer = str(record.get("reviewer") or "")
            entry.approved_at = str(record.get("approved_at") or "")
            entry.forced = bool(record.get("forced"))
            entry.approved_sha256 = str(record["sha256"])
            rejection = record.get("rejection")
            if record["sha256"] == actual and isinstance(rejection, dict):
                entry.status = "rejected"
                entry.message = (f"{STATUS_TEXT['rejected']}：{rejection.get('reviewer', '?')}"
                                 f"（{rejection.get('reason', '')}）")
            elif record["sha256"] == actual:
                entry.status, entry.message = "ok", STATUS_TEXT["ok"]
                if entry.forced:
                    entry.message += "（带 --force 批准）"
            else:
                entry.status = "modified"
                entry.message = f"{STATUS_TEXT['modified']}（批准时 sha256 {record['sha256'][:12]}…，现在 {actual[:12]}…）"
                entry.changes = _changes_since(record, path)
        elif record is not None:
            entry.message = "批准记录无效（缺少 sha256 或文件名不符）"
        entries.append(entry)
    records = root / APPROVALS_DIR
    if records.is_dir():
        for rec in sorted(records.glob("*.json")):
            if rec.stem not in stems and _ID.match(rec.stem):  # not a journal (.pending-<id>.json)
                record = load_record(rec) or {}
                entries.append(Entry(rec.stem, str(root / str(record.get("file") or f"{rec.stem}.yaml")), "missing",
                                     STATUS_TEXT["missing"], reviewer=str(record.get("reviewer") or ""),
                                     approved_at=str(record.get("approved_at") or ""),
                                     approved_sha256=str(record.get("sha256") or "")))
    return _with_recovery(entries, recovery, root)


def _with_recovery(entries: list[Entry], recovery: Any, root: Path) -> list[Entry]:
    """``entries`` with what the recovery did said on each: completed approvals noted, approvals that
    could not be completed (a read-only catalog) as one ``pending`` entry per id."""
    by_id = {e.id: e for e in entries}
    for variant in recovery.completed:
        if variant in by_id:
            by_id[variant].completed = True
    for variant, reason in recovery.blocked.items():
        message = f"{STATUS_TEXT['pending']}（{reason}）"
        entry = by_id.get(variant)
        if entry is None:
            entry = Entry(variant, str(root / f"{variant}.yaml"), "pending", message)
            entries.append(entry)
        entry.status, entry.message, entry.changes = "pending", message, []
    return entries


def failures(entries: list[Entry]) -> list[Entry]:
    """Entries that make ``catalog verify`` exit 1."""
    return [e for e in entries if e.status in FAILING]
