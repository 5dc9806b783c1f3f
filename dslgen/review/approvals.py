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
from pathlib import Path
from typing import Any, Mapping

from dslgen.errors import InputError
from dslgen.yamlio import write_atomic

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
                   verdict: str = "", gates: Mapping[str, Any] | None = None, source: str = "",
                   provenance: Mapping[str, Any] | None = None,
                   simulation: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Write (atomically) and return the approval record for ``content`` as ``<catalog>/<file_name>``."""
    path = approval_path(catalog, variant)
    previous = load_record(path)
    history = []
    if previous:
        history = list(previous.pop("history", []) or [])
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
        "verdict": verdict,
        "gates": dict(gates or {}),
        "source": source,
        "provenance": dict(provenance or {}),
        "simulation": simulation_summary(simulation),
        "history": history,
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
