"""What the review shows first: contradictions, assumptions, then every description sentence beside
the rules (with their values) it became.

A draft written by ``dslgen new`` carries its ``consistency`` and ``value_sources`` in ``result.json``;
for a plain rule file (or an older draft) they are computed here from ``meta.description`` with the
same gate (:mod:`dslgen.generate.consistency`) and the same provenance rules
(:mod:`dslgen.generate.provenance`).
"""

from __future__ import annotations

from typing import Any, Mapping

from dslgen.generate.consistency import STATUS_WORD, coverage_line  # noqa: F401  (re-exported for the renderers)
#: The consistency gate's code for a draft value that contradicts its description (shown first, apart).
CONTRADICTION = "D001"


def other_findings(report: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The report's findings except the contradictions (those have their own section, first)."""
    return [f for f in report.get("findings") or [] if f.get("code") != CONTRADICTION]


def judge_subject(description: str, data: Mapping[str, Any] | None, gaps: list[dict[str, Any]],
                  mapping: list[dict[str, Any]], assumed_from: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(consistency, value_sources)`` of a rule mapping against its description."""
    from dslgen.generate.consistency import judge
    from dslgen.generate.description_facts import read_facts
    from dslgen.generate.provenance import value_sources

    body = {k: v for k, v in (data or {}).items() if k != "meta"} or None
    facts = read_facts(description)
    report = judge(description, body, gaps, mapping, facts=facts)
    sources = value_sources(body, facts, description, assumed_from=assumed_from) if body else {"counts": {}, "rows": []}
    return report.to_dict(), sources


#: Fields whose value decides who pays how much: a documented default among them is shown beside the
#: assumptions (a draft that never mentions 点炮 still has the discarder pay three times).
PAYMENT_FIELDS = ("scoring.", "settlement_items", "wildcard_rules.scoring.", "win_min_fan", "max_fan", "fan_stacking")


def payment_defaults(sources: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """The value rows taken from the specification's defaults that change who pays how much."""
    return [r for r in (sources or {}).get("rows") or []
            if r.get("source") == "default" and str(r.get("field", "")).startswith(PAYMENT_FIELDS)]


def _field_key(field: str) -> str:
    """``settlement_items[jing_points].primary`` → ``settlement_items[].primary`` (how the schema names it)."""
    head, _, rest = field.partition("[")
    return f"{head}[]{rest.split(']', 1)[1]}" if rest and "]" in rest else field


def payment_default_text(row: Mapping[str, Any]) -> str:
    """``点炮倍数 = 3：点炮：放炮者付 番数 × N（§12 scoring.discard_win_multiplier 默认 3）``; an enum value is
    shown by the specification's text for it (``点炮谁付番 = 只有放炮者付（discarder）…``)."""
    from dslgen.rulefile.schema import enum_labels, field_descriptions

    field, value, label = str(row.get("field", "")), row.get("value"), str(row["label"])
    labels = enum_labels().get(field) or enum_labels().get(_field_key(field)) or {}
    if isinstance(value, str) and value in labels:
        return f"{label} = {value_text(row)}（{row['from']}）"
    meaning = "" if value in (None, [], {}) else (field_descriptions().get(field)
                                                  or field_descriptions().get(_field_key(field)) or "")
    head = f"{label} = {row['shown']}"
    return f"{head}：{meaning}（{row['from']}）" if meaning and meaning not in label else f"{head}（{row['from']}）"


def description_view(subject: Any) -> dict[str, Any]:
    """The report's fidelity part for a review subject: ``contradictions``, ``assumptions``,
    ``payment_defaults`` (:func:`payment_defaults`), ``coverage``,
    ``value_sources``, ``consistency`` and ``sentence_rows``.

    A draft whose stored verdict still holds (no note that it was judged again) shows the sources
    ``dslgen new`` recorded; anything else is read again from its description here."""
    description = subject.description
    if not description.strip() or not subject.doc.data:
        return {"contradictions": [], "assumptions": [], "payment_defaults": [], "coverage": {}, "value_sources": {},
                "consistency": {}, "sentence_rows": []}
    if subject.kind == "draft":
        assumed_from = "草稿中的取值（描述没有说）"
    else:
        assumed_from = "规则文件中的取值（描述没有说）"
    consistency, sources = judge_subject(description, subject.doc.data, subject.gaps, subject.mapping, assumed_from)
    stored = subject.result.get("value_sources") if isinstance(subject.result, dict) else None
    if stored and not subject.notes:
        sources = stored
    if subject.kind != "draft":  # a plain file carries no gap list: only contradictions are judged
        consistency = {**consistency, "findings": [f for f in consistency["findings"] if f["code"] == CONTRADICTION]}
    return {
        "contradictions": [f for f in consistency.get("findings") or [] if f.get("code") == CONTRADICTION],
        "assumptions": [r for r in sources.get("rows") or [] if r.get("source") == "assumed"],
        "payment_defaults": payment_defaults(sources),
        "coverage": consistency.get("coverage") or {},
        "value_sources": sources,
        "consistency": consistency,
        "sentence_rows": sentence_rows(description, consistency, sources, subject.gaps),
    }


def sentence_rows(description: str, consistency: Mapping[str, Any], sources: Mapping[str, Any],
                  gaps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each rule-bearing sentence in description order: its status and the rules (field, value) it became."""
    from dslgen.generate.description_facts import read_facts

    status: dict[str, str] = {}
    for key in ("carried", "gapped", "unhandled"):
        for text in consistency.get(key) or []:
            status.setdefault(str(text), key)
    from dslgen.generate.provenance import FIELDS

    by_field = {str(r["field"]): r for r in sources.get("rows") or []}
    rows_by_sentence: dict[str, list[dict[str, Any]]] = {}
    for row in sources.get("rows") or []:
        if row.get("sentence"):
            rows_by_sentence.setdefault(str(row["sentence"]), []).append(row)
    problems: dict[str, list[str]] = {}
    for f in consistency.get("findings") or []:
        for sentence in dict.fromkeys([f.get("sentence"), *(f.get("sentences") or [])]):
            if sentence:  # a finding raised by several sentences (a clash, a question) shows beside each
                problems.setdefault(str(sentence), []).append(str(f.get("message", "")))
    out = []
    for reading in read_facts(description).readings:
        text = reading["text"]
        if not reading["rule"]:
            continue
        reasons = [str(g.get("reason", "")) for g in gaps
                   if text in str(g.get("text", "")) or (g.get("text") and str(g["text"]) in text)]
        state = status.get(text, "unhandled" if problems.get(text) else "carried")
        out.append({"sentence": text, "status": state, "status_word": STATUS_WORD[state],
                    "rules": [{"field": r["field"], "label": r["label"], "value": r["shown"]}
                              for r in _own_rows(reading, by_field, FIELDS) or rows_by_sentence.get(text, [])],
                    "gaps": list(dict.fromkeys(r for r in reasons if r)),
                    "problems": problems.get(text, [])})
    return out


def _own_rows(reading: Mapping[str, Any], by_field: dict[str, dict[str, Any]], fields: dict[str, str]) -> list[dict[str, Any]]:
    """The value rows of the facts and fans this very clause stated."""
    wanted = [fields[k] for k in reading.get("keys") or [] if k in fields]
    wanted += [f"fan_types[{n}]" for n in reading.get("fans") or []]
    return [by_field[f] for f in dict.fromkeys(wanted) if f in by_field]


def rule_text(row: Mapping[str, Any]) -> str:
    """``封顶 = 16；清一色 = 4`` — the rules a sentence became, or its gap / problem."""
    parts = [f"{r['label']} = {r['value']}" for r in row.get("rules") or []]
    parts += [f"缺口：{g}" for g in row.get("gaps") or []]
    parts += [f"问题：{p}" for p in row.get("problems") or []]
    return "；".join(parts) or "（已识别，没有单独的取值）"


def value_text(row: Mapping[str, Any]) -> str:
    """A value row's value as a reviewer reads it: an enum value by the specification's text for it
    (``所有成立的番型番数相加（add）``), anything else as recorded (``shown``)."""
    from dslgen.rulefile.schema import enum_labels

    field, value = str(row.get("field", "")), row.get("value")
    labels = enum_labels().get(field) or enum_labels().get(_field_key(field)) or {}
    if isinstance(value, str) and value in labels:
        return f"{labels[value]}（{value}）"
    return str(row.get("shown", value))


def assumption_text(row: Mapping[str, Any]) -> str:
    """``字牌 = 是（来自 模板玩法 sichuan_xuezhan）``; ``番数叠加方式 = 所有成立的番型番数相加（add）（来自 …）``."""
    return f"{row['label']} = {value_text(row)}（来自 {row['from']}）"


def contradiction_text(f: Mapping[str, Any]) -> str:
    """``「封顶8番」→ max_fan：描述 8，草稿 16``; when another sentence of the description states the
    draft's value, ``（描述的「…」读出来是 16：读者没能把这几句读成一致的规则）``."""
    text = f"「{f.get('sentence', '')}」→ {f.get('path', '')}：描述 {f.get('described', '')}，草稿 {f.get('drafted', '')}"
    others = [s for s in f.get("sentences") or [] if s != f.get("sentence")]
    if others:
        text += f"（描述的「{'」「'.join(others)}」读出来是 {f.get('drafted', '')}：读者没能把这几句读成一致的规则）"
    return text
