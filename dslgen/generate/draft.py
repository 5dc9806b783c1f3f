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
from dslgen.judge import Simulation, Verdict, VerdictError, sha256_bytes
from dslgen.yamlio import write_atomic

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
    """Read a draft folder (or its ``result.json``). Usage error (exit 2) when it is not a draft."""
    p = Path(path)
    folder = p.parent if p.name == RESULT else p
    result_file = folder / RESULT
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
