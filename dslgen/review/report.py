"""The review report: one object with everything a reviewer needs to decide.

:func:`load_subject` reads what is under review — a draft folder written by
``dslgen new`` (gates, gaps, findings and simulation already in its
``result.json``) or a plain rule file (validated, checked and simulated here).
:func:`build_report` adds the baseline and the three diffs (semantic, YAML,
statistics) and returns a JSON-ready mapping that every renderer reads.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from dslgen import __version__
from dslgen.errors import InputError, UsageError
from dslgen.review.baseline import Baseline, RuleDoc, find_baseline, read_rule_doc
from dslgen.review.semantic_diff import semantic_diff
from dslgen.review.stats_diff import stats_diff
from dslgen.yamlio import dump_yaml, write_atomic

REPORT_FORMAT = "dslgen-review/1"
GATES = ("schema", "capabilities", "compliance", "simulation")
GATE_LABELS = {"schema": "Schema 校验", "capabilities": "能力检查", "compliance": "合规检查", "simulation": "模拟对局"}
DEFAULT_GAMES = 1000
DEFAULT_SEED = 0
#: Chinese names of the DSL's top-level sections, in specification order.
SECTION_LABELS = {
    "game": "基本信息", "requires": "引擎能力", "deck": "牌库", "deal": "发牌", "wildcard_rules": "癞子",
    "win_condition": "胡牌条件", "fan_types": "番型", "fan_stacking": "番型叠加", "max_fan": "最高番数",
    "win_min_fan": "起胡番数", "win_rule": "胡牌限制", "phases": "流程", "scoring": "结算", "flower_rules": "花牌",
}
#: Where cached simulation results of unchanged rule files are kept (relative to the working directory).
CACHE_DIR = Path(".dslgen") / "cache" / "simulation"

Progress = Callable[[int, int], None]


@dataclass
class Subject:
    """What is under review: a draft folder or a plain rule file, with its gates and simulation."""

    kind: str  # "draft" | "file"
    path: Path
    doc: RuleDoc
    gates: dict[str, dict[str, Any]]
    findings: list[dict[str, Any]] = field(default_factory=list)
    gaps: list[dict[str, Any]] = field(default_factory=list)
    unmapped: list[str] = field(default_factory=list)
    mapping: list[dict[str, Any]] = field(default_factory=list)
    simulation: dict[str, Any] = field(default_factory=dict)
    provenance: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        """The variant id (``meta.id``, the draft's id, or the file stem)."""
        return str(self.result.get("id") or self.doc.id)

    @property
    def verdict(self) -> str:
        """``pass`` when every gate passed, else ``fail``."""
        return "pass" if all(self.gates.get(g, {}).get("status") == "pass" for g in GATES) else "fail"

    @property
    def failed_gates(self) -> list[str]:
        """Names of the gates that did not pass."""
        return [g for g in GATES if self.gates.get(g, {}).get("status") != "pass"]

    @property
    def description(self) -> str:
        """The plain-language description the rules were made from."""
        return self.doc.description or str(self.result.get("description") or "")


# --- reading drafts -------------------------------------------------------------------

def is_draft(path: Path) -> bool:
    """True for a draft folder written by ``dslgen new`` (it has ``result.json``)."""
    return path.is_dir() and (path / "result.json").is_file()


def read_draft(folder: str | Path) -> tuple[dict[str, Any], RuleDoc]:
    """``result.json`` and the rule file of a draft folder (read with the generator's loader)."""
    from dslgen.generate.draft import load_draft
    from dslgen.yamlio import YamlError

    draft = load_draft(folder)
    try:
        doc = read_rule_doc(draft.yaml_path)
    except YamlError:  # a failed draft may keep an unreadable answer for the reviewer
        doc = RuleDoc(draft.yaml_path, draft.yaml_text, {})
    result = dict(draft.result)
    result.setdefault("description", draft.description.strip())
    return result, doc


def has_stats(sim: Mapping[str, Any] | None) -> bool:
    """True when ``sim`` holds statistics of games that ran (not ``{ran: false, reason}``)."""
    return bool(sim) and sim.get("ran", True) is not False and "games" in sim


def _gate(value: Any) -> dict[str, Any]:
    """Normalise a gate entry (bool, "pass"/"fail", or a mapping) to ``{status, detail}``."""
    if isinstance(value, Mapping):
        status = value.get("status", value.get("verdict", value.get("ok", value.get("passed"))))
        detail = value.get("detail") or value.get("message") or ""
        out = _gate(status)
        out["detail"] = str(detail) if detail else out.get("detail", "")
        return out
    if value is True or str(value).lower() in ("pass", "passed", "ok", "true"):
        return {"status": "pass", "detail": ""}
    if value is None or str(value).lower() in ("skip", "skipped", "none"):
        return {"status": "skipped", "detail": "未运行"}
    return {"status": "fail", "detail": ""}


def edited_after_generation(folder: Path, doc: RuleDoc) -> bool:
    """True when the draft's rule file was modified after ``dslgen new`` wrote its ``result.json``."""
    try:
        return doc.path.stat().st_mtime > (folder / "result.json").stat().st_mtime
    except OSError:
        return False


def _draft_subject(folder: Path, *, games: int | None, seed: int | None, jobs: int, bot: str,
                   progress: Progress | None) -> Subject:
    result, doc = read_draft(folder)
    if doc.data and edited_after_generation(folder, doc):
        prov = result.get("provenance") or {}
        fresh = _file_subject(doc.path, games=games or int(prov.get("games") or DEFAULT_GAMES),
                              seed=seed if seed is not None else int(prov.get("seed") or DEFAULT_SEED),
                              jobs=jobs, bot=bot, progress=progress)
        fresh.kind, fresh.path, fresh.result = "draft", folder, result
        fresh.gaps = [g if isinstance(g, dict) else {"text": str(g), "reason": ""} for g in result.get("gaps") or []]
        fresh.unmapped = [str(s) for s in result.get("unmapped_sentences") or []]
        fresh.mapping = [m for m in result.get("mapping") or [] if isinstance(m, Mapping)]
        fresh.provenance = {**dict(prov), **fresh.provenance}
        fresh.notes.append("草稿的规则文件在生成后被修改过：关卡与模拟已按当前内容重新运行")
        return fresh
    meta = doc.data.get("meta") if isinstance(doc.data.get("meta"), Mapping) else {}
    provenance = dict(result.get("provenance") or meta.get("provenance") or {})
    return Subject(
        kind="draft",
        path=folder,
        doc=doc,
        gates={g: _gate((result.get("gates") or {}).get(g)) for g in GATES},
        findings=[f if isinstance(f, dict) else {"message": str(f)} for f in result.get("findings") or []],
        gaps=[g if isinstance(g, dict) else {"text": str(g), "reason": ""} for g in result.get("gaps") or []],
        unmapped=[str(s) for s in result.get("unmapped_sentences") or []],
        mapping=[m for m in result.get("mapping") or [] if isinstance(m, Mapping)],
        simulation=dict(result.get("simulation") or {}),
        provenance=provenance,
        result=result,
    )


# --- checking and simulating a plain file -------------------------------------------------

def _gate_of(code: str) -> str:
    if code.startswith("C0"):
        return "schema"
    if code.startswith("C1"):
        return "capabilities"
    return "compliance"


def check_gates(path: Path) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """Schema, capability and compliance gates of a rule file, and its findings (``dslgen check``)."""
    from dslgen.checks.runner import check_file

    report = check_file(path)
    if report.unreadable is not None:
        raise report.unreadable
    findings = [f.to_json() for f in report.findings]
    gates: dict[str, dict[str, Any]] = {}
    for gate in ("schema", "capabilities", "compliance"):
        errors = [f for f in report.errors if _gate_of(f.code) == gate]
        if gate == "capabilities" and report.missing and not errors:
            errors = report.missing
        gates[gate] = {"status": "fail" if errors else "pass",
                       "detail": f"{len(errors)} 个错误" if errors else ""}
    return gates, findings


def _engine_digest() -> str:
    import engine

    root = Path(engine.__file__).parent
    h = hashlib.sha256()
    for p in sorted(root.rglob("*.py")):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def simulate_rules(data: Mapping[str, Any], *, games: int, seed: int, jobs: int = 1, bot: str = "greedy",
                  progress: Progress | None = None, cache: bool = True) -> dict[str, Any]:
    """Simulate a rule file's data, reusing a cached result for the same (rules, engine, games, seed, bot).

    The key ignores ``meta`` (the engine never reads it), so stamping provenance
    or an approval does not force a new run.
    """
    from dslgen.simulation import run
    from engine.rules import Rules, RulesError

    rules_json = json.dumps({k: v for k, v in data.items() if k != "meta"}, sort_keys=True, ensure_ascii=False,
                            default=str)
    key = hashlib.sha256(f"{rules_json}\0{_engine_digest()}\0{games}\0{seed}\0{bot}\0{__version__}".encode()).hexdigest()
    cached = CACHE_DIR / f"{key}.json"
    if cache and cached.is_file():
        try:
            return json.loads(cached.read_text(encoding="utf-8"))
        except ValueError:
            pass
    rules_data = {k: v for k, v in data.items() if k != "meta"}
    try:
        rules = Rules.from_dict(rules_data)
    except RulesError as exc:
        raise InputError(f"引擎无法构建规则：{exc}", where=exc.path, hint="请先修正 dslgen check 报告的问题") from None
    stats = run(rules, games, seed, bot=bot, jobs=jobs, progress=progress)
    stats = json.loads(json.dumps(stats, ensure_ascii=False, default=_json_default))
    stats.setdefault("games", games)
    stats.setdefault("seed", seed)
    stats.setdefault("bot", bot)
    if cache:
        try:
            write_atomic(cached, json.dumps(stats, ensure_ascii=False))
        except OSError:
            pass  # a read-only working directory only loses the cache
    return stats


def _json_default(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    if hasattr(value, "__dict__"):
        return vars(value)
    return str(value)


def _file_subject(path: Path, *, games: int, seed: int, jobs: int, bot: str, progress: Progress | None) -> Subject:
    doc = read_rule_doc(path)
    gates, findings = check_gates(path)
    simulation: dict[str, Any] = {}
    if gates["schema"]["status"] == "pass" and gates["capabilities"]["status"] == "pass":
        try:
            simulation = simulate_rules(doc.data, games=games, seed=seed, jobs=jobs, bot=bot, progress=progress)
        except InputError as exc:  # the engine refuses to load the rules; the check gates name each problem
            gates["simulation"] = {"status": "skipped", "detail": f"引擎拒绝加载规则，未模拟：{exc.message}"}
        else:
            errors = simulation.get("errors") or []
            count = len(errors) if isinstance(errors, list) else int(errors)
            gates["simulation"] = {"status": "fail" if count else "pass",
                                   "detail": f"{simulation.get('games', games)} 局，{count} 个错误"}
    else:
        gates["simulation"] = {"status": "skipped", "detail": "规则未通过校验，未模拟"}
    meta = doc.data.get("meta") if isinstance(doc.data.get("meta"), Mapping) else {}
    return Subject(kind="file", path=path, doc=doc, gates=gates, findings=findings, simulation=simulation,
                   provenance=dict(meta.get("provenance") or {}))


def load_subject(target: str | Path, *, games: int | None = None, seed: int | None = None, jobs: int = 1,
                 bot: str = "greedy", progress: Progress | None = None) -> Subject:
    """Read a draft folder, or validate + check + simulate a plain rule file."""
    path = Path(target)
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
    g = games or sim.get("games") or prov.get("games") or DEFAULT_GAMES
    s = seed if seed is not None else sim.get("seed", prov.get("seed"))
    return int(g), int(DEFAULT_SEED if s is None else s)


def build_report(target: str | Path, *, against: str | Path | None = None, catalog: str | Path | None = None,
                 games: int | None = None, seed: int | None = None, jobs: int = 1, bot: str = "greedy",
                 progress: Progress | None = None, subject: Subject | None = None) -> dict[str, Any]:
    """The complete review report of ``target`` as a JSON-ready mapping."""
    subject = subject or load_subject(target, games=games, seed=seed, jobs=jobs, bot=bot, progress=progress)
    baseline: Baseline | None = find_baseline(subject.doc, catalog, against)
    base_sim: dict[str, Any] = {}
    base_error = ""
    if baseline is not None and has_stats(subject.simulation):
        g, s = _sim_params(subject, games, seed)
        if progress is not None and hasattr(progress, "relabel"):
            progress.relabel("模拟基准玩法")
        try:
            base_sim = simulate_rules(baseline.doc.data, games=g, seed=s, jobs=jobs, bot=bot,
                                     progress=progress)
        except Exception as exc:  # a broken baseline must not hide the draft's own report
            base_error = f"基准玩法无法模拟：{getattr(exc, 'message', None) or exc}"
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
        "verdict": subject.verdict,
        "gates": {g: {**subject.gates.get(g, {}), "label": GATE_LABELS[g]} for g in GATES},
        "failed_gates": subject.failed_gates,
        "notes": subject.notes,
        "sections": _sections(subject),
        "gaps": subject.gaps,
        "unmapped_sentences": subject.unmapped,
        "findings": subject.findings,
        "simulation": subject.simulation,
        "provenance": subject.provenance,
        "baseline": baseline.to_dict() if baseline else None,
        "baseline_simulation": base_sim,
        "baseline_error": base_error,
        "semantic_changes": [c.text for c in changes],
        "semantic_diff": [c.to_dict() for c in changes],
        "yaml_diff": yaml_diff(baseline.doc if baseline else None, subject.doc),
        "stats_diff": stats_diff(base_sim, subject.simulation) if has_stats(subject.simulation) else [],
    }


__all__ = ["GATES", "Subject", "build_report", "check_gates", "load_subject", "read_draft", "simulate_rules",
           "yaml_diff"]
