"""The description-consistency gate (描述一致性): does the draft say what the description says?

Run for every provider (offline, model, replay). The offline reader (:mod:`dslgen.generate.description_facts`)
extracts the checkable claims of the description, clause by clause — deck (honors, flowers, size and
suits), wildcards, chi / kong, discard wins, one or several winners, every fan with its value in any
unit or layout, caps and the minimum, multipliers, 2/5/8, 缺一门, 血战 — and each claim is compared
with the same fact read back from the rule file (:func:`dslgen.generate.drafter.facts_of`).

Findings (stable codes):

* ``D001`` a contradiction: the sentence, the field, the draft's value and the described value;
* ``D002`` a rule-bearing sentence neither carried with evidence nor listed as a gap;
* ``D003`` the text has no rules at all (punctuation, a file path, an unrelated sentence);
* ``D004`` a rule the DSL cannot express (found by the reader) that the draft does not list as a gap;
* ``D005`` the DSL cannot express the game's structure (players, deck size or suits, hand size): listed
  as a gap, but a draft without it is another game, so it cannot pass.
* ``D006`` the reader cannot reconcile sentences of the description: two sentences that cannot both hold (the wildcard tile is a
  tile the text leaves out of the deck). No draft can be faithful to both, so it cannot pass;
* ``D007`` an open question: the text leaves a rule undecided or vague (three or four players, "一百多张",
  "可以吃也可以不吃，看大家商量", fans named without values "看心情"). The draft's value for it is a guess
  (shown as an assumption), so it cannot pass until the designer decides.

Coverage counts every rule-bearing clause once: unhandled (contradicted or unaccounted), gapped (all or
part of it is listed as a gap, so not all of it is in the draft), or carried (its claims agree with the
draft, or the provider cites it for a section).
The gate passes when there is no finding.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from dslgen.generate.description_facts import Facts, read_facts
from dslgen.generate.provenance import FIELDS, LABELS, show



#: Findings about the description itself (no rules, a structure the DSL lacks, a self-contradiction, an open
#: question): no answer can clear them, so the repair loop does not ask a model again for them alone.
DESCRIPTION_CODES = frozenset({"D003", "D005", "D006", "D007"})

#: how the review names each coverage status of a description clause.
STATUS_WORD = {"carried": "已落实", "gapped": "列为缺口", "unhandled": "未处理"}


def coverage_counts(coverage: Any) -> str:
    """``已落实 N 条 / 列为缺口 K 条 / 未处理 U 条`` of a stored coverage mapping (missing counts are 0)."""
    cov = coverage if isinstance(coverage, dict) else {}
    return " / ".join(f"{word} {cov.get(key, 0)} 条" for key, word in STATUS_WORD.items())


def coverage_line(coverage: Any) -> str:
    """``描述覆盖：已落实 N 条 / 列为缺口 K 条 / 未处理 U 条`` — the one wording of every report and page."""
    return f"描述覆盖：{coverage_counts(coverage)}"


@dataclass
class ConsistencyReport:
    """The gate's result for one draft."""

    findings: list[dict[str, Any]] = field(default_factory=list)
    carried: list[str] = field(default_factory=list)
    gapped: list[str] = field(default_factory=list)
    unhandled: list[str] = field(default_factory=list)
    #: Sentences that state no rule (headings, advertising, background, lobby, examples): ``{"text", "kind", "reason"}``.
    not_rules: list[dict[str, str]] = field(default_factory=list)
    no_rules: bool = False

    @property
    def passed(self) -> bool:
        """True when nothing contradicts the description and every rule sentence is accounted for."""
        return not self.findings

    @property
    def contradictions(self) -> list[dict[str, Any]]:
        """The ``D001`` findings."""
        return [f for f in self.findings if f["code"] == "D001"]

    def coverage(self) -> dict[str, int]:
        """``{"carried", "gapped", "unhandled"}`` clause counts."""
        return {"carried": len(self.carried), "gapped": len(self.gapped), "unhandled": len(self.unhandled)}

    def coverage_line(self) -> str:
        """``描述覆盖：已落实 N 条 / 列为缺口 K 条 / 未处理 U 条``."""
        return coverage_line(self.coverage())

    def mentions(self) -> list[str]:
        """Every field and sentence a finding names (for the fidelity scorer's "not silent" test)."""
        out = []
        for f in self.findings:
            out += [str(f.get("path", "")), str(f.get("sentence", "")), str(f.get("fact", ""))]
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON form stored in ``result.json``."""
        return {"passed": self.passed, "coverage": self.coverage(), "no_rules": self.no_rules,
                "carried": self.carried, "gapped": self.gapped, "unhandled": self.unhandled,
                "not_rules": self.not_rules, "findings": self.findings}


def _finding(code: str, message: str, *, path: str = "", hint: str = "", **extra: Any) -> dict[str, Any]:
    """A consistency finding in the shared finding form. ``path`` names where the fact lives
    (:data:`dslgen.generate.provenance.FIELDS`, e.g. ``fan_types[清一色]``): a location for people, kept
    as one step so nobody parses it; the gate is the judge's owner of the code (one home of gate names)."""
    from dslgen.judge.registry import owner

    return {"code": code, "severity": "error", "path": path, "steps": [path] if path else [], "line": 0,
            "message": message, "hint": hint, "gate": owner(code), **extra}


def _same(key: str, want: Any, got: Any) -> bool:
    if key == "settlement_items":
        from dslgen.generate.items_reader import same_items

        return same_items(want, got)
    if key == "kong_payments":  # the amounts (and 退税 / 呼叫转移) the clause states, each as drafted
        from engine.defaults import default

        return isinstance(want, dict) and all((got or {}).get(k, default(f"scoring.kong_payments.{k}")) == v
                                              for k, v in want.items())
    if key == "liang_dao":  # the block's stated fields, in a draft that lists the action
        return isinstance(got, dict) and all(got.get(k) == v for k, v in (want or {}).items())
    if key == "opening_hands":
        from dslgen.generate.opening_reader import same_opening

        return same_opening(want, got)
    if key == "wildcard" and isinstance(want, dict) and isinstance(got, dict):
        if want.get("type") != got.get("type"):
            return False
        if want["type"] == "fixed":
            return set(want.get("tiles") or []) <= set(got.get("tiles") or [])
        return "random_count" not in want or int(want["random_count"]) == int(got.get("random_count") or 1)
    if key == "min_fan_exempt":  # "花牌不计入起和番" speaks of 花牌 only
        return isinstance(want, list) and set(want) <= set(got or [])
    if key in ("suits", "honor_tiles") and isinstance(want, list) and isinstance(got, list):
        return sorted(want) == sorted(got)
    return want == got


def _gap_text(gaps: list[dict[str, Any]]) -> str:
    return "\n".join(f"{g.get('text', '')} {g.get('reason', '')}" for g in gaps or [])


def _cited(clause: str, mapping: list[dict[str, Any]]) -> bool:
    for m in mapping or []:
        sentence = str(m.get("sentence") or "")
        if sentence and (clause in sentence or sentence in clause):
            return True
    return False


def _saying(readings: list[dict[str, Any]], key: str, value: Any, besides: str) -> str:
    """Another clause (not ``besides``) whose claim for fact ``key`` is ``value``, or ``""``."""
    for reading in readings:
        if reading["text"] != besides and key in reading["values"] and _same(key, reading["values"][key], value):
            return reading["text"]
    return ""


def _looks_like_path(text: str) -> bool:
    return bool(re.fullmatch(r"[\w.~/\\:-]+\.(?:md|txt|yaml|yml|docx?)|[~.]?/[\w./\\-]+", text.strip()))


def judge(description: str, data: dict[str, Any] | None, gaps: list[dict[str, Any]] | None = None,
          mapping: list[dict[str, Any]] | None = None, facts: Facts | None = None) -> ConsistencyReport:
    """Compare ``data`` (a draft's rule mapping) with the claims of ``description``."""
    from dslgen.generate.drafter import facts_of

    facts = facts or read_facts(description)
    report = ConsistencyReport(not_rules=list(facts.not_rules))
    rules = [r for r in facts.readings if r["rule"]]
    if not rules:
        report.no_rules = True
        hint = ("这看起来像一个文件路径：描述在文件里时请用 --file" if _looks_like_path(description)
                else "写出玩法的规则，例如用哪些牌、能不能吃碰杠、怎样胡、番型和番数")
        report.findings.append(_finding("D003", "描述中没有任何麻将规则（牌、吃碰杠、胡牌、番型……），无法起草玩法",
                                        hint=hint, sentence=description.strip()[:80]))
        return report
    got = facts_of(data) if isinstance(data, dict) else None
    gap_text = _gap_text(gaps or [])
    if got is None:
        report.unhandled = [r["text"] for r in rules]
        report.findings.append(_finding("D002", "没有可读的规则文件，描述中的规则都没有落实"))
        return report
    open_texts = {r["text"] for r in rules if r.get("questions")}
    open_texts |= {c["text"] for c in facts.conflicts}
    for reading in rules:
        text = reading["text"]
        problems = []
        for key, want in reading["values"].items():
            if key not in LABELS or _same(key, want, got.get(key)):
                continue
            message = f"描述说{LABELS[key]}是「{show(want)}」，草稿是「{show(got.get(key))}」"
            hint = "按描述改正这个字段；DSL 无法表达时把这句列入 gaps"
            extra: dict[str, Any] = {}
            other = _saying(rules, key, got.get(key), text)
            if other:  # "只能自摸胡，不过别人点炮也可以胡": the description says both
                message += f"；而描述的「{other}」说的正是「{show(got.get(key))}」：读者没能把这两句读成一致的规则"
                hint = "可能是读者读错了，也可能是描述前后不一：请设计者确认哪一句是对的，需要时改写描述后再起草"
                extra["sentences"] = [text, other]
            problems.append(_finding("D001", message, path=FIELDS[key], hint=hint, sentence=text, fact=key,
                                     described=show(want), drafted=show(got.get(key)), **extra))
        for name, want in reading["fan_values"].items():
            if want is None or got["fans"].get(name) == want or (name not in got["fans"] and name in gap_text):
                continue
            drafted = got["fans"].get(name)
            message = (f"描述说{name} {want}，草稿里{name}是 {drafted}" if drafted is not None
                       else f"描述说{name} {want}，草稿的番型表里没有{name}")
            problems.append(_finding("D001", message, path=f"fan_types[{name}]", sentence=text, fact=name,
                                     described=str(want), drafted=show(drafted),
                                     hint="番型表应写描述给的番数（台、分、倍、x 都是番数的写法）"))
        for name in reading["removed"]:
            if name in got["fans"]:
                problems.append(_finding("D001", f"描述排除了{name}，草稿的番型表里仍有{name}",
                                         path=f"fan_types[{name}]", sentence=text, fact=name,
                                         described="没有", drafted=str(got["fans"][name]),
                                         hint="从番型表中去掉这个番型"))
        report.findings += problems
        if problems or text in open_texts:  # contradicted, or an open question (D006 / D007 below)
            report.unhandled.append(text)
        elif reading["gaps"] or text in gap_text:  # even when part of it is carried: not all of it is in the draft
            report.gapped.append(text)
        elif reading["keys"] or reading["fans"] or reading["removed"]:
            report.carried.append(text)
        elif reading["sections"] or _cited(text, mapping or []):
            report.carried.append(text)
        else:
            report.unhandled.append(text)
            report.findings.append(_finding(
                "D002", f"这句规则没有落实到草稿，也没有列为 DSL 无法表达的缺口：{text}", sentence=text,
                hint="确认这句话的规则：能表达就写进规则文件，不能表达就列入 gaps（写明 DSL 缺什么）"))
    for gap in facts.blocking:
        report.findings.append(_finding("D005", f"DSL 无法表达这个玩法的基本结构：{gap['reason']}",
                                        sentence=gap["text"],
                                        hint="草稿只能是另一种玩法（4 人、标准牌库），不能判为通过；等 DSL 支持后再起草"))
    for conflict in facts.conflicts:
        report.findings.append(_finding("D006", f"读者没能把这几句读成一致的规则：{conflict['reason']}", path=conflict["path"],
                                        sentence=conflict["text"], sentences=list(conflict["sentences"]),
                                        fact=conflict["fact"], hint="请设计者确定哪一句是对的，改好描述后再起草"))
    for question in facts.questions:
        report.findings.append(_finding("D007", question["reason"], path=question["path"],
                                        sentence=question["text"], sentences=list(question["sentences"]),
                                        fact=question["fact"],
                                        hint="草稿里的取值只是假设；请设计者在描述中写定这条规则后再起草"))
    for gap in facts.gaps:
        if gap["text"] not in gap_text and gap["reason"] not in gap_text:
            report.findings.append(_finding("D004", f"描述中有 DSL 无法表达的规则，草稿没有列为缺口：{gap['text']}",
                                            sentence=gap["text"], hint=gap["reason"]))
    return report


def judge_offline(description: str, draft: Any) -> ConsistencyReport:
    """The gate on an :class:`~dslgen.generate.drafter.OfflineDraft` (its own gaps and mapping)."""
    gaps = list(draft.facts.gaps)
    return judge(description, draft.data, gaps, draft.facts.mapping, facts=read_facts(description))


def merge_gaps(gaps: list[dict[str, str]]) -> list[dict[str, str]]:
    """Gaps with duplicates merged: one entry per reason, the texts joined (order kept)."""
    merged: dict[str, dict[str, str]] = {}
    for gap in gaps:
        reason = str(gap.get("reason") or "")
        text = str(gap.get("text") or "")
        key = reason or text
        if key in merged:
            if text and text not in merged[key]["text"]:
                merged[key]["text"] += f"；{text}"
        else:
            merged[key] = {"text": text, "reason": reason}
    return list(merged.values())
