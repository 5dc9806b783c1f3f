"""The description-consistency gate (描述一致性), registered with the judge.

The comparison itself lives in :mod:`dslgen.generate.consistency`; this module turns its report
into the gate's findings and figures. ``new`` hands the judge the report it computed with the
model's gaps and mapping (``evidence.extra["consistency"]``); a draft judged again passes its
stored gaps and mapping; a plain rule file carries no gap list, so only contradictions (``D001``)
can be judged for it.
"""

from __future__ import annotations

from typing import Any

from dslgen.checks.finding import Finding
from dslgen.judge.evidence import Evidence
from dslgen.judge.registry import Decision, register_gate


def _finding(data: dict[str, Any]) -> Finding:
    finding = Finding.from_json({**data, "line": data.get("line") or 0})
    extra = {k: data[k] for k in ("sentence", "sentences", "fact", "described", "drafted") if k in data}
    return Finding(finding.code, finding.severity, finding.path, finding.message, finding.hint,
                   finding.line, finding.column, extra)


#: How the gate's detail counts its findings: the description's own problems apart from the draft's.
_KINDS = (("D006", "处读者读不一致的句子"), ("D007", "条没有定下的规则"))


def _detail(found: list[dict[str, Any]]) -> str:
    """``2 处与描述不一致，1 处读者读不一致的句子，4 条没有定下的规则`` (empty when nothing was found)."""
    own = {code for code, _ in _KINDS}
    parts = [f"{n} 处与描述不一致" for n in [sum(1 for f in found if f.get("code") not in own)] if n]
    parts += [f"{n} {word}" for code, word in _KINDS for n in [sum(1 for f in found if f.get("code") == code)] if n]
    return "，".join(parts)


@register_gate("consistency", "描述一致性", order=40, owns=("D",))
def consistency(evidence: Evidence, own: tuple[Finding, ...]) -> Decision:
    """描述一致性：草稿的值不与描述矛盾（D001）；草稿附有缺口清单时，描述中的每条规则句都已落实或列为缺口（D002、D004），且描述中确有规则（D003）；描述本身不自相矛盾（D006），也没有没定下的规则（D007：几种人数都行、"一百多张"、"看大家商量"）。审核中的处理（dslgen resolve：不是规则、由字段落实、列为缺口、回答问题）算作已处理（D008：处理记录所说的字段不在文件中）。规则文件不附缺口清单时只检查矛盾。"""
    from dslgen.generate.consistency import judge

    report = evidence.extra.get("consistency")
    resolved = 0
    if report is not None:
        found = list(report.findings)
    elif not evidence.description:
        return Decision(findings=own, detail="没有描述，未比较")
    elif not evidence.readable:
        return Decision(findings=own, passed=False, detail="规则文件无法读取，未比较")
    else:
        body = {k: v for k, v in evidence.data.items() if k != "meta"}
        if "gaps" in evidence.extra:  # a draft judged again: its own gaps, mapping and resolutions
            try:
                report = judge(evidence.description, body, list(evidence.extra["gaps"]),
                               list(evidence.extra.get("mapping") or []))
            except (AttributeError, TypeError, ValueError, KeyError):  # a value off the schema (the schema gate says which)
                return Decision(findings=own, passed=False, detail="规则文件的取值不符合规范，未与描述比较")
            entries = list(evidence.extra.get("resolutions") or [])
            if entries:
                from dslgen.review.resolve import apply

                resolved = apply(report, entries, body)["resolved"]
            found = list(report.findings)
        else:
            report = judge(evidence.description, body, [], [])
            found = [f for f in report.findings if f.get("code") == "D001"]
    figures = dict(report.coverage())
    if resolved:
        figures["resolved"] = resolved
    return Decision(findings=own + tuple(_finding(f) for f in found), figures=figures,
                    detail=_detail(found))
