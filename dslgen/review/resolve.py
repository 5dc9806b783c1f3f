"""Resolving what a draft leaves open, so a failing draft can become an approved one.

A real rule page always holds sentences no reader handles. A designer or reviewer resolves each of them —
``dslgen resolve DRAFT …`` or the workbench's 处理 forms, both through :func:`resolve` — and the judge runs
again on the same bytes with the resolutions in hand:

* a sentence (numbered as :func:`sentences` lists them) is marked ``not_rule`` (不是规则: a heading, an
  advertisement the reader took for a rule), ``field`` (由字段 PATH 落实: the rule file carries it in the named
  field, which must exist in the file), or ``gap`` (缺口: the DSL cannot express it, with the reason);
* an open question of the reader (``D006`` / ``D007``, numbered as :func:`questions` lists them) is ``answer``-ed;
* a value is ``set`` (``PATH=VALUE``, :mod:`dslgen.generate.overrides`): the rule file changes.

Every resolution is one entry of the draft's ``resolutions.json`` (format :data:`FORMAT`), written with the rule
file and ``result.json`` in one atomic folder swap::

    {"format": "dslgen-resolutions/1", "resolutions": [
      {"n": 1, "kind": "not_rule" | "field" | "gap" | "answer" | "set" | "withdraw",
       "sentence": "…", "number": 3,              # not_rule / field / gap
       "field": "game.seating.next_dealer",       # field
       "reason": "…",                             # gap
       "question": {"code", "sentence", "message", "path"}, "answer": "…", "number": 1,   # answer
       "path": "…", "before": …, "after": …, "set": "PATH=VALUE",                       # set
       "of": 2,                                   # withdraw: the entry it takes back
       "by": "张三", "at": "2026-…Z", "why": "…", "verdict": "pass"}]}

Sentences and questions are matched by their text, never by their number (a number is only how a person
names them), so an entry stays bound to what it resolved. A later entry for the same sentence or question
replaces the earlier one; ``withdraw`` takes one back; the file keeps them all. ``result.json`` stores the
sha256 of the file its verdict was reached with (``resolutions_sha256``): a verdict reached with other
resolutions is not current. The consistency gate (:mod:`dslgen.judge.consistency`) counts what the
resolutions account for; the review report and the approval record list them (who, what, when, why).
"""

from __future__ import annotations

import contextlib
import copy
import datetime as _dt
import hashlib
import json
import re
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from dslgen.errors import UsageError

RESOLUTIONS = "resolutions.json"
FORMAT = "dslgen-resolutions/1"
#: The kinds a sentence can be resolved as, and how a reviewer reads them.
SENTENCE_KINDS = {"not_rule": "不是规则", "field": "由字段落实", "gap": "列为缺口"}
KIND_WORDS = {**SENTENCE_KINDS, "answer": "回答问题", "set": "修改取值", "withdraw": "撤回"}
#: Consistency findings a sentence resolution accounts for (contradiction, not carried, a gap not listed).
SENTENCE_CODES = frozenset({"D001", "D002", "D004"})
#: Consistency findings that are open questions of the reader (sentences it could not reconcile, rules the
#: text leaves undecided).
QUESTION_CODES = frozenset({"D006", "D007"})
_AS_HINT = "写成 --as not-rule、--as field=字段路径（如 field=game.seating.next_dealer）或 --as gap=\"原因\""


# --- the record -------------------------------------------------------------------------------

def record_path(folder: str | Path) -> Path:
    """Where a draft keeps its resolutions."""
    return Path(folder) / RESOLUTIONS


def load_record(folder: str | Path) -> list[dict[str, Any]]:
    """Every entry of the draft's ``resolutions.json`` ([] when there is none); an unreadable file is an
    input error naming it (the resolutions must never be silently lost)."""
    from dslgen.errors import InputError

    path = record_path(folder)
    if not path.is_file():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise InputError(f"处理记录无法读取：{type(exc).__name__}", where=str(path),
                         hint="恢复这个文件，或删除它后重新处理草稿中余下的问题") from None
    entries = data.get("resolutions") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise InputError("处理记录格式不对（缺少 resolutions 列表）", where=str(path), hint="恢复这个文件，或删除它后重新处理")
    return [e for e in entries if isinstance(e, dict)]


def record_text(entries: list[dict[str, Any]]) -> str:
    """The file text of ``entries``."""
    return json.dumps({"format": FORMAT, "resolutions": entries}, ensure_ascii=False, indent=2) + "\n"


def record_digest(folder: str | Path) -> str:
    """sha256 of the draft's ``resolutions.json`` ('' when there is none)."""
    path = record_path(folder)
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""


def effective(entries: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The entries that hold now, in order: the last one for each sentence or question, none withdrawn.
    ``set`` entries always hold (the value is in the file; a later set shows the later value)."""
    entries = [dict(e) for e in entries]
    withdrawn = {e.get("of") for e in entries if e.get("kind") == "withdraw"}
    last: dict[tuple, int] = {}
    for e in entries:
        if e.get("n") in withdrawn or e.get("kind") == "withdraw":
            continue
        last[_key(e)] = int(e.get("n") or 0)
    return [e for e in entries if e.get("kind") != "withdraw" and e.get("n") not in withdrawn
            and last.get(_key(e)) == e.get("n")]


def _key(entry: Mapping[str, Any]) -> tuple:
    kind = entry.get("kind")
    if kind in SENTENCE_KINDS:
        return ("sentence", str(entry.get("sentence") or ""))
    if kind == "answer":
        q = entry.get("question") or {}
        return ("question", str(q.get("code")), str(q.get("sentence")), str(q.get("message")))
    return ("entry", entry.get("n"))


def describe(entry: Mapping[str, Any]) -> str:
    """One entry as a reviewer reads it: ``不是规则：「…」`` / ``由字段 game.x 落实：「…」`` / …"""
    from dslgen.generate.overrides import shown

    kind = entry.get("kind")
    if kind == "not_rule":
        return f"不是规则：「{entry.get('sentence')}」"
    if kind == "field":
        return f"由字段 {entry.get('field')} 落实：「{entry.get('sentence')}」"
    if kind == "gap":
        return f"列为缺口：「{entry.get('sentence')}」（{entry.get('reason')}）"
    if kind == "answer":
        q = entry.get("question") or {}
        return f"回答问题「{q.get('message')}」：{entry.get('answer')}"
    if kind == "set":
        return f"修改取值 {entry.get('path')}：{shown(entry.get('before'))} → {shown(entry.get('after'))}"
    return f"撤回第 {entry.get('of')} 条处理"


def shown_entries(entries: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The entries that hold, each with ``text`` (:func:`describe`) beside who, when and why — what the
    report, the workbench and the approval show."""
    return [{"n": e.get("n"), "kind": e.get("kind"), "text": describe(e), "by": str(e.get("by") or ""),
             "at": str(e.get("at") or ""), "why": str(e.get("why") or ""),
             **({"sentence": str(e["sentence"])} if e.get("sentence") else {})} for e in effective(entries)]


# --- what is left --------------------------------------------------------------------------------

def _report(description: str, data: Mapping[str, Any] | None, gaps: list, mapping: list) -> Any:
    from dslgen.generate.consistency import judge

    body = {k: v for k, v in data.items() if k != "meta"} if isinstance(data, Mapping) else None
    try:
        return judge(description, body, list(gaps or []), list(mapping or []))
    except (AttributeError, TypeError, ValueError, KeyError):  # values off the schema: read as no rule file
        return judge(description, None, list(gaps or []), list(mapping or []))


def sentences(description: str, report: Any) -> list[dict[str, Any]]:
    """Every sentence the reader saw, numbered from 1 in the order of the description:
    ``{"number", "text", "status"}`` with status ``carried`` / ``gapped`` / ``unhandled`` / ``not_rule``."""
    seen: dict[str, str] = {}
    for status, texts in (("carried", report.carried), ("gapped", report.gapped), ("unhandled", report.unhandled),
                          ("not_rule", [n.get("text", "") for n in report.not_rules])):
        for text in texts:
            if text and (text not in seen or status == "unhandled"):
                seen[text] = status
    order = {t: i for i, t in enumerate(seen)}
    ranked = sorted(seen, key=lambda t: (description.find(t) if t in description else len(description), order[t]))
    return [{"number": i, "text": t, "status": seen[t]} for i, t in enumerate(ranked, 1)]


def questions(report: Any) -> list[dict[str, Any]]:
    """The reader's open questions (``D006`` / ``D007``), numbered from 1:
    ``{"number", "code", "sentence", "message", "path", "hint"}``."""
    out = []
    for f in report.findings:
        if f.get("code") in QUESTION_CODES:
            out.append({"number": len(out) + 1, "code": f["code"], "sentence": str(f.get("sentence") or ""),
                        "message": str(f.get("message") or ""), "path": str(f.get("path") or ""),
                        "hint": str(f.get("hint") or "")})
    return out


def same_question(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """True when two question forms (a finding, a stored ``question``) name the same question."""
    return all(str(a.get(k) or "") == str(b.get(k) or "") for k in ("code", "sentence", "message"))


def field_exists(data: Any, path: str) -> bool:
    """True when ``path`` (dotted keys; ``[x]`` an element by name / item / id / kind / action, or an index)
    names something in ``data``."""
    from dslgen.checks.finding import parse_path
    from dslgen.elements import element_index

    try:
        steps = parse_path(path.strip())
    except Exception:  # noqa: BLE001 - any unparsable path simply does not exist
        return False
    if not steps or steps[0] == "meta" or ".." in path:
        return False
    node = data
    for step in steps:
        if isinstance(node, dict) and not isinstance(step, int) and step in node:
            node = node[step]
        elif isinstance(node, list) and (index := element_index(node, step)) is not None:
            node = node[index]
        else:
            return False
    return True


def apply(report: Any, entries: Iterable[Mapping[str, Any]], data: Any) -> dict[str, Any]:
    """Account for the holding resolutions in a consistency ``report`` (changed in place): the findings they
    resolve go, their sentences move to the status they were given. Returns ``{"resolved": n, "findings":
    [...]}`` where ``findings`` are the resolutions that no longer hold (a field that is not in the file)."""
    from dslgen.generate.consistency import _finding

    held = effective(entries)
    resolved = 0
    problems: list[dict[str, Any]] = []
    for e in held:
        kind = e.get("kind")
        if kind in SENTENCE_KINDS:
            text = str(e.get("sentence") or "")
            if kind == "field" and not field_exists(data, str(e.get("field") or "")):
                problems.append(_finding(
                    "D008", f"处理记录说「{text}」由字段 {e.get('field')} 落实，但规则文件中没有这个字段",
                    path=str(e.get("field") or ""), sentence=text,
                    hint=f"重新处理这句（dslgen resolve 草稿 --sentence 编号 --as …），或撤回第 {e.get('n')} 条处理"))
                continue
            report.findings = [f for f in report.findings
                               if not (f.get("code") in SENTENCE_CODES and f.get("sentence") == text)]
            for bucket in (report.unhandled, report.carried, report.gapped):
                while text in bucket:
                    bucket.remove(text)
            if kind == "field":
                report.carried.append(text)
            elif kind == "gap":
                report.gapped.append(text)
            else:
                report.not_rules = [n for n in report.not_rules if n.get("text") != text]
                report.not_rules.append({"text": text, "kind": "resolved", "reason": f"{e.get('by')} 标为不是规则"})
            resolved += 1
        elif kind == "answer":
            q = e.get("question") or {}
            before = len(report.findings)
            report.findings = [f for f in report.findings
                               if not (f.get("code") in QUESTION_CODES and same_question(f, q))]
            if len(report.findings) < before:
                resolved += 1
                sentence = str(q.get("sentence") or "")
                if sentence and sentence in report.unhandled and not any(
                        f.get("sentence") == sentence for f in report.findings):
                    report.unhandled.remove(sentence)
                    report.carried.append(sentence)
    report.findings += problems
    return {"resolved": resolved, "findings": problems}


# --- judging a draft with its resolutions -------------------------------------------------------------

def judge_extra(draft: Any) -> dict[str, Any]:
    """What the judge is handed for a draft judged again: its gaps, its mapping and its resolutions."""
    return {"gaps": draft.gaps, "mapping": draft.mapping, "resolutions": load_record(draft.path)}


def current(draft: Any) -> bool:
    """True when the draft's stored verdict was reached with the resolutions it holds now."""
    return str(draft.result.get("resolutions_sha256") or "") == record_digest(draft.path)


def _now(now: _dt.datetime | None) -> str:
    return (now or _dt.datetime.now(_dt.timezone.utc)).isoformat(timespec="seconds")


def _numbers(spec: str) -> list[int]:
    """``3`` / ``3,5`` / ``5-8`` → the sentence numbers; a usage error for anything else."""
    out: list[int] = []
    for part in str(spec).replace("，", ",").split(","):
        part = part.strip()
        m = re.fullmatch(r"[Qq#]?(\d+)(?:\s*-\s*(\d+))?", part)
        if not m:
            raise UsageError(f"编号写法不对：{spec!r}", where="--sentence",
                             hint="写一个编号（3）、几个编号（3,5）或一段（5-8）；编号见 dslgen resolve 草稿 --list")
        a, b = int(m.group(1)), int(m.group(2) or m.group(1))
        out += list(range(a, b + 1)) if a <= b else list(range(a, b - 1, -1))
    return out


def parse_as(text: str) -> tuple[str, str]:
    """``not-rule`` → ("not_rule", ""); ``field=PATH`` → ("field", PATH); ``gap=原因`` → ("gap", 原因)."""
    word, sep, rest = str(text or "").partition("=")
    word = word.strip().lower().replace("_", "-")
    rest = rest.strip().strip('"').strip("“”").strip()
    if word in ("not-rule", "notrule", "不是规则") and not sep:
        return "not_rule", ""
    if word in ("field", "字段") and rest:
        return "field", rest
    if word in ("gap", "缺口") and rest:
        return "gap", rest
    raise UsageError(f"--as 的写法不对：{text!r}", where="--as", hint=_AS_HINT)


def read_draft(folder: str | Path) -> tuple[Any, Any]:
    """The draft at ``folder`` and its rule file's parsed data (``None`` when the YAML cannot be read)."""
    from dslgen.generate.draft import load_draft
    from dslgen.rulefile.yamlio import load_yaml_text

    draft = load_draft(folder)
    try:
        data = load_yaml_text(draft.yaml_text, str(draft.yaml_path)).data
    except Exception:  # noqa: BLE001 - any unreadable file reads as no data
        data = None
    return draft, data


def editable_draft(folder: str | Path, action: str) -> tuple[Any, dict[str, Any]]:
    """:func:`read_draft` for a step that changes the rule file by field: a usage error (nothing written)
    when the file cannot be read as a mapping; ``action`` names the step in the message (处理 / 按字段修改)."""
    draft, data = read_draft(folder)
    if not isinstance(data, dict):
        raise UsageError(f"草稿的规则文件无法读取，不能{action}", where=str(draft.yaml_path),
                         hint="直接编辑这个 YAML 文件，再运行 dslgen review 重新判定")
    return draft, data


def status(folder: str | Path) -> dict[str, Any]:
    """What a draft leaves open and what was resolved: ``{"draft", "verdict", "gates", "sentences",
    "pending", "questions", "other_gates", "resolutions"}`` (as ``resolve --list --json`` prints it)."""
    draft, data = read_draft(folder)
    entries = load_record(draft.path)
    description = draft.description.strip()
    raw = _report(description, data, draft.gaps, draft.mapping)
    numbered = sentences(description, raw)
    open_questions = questions(raw)
    report = copy.deepcopy(raw)
    apply(report, entries, data)
    left_sentences = {f.get("sentence") for f in report.findings if f.get("code") in SENTENCE_CODES | {"D008"}}
    held = effective(entries)
    by_text = {str(e.get("sentence")): e for e in held if e.get("kind") in SENTENCE_KINDS}
    now_status = {t["text"]: t["status"] for t in sentences(description, report)}
    for s in numbered:
        s["status"] = now_status.get(s["text"], s["status"])
        e = by_text.get(s["text"])
        s["resolution"] = ({"n": e.get("n"), "kind": e.get("kind"), "text": describe(e), "by": e.get("by")}
                           if e else None)
        s["pending"] = s["text"] in left_sentences
    for q in open_questions:
        e = next((e for e in held if e.get("kind") == "answer" and same_question(e.get("question") or {}, q)), None)
        q["answer"] = ({"n": e.get("n"), "answer": e.get("answer"), "by": e.get("by")} if e else None)
    verdict = draft.verdict
    gates = verdict.to_json()["gates"] if verdict is not None else {}
    other = [{"name": n, "label": g.get("label"), "detail": g.get("detail"),
              "findings": [f.get("message") for f in g.get("findings") or []][:5]}
             for n, g in gates.items() if g.get("status") == "fail" and n != "consistency"]
    return {
        "draft": str(draft.path), "id": draft.id,
        "verdict": verdict.status if verdict is not None and draft.judged_current and current(draft) else "stale",
        "gates": {n: g.get("status") for n, g in gates.items()},
        "sentences": numbered,
        "pending": [s for s in numbered if s["pending"]],
        "questions": open_questions,
        "pending_questions": [q for q in open_questions if q["answer"] is None],
        "other_gates": other,
        "unresolvable": [{"code": f.get("code"), "message": f.get("message")} for f in report.findings
                         if f.get("code") not in SENTENCE_CODES | QUESTION_CODES | {"D008"}],
        "resolutions": shown_entries(entries),
        "record": str(record_path(draft.path)),
    }


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold the draft's resolution lock (an exclusive ``flock`` on ``.<name>.resolve.lock`` beside the draft), so
    two people resolving the same draft at once both keep their entries."""
    try:
        handle = open(folder.parent / f".{folder.name}.resolve.lock", "a+b")
    except OSError as exc:
        raise UsageError(f"无法锁定草稿：{exc.strerror or exc}", where=str(folder), hint="检查草稿所在的文件夹是否可写") from None
    try:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX: no lock
            fcntl = None
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        yield
    finally:
        handle.close()


def resolve(folder: str | Path, **options: Any) -> dict[str, Any]:
    """Record one resolution step under the draft's lock (:func:`_resolve` says what it does)."""
    from dslgen.generate.draft import RESULT

    path = Path(folder)
    path = path.parent if path.name == RESULT else path
    if not (path / RESULT).is_file():
        return _resolve(path, **options)  # not a draft: the loader's usage error, nothing locked
    with _locked(path):
        return _resolve(path, **options)


def _resolve(folder: str | Path, *, by: str, sentence: str | None = None, as_: str | None = None,
            question: str | None = None, answer: str | None = None, sets: list[str] | tuple[str, ...] = (),
            withdraw: int | None = None, why: str = "", jobs: int | str = 1,
            now: _dt.datetime | None = None) -> dict[str, Any]:
    """Record one resolution step (sentences, a question's answer, values set, a withdrawal — any of them
    together), judge the draft again with every resolution and rewrite it atomically. Returns the new
    ``result.json`` plus ``added`` (the entries written). Usage errors (exit 2, nothing written) for an
    unknown sentence or question number, a field path not in the file, a bad value or a missing name."""
    from dslgen.generate.draft import DESCRIPTION, RESULT, TRANSCRIPT, write_draft
    from dslgen.generate.overrides import apply_overrides, parse_override
    from dslgen.judge import judge_bytes
    from dslgen.output import to_json
    from dslgen.rulefile.yamlio import dump_yaml

    by = str(by or "").strip()
    if not by:
        raise UsageError("必须写明是谁处理的", where="--by", hint="例如 --by 张三（也可在 dslgen.toml 里写 reviewer = \"张三\"）")
    if (sentence is None) != (as_ is None):
        raise UsageError("--sentence 与 --as 要一起给出", where="--sentence" if sentence is None else "--as",
                         hint="例如 --sentence 3 --as not-rule")
    if (question is None) != (answer is None):
        raise UsageError("--question 与 --answer 要一起给出", where="--question" if question is None else "--answer",
                         hint="例如 --question 1 --answer \"四人\"")
    if answer is not None and not str(answer).strip():
        raise UsageError("回答不能为空", where="--answer", hint="写出这条规则定下来是什么")
    if sentence is None and question is None and not sets and withdraw is None:
        raise UsageError("没有要处理的内容", where="dslgen resolve",
                         hint="用 --sentence N --as …、--question N --answer …、--set PATH=VALUE 或 --withdraw N；"
                              "先用 --list 看还剩什么")
    draft, data = editable_draft(folder, "处理")
    entries = load_record(draft.path)
    next_n = max([int(e.get("n") or 0) for e in entries] + [0]) + 1
    at = _now(now)
    stamp = {"by": by, "at": at, **({"why": why.strip()} if why and why.strip() else {})}
    added: list[dict[str, Any]] = []
    description = draft.description.strip()

    # numbers name sentences and questions as --list showed them: read on the file before this step's values
    raw = _report(description, data, draft.gaps, draft.mapping)
    changes: list[dict[str, Any]] = []
    if sets:
        data, changes = apply_overrides(data, [parse_override(text) for text in sets])
        for change in changes:
            added.append({"n": next_n + len(added), "kind": "set", **change, **stamp})
    if sentence is not None:
        kind, value = parse_as(str(as_))
        numbered = sentences(description, raw)
        for number in _numbers(sentence):
            if not 1 <= number <= len(numbered):
                raise UsageError(f"没有第 {number} 句：这份草稿的描述共 {len(numbered)} 句", where="--sentence",
                                 hint="编号见 dslgen resolve 草稿 --list --all")
            if kind == "field" and not field_exists(data, value):
                raise UsageError(f"规则文件中没有字段 {value}", where="--as field=",
                                 hint="写规则文件中已有的字段路径，例如 game.seating.next_dealer、fan_types[七对].base_fan、"
                                      "settlement_items[horses]；没有的值先用 --set 写进去")
            entry = {"n": next_n + len(added), "kind": kind, "number": number, "sentence": numbered[number - 1]["text"]}
            entry.update({"field": value} if kind == "field" else {"reason": value} if kind == "gap" else {})
            added.append({**entry, **stamp})
    if question is not None:
        found = questions(raw)
        number = _numbers(question)
        if len(number) != 1 or not 1 <= number[0] <= len(found):
            raise UsageError(f"没有问题 {question}：这份草稿有 {len(found)} 个待回答的问题" if found
                             else f"没有问题 {question}：这份草稿没有待回答的问题", where="--question",
                             hint="问题编号见 dslgen resolve 草稿 --list")
        q = found[number[0] - 1]
        added.append({"n": next_n + len(added), "kind": "answer", "number": q["number"],
                      "question": {k: q[k] for k in ("code", "sentence", "message", "path")},
                      "answer": str(answer).strip(), **stamp})
    if withdraw is not None:
        if not any(e.get("n") == withdraw and e.get("kind") != "withdraw" for e in entries):
            raise UsageError(f"没有第 {withdraw} 条处理记录", where="--withdraw", hint="记录编号见 dslgen resolve 草稿 --list")
        if any(e.get("n") == withdraw and e.get("kind") == "set" for e in entries):
            raise UsageError("修改取值不能撤回：值已写进规则文件", where="--withdraw",
                             hint="用 --set 把它改回原值（也会被记录）")
        added.append({"n": next_n + len(added), "kind": "withdraw", "of": withdraw, **stamp})

    entries = entries + added
    text = dump_yaml(data) if changes else draft.yaml_text  # unchanged values: the very bytes judged before
    games = int(draft.provenance.get("games") or draft.simulation.games or 1000)
    seed = int(draft.provenance.get("seed") or 0)
    judgement = judge_bytes(text.encode("utf-8"), str(draft.yaml_path), games=games, seed=seed, jobs=jobs,
                            bot=draft.simulation.bot if draft.simulation.ran else "greedy",
                            rules_path=str(draft.yaml_path), description=description,
                            extra={"gaps": draft.gaps, "mapping": draft.mapping, "resolutions": entries})
    verdict = judgement.verdict
    for entry in added:
        entry["verdict"] = verdict.status
    record = record_text(entries)
    result = dict(draft.result)
    if changes:
        sources = result.get("value_sources") or {}
        for row in sources.get("rows") or []:
            change = next((c for c in changes if c["path"] == row.get("field")), None)
            if change is not None:
                row.update(source="set", value=change["after"], shown=str(change["after"]),
                           **{"from": f"{by} 处理时修改 {change['set']}"})
        result["value_sources"] = sources
        result["overrides"] = list(result.get("overrides") or []) + changes
    result.update(
        verdict=verdict.status, gates={g.name: g.passed for g in verdict.gates}, judgement=verdict.to_json(),
        findings=[f.to_json() for f in verdict.findings], simulation=judgement.simulation.to_json(),
        resolutions_sha256=hashlib.sha256(record.encode("utf-8")).hexdigest(),
        history=list(result.get("history") or []) + [{"event": "resolve", "at": at, "by": by,
                                                        "entries": [e["n"] for e in added],
                                                        "changes": changes, "verdict": verdict.status}],
    )
    gate = verdict.gate("consistency")
    if gate is not None and gate.figures:
        result["coverage"] = dict(gate.figures)
    files = {draft.yaml_path.name: text, RESULT: to_json(result) + "\n", RESOLUTIONS: record}
    for name in (DESCRIPTION, TRANSCRIPT):
        kept = draft.path / name
        if kept.is_file():
            files[name] = kept.read_text(encoding="utf-8")
    write_draft(draft.path, files)
    return {**result, "added": added}


__all__ = ["FORMAT", "RESOLUTIONS", "apply", "describe", "effective", "field_exists", "judge_extra", "load_record",
           "questions", "resolve", "sentences", "shown_entries", "status"]
