"""The review report in the terminal (rich)."""

from __future__ import annotations

from typing import Any, Mapping

from rich.console import Console, Group
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from dslgen.review import description_view as D
from dslgen.review import present as P

_STYLE = {"pass": "green", "fail": "red", "skipped": "yellow"}


def _gates(report: Mapping[str, Any]) -> Table:
    table = Table(title="关卡", show_header=True, header_style="bold")
    table.add_column("关卡")
    table.add_column("结果")
    table.add_column("说明")
    for gate in report["gates"].values():
        status = gate.get("status", "")
        table.add_row(gate["label"], Text(f"{P.GATE_MARK.get(status, '')} {P.GATE_WORD.get(status, status)}",
                                          style=_STYLE.get(status, "")), Text(str(gate.get("detail") or "")))
    return table


def _sections(report: Mapping[str, Any]) -> Table:
    table = Table(title="描述与规则对照", show_lines=True, header_style="bold")
    table.add_column("规则段", no_wrap=True)
    table.add_column("来自描述中的句子")
    for section in report.get("sections") or []:
        sentences = Text("\n".join(P.linked_sentences(section))) if section["sentences"] else Text("（来源未知）", style="dim")
        table.add_row(Text.assemble(f"{section['label']}\n", (str(section["section"]), "dim")), sentences)
    return table


def _stats(report: Mapping[str, Any]) -> Table:
    table = Table(title="统计差异（草稿 − 基准，95% 区间）", header_style="bold")
    for col in ("指标", "基准", "草稿", "差值", "95% 区间", "判断"):
        table.add_column(col)
    for row in report.get("stats_diff") or []:
        judge = Text("超出抽样误差", style="bold red") if row["significant"] else Text(row["note"], style="dim")
        table.add_row(Text(row["label"]), P.metric_value(row, "baseline"), P.metric_value(row, "draft"),
                      P.signed(row["diff"], row["kind"]), P.interval(row), judge)
    return table


def _simulation(sim: Mapping[str, Any]) -> Table:
    table = Table(title="模拟统计", show_header=False)
    table.add_column("项目", style="bold")
    table.add_column("数值")
    for label, value in P.simulation_rows(sim):
        table.add_row(label, Text(value))
    fans = P.fan_rows(sim)
    if fans:
        table.add_row("番型出现", Text("，".join(f"{n} {int(c)}（{P.pct(s)}）" for n, c, s in fans)))
    return table


def _fidelity(report: Mapping[str, Any], console: Console) -> None:
    """Contradictions and assumptions first: what a reviewer must settle before anything else."""
    contradictions = report.get("contradictions") or []
    if contradictions:
        console.print(f"与描述矛盾（{len(contradictions)} 处）", style="bold red")
        for f in contradictions:
            console.print(f"  • {D.contradiction_text(f)}", markup=False)
    elif report.get("consistency"):
        console.print("没有与描述矛盾的取值。")
    assumptions = report.get("assumptions") or []
    if assumptions:
        console.print(f"假设的取值（{len(assumptions)} 项，描述没有写，请确认）", style="bold yellow")
        for row in assumptions:
            console.print(f"  • {D.assumption_text(row)}", markup=False)
    payments = report.get("payment_defaults") or []
    if payments:
        console.print(f"影响输赢的规范默认值（{len(payments)} 项，描述没有写，按规范默认）", style="bold yellow")
        for row in payments:
            console.print(f"  • {D.payment_default_text(row)}", markup=False)
    cov = report.get("coverage") or {}
    if cov:
        console.print(D.coverage_line(cov), markup=False)


def _sentences(report: Mapping[str, Any]) -> Table:
    table = Table(title="描述的句子与它变成的规则", show_lines=True, header_style="bold")
    table.add_column("描述中的句子")
    table.add_column("状态", no_wrap=True)
    table.add_column("规则与取值")
    styles = {"carried": "green", "gapped": "yellow", "unhandled": "red"}
    for row in report.get("sentence_rows") or []:
        table.add_row(Text(row["sentence"]), Text(row["status_word"], style=styles.get(row["status"], "")),
                      Text(D.rule_text(row)))
    return table


def render_text(report: Mapping[str, Any], console: Console) -> None:
    """Print ``report`` to ``console``."""
    verdict = report["verdict"]
    title = f"审核报告：{report.get('name') or report['id']}（{report['id']}）"
    head = Text(f"{P.GATE_MARK.get(verdict, '')} {P.VERDICT_WORD.get(verdict, verdict)}", style=_STYLE.get(verdict, ""))
    console.print(Panel(Group(head, Text(str(report["yaml_path"]), style="dim")), title=Text(title)))
    for note in report.get("notes") or []:
        console.print(f"注意：{note}", style="yellow", markup=False)
    console.print(_gates(report))
    _fidelity(report, console)
    if report.get("description"):
        console.print("描述", style="bold")
        console.print(report["description"], markup=False)
    if report.get("rule_sheet"):
        from dslgen.review.rulesheet import RuleSheet, render_text as sheet_text

        console.print("玩法说明（由规则文件生成，请与上面的描述对照）", style="bold")
        console.print(sheet_text(RuleSheet.from_json(report["rule_sheet"])), markup=False)
    if report.get("sentence_rows"):
        console.print(_sentences(report))
    if report.get("sections"):
        console.print(_sections(report))
    if report.get("gaps") or report.get("unmapped_sentences"):
        console.print("未能表达的规则", style="bold")
        for gap in report.get("gaps") or []:
            console.print(f"  • {P.gap_text(gap)}", markup=False)
        for sentence in report.get("unmapped_sentences") or []:
            console.print(f"  • 未使用的句子：{sentence}", markup=False)
    if report.get("resolutions"):
        console.print(f"{P.RESOLUTIONS_TITLE}（{len(report['resolutions'])} 条）", style="bold")
        console.print(f"  {P.RESOLUTIONS_NOTE}", markup=False)
        for entry in report["resolutions"]:
            console.print(f"  • {P.resolution_text(entry)}", markup=False)
    findings = D.other_findings(report)
    if findings:
        console.print("检查发现", style="bold")
        for f in findings:
            console.print(f"  • {P.finding_text(f)}", markup=False)
    if report.get("simulation"):
        console.print(_simulation(report["simulation"]))
    bots = report.get("about_bots") or {}
    if bots:
        console.print("关于模拟", style="bold")
        console.print(bots["how"], markup=False)
        console.print(bots["difference"], markup=False)
    baseline = report.get("baseline")
    if baseline:
        console.print(Text.assemble(("与基准的规则差异", "bold"), f"（{baseline['label']}）"))
        changes = report.get("semantic_changes") or []
        for change in changes:
            console.print(f"  • {change}", markup=False)
        if not changes:
            console.print("  规则与基准相同。")
        if report.get("stats_diff"):
            console.print(_stats(report))
        if report.get("baseline_error"):
            console.print(report["baseline_error"], style="yellow", markup=False)
        if report.get("yaml_diff"):
            console.print(Panel(Syntax(report["yaml_diff"], "diff", word_wrap=True), title=Text("YAML 差异")))
    else:
        console.print(P.NO_BASELINE)
