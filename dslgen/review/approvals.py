"""Approval and rejection records.

An approval is a JSON file ``<catalog>/approvals/<id>.json`` bound to the
sha256 of the exact bytes of ``<catalog>/<id>.yaml`` that the reviewer approved.
Editing the rule file afterwards changes its hash, and ``catalog verify`` says
so. Each record keeps who approved, when, the note, whether ``--force`` was
needed (and which gates failed), the judge's verdict, the file's provenance and
the simulation summary, plus the variant's ``history``: every earlier approval
and every rejection (of the approved content, or of the drafts it came from).
Approving over an existing catalog entry shows the rule changes and needs
``replace``; the two files are committed as one (:mod:`dslgen.review.commit`).

A rejection is ``rejection.json`` beside the draft (or ``<stem>.rejection.json``
beside a plain rule file), bound to the hash of the rejected content and of its
rules (so a regenerated draft with the same rules is still rejected); earlier
rejections of the same draft are kept in its ``history``. Rejecting content
that was approved records the rejection in the approval's history too, and
``catalog verify`` reports it.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import re
from pathlib import Path
from typing import Any, Mapping

from dslgen.errors import DslgenError, InputError, UsageError
from dslgen.faults import pause_point
from dslgen.review.baseline import SCHEMA_LINE
from dslgen.secrets import redact, redact_data
from dslgen.rulefile.yamlio import dump_yaml, write_atomic

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


def rules_digest(data: Mapping[str, Any]) -> str:
    """sha256 of the rules without ``meta`` (canonical JSON): equal for a regenerated draft with the same rules."""
    body = {k: v for k, v in data.items() if k != "meta"} if isinstance(data, Mapping) else {}
    return sha256_bytes(json.dumps(body, sort_keys=True, ensure_ascii=False, default=str).encode("utf-8"))


def _event(record: Mapping[str, Any], kind: str) -> dict[str, Any]:
    """A history entry: ``record`` without its own history and content, tagged with ``event``."""
    out = {k: v for k, v in record.items() if k not in ("history", "content", "rejection", "path", "notes")}
    out.setdefault("event", kind)
    return out


def build_approval(variant: str, file_name: str, content: bytes, *, reviewer: str, note: str = "",
                   forced: bool = False, failed_gates: list[str] | None = None,
                   verdict: Mapping[str, Any] | None = None, source: str = "",
                   provenance: Mapping[str, Any] | None = None, simulation: Mapping[str, Any] | None = None,
                   previous: Mapping[str, Any] | None = None, rejections: list[Mapping[str, Any]] = (),
                   replaced: Mapping[str, Any] | None = None, at: str = "",
                   resolutions: list[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The approval record for ``content`` as ``<catalog>/<file_name>``; ``previous`` moves into its history.
    ``resolutions`` are the reviewers' resolutions the verdict was reached with (who resolved what, when, why)."""
    history: list[dict[str, Any]] = []
    if previous:
        history = [dict(h) for h in previous.get("history") or [] if isinstance(h, Mapping)]
        history.append(_event(previous, "approved"))
    seen = {(h.get("event"), h.get("reviewer"), h.get("rejected_at")) for h in history}
    for rejection in rejections:
        event = _event(rejection, "rejected")
        if (event["event"], event.get("reviewer"), event.get("rejected_at")) not in seen:
            history.append(event)
    return {
        "format": RECORD_FORMAT,
        "event": "approved",
        "id": variant,
        "file": file_name,
        "sha256": sha256_bytes(content),
        "bytes": len(content),
        "reviewer": reviewer,
        "note": note,
        "approved_at": at or now(),
        "forced": forced,
        "failed_gates": list(failed_gates or []),
        # the judge's verdict on the draft's bytes (its sha256 is of those bytes, before meta was stamped)
        "verdict": dict(verdict or {}),
        "source": source,
        "provenance": dict(provenance or {}),
        "simulation": simulation_summary(simulation),
        "replaced": dict(replaced) if replaced else None,
        # what reviewers resolved by hand before the verdict (dslgen resolve / the workbench): who, what, when, why
        "resolutions": [dict(r) for r in resolutions],
        "history": history,
        # the approved text itself, so an edit can be shown as rule changes and reviewed against it
        "content": content.decode("utf-8", errors="replace"),
    }


def write_approval(catalog: str | Path, variant: str, file_name: str, content: bytes, *, reviewer: str,
                   **details: Any) -> dict[str, Any]:
    """Record (under the catalog's lock) an approval of ``content`` as ``<catalog>/<file_name>``, which is
    already in place; the previous record moves into the history. For seeding a catalog's approvals."""
    from dslgen.review.commit import catalog_lock, recover

    with catalog_lock(catalog):
        recover(catalog)
        record = build_approval(variant, file_name, content, reviewer=reviewer,
                                previous=load_approval(catalog, variant), **details)
        write_atomic(approval_path(catalog, variant), record_json(record))
    return record


def rejection_path(target: str | Path) -> Path:
    """``rejection.json`` in a draft folder, or ``<stem>.rejection.json`` beside a rule file."""
    p = Path(target)
    return p / "rejection.json" if p.is_dir() else p.with_name(f"{p.stem}.rejection.json")


def draft_rejections(target: str | Path) -> list[dict[str, Any]]:
    """Every rejection recorded beside ``target`` (the latest last), each with its reviewer and reason."""
    record = load_record(rejection_path(target))
    if not record:
        return []
    earlier = [dict(h) for h in record.get("history") or [] if isinstance(h, Mapping)]
    return earlier + [_event(record, "rejected")]


def write_rejection(target: str | Path, content: bytes, *, variant: str, reviewer: str, reason: str,
                    rules: str = "") -> dict[str, Any]:
    """Record (atomically) that ``reviewer`` rejected the content at ``target`` and why; earlier ones are kept."""
    if not reason.strip():
        raise InputError("驳回必须写明原因", where="--reason", hint="例如 --reason \"缺少查花猪\"")
    path = rejection_path(target)
    record = {
        "format": REJECTION_FORMAT,
        "event": "rejected",
        "id": variant,
        "sha256": sha256_bytes(content),
        "rules_sha256": rules,
        "reviewer": reviewer,
        "reason": reason,
        "rejected_at": now(),
        "history": draft_rejections(target),
    }
    write_atomic(path, record_json(record))
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
    from dslgen.rulefile.spec import spec_version

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


def masked_copy(text: str, where: str) -> str:
    """``text`` with the configured key masked (:func:`dslgen.secrets.redact`), so the catalog copy, its
    sha256 and the record all hold the masked bytes; the masked text must still read as YAML."""
    from dslgen.rulefile.yamlio import YamlError, load_yaml_text

    masked = redact(text)
    if masked != text:
        try:
            load_yaml_text(masked, where)
        except YamlError as exc:
            raise InputError(f"规则文件含有已配置的密钥，遮盖后不再是合法的 YAML：{exc.message}", where=where,
                             hint="从规则文件中删去密钥后再批准") from None
    return masked


def record_json(record: Mapping[str, Any]) -> str:
    """An approval or rejection record as the JSON text written to disk, the configured key masked."""
    return json.dumps(redact_data(dict(record)), ensure_ascii=False, indent=2) + "\n"


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def replacement(dest: Path, previous: Mapping[str, Any] | None, subject: Any) -> list[str] | None:
    """The rule changes approving ``subject`` as ``dest`` brings over the catalog's entry, or None when
    there is no entry to replace (a first approval, or re-approving a catalog file whose rules are unchanged)."""
    from dslgen.review.semantic_diff import semantic_changes
    from dslgen.rulefile.yamlio import YamlError, load_yaml_text

    approved = previous.get("content") if previous and isinstance(previous.get("content"), str) else None
    if _same_file(subject.doc.path, dest):
        old_text = approved
    elif dest.exists():
        try:
            old_text = dest.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return ["目录中现有的文件无法读取，将被替换"]
    else:  # the approved file was deleted: its approval is what gets replaced
        old_text = approved
    if old_text is None:
        return None
    try:
        old = load_yaml_text(old_text, str(dest)).data
    except YamlError:
        return ["目录中现有的文件无法读取为 YAML，将被替换"]
    changes = semantic_changes(old if isinstance(old, dict) else {}, subject.doc.data)
    if not changes and _same_file(subject.doc.path, dest):
        return None
    return changes or ["规则没有变化（只有描述、元数据、注释或格式不同）"]


def _matching_rejection(subject: Any, rejections: list[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The latest rejection of exactly this content, or of the same rules."""
    digest, rules = sha256_bytes(subject.content), rules_digest(subject.doc.data)
    for record in reversed(rejections):
        if record.get("sha256") == digest or (rules and record.get("rules_sha256") == rules):
            return record
    return None


def approve(target: str | Path, *, reviewer: str, note: str = "", catalog: str | Path, force: bool = False,
            replace: bool = False, games: int | None = None, seed: int | None = None, jobs: int = 1,
            progress: Any = None, variant: str | None = None) -> dict[str, Any]:
    """Copy the draft (or rule file) at ``target`` into ``catalog`` and record the approval.

    The verdict is the judge's on the exact bytes copied (a draft's stored verdict only when
    it is bound to them). The catalog file is ``<variant>.yaml`` (default: the draft's id). A
    subject that fails a gate, or whose content (or rules) a reviewer rejected, is refused unless
    ``force``; the forced approval records which gates failed. Approving over an existing entry
    needs ``replace`` and records the rule changes. Returns the approval record plus ``path``
    and ``changes``.
    """
    from dslgen.review.commit import catalog_lock, commit, recover
    from dslgen.review.report import load_subject

    if not reviewer.strip():
        raise UsageError("必须写明审核人", where="--reviewer", hint="例如 --reviewer 张三")
    if variant is not None and not _ID.match(variant):
        raise UsageError(f"玩法标识 {variant!r} 不能用作目录文件名", where="--id",
                         hint="标识只能用小写字母、数字和下划线，并以字母开头，例如 nanchang")
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
    drafts = draft_rejections(subject.path)
    catalog = Path(catalog)
    dest = catalog / f"{variant}.yaml"
    with catalog_lock(catalog):
        recover(catalog)
        previous = load_approval(catalog, variant)
        pause_point("approve-locked")
        later = [previous["rejection"]] if previous and isinstance(previous.get("rejection"), Mapping) else []
        rejected = _matching_rejection(subject, drafts + later)
        if rejected and not force:
            raise InputError(f"这份内容（或相同的规则）已被 {rejected.get('reviewer', '?')} 驳回：{rejected.get('reason', '')}",
                             where=str(rejection_path(subject.path)) if not later else str(approval_path(catalog, variant)),
                             hint="修改规则后重新生成并审核；确需批准请加 --force")
        failed = subject.failed_gates
        if failed and not force:
            names = "；".join(f"{g.label}（{g.name}）" + (f"：{g.detail}" if g.detail else "")
                             for g in subject.verdict.gates if not g.passed)
            raise InputError(f"未通过关卡，不能直接批准：{names}", where=str(target),
                             hint="先修正问题并重新生成；确需批准请加 --force（会记录在批准记录中）")
        changes = replacement(dest, previous, subject)
        if changes is not None and not replace:
            listed = "\n".join(f"  · {c}" for c in changes)
            raise InputError(f"目录中已有玩法 {variant}，批准会替换它。规则变化：\n{listed}", where=str(dest),
                             hint="确认替换请加 --replace（旧的批准保留在历史中）；或用 --id 另起一个玩法标识")
        at = now()
        stamped = approved_text(subject, reviewer=reviewer, note=note, forced=bool(failed), at=at)
        text = masked_copy(stamped, str(subject.doc.path))
        content = text.encode("utf-8")
        meta = subject.doc.data.get("meta") if isinstance(subject.doc.data.get("meta"), Mapping) else {}
        provenance = dict(meta.get("provenance") or {}) if isinstance(meta.get("provenance"), Mapping) else {}
        provenance.update(subject.provenance)
        provenance.update({k: v for k, v in _versions().items() if k not in provenance})
        provenance["description"] = subject.description
        replaced = None
        if changes is not None:
            replaced = {"sha256": (previous or {}).get("sha256", ""), "changes": changes}
        record = build_approval(variant, dest.name, content, reviewer=reviewer, note=note, forced=bool(failed),
                                failed_gates=failed, verdict=subject.verdict.to_json(), source=str(target),
                                provenance=provenance, simulation=subject.simulation.to_json(), previous=previous,
                                rejections=drafts + later, replaced=replaced, at=at,
                                resolutions=subject.resolutions)
        if text != stamped:  # said, not silent: the copy differs from what was judged by the mask
            record["masked_secret"] = True
        commit(catalog, variant, dest.name, content, record)
    record["path"] = str(dest)
    record["changes"] = changes or []
    return record


def _approves(approval: Mapping[str, Any] | None, digest: str) -> bool:
    """True when ``approval`` approved the content whose sha256 is ``digest`` (as copied, or as judged)."""
    if not approval:
        return False
    verdict = approval.get("verdict")
    judged = verdict.get("sha256") if isinstance(verdict, Mapping) else None
    return digest in (approval.get("sha256"), judged)


def _approvals_of(catalog: str | Path, variant: str, digest: str) -> list[str]:
    """Ids of the approvals in ``catalog`` that approved the content whose sha256 is ``digest``: the
    draft's own id first, then any other id it was approved under (``approve --id``)."""
    found: list[str] = []
    if _ID.match(variant) and _approves(load_approval(catalog, variant), digest):
        found.append(variant)
    folder = Path(catalog) / APPROVALS_DIR
    if folder.is_dir():
        for path in sorted(folder.glob("*.json")):
            if path.stem not in found and _ID.match(path.stem) and _approves(load_record(path), digest):
                found.append(path.stem)
    return found


def reject(target: str | Path, *, reviewer: str, reason: str, catalog: str | Path | None = None) -> dict[str, Any]:
    """Record beside the draft (or rule file) at ``target`` that ``reviewer`` rejected it, and why.

    A second rejection keeps the first in the record's history; rejecting content that is
    approved in ``catalog`` also records the rejection in that approval's history -- every
    approval whose approved (or judged) sha256 is the content's, whatever id it was approved
    under, so ``approve --id other`` does not hide it. The
    returned record's ``notes`` say both.
    """
    from dslgen.review.baseline import variant_id
    from dslgen.review.commit import catalog_lock, commit, recover
    from dslgen.review.report import _read_bytes, doc_of, is_draft

    if not reviewer.strip():
        raise UsageError("必须写明审核人", where="--reviewer", hint="例如 --reviewer 张三")
    if not reason.strip():
        raise InputError("驳回必须写明原因", where="--reason", hint="例如 --reason \"缺少查花猪\"")
    from dslgen.generate.draft import restore_moved

    path = Path(target)
    restore_moved(path)
    if is_draft(path):
        from dslgen.generate.draft import load_draft

        draft = load_draft(path)
        content = _read_bytes(draft.yaml_path, missing_ok=True)
        doc = doc_of(draft.yaml_path, content)
        variant = draft.id
    elif path.is_file():
        content = _read_bytes(path)
        doc = doc_of(path, content)
        variant = variant_id(doc.data, path)
    else:
        raise UsageError("找不到要驳回的草稿", where=str(target), hint="请给出 dslgen new 写出的草稿文件夹")
    notes = []
    earlier = draft_rejections(path)
    if earlier:
        last = earlier[-1]
        notes.append(f"这份草稿此前已被 {last.get('reviewer', '?')} 于 {last.get('rejected_at', '?')} 驳回"
                     f"（原因：{last.get('reason', '')}）；两次驳回的原因都已保留")
    record = write_rejection(path, content, variant=variant, reviewer=reviewer, reason=reason,
                             rules=rules_digest(doc.data))
    digest = sha256_bytes(content)
    if catalog is not None:
        for approved_id in _approvals_of(catalog, variant, digest):
            with catalog_lock(catalog):
                recover(catalog)
                approval = load_approval(catalog, approved_id)
                if not (approval and _approves(approval, digest)):
                    continue
                event = _event(record, "rejected")
                approval["rejection"] = event
                approval["history"] = [h for h in approval.get("history") or [] if isinstance(h, Mapping)] + [event]
                dest = Path(catalog) / str(approval.get("file") or f"{approved_id}.yaml")
                try:
                    current = dest.read_bytes()
                except OSError:
                    current = None
                if current is not None:
                    commit(catalog, approved_id, dest.name, current, approval)
                    under = "" if approved_id == variant else f"（以玩法标识 {approved_id} 批准）"
                    notes.append(f"这份内容已于 {approval.get('approved_at', '?')} 由 {approval.get('reviewer', '?')} 批准"
                                 f"{under}（意见：{approval.get('note') or '无'}）；驳回已记入该玩法的批准历史，"
                                 "dslgen catalog verify 将报告它，直到重新批准")
    record["notes"] = notes
    return record
