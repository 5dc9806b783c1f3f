"""The review report as Markdown, for a pull-request comment."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Mapping

from dslgen.review import description_view as D
from dslgen.review import present as P

#: Markdown punctuation a description or a model could use to inject links, images, emphasis or tables.
_MD_ACTIVE = re.compile(r"([\\`*_\[\]()#!|~])")


def _md(text: Any) -> str:
    """``text`` (from a description, a rule file or a model) as inert Markdown on one line: HTML special
    characters become entities (no ``<script>``, ``<img onerror>``, ``<!--``), Markdown punctuation is
    backslash-escaped (no links, images, emphasis or table breaks)."""
    value = str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    value = _MD_ACTIVE.sub(r"\\\1", value)
    return " ".join(value.splitlines())

#: An absolute POSIX path with at least two components, not part of a URL, a word or a closing tag.
_ABSOLUTE = re.compile(r"(?<![\w.~:/<\\-])/[^\s`|()（）<>\"'，。；、：:]+/[^\s`|()（）<>\"'，。；、：:]+")


def _cell(text: Any) -> str:
    return _md(text)


def _fence(body: str) -> str:
    """A backtick fence longer than any run of backticks in ``body``."""
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    return "`" * max(3, longest + 1)


def _section(out: list[str], title: str, lines: list[str]) -> None:
    """Append a ``### title`` section holding ``lines`` (then a blank line) to ``out``; nothing without lines."""
    if lines:
        out.extend([f"### {title}", "", *lines, ""])


def render_markdown(report: Mapping[str, Any]) -> str:
    """Markdown text of ``report`` (as built by :func:`dslgen.review.report.build_report`)."""
    out: list[str] = []
    verdict = report["verdict"]
    out.append(f"## 审核报告：{_md(report.get('name') or report['id'])}（{_md(report['id'])}）")
    out.append("")
    out.append(f"**结论：{P.GATE_MARK.get(verdict, '')} {P.VERDICT_WORD.get(verdict, verdict)}** — {_md(report['yaml_path'])}")
    out.append("")
    out.extend(f"> ⚠️ {_md(note)}\n" for note in report.get("notes") or [])
    out.append("| 关卡 | 结果 | 说明 |")
    out.append("|---|---|---|")
    for gate in report["gates"].values():
        status = gate.get("status", "")
        out.append(f"| {_md(gate['label'])} | {P.GATE_MARK.get(status, '')} {P.GATE_WORD.get(status, status)} | {_cell(gate.get('detail', ''))} |")
    out.append("")

    contradictions = report.get("contradictions") or []
    _section(out, f"❌ 与描述矛盾（{len(contradictions)} 处）", [f"- {_md(D.contradiction_text(f))}" for f in contradictions])
    assumptions = report.get("assumptions") or []
    _section(out, f"假设的取值（{len(assumptions)} 项，描述没有写，请确认）", [f"- {_md(D.assumption_text(r))}" for r in assumptions])
    payments = report.get("payment_defaults") or []
    _section(out, f"影响输赢的规范默认值（{len(payments)} 项，描述没有写，按规范默认）",
             [f"- {_md(D.payment_default_text(r))}" for r in payments])
    cov = report.get("coverage") or {}
    if cov:
        out.append(D.coverage_line(cov))
        out.append("")
    if report.get("sentence_rows"):
        _section(out, "描述的句子与它变成的规则", ["| 描述中的句子 | 状态 | 规则与取值 |", "|---|---|---|"]
                 + [f"| {_cell(r['sentence'])} | {r['status_word']} | {_cell(D.rule_text(r))} |" for r in report["sentence_rows"]])

    if report.get("description"):
        _section(out, "描述", ["> " + _md(line) for line in report["description"].splitlines() or [""]])
    if report.get("rule_sheet"):
        from dslgen.review.rulesheet import RuleSheet, render_markdown as sheet_markdown

        out.append("<details open><summary>玩法说明（由规则文件生成，请与上面的描述对照）</summary>")
        out.append("")
        out.append(sheet_markdown(RuleSheet.from_json(report["rule_sheet"]), level=3).rstrip("\n"))
        out.append("")
        out.append("</details>")
        out.append("")

    linked = [(sec, P.linked_sentences(sec)) for sec in report.get("sections") or []]
    if any(sentences for _, sentences in linked):
        out.append("<details><summary>描述与规则对照</summary>")
        out.append("")
        out.append("| 规则段 | 来自描述中的句子 |")
        out.append("|---|---|")
        for sec, sentences in linked:
            out.append(f"| {_md(sec['label'])}（{_md(sec['section'])}） | {'<br>'.join(_md(x) for x in sentences) or '（来源未知）'} |")
        out.append("")
        out.append("</details>")
        out.append("")

    baseline = report.get("baseline")
    out.append("### 与基准的规则差异")
    out.append("")
    if baseline:
        out.append(f"基准：{_md(baseline['label'])}")
        out.append("")
        changes = report.get("semantic_changes") or []
        if changes:
            out.extend(f"- {_md(c)}" for c in changes)
        else:
            out.append("规则与基准相同。")
    else:
        out.append(P.NO_BASELINE)
    out.append("")

    _section(out, "未能表达的规则", [f"- {_md(P.gap_text(g))}" for g in report.get("gaps") or []]
             + [f"- 未使用的句子：{_md(s)}" for s in report.get("unmapped_sentences") or []])
    if report.get("resolutions"):
        _section(out, f"{P.RESOLUTIONS_TITLE}（{len(report['resolutions'])} 条）", [_md(P.RESOLUTIONS_NOTE), ""]
                 + [f"- {_md(P.resolution_text(r))}" for r in report["resolutions"]])
    _section(out, "检查发现", [f"- {_md(P.finding_text(f))}" for f in D.other_findings(report)])

    sim = report.get("simulation") or {}
    if sim:
        _section(out, "模拟统计", ["| 项目 | 数值 |", "|---|---|"]
                 + [f"| {_md(label)} | {_cell(value)} |" for label, value in P.simulation_rows(sim)])

    bots = report.get("about_bots") or {}
    _section(out, "关于模拟", [_md(bots["how"]), "", _md(bots["difference"])] if bots else [])

    rows = report.get("stats_diff") or []
    if rows:
        out.append("### 统计差异（草稿 − 基准，95% 区间）")
        out.append("")
        out.append("| 指标 | 基准 | 草稿 | 差值 | 95% 区间 | 判断 |")
        out.append("|---|---|---|---|---|---|")
        for row in rows:
            mark = "**超出抽样误差**" if row["significant"] else _cell(row["note"])
            out.append(f"| {_cell(row['label'])} | {P.metric_value(row, 'baseline')} | {P.metric_value(row, 'draft')} | "
                       f"{P.signed(row['diff'], row['kind'])} | {_cell(P.interval(row))} | {mark} |")
        out.append("")
    if report.get("baseline_error"):
        out.append(f"> {_md(report['baseline_error'])}")
        out.append("")

    if report.get("yaml_diff"):
        out.append("<details><summary>YAML 差异</summary>")
        out.append("")
        fence = _fence(report["yaml_diff"])
        out.append(f"{fence}diff")
        out.append(report["yaml_diff"].rstrip("\n"))
        out.append(fence)
        out.append("")
        out.append("</details>")
        out.append("")
    return without_local_paths("\n".join(out))


def without_local_paths(text: str, cwd: Path | None = None) -> str:
    """``text`` with absolute local paths made shareable: relative to ``cwd`` when under it,
    ``~/…`` under the home folder, else only the last two components (``…/draft/x.yaml``).

    A Markdown report is pasted into a pull request: it must not disclose the
    reviewer's machine layout, and its paths should read the same on every machine.
    """
    base = (cwd or Path.cwd()).resolve()
    home = Path(os.path.expanduser("~")).resolve()

    def shorten(match: re.Match[str]) -> str:
        path = Path(match.group(0))
        for root, prefix in ((base, ""), (home, "~/")):
            try:
                rel = path.relative_to(root)
            except ValueError:
                continue
            return prefix + (rel.as_posix() if rel.parts else ".")
        return "…/" + "/".join(path.parts[-2:])

    return _ABSOLUTE.sub(shorten, text)
