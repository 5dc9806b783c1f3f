"""Draft folders: what ``dslgen new`` writes and what ``review`` / ``approve`` read.

Layout of ``.dslgen/drafts/<id>-<YYYYmmdd-HHMMSS>/`` (or ``--out DIR``)::

    <id>.yaml          the rule file, with meta.description, meta.id and meta.provenance
    description.md     the description as given
    transcript.jsonl   every model call (round, request messages, answer, usage; never a key)
    result.json        {draft, yaml, id, verdict, gates, judgement, gaps, unmapped_sentences,
                        mapping, findings, simulation, rounds, usage, provenance, …}; ``judgement``
                        is the judge's typed verdict (:class:`dslgen.judge.Verdict`), bound to the
                        sha256 of the rule file's bytes; ``verdict`` and ``gates`` summarise it

The folder is assembled under a temporary name next to its final place and renamed at the end, so a
crash never leaves a half-written draft.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dslgen.errors import InputError, UsageError
from dslgen.faults import pause_point
from dslgen.judge import Simulation, Verdict, VerdictError, sha256_bytes
from dslgen.rulefile.yamlio import write_atomic

RESULT = "result.json"
DESCRIPTION = "description.md"
TRANSCRIPT = "transcript.jsonl"
ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass
class Draft:
    """A draft folder read back."""

    path: Path
    id: str
    yaml_path: Path
    yaml_text: str
    description: str
    #: The stored verdict, or None when ``result.json`` holds none that can be read.
    verdict: Verdict | None
    #: Why the stored verdict could not be read ('' when it could).
    verdict_error: str = ""
    gaps: list[dict[str, str]] = field(default_factory=list)
    unmapped_sentences: list[str] = field(default_factory=list)
    mapping: list[dict[str, str]] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    simulation: Simulation = field(default_factory=lambda: Simulation.not_run("没有模拟结果"))
    rounds: int = 0
    usage: dict[str, Any] = field(default_factory=dict)
    provenance: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def passed(self) -> bool:
        """True when the stored verdict passed and was reached on the rule file's current bytes."""
        return self.verdict is not None and self.verdict.passed and self.judged_current

    @property
    def judged_current(self) -> bool:
        """True when the stored verdict is bound to the sha256 of the rule file as it is now."""
        try:
            content = self.yaml_path.read_bytes()
        except OSError:
            return False
        return self.verdict is not None and self.verdict.sha256 == sha256_bytes(content)

    @property
    def transcript_path(self) -> Path:
        """The transcript file of this draft."""
        return self.path / TRANSCRIPT


def load_draft(path: str | os.PathLike[str]) -> Draft:
    """Read a draft folder (or its ``result.json``); a draft a killed rewrite left moved aside is put back
    first (:func:`sweep`). Usage error (exit 2) when it is not a draft."""
    p = Path(path)
    folder = p.parent if p.name == RESULT else p
    result_file = folder / RESULT
    restore_moved(folder)
    try:
        result = json.loads(result_file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError("这不是 dslgen new 生成的草稿目录（缺少 result.json）", where=str(folder),
                         hint="草稿目录位于 .dslgen/drafts/ 下，或用 dslgen new --out 指定的位置") from None
    except (OSError, json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise InputError(f"草稿结果文件已损坏，无法读取：{type(exc).__name__}", where=str(result_file),
                         hint="重新运行 dslgen new，或删除这个草稿目录") from None
    if not isinstance(result, dict) or not isinstance(result.get("id"), str):
        raise InputError("草稿结果文件格式不对（缺少 id）", where=str(result_file), hint="重新运行 dslgen new")
    draft_id = result["id"]
    if not ID_PATTERN.match(draft_id):
        raise InputError(f"草稿结果文件中的玩法 id {draft_id!r} 不合法（可能被篡改）", where=f"{result_file}: id",
                         hint="id 只能用小写字母、数字和下划线，并以字母开头；请重新运行 dslgen new")
    yaml_path = folder / f"{draft_id}.yaml"
    try:
        yaml_text = yaml_path.read_text(encoding="utf-8")
    except OSError:
        yaml_text = ""
    try:
        description = (folder / DESCRIPTION).read_text(encoding="utf-8")
    except OSError:
        description = ""
    verdict, verdict_error = None, ""
    try:
        verdict = Verdict.from_json(result.get("judgement"))
        if result.get("verdict") != verdict.status or result.get("gates") != {g.name: g.passed for g in verdict.gates}:
            raise VerdictError("verdict / gates 摘要与判定结论不一致")
        simulation = Simulation.from_json(result.get("simulation") or {})
    except VerdictError as exc:
        verdict, verdict_error = None, str(exc)
        simulation = Simulation.not_run("没有可读的模拟结果")
    return Draft(
        path=folder, id=draft_id, yaml_path=yaml_path, yaml_text=yaml_text, description=description,
        verdict=verdict, verdict_error=verdict_error,
        gaps=_list(result, "gaps", dict), unmapped_sentences=_list(result, "unmapped_sentences", str),
        mapping=_list(result, "mapping", dict), findings=_list(result, "findings", dict),
        simulation=simulation, rounds=result.get("rounds") if isinstance(result.get("rounds"), int) else 0,
        usage=_dict(result, "usage"), provenance=_dict(result, "provenance"), result=result,
    )


def _list(result: dict[str, Any], key: str, kind: type) -> list[Any]:
    """``result[key]`` when it is a list, keeping only items of ``kind`` (a hand-edited file loses nothing else)."""
    value = result.get(key)
    return [v for v in value if isinstance(v, kind)] if isinstance(value, list) else []


def _dict(result: dict[str, Any], key: str) -> dict[str, Any]:
    value = result.get(key)
    return dict(value) if isinstance(value, dict) else {}


def reserve_folder(base: Path) -> Path:
    """Create and return ``base``, or ``base-2``, ``base-3``… — whichever does not exist yet.

    Creating the folder is the reservation (``mkdir`` fails when it exists), so two runs
    started in the same second never get the same folder. Until the draft is written the
    folder holds only ``.reserved-<pid>``; :func:`sweep` removes it if that process is gone.
    """
    base.parent.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        candidate = base if n == 1 else base.with_name(f"{base.name}-{n}")
        try:
            candidate.mkdir()
        except FileExistsError:
            n += 1
            continue
        (candidate / f"{_RESERVED}{os.getpid()}").touch()
        return candidate


_RESERVED = ".reserved-"


def release(folder: Path) -> bool:
    """Remove ``folder`` when nothing was written into it yet (empty, or only this process's reservation
    mark): a run that stops early (an unreachable model, Ctrl-C, SIGTERM) leaves no empty draft behind.
    Returns True when the folder was removed."""
    try:
        names = [p.name for p in folder.iterdir()]
    except OSError:
        return False
    if names not in ([], [f"{_RESERVED}{os.getpid()}"]):
        return False
    shutil.rmtree(folder, ignore_errors=True)
    return not folder.exists()


def _reservation(folder: Path) -> int | None:
    """The pid that reserved ``folder`` when it holds nothing but its reservation mark."""
    try:
        names = [p.name for p in folder.iterdir()]
    except OSError:
        return None
    if len(names) == 1 and names[0].startswith(_RESERVED) and names[0][len(_RESERVED):].isdigit():
        return int(names[0][len(_RESERVED):])
    return None


def is_reservation(folder: Path) -> bool:
    """True for a folder that holds nothing but a run's reservation mark (a draft being written, or an
    interrupted run's leftover that :func:`sweep` removes): not a draft yet."""
    return _reservation(folder) is not None


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


#: ``.<draft folder>.<pid>.<random>.tmp`` (a draft being written) or ``….old`` (a draft moved aside).
_TEMP = re.compile(r"^\.(.+)\.(\d+)\.[^.]+\.(tmp|old)$")
#: Inside a ``.old`` folder: the draft that was moved aside.
_ASIDE = "draft"


def sweep(parent: Path) -> list[Path]:
    """Clean up after draft writes whose process is gone: remove their temporary folders and unused
    reservations, but put back (never delete) a draft that was moved aside when its place is empty."""
    removed = []
    try:
        entries = list(parent.iterdir())
    except OSError:
        return removed
    for entry in entries:
        if entry.is_symlink() or not entry.is_dir():
            continue
        match = _TEMP.match(entry.name)
        owner = int(match.group(2)) if match else _reservation(entry)
        if owner is None or _pid_alive(owner):
            continue
        if match and match.group(3) == "old" and not _restore_aside(entry, parent / match.group(1)):
            continue  # the moved-aside draft could not be put back: keep it where it is
        shutil.rmtree(entry, ignore_errors=True)
        removed.append(entry)
    return removed


def restore_moved(folder: Path) -> None:
    """Put back the draft ``folder`` when a rewrite killed mid-swap left it moved aside (see :func:`sweep`)."""
    folder = Path(folder)
    if not folder.exists() and not folder.is_symlink() and folder.parent.is_dir():
        sweep(folder.parent)


def _restore_aside(old: Path, target: Path) -> bool:
    """Put the draft moved aside into ``old`` back at ``target`` if ``target`` is missing (a write killed
    between its two renames); True when ``old`` holds nothing more to keep."""
    aside = old / _ASIDE
    if not aside.is_dir():
        return True
    if target.exists() or target.is_symlink():
        return True  # the new draft is in place: the old one was carried over into it
    try:
        os.replace(aside, target)
    except OSError:
        return False
    return True


#: Longest file-name component most file systems accept, in bytes.
MAX_NAME_BYTES = 255


def check_target(folder: Path, *, given: bool = True) -> None:
    """Usage error (exit 2) when a draft cannot be written at ``folder``: found before the model call.

    Refused: a path that is a file, the file-system root, a name too long for the file system, a
    parent that is a file or not writable, and an existing non-empty folder that is not a draft.
    """
    folder = Path(folder)
    where = "--out" if given else str(folder)
    resolved = folder.resolve()
    if resolved == Path(resolved.anchor):
        raise UsageError("不能把草稿写到根目录", where=where, hint="用 --out 指定一个新的子目录")
    if any(len(part.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES for part in resolved.parts):
        raise UsageError(f"路径中有超过 {MAX_NAME_BYTES} 字节的名字，文件系统无法创建", where=where,
                         hint="换一个短一些的 --out 或 --name")
    if folder.exists() and not folder.is_dir():
        raise UsageError("输出路径已存在且是文件，不是目录", where=str(folder), hint="换一个 --out 目录")
    if folder.is_dir() and any(folder.iterdir()) and not (folder / RESULT).exists():
        raise UsageError("输出目录已存在且不是草稿目录，拒绝覆盖", where=str(folder), hint="换一个 --out 目录")
    parent = next((p for p in resolved.parents if p.exists()), None)
    if parent is not None and (not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK)):
        raise UsageError("无法在这里创建草稿目录（上级不是目录或没有写权限）", where=str(parent),
                         hint="换一个可写的 --out 目录")


def own_files(folder: Path) -> set[str]:
    """The names in draft ``folder`` that ``dslgen new`` wrote: its result, description, transcript and the
    rule file named by the id in its ``result.json`` (not a reviewer's files)."""
    names = {RESULT, DESCRIPTION, TRANSCRIPT}
    try:
        draft_id = json.loads((folder / RESULT).read_text(encoding="utf-8")).get("id")
    except (OSError, ValueError, AttributeError, RecursionError):
        draft_id = None
    if isinstance(draft_id, str) and ID_PATTERN.match(draft_id):
        names.add(f"{draft_id}.yaml")
    return names


def write_draft(folder: Path, files: dict[str, str]) -> None:
    """Write ``files`` (name → text) as the folder ``folder``, atomically (temp folder, then rename).

    Rewriting an existing draft (``--out``) replaces the draft's own files — the new ``files`` and
    the old draft's (its rule file under the old id, result, description, transcript) — and carries
    over everything else in the folder: a reviewer's ``rejection.json``, notes. Temporary folders left
    by killed writes in the same parent are swept first, and a draft a killed write had moved aside is
    put back.
    """
    folder = Path(folder)
    parent = folder.parent
    parent.mkdir(parents=True, exist_ok=True)
    sweep(parent)
    owner = _reservation(folder) if folder.is_dir() else None
    if owner is not None:
        (folder / f"{_RESERVED}{owner}").unlink()  # our own reservation: the folder stays, empty
    existing = folder.is_dir() and any(folder.iterdir())
    if existing and not (folder / RESULT).exists():
        raise UsageError("输出目录已存在且不是草稿目录，拒绝覆盖", where=str(folder), hint="换一个 --out 目录")
    if folder.exists() and not folder.is_dir():
        raise UsageError("输出路径已存在且不是目录", where=str(folder), hint="换一个 --out 目录")
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.{os.getpid()}.", suffix=".tmp", dir=parent))
    try:
        for name, text in files.items():
            try:
                write_atomic(tmp / name, text)
            except OSError as exc:  # name the draft's file, not the temporary folder it is assembled in
                exc.filename, exc.filename2 = str(folder / name), None
                raise
        if existing:
            own = set(files) | own_files(folder)
            for entry in folder.iterdir():
                if entry.name in own:
                    continue
                if entry.is_dir() and not entry.is_symlink():
                    shutil.copytree(entry, tmp / entry.name, symlinks=True)
                else:
                    shutil.copy2(entry, tmp / entry.name, follow_symlinks=False)
            old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.{os.getpid()}.", suffix=".old", dir=parent))
            os.replace(folder, old / _ASIDE)
            pause_point("draft-swap")
            os.replace(tmp, folder)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, folder)  # onto a missing or empty (reserved) folder: one atomic rename
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
