"""Approval and rejection records.

An approval is a JSON file ``<catalog>/approvals/<id>.json`` bound to the
sha256 of the exact bytes of ``<catalog>/<id>.yaml`` that the reviewer approved.
Editing the rule file afterwards changes its hash, and ``catalog verify`` says
so. Each record keeps who approved, when, the note, whether ``--force`` was
needed (and which gates failed), the file's provenance and the simulation
summary, plus the earlier approvals of the same variant as ``history``.

A rejection is ``rejection.json`` beside the draft (or ``<stem>.rejection.json``
beside a plain rule file), bound to the hash of the rejected content as well.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import re
from pathlib import Path
from typing import Any, Mapping

from dslgen.errors import DslgenError, InputError, UsageError
from dslgen.review.baseline import SCHEMA_LINE
from dslgen.yamlio import dump_yaml, write_atomic

APPROVALS_DIR = "approvals"
RECORD_FORMAT = "dslgen-approval/1"
REJECTION_FORMAT = "dslgen-rejection/1"
#: Simulation keys copied into an approval record.
SIMULATION_SUMMARY_KEYS = ("games", "seed", "bot", "errors", "wins", "draws", "draw_rate", "dealer_win_rate",
                           "seat_win_rate", "self_draw_wins", "discard_wins", "avg_fan", "median_fan", "max_fan")


def sha256_bytes(data: bytes) -> str:
    """Hex sha256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: str | Path) -> str:
    """Hex sha256 of the file's bytes."""
    return sha256_bytes(Path(path).read_bytes())


def now() -> str:
    """The current UTC time, ISO 8601 with seconds."""
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def approval_path(catalog: str | Path, variant: str) -> Path:
    """Where the approval record of ``variant`` lives."""
    return Path(catalog) / APPROVALS_DIR / f"{variant}.json"


def simulation_summary(sim: Mapping[str, Any] | None) -> dict[str, Any]:
    """The part of a simulation result worth keeping with an approval (error count, not the list)."""
    if not sim:
        return {}
    out = {k: sim[k] for k in SIMULATION_SUMMARY_KEYS if k in sim}
    if isinstance(out.get("errors"), list):
        out["errors"] = len(out["errors"])
    return out


def load_record(path: str | Path) -> dict[str, Any] | None:
    """A JSON record, or None when the file is missing or not a JSON object."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def load_approval(catalog: str | Path, variant: str) -> dict[str, Any] | None:
    """The approval record of ``variant`` in ``catalog``, or None."""
    return load_record(approval_path(catalog, variant))


def write_approval(catalog: str | Path, variant: str, file_name: str, content: bytes, *, reviewer: str,
                   note: str = "", forced: bool = False, failed_gates: list[str] | None = None,
                   verdict: Mapping[str, Any] | None = None, source: str = "",
                   provenance: Mapping[str, Any] | None = None,
                   simulation: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Write (atomically) and return the approval record for ``content`` as ``<catalog>/<file_name>``."""
    path = approval_path(catalog, variant)
    previous = load_record(path)
    history = []
    if previous:
        history = list(previous.pop("history", []) or [])
        previous.pop("content", None)
        history.append(previous)
    record = {
        "format": RECORD_FORMAT,
        "id": variant,
        "file": file_name,
        "sha256": sha256_bytes(content),
        "bytes": len(content),
        "reviewer": reviewer,
        "note": note,
        "approved_at": now(),
        "forced": forced,
        "failed_gates": list(failed_gates or []),
        # the judge's verdict on the draft's bytes (its sha256 is of those bytes, before meta was stamped)
        "verdict": dict(verdict or {}),
        "source": source,
        "provenance": dict(provenance or {}),
        "simulation": simulation_summary(simulation),
        "history": history,
        # the approved text itself, so an edit can be shown as rule changes and reviewed against it
        "content": content.decode("utf-8", errors="replace"),
    }
    write_atomic(path, json.dumps(record, ensure_ascii=False, indent=2) + "\n")
    return record


def rejection_path(target: str | Path) -> Path:
    """``rejection.json`` in a draft folder, or ``<stem>.rejection.json`` beside a rule file."""
    p = Path(target)
    return p / "rejection.json" if p.is_dir() else p.with_name(f"{p.stem}.rejection.json")


def write_rejection(target: str | Path, content: bytes, *, variant: str, reviewer: str, reason: str) -> dict[str, Any]:
    """Record (atomically) that ``reviewer`` rejected the content at ``target`` and why."""
    if not reason.strip():
        raise InputError("驳回必须写明原因", where="--reason", hint="例如 --reason \"缺少查花猪\"")
    record = {
        "format": REJECTION_FORMAT,
        "id": variant,
        "sha256": sha256_bytes(content),
        "reviewer": reviewer,
        "reason": reason,
        "rejected_at": now(),
    }
    path = rejection_path(target)
    write_atomic(path, json.dumps(record, ensure_ascii=False, indent=2) + "\n")
    record["path"] = str(path)
    return record


# --- approving and rejecting -------------------------------------------------------------

_TOP_KEY = re.compile(r"^[A-Za-z_][\w\-]*\s*:")
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def ensure_schema_line(text: str) -> str:
    """``text`` with the yaml-language-server schema line as its first line."""
    lines = text.splitlines(keepends=True)
    if lines and lines[0].rstrip("\r\n") == SCHEMA_LINE:
        return text
    if lines and lines[0].startswith("# yaml-language-server:"):
        lines[0] = SCHEMA_LINE + "\n"
        return "".join(lines)
    return SCHEMA_LINE + "\n" + text


def _indent(block: str, prefix: str = "  ") -> list[str]:
    return [prefix + line if line.strip() else line for line in block.splitlines(keepends=True)]


def replace_meta(text: str, meta: Mapping[str, Any], restamp: tuple[str, ...] = ("provenance", "approval")) -> str:
    """``text`` with the ``meta`` keys in ``restamp`` (and any key ``meta`` lacks in the file) rewritten.

    Every line outside those keys — the rules and the designer's description as
    written, folded or not — is kept byte for byte.
    """
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    start = next((i for i, line in enumerate(lines) if re.match(r"^meta\s*:\s*(#.*)?$", line)), None)
    if start is None:
        at = 0
        while at < len(lines) and (lines[at].startswith("#") or not lines[at].strip()):
            at += 1
        return "".join(lines[:at] + [dump_yaml({"meta": dict(meta)})] + lines[at:])
    end = start + 1
    while end < len(lines) and not _TOP_KEY.match(lines[end]):
        end += 1
    body = lines[start + 1:end]
    kept: list[str] = []
    present: set[str] = set()
    skipping = False
    for line in body:
        key = re.match(r"^  ([A-Za-z_][\w\-]*)\s*:", line)
        if key:
            skipping = key.group(1) in restamp
            if not skipping:
                present.add(key.group(1))
        if not skipping:
            kept.append(line)
    while kept and not kept[-1].strip():
        kept.pop()
    extra = {k: v for k, v in meta.items() if k in restamp or k not in present}
    added = _indent(dump_yaml(extra)) if extra else []
    return "".join(lines[:start + 1] + kept + added + lines[end:])


def _versions() -> dict[str, str]:
    from dslgen import __version__
    from dslgen.spec import spec_version

    out = {"engine_version": __version__}
    try:
        out["spec_version"] = spec_version()
    except DslgenError:
        pass
    return out


def approved_text(subject: Any, *, reviewer: str, note: str, forced: bool, at: str) -> str:
    """The rule file as it goes into the catalog: schema line, ``meta.id``, provenance and approval stamped."""
    data = subject.doc.data
    meta = dict(data.get("meta") or {}) if isinstance(data.get("meta"), Mapping) else {}
    meta["id"] = subject.id
    if subject.description and not meta.get("description"):
        meta["description"] = subject.description
    provenance = dict(meta.get("provenance") or {})
    provenance.update({k: v for k, v in subject.provenance.items() if k not in provenance})
    for key, value in _versions().items():
        provenance.setdefault(key, value)
    provenance.setdefault("provider", "manual")
    summary = simulation_summary(subject.simulation.to_json())
    if summary:
        provenance["simulation"] = summary
    meta["provenance"] = provenance
    digest = sha256_bytes(json.dumps({"verdict": subject.verdict.to_json(), "simulation": summary}, sort_keys=True,
                                     ensure_ascii=False).encode("utf-8"))
    approval = {"status": "approved", "reviewer": reviewer, "at": at, "report_digest": digest}
    if note:
        approval["comment"] = note
    if forced:
        approval["forced"] = True
        approval["failed_gates"] = list(subject.failed_gates)
    meta["approval"] = approval
    return ensure_schema_line(replace_meta(subject.doc.text, meta))


def approve(target: str | Path, *, reviewer: str, note: str = "", catalog: str | Path, force: bool = False,
            games: int | None = None, seed: int | None = None, jobs: int = 1, progress: Any = None,
            variant: str | None = None) -> dict[str, Any]:
    """Copy the draft (or rule file) at ``target`` into ``catalog`` and record the approval.

    The catalog file is ``<variant>.yaml`` (default: the draft's id). A subject
    that fails a gate is refused unless ``force``; the forced approval records
    which gates failed. Returns the approval record plus ``path``.
    """
    from dslgen.review.report import load_subject

    if not reviewer.strip():
        raise UsageError("必须写明审核人", where="--reviewer", hint="例如 --reviewer 张三")
    subject = load_subject(target, games=games, seed=seed, jobs=jobs, progress=progress)
    if variant:
        subject.result["id"] = variant
    variant = subject.id
    if not _ID.match(variant):
        raise InputError(f"玩法标识 {variant!r} 不能用作目录文件名", where="meta.id",
                         hint="标识只能用小写字母、数字和下划线，并以字母开头，例如 nanchang")
    if not subject.readable:
        raise InputError("规则文件无法读取，不能批准（--force 也不行）", where=str(subject.doc.path),
                         hint="先修正规则文件，使 dslgen check 能读取它")
    rejection = load_record(rejection_path(subject.path))
    if rejection and rejection.get("sha256") == sha256_bytes(subject.content) and not force:
        raise InputError(f"这份内容已被 {rejection.get('reviewer', '?')} 驳回：{rejection.get('reason', '')}",
                         where=str(rejection_path(subject.path)),
                         hint="修改后重新生成或重新审核；确需批准请加 --force")
    failed = subject.failed_gates
    if failed and not force:
        names = "；".join(f"{g.label}（{g.name}）" + (f"：{g.detail}" if g.detail else "")
                         for g in subject.verdict.gates if not g.passed)
        raise InputError(f"未通过关卡，不能直接批准：{names}", where=str(target),
                         hint="先修正问题并重新生成；确需批准请加 --force（会记录在批准记录中）")
    at = now()
    text = approved_text(subject, reviewer=reviewer, note=note, forced=bool(failed), at=at)
    content = text.encode("utf-8")
    dest = Path(catalog) / f"{variant}.yaml"
    write_atomic(dest, content)
    meta = (subject.doc.data.get("meta") or {}) if isinstance(subject.doc.data.get("meta"), Mapping) else {}
    provenance = dict(meta.get("provenance") or {})
    provenance.update(subject.provenance)
    provenance.update({k: v for k, v in _versions().items() if k not in provenance})
    provenance["description"] = subject.description
    record = write_approval(catalog, variant, dest.name, content, reviewer=reviewer, note=note,
                            forced=bool(failed), failed_gates=failed, verdict=subject.verdict.to_json(),
                            source=str(target), provenance=provenance, simulation=subject.simulation.to_json())
    record["path"] = str(dest)
    return record


def reject(target: str | Path, *, reviewer: str, reason: str) -> dict[str, Any]:
    """Record beside the draft (or rule file) at ``target`` that ``reviewer`` rejected it, and why."""
    from dslgen.review.baseline import read_rule_doc, variant_id
    from dslgen.review.report import is_draft, read_draft

    if not reviewer.strip():
        raise UsageError("必须写明审核人", where="--reviewer", hint="例如 --reviewer 张三")
    path = Path(target)
    if is_draft(path):
        result, doc = read_draft(path)
        variant = str(result.get("id") or doc.id)
    elif path.is_file():
        doc = read_rule_doc(path)
        variant = variant_id(doc.data, path)
    else:
        raise UsageError("找不到要驳回的草稿", where=str(target), hint="请给出 dslgen new 写出的草稿文件夹")
    return write_rejection(path, doc.text.encode("utf-8"), variant=variant, reviewer=reviewer, reason=reason)
