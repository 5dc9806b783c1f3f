"""Draft folders: what ``dslgen new`` writes and what ``review`` / ``approve`` read.

Layout of ``.dslgen/drafts/<id>-<YYYYmmdd-HHMMSS>/`` (or ``--out DIR``)::

    <id>.yaml          the rule file, with meta.description, meta.id and meta.provenance
    description.md     the description as given
    transcript.jsonl   every model call (round, request messages, answer, usage; never a key)
    result.json        {draft, yaml, id, verdict, gates, gaps, unmapped_sentences, mapping,
                        findings, simulation, rounds, usage, provenance, …}

The folder is assembled under a temporary name next to its final place and renamed at the end, so a
crash never leaves a half-written draft.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dslgen.errors import UsageError
from dslgen.yamlio import write_atomic

RESULT = "result.json"
DESCRIPTION = "description.md"
TRANSCRIPT = "transcript.jsonl"


@dataclass
class Draft:
    """A draft folder read back."""

    path: Path
    id: str
    yaml_path: Path
    yaml_text: str
    description: str
    verdict: str
    gates: dict[str, bool]
    gaps: list[dict[str, str]] = field(default_factory=list)
    unmapped_sentences: list[str] = field(default_factory=list)
    mapping: list[dict[str, str]] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    simulation: dict[str, Any] = field(default_factory=dict)
    rounds: int = 0
    usage: dict[str, Any] = field(default_factory=dict)
    provenance: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def passed(self) -> bool:
        """True when every gate passed."""
        return self.verdict == "pass"

    @property
    def transcript_path(self) -> Path:
        """The transcript file of this draft."""
        return self.path / TRANSCRIPT


def load_draft(path: str | os.PathLike[str]) -> Draft:
    """Read a draft folder (or its ``result.json``). Usage error (exit 2) when it is not a draft."""
    p = Path(path)
    folder = p.parent if p.name == RESULT else p
    result_file = folder / RESULT
    try:
        result = json.loads(result_file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError("这不是 dslgen new 生成的草稿目录（缺少 result.json）", where=str(folder),
                         hint="草稿目录位于 .dslgen/drafts/ 下，或用 dslgen new --out 指定的位置") from None
    except (OSError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"草稿结果文件无法读取：{exc}", where=str(result_file), hint="重新运行 dslgen new") from None
    if not isinstance(result, dict) or "id" not in result:
        raise UsageError("草稿结果文件格式不对（缺少 id）", where=str(result_file), hint="重新运行 dslgen new")
    draft_id = str(result["id"])
    yaml_path = folder / f"{draft_id}.yaml"
    try:
        yaml_text = yaml_path.read_text(encoding="utf-8")
    except OSError:
        yaml_text = ""
    try:
        description = (folder / DESCRIPTION).read_text(encoding="utf-8")
    except OSError:
        description = ""
    return Draft(
        path=folder, id=draft_id, yaml_path=yaml_path, yaml_text=yaml_text, description=description,
        verdict=str(result.get("verdict", "fail")), gates=dict(result.get("gates") or {}),
        gaps=list(result.get("gaps") or []), unmapped_sentences=list(result.get("unmapped_sentences") or []),
        mapping=list(result.get("mapping") or []), findings=list(result.get("findings") or []),
        simulation=dict(result.get("simulation") or {}), rounds=int(result.get("rounds") or 0),
        usage=dict(result.get("usage") or {}), provenance=dict(result.get("provenance") or {}), result=result,
    )


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


def write_draft(folder: Path, files: dict[str, str]) -> None:
    """Write ``files`` (name → text) as the folder ``folder``, atomically (temp folder, then rename)."""
    folder = Path(folder)
    parent = folder.parent
    parent.mkdir(parents=True, exist_ok=True)
    if folder.exists() and any(folder.iterdir()):
        if not (folder / RESULT).exists():
            raise UsageError("输出目录已存在且不是草稿目录，拒绝覆盖", where=str(folder), hint="换一个 --out 目录")
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=".tmp", dir=parent))
    try:
        for name, text in files.items():
            write_atomic(tmp / name, text)
        if folder.exists():
            old = folder.with_name(f".{folder.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            os.replace(folder, old)
            os.replace(tmp, folder)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
