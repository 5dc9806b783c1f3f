"""The review report: one object with everything a reviewer needs to decide.

:func:`load_subject` reads what is under review — a draft folder written by
``dslgen new`` (its stored verdict is used only when it is bound to the sha256 of
the rule file's current bytes; anything else is judged again) or a plain rule
file (judged here). The verdict always comes from :mod:`dslgen.judge`.
:func:`build_report` adds the baseline and the three diffs (semantic, YAML,
statistics) and returns a JSON-ready mapping that every renderer reads.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from dslgen.errors import UsageError
from dslgen.judge import Simulation, Verdict, judge_bytes, run_simulation, sha256_bytes
from dslgen.review.baseline import Baseline, RuleDoc, find_baseline
from dslgen.review.bots import about_bots
from dslgen.review.description_view import description_view
from dslgen.review.semantic_diff import semantic_diff
from dslgen.review.stats_diff import stats_diff
from dslgen.rulefile.yamlio import dump_yaml

REPORT_FORMAT = "dslgen-review/1"
DEFAULT_GAMES = 1000
DEFAULT_SEED = 0
#: Chinese names of the DSL's top-level sections, in specification order.
SECTION_LABELS = {
    "game": "基本信息", "requires": "引擎能力", "deck": "牌库", "deal": "发牌", "wildcard_rules": "癞子",
    "win_condition": "胡牌条件", "fan_types": "番型", "fan_stacking": "番型叠加", "max_fan": "最高番数",
    "win_min_fan": "起胡番数", "win_rule": "胡牌限制", "phases": "流程", "scoring": "结算", "flower_rules": "花牌",
}
#: The rule file's size limit (the YAML reader's).
MAX_BYTES = 1024 * 1024

Progress = Callable[[int, int], None]


@dataclass
class Subject:
    """What is under review: the exact bytes of a draft's (or plain file's) rules, and the judge's verdict on them."""

    kind: str  # "draft" | "file"
    path: Path
    doc: RuleDoc
    #: The exact bytes the verdict was reached on (what ``approve`` copies).
    content: bytes
    verdict: Verdict
    simulation: Simulation
    gaps: list[dict[str, Any]] = field(default_factory=list)
    unmapped: list[str] = field(default_factory=list)
    mapping: list[dict[str, Any]] = field(default_factory=list)
    provenance: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: The reviewers' resolutions that hold (:func:`dslgen.review.resolve.shown_entries`: n, kind, text, by, at, why).
    resolutions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def id(self) -> str:
        """The variant id (``meta.id``, the draft's id, or the file stem)."""
        return str(self.result.get("id") or self.doc.id)

    @property
    def failed_gates(self) -> list[str]:
        """Names of the gates that did not pass."""
        return self.verdict.failed_gates

    @property
    def findings(self) -> list[dict[str, Any]]:
        """Every gate's findings as JSON."""
        return [f.to_json() for f in self.verdict.findings]

    @property
    def readable(self) -> bool:
        """True when the judged bytes are a readable rule file."""
        return bool(self.doc.data)

    @property
    def description(self) -> str:
        """The plain-language description the rules were made from."""
        return self.doc.description or str(self.result.get("description") or "")


# --- reading drafts -------------------------------------------------------------------

def is_draft(path: Path) -> bool:
    """True for a draft folder written by ``dslgen new`` (it has ``result.json``)."""
    return path.is_dir() and (path / "result.json").is_file()


def doc_of(path: Path, content: bytes) -> RuleDoc:
    """The rule file ``content`` (read from ``path``) as a :class:`RuleDoc`; empty data when unreadable."""
    from dslgen.errors import DslgenError
    from dslgen.rulefile.yamlio import load_yaml_bytes

    try:
        loaded = load_yaml_bytes(content, str(path))
    except (DslgenError, RecursionError):
        return RuleDoc(path, content.decode("utf-8", errors="replace"), {})
    return RuleDoc(path, loaded.text, loaded.data if isinstance(loaded.data, dict) else {})


def read_draft(folder: str | Path) -> tuple[dict[str, Any], RuleDoc]:
    """``result.json`` and the rule file of a draft folder (read with the generator's loader)."""
    from dslgen.generate.draft import load_draft

    draft = load_draft(folder)
    doc = doc_of(draft.yaml_path, _read_bytes(draft.yaml_path, missing_ok=True))
    result = dict(draft.result)
    result.setdefault("description", draft.description.strip())
    return result, doc


def has_stats(sim: Mapping[str, Any] | None) -> bool:
    """True when ``sim`` holds statistics of games that ran (not ``{ran: false, reason}``)."""
    return bool(sim) and sim.get("ran", True) is not False and "games" in sim


def _read_bytes(path: Path, *, missing_ok: bool = False) -> bytes:
    """The bytes of the rule file at ``path``, read once (usage error when it cannot be read)."""
    try:
        if missing_ok and not path.exists() and not path.is_symlink():
            return b""
        if not path.is_file():
            raise UsageError("不是普通文件，无法作为规则文件读取", where=str(path), hint="请给出规则 YAML 文件的路径")
        with path.open("rb") as fh:
            content = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"无法读取文件：{exc.strerror or exc}", where=str(path), hint="请检查路径和权限") from None
    return content


def _judge(path: Path, content: bytes, *, games: int, seed: int, jobs: int, bot: str,
           progress: Progress | None, description: str = "",
           extra: dict[str, Any] | None = None) -> tuple[Verdict, Simulation]:
    judgement = judge_bytes(content, str(path), games=games, seed=seed, jobs=jobs, bot=bot, progress=progress,
                            rules_path=str(path), cache=True, description=description, extra=extra)
    return judgement.verdict, judgement.simulation


def _draft_subject(folder: Path, *, games: int | None, seed: int | None, jobs: int, bot: str,
                   progress: Progress | None) -> Subject:
    from dslgen.generate.draft import load_draft
    from dslgen.review.resolve import current, judge_extra, shown_entries

    draft = load_draft(folder)
    extra = judge_extra(draft)
    content = _read_bytes(draft.yaml_path, missing_ok=True)
    doc = doc_of(draft.yaml_path, content)
    result = dict(draft.result)
    result.setdefault("description", draft.description.strip())
    meta = doc.data.get("meta") if isinstance(doc.data.get("meta"), Mapping) else {}
    provenance = dict(draft.provenance or meta.get("provenance") or {})
    notes = []
    other_bot = draft.simulation.ran and draft.simulation.bot != bot
    same = draft.verdict is not None and draft.verdict.sha256 == sha256_bytes(content)
    if same and not other_bot and current(draft):
        verdict, simulation = draft.verdict, draft.simulation
    else:
        if same and not other_bot:
            notes.append("草稿的处理记录（resolutions.json）在判定后被修改过：已按现在的处理记录重新判定")
        elif other_bot and draft.verdict is not None and draft.verdict.sha256 == sha256_bytes(content):
            notes.append(f"草稿的模拟用的是 {draft.simulation.bot} 机器人：已按 --bot {bot} 重新模拟并判定")
        elif draft.verdict is None:
            notes.append(f"草稿的 result.json 没有可读的判定结论（{draft.verdict_error}）：已按规则文件的当前内容重新判定")
        else:
            notes.append("草稿的规则文件在判定后被修改过（sha256 不符）：关卡与模拟已按当前内容重新运行")
        g = games or _int(provenance.get("games"), DEFAULT_GAMES)
        s = seed if seed is not None else _int(provenance.get("seed"), DEFAULT_SEED)
        verdict, simulation = _judge(draft.yaml_path, content, games=g, seed=s, jobs=jobs, bot=bot,
                                     progress=progress, description=draft.description.strip(), extra=extra)
    return Subject(
        kind="draft", path=folder, doc=doc, content=content, verdict=verdict, simulation=simulation,
        gaps=[g if isinstance(g, dict) else {"text": str(g), "reason": ""} for g in draft.gaps],
        unmapped=[str(x) for x in draft.unmapped_sentences],
        mapping=[m for m in draft.mapping if isinstance(m, Mapping)],
        provenance=provenance, result=result, notes=notes, resolutions=shown_entries(extra["resolutions"]),
    )


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else default


# --- checking and simulating a plain file -------------------------------------------------

def simulate_rules(data: Mapping[str, Any], *, games: int, seed: int, jobs: int = 1, bot: str = "greedy",
                  progress: Progress | None = None, cache: bool = True) -> dict[str, Any]:
    """Simulate a rule file's data (the judge's runner, cached), as the simulation's JSON form."""
    return run_simulation(data, games=games, seed=seed, jobs=jobs, bot=bot, progress=progress, cache=cache).to_json()


def _file_subject(path: Path, *, games: int, seed: int, jobs: int, bot: str, progress: Progress | None) -> Subject:
    content = _read_bytes(path)
    doc = doc_of(path, content)
    verdict, simulation = _judge(path, content, games=games, seed=seed, jobs=jobs, bot=bot, progress=progress)
    meta = doc.data.get("meta") if isinstance(doc.data.get("meta"), Mapping) else {}
    return Subject(kind="file", path=path, doc=doc, content=content, verdict=verdict, simulation=simulation,
                   provenance=dict(meta.get("provenance") or {}) if isinstance(meta.get("provenance"), Mapping) else {})


def load_subject(target: str | Path, *, games: int | None = None, seed: int | None = None, jobs: int = 1,
                 bot: str = "greedy", progress: Progress | None = None) -> Subject:
    """Read a draft folder (its verdict, when bound to the rule file's bytes), or judge a plain rule file.
    A draft a killed ``new --out`` left moved aside is put back first."""
    from dslgen.generate.draft import restore_moved

    path = Path(target)
    restore_moved(path)
    if is_draft(path):
        return _draft_subject(path, games=games, seed=seed, jobs=jobs, bot=bot, progress=progress)
    if path.is_dir():
        raise UsageError("这个文件夹不是草稿（缺少 result.json）", where=str(path),
                         hint="请给出 dslgen new 写出的草稿文件夹，或一个规则 YAML 文件")
    if not path.exists():
        raise UsageError("文件不存在", where=str(path), hint="请给出草稿文件夹或规则 YAML 文件的路径")
    return _file_subject(path, games=games or DEFAULT_GAMES, seed=DEFAULT_SEED if seed is None else seed,
                         jobs=jobs, bot=bot, progress=progress)


# --- the report ---------------------------------------------------------------------------

def _sections(subject: Subject) -> list[dict[str, Any]]:
    """Each DSL section with its YAML and the description sentences it came from (where known)."""
    sentences: dict[str, list[str]] = {}
    links: dict[str, list[dict[str, str]]] = {}
    for item in subject.mapping:
        path = str(item.get("section") or "")
        section = path.split(".")[0].split("[")[0]
        sentence = str(item.get("sentence") or "")
        if not section or not sentence:
            continue
        if sentence not in sentences.setdefault(section, []):
            sentences[section].append(sentence)
        links.setdefault(section, []).append({"path": path, "sentence": sentence})
    out = []
    data = subject.doc.data
    for key in list(SECTION_LABELS) + [k for k in data if k not in SECTION_LABELS and k != "meta"]:
        if key not in data:
            continue
        out.append({
            "section": key,
            "label": SECTION_LABELS.get(key, key),
            "yaml": dump_yaml({key: data[key]}),
            "sentences": sentences.get(key, []),
            "links": links.get(key, []),
        })
    return out


def yaml_diff(baseline: RuleDoc | None, doc: RuleDoc) -> str:
    """Unified diff of the baseline's text against the draft's text ('' when there is no baseline)."""
    if baseline is None:
        return ""
    lines = difflib.unified_diff(baseline.text.splitlines(keepends=True), doc.text.splitlines(keepends=True),
                                 fromfile=str(baseline.path), tofile=str(doc.path))
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def _sim_params(subject: Subject, games: int | None, seed: int | None) -> tuple[int, int]:
    sim = subject.simulation
    prov = subject.provenance
    g = games or (sim.games if sim.ran else 0) or _int(prov.get("games"), DEFAULT_GAMES)
    s = seed if seed is not None else (sim.seed if sim.ran else _int(prov.get("seed"), DEFAULT_SEED))
    return int(g), int(s)


def _rule_sheet(subject: Subject) -> dict[str, Any] | None:
    """The rule file read back as a 玩法说明 (:mod:`dslgen.review.rulesheet`); None when the engine cannot load it."""
    from dslgen.errors import DslgenError
    from dslgen.review.rulesheet import rule_sheet

    if not subject.doc.data:
        return None
    try:
        return rule_sheet(subject.doc.data, path_hint=str(subject.doc.path)).to_json()
    except (DslgenError, ValueError, TypeError, KeyError):
        return None  # the gates say why the file cannot be played


def build_report(target: str | Path, *, against: str | Path | None = None, catalog: str | Path | None = None,
                 games: int | None = None, seed: int | None = None, jobs: int = 1, bot: str = "greedy",
                 progress: Progress | None = None, subject: Subject | None = None) -> dict[str, Any]:
    """The complete review report of ``target`` as a JSON-ready mapping."""
    subject = subject or load_subject(target, games=games, seed=seed, jobs=jobs, bot=bot, progress=progress)
    baseline: Baseline | None = find_baseline(subject.doc, catalog, against)
    base_sim: dict[str, Any] = {}
    base_error = ""
    sim = subject.simulation.to_json()
    if baseline is not None and subject.simulation.ran:
        g, s = _sim_params(subject, games, seed)
        if progress is not None and hasattr(progress, "relabel"):
            progress.relabel("模拟基准玩法")
        base = run_simulation(baseline.doc.data, games=g, seed=s, jobs=jobs, bot=bot, progress=progress)
        if base.ran:
            base_sim = base.to_json()
        else:  # a broken baseline must not hide the draft's own report
            base_error = f"基准玩法无法模拟：{base.reason}"
    changes = semantic_diff(baseline.doc.data, subject.doc.data) if baseline and subject.doc.data else []
    if baseline and not subject.doc.data:
        base_error = base_error or "草稿的规则文件无法读取，未与基准比较"
    return {
        "format": REPORT_FORMAT,
        "target": str(subject.path),
        "kind": subject.kind,
        "id": subject.id,
        "name": subject.doc.name,
        "yaml_path": str(subject.doc.path),
        "description": subject.description,
        "verdict": subject.verdict.status,
        "sha256": subject.verdict.sha256,
        "gates": subject.verdict.to_json()["gates"],
        "failed_gates": subject.failed_gates,
        "notes": subject.notes,
        "sections": _sections(subject),
        "rule_sheet": _rule_sheet(subject),
        **description_view(subject),
        "gaps": subject.gaps,
        "resolutions": subject.resolutions,
        # a sentence a reviewer resolved is no longer "unused": the resolutions say what became of it
        "unmapped_sentences": [s for s in subject.unmapped
                               if s not in {r.get("sentence") for r in subject.resolutions}],
        "findings": subject.findings,
        "simulation": sim,
        "about_bots": about_bots(sim),
        "provenance": subject.provenance,
        "baseline": baseline.to_dict() if baseline else None,
        "baseline_simulation": base_sim,
        "baseline_error": base_error,
        "semantic_changes": [c.text for c in changes],
        "semantic_diff": [c.to_dict() for c in changes],
        "yaml_diff": yaml_diff(baseline.doc if baseline else None, subject.doc),
        "stats_diff": stats_diff(base_sim, sim) if subject.simulation.ran else [],
    }


__all__ = ["Subject", "build_report", "load_subject", "read_draft", "simulate_rules", "yaml_diff"]
