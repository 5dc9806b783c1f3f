"""The review report as one self-contained HTML file.

No external resource of any kind: the style sheet is inline, there is no
script, and the charts are inline SVG — fan frequency (draft beside baseline),
the distribution of the winner's gain per win in points, the headline metrics of baseline and
draft, and every difference with its 95% interval.
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable, Mapping

from dslgen.review import description_view as D
from dslgen.review import present as P

DRAFT_COLOR = "#2f6fde"
BASE_COLOR = "#a0a7b4"
SIG_COLOR = "#d33"

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif,"Noto Color Emoji","Apple Color Emoji","Segoe UI Emoji","Segoe UI Symbol";margin:2rem auto;max-width:1000px;color:#222;line-height:1.5;padding:0 1rem}
h1{font-size:1.5rem}h2{font-size:1.2rem;border-bottom:1px solid #ddd;padding-bottom:.2rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0;width:100%}th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f5f6f8}.pass{color:#1a7f37}.fail{color:#c62828}.skipped{color:#9a6700}
.verdict{font-size:1.2rem;font-weight:bold}.dim{color:#777}.sig{color:#c62828;font-weight:bold}
pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;font-size:.85rem}
.diff-add{color:#1a7f37}.diff-del{color:#c62828}.diff-hunk{color:#6f42c1}
blockquote{border-left:4px solid #ddd;margin:0;padding:.2rem 1rem;color:#444;white-space:pre-wrap}
.side-by-side{display:flex;gap:1.5rem;align-items:flex-start}.side-by-side .col{flex:1;min-width:0}
.rule-sheet td:nth-child(-n+2){white-space:nowrap}
.rule-sheet h2::after{content:"（由规则文件生成）";font-size:.8rem;color:#777;font-weight:normal}
svg text{font-size:12px;font-family:inherit}.legend span{display:inline-block;width:.8rem;height:.8rem;margin:0 .3rem 0 1rem;vertical-align:middle}
"""


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def _svg(width: int, height: int, body: Iterable[str], label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{_e(label)}">'
            f'<title>{_e(label)}</title>{"".join(body)}</svg>')


def _legend(has_baseline: bool) -> str:
    items = [f'<span style="background:{DRAFT_COLOR}"></span>草稿']
    if has_baseline:
        items.append(f'<span style="background:{BASE_COLOR}"></span>基准')
    return f'<div class="legend">{"".join(items)}</div>'


def fan_chart(draft: Mapping[str, Any], baseline: Mapping[str, Any] | None) -> str:
    """Horizontal bars: each fan's share of wins, draft beside baseline."""
    d = {n: s or 0.0 for n, _, s in P.fan_rows(draft)}
    b = {n: s or 0.0 for n, _, s in P.fan_rows(baseline or {})}
    names = list(d) + [n for n in b if n not in d]
    if not names:
        return ""
    bar, gap, left, width = 10, 8, 130, 640
    per = bar * (2 if baseline else 1) + gap
    height = len(names) * per + 30
    top = max([*d.values(), *b.values(), 0.01])
    scale = (width - left - 70) / top
    body = []
    for i, name in enumerate(names):
        y = 10 + i * per
        body.append(f'<text x="{left - 6}" y="{y + bar}" text-anchor="end">{_e(name)}</text>')
        for j, (series, color) in enumerate(((d, DRAFT_COLOR), (b, BASE_COLOR)) if baseline else ((d, DRAFT_COLOR),)):
            value = series.get(name)
            if value is None:
                continue
            yy = y + j * bar
            body.append(f'<rect x="{left}" y="{yy}" width="{value * scale:.1f}" height="{bar - 1}" fill="{color}"/>')
            body.append(f'<text x="{left + value * scale + 4:.1f}" y="{yy + bar - 1}">{P.pct(value)}</text>')
    body.append(f'<line x1="{left}" y1="5" x2="{left}" y2="{height - 20}" stroke="#999"/>')
    return _legend(bool(baseline)) + _svg(width, height, body, "番型出现率（占胡牌）")


def score_chart(draft: Mapping[str, Any], baseline: Mapping[str, Any] | None) -> str:
    """Vertical bars: the share of wins in each bucket of the winner's gain in points, draft beside baseline;
    every bar carries its share and count, both axes are titled."""
    axis, d_items = P.score_distribution(draft)
    _, b_items = P.score_distribution(baseline or {})
    if not d_items:
        return ""
    d, b = dict(d_items), dict(b_items)
    keys = [k for k, _ in d_items] + [k for k, _ in b_items if k not in d]
    if all(k.lstrip("-").isdigit() for k in keys):
        keys.sort(key=int)
    dn, bn = sum(d.values()) or 1, sum(b.values()) or 1
    width, height, left, bottom = 640, 240, 46, 44
    slot = (width - left - 10) / len(keys)
    bar = max(2.0, slot / (3 if b else 2))
    top = max([v / dn for v in d.values()] + [v / bn for v in b.values()] + [0.01])
    scale = (height - bottom - 34) / top
    body = [f'<line x1="{left}" y1="{height - bottom}" x2="{width - 5}" y2="{height - bottom}" stroke="#999"/>',
            f'<line x1="{left}" y1="14" x2="{left}" y2="{height - bottom}" stroke="#999"/>',
            f'<text x="4" y="12">占胡牌比例</text>']
    series = ((d, dn, DRAFT_COLOR), (b, bn, BASE_COLOR)) if b else ((d, dn, DRAFT_COLOR),)
    labelled = len(keys) * len(series) <= 24
    for i, k in enumerate(keys):
        x = left + i * slot + 2
        for j, (values, n, color) in enumerate(series):
            count = values.get(k, 0)
            share = count / n
            h = share * scale
            y = height - bottom - h
            body.append(f'<rect x="{x + j * bar:.1f}" y="{y:.1f}" width="{bar - 1:.1f}" height="{h:.1f}" '
                        f'fill="{color}"><title>{_e(k)} 分：{P.pct(share)}（{int(count)} 次）</title></rect>')
            if labelled and count:
                body.append(f'<text x="{x + j * bar + (bar - 1) / 2:.1f}" y="{y - 3:.1f}" text-anchor="middle" '
                            f'font-size="10">{P.pct(share)}</text>')
        if len(keys) <= 30 or i % max(1, len(keys) // 20) == 0:
            body.append(f'<text x="{x + bar * len(series) / 2:.1f}" y="{height - bottom + 14}" '
                        f'text-anchor="middle">{_e(k)}</text>')
    body.append(f'<text x="{(left + width) / 2:.0f}" y="{height - 8}" text-anchor="middle">{_e(axis)}</text>')
    return _legend(bool(b)) + _svg(width, height, body, f"得分分布：{axis}，纵轴为占胡牌比例")


def metrics_chart(rows: list[Mapping[str, Any]]) -> str:
    """Grouped bars of the headline proportions (not fans): baseline beside draft."""
    picked = [r for r in rows if r["kind"] == "proportion" and not r["metric"].startswith("fan:")
              and r.get("baseline") is not None and r.get("draft") is not None]
    if not picked:
        return ""
    width, height, left, bottom = 640, 200, 20, 40
    slot = (width - left) / len(picked)
    bar = min(50.0, slot / 3)
    scale = (height - bottom - 20)
    body = [f'<line x1="{left}" y1="{height - bottom}" x2="{width - 5}" y2="{height - bottom}" stroke="#999"/>']
    for i, row in enumerate(picked):
        x = left + i * slot + slot / 2 - bar
        for j, (value, color) in enumerate(((row["baseline"], BASE_COLOR), (row["draft"], DRAFT_COLOR))):
            h = value * scale
            body.append(f'<rect x="{x + j * bar:.1f}" y="{height - bottom - h:.1f}" width="{bar - 2:.1f}" '
                        f'height="{h:.1f}" fill="{color}"/>')
            body.append(f'<text x="{x + j * bar + bar / 2:.1f}" y="{height - bottom - h - 3:.1f}" '
                        f'text-anchor="middle">{P.pct(value)}</text>')
        body.append(f'<text x="{x + bar:.1f}" y="{height - bottom + 16}" text-anchor="middle">{_e(row["label"].split("（")[0])}</text>')
    return _legend(True) + _svg(width, height, body, "基准与草稿的主要指标")


#: The interval charts: (kind of row, how a bound is written, title).
INTERVAL_CHARTS = {
    "proportion": (lambda v: f"{v * 100:+.1f} 个百分点", "差值与 95% 区间（红色：超出抽样误差）"),
    "mean": (lambda v: f"{v:+.2f} 分", "输赢与番数的差值与 95% 区间（分 / 番；红色：超出抽样误差）"),
}


def interval_chart(rows: list[Mapping[str, Any]], kind: str = "proportion") -> str:
    """Every difference of rows of ``kind`` with its 95% interval around zero; red when beyond sampling noise."""
    bound, title = INTERVAL_CHARTS[kind]
    picked = [r for r in rows if r.get("ci_low") is not None and r["kind"] == kind]
    if not picked:
        return ""
    width, left, per = 640, 230, 20
    height = len(picked) * per + 30
    span = max(max(abs(r["ci_low"]), abs(r["ci_high"])) for r in picked) or 0.01
    mid = left + (width - left - 20) / 2
    scale = (width - left - 20) / 2 / span
    body = [f'<line x1="{mid:.1f}" y1="0" x2="{mid:.1f}" y2="{height - 20}" stroke="#999" stroke-dasharray="3,3"/>']
    for i, row in enumerate(picked):
        y = 12 + i * per
        color = SIG_COLOR if row["significant"] else DRAFT_COLOR
        x1, x2 = mid + row["ci_low"] * scale, mid + row["ci_high"] * scale
        xd = mid + (row["diff"] or 0) * scale
        body.append(f'<text x="{left - 6}" y="{y + 4}" text-anchor="end">{_e(row["label"][:24])}</text>')
        body.append(f'<line x1="{x1:.1f}" y1="{y}" x2="{x2:.1f}" y2="{y}" stroke="{color}" stroke-width="2"/>')
        body.append(f'<circle cx="{xd:.1f}" cy="{y}" r="3.5" fill="{color}"><title>{_e(P.interval(row))}</title></circle>')
    body.append(f'<text x="{left}" y="{height - 5}">{_e(bound(-span))}</text>')
    body.append(f'<text x="{width - 20}" y="{height - 5}" text-anchor="end">{_e(bound(span))}</text>')
    return _svg(width, height, body, title)


def _diff_html(text: str) -> str:
    lines = []
    for line in text.splitlines():
        cls = ("diff-add" if line.startswith("+") and not line.startswith("+++") else
               "diff-del" if line.startswith("-") and not line.startswith("---") else
               "diff-hunk" if line.startswith("@@") else "")
        lines.append(f'<span class="{cls}">{_e(line)}</span>' if cls else _e(line))
    return "<pre>" + "\n".join(lines) + "</pre>"


def _description_and_sheet(report: Mapping[str, Any]) -> str:
    """The designer's description and the 玩法说明 read back from the rule file, side by side."""
    from dslgen.review.rulesheet import RuleSheet, render_html_fragment

    left = (f"<h2>描述（设计者写的）</h2><blockquote>{_e(report['description'])}</blockquote>"
            if report.get("description") else '<h2>描述</h2><p class="dim">没有描述</p>')
    right = (render_html_fragment(RuleSheet.from_json(report["rule_sheet"]), level=2) if report.get("rule_sheet")
             else '<h2>玩法说明</h2><p class="dim">规则文件无法加载，没有玩法说明</p>')
    return (f'<div class="side-by-side" id="description-and-sheet"><div class="col">{left}</div>'
            f'<div class="col">{right}</div></div>')


def render_html(report: Mapping[str, Any]) -> str:
    """A complete, self-contained HTML document for ``report``."""
    verdict = report["verdict"]
    title = f"审核报告：{report.get('name') or report['id']}（{report['id']}）"
    h: list[str] = ["<!DOCTYPE html>", '<html lang="zh-CN"><head><meta charset="utf-8">',
                    f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>",
                    f"<h1>{_e(title)}</h1>",
                    f'<p class="verdict {verdict}">{P.GATE_MARK.get(verdict, "")} {_e(P.VERDICT_WORD.get(verdict, verdict))}</p>',
                    f'<p class="dim">{_e(report["yaml_path"])}</p>',
                    *(f'<p class="skipped">注意：{_e(n)}</p>' for n in report.get("notes") or []),
                    "<h2>关卡</h2><table><tr><th>关卡</th><th>结果</th><th>说明</th></tr>"]
    for gate in report["gates"].values():
        status = gate.get("status", "")
        h.append(f'<tr><td>{_e(gate["label"])}</td><td class="{_e(status)}">{P.GATE_MARK.get(status, "")} '
                 f'{_e(P.GATE_WORD.get(status, status))}</td><td>{_e(gate.get("detail") or "")}</td></tr>')
    h.append("</table>")
    contradictions = report.get("contradictions") or []
    if contradictions:
        h.append(f'<h2 class="fail">与描述矛盾（{len(contradictions)} 处）</h2><ul>')
        h.extend(f"<li>{_e(D.contradiction_text(f))}</li>" for f in contradictions)
        h.append("</ul>")
    assumptions = report.get("assumptions") or []
    if assumptions:
        h.append(f'<h2 class="skipped">假设的取值（{len(assumptions)} 项，描述没有写，请确认）</h2><ul>')
        h.extend(f"<li>{_e(D.assumption_text(r))}</li>" for r in assumptions)
        h.append("</ul>")
    payments = report.get("payment_defaults") or []
    if payments:
        h.append(f'<h2 class="skipped" id="payment-defaults">影响输赢的规范默认值（{len(payments)} 项，描述没有写，按规范默认）</h2><ul>')
        h.extend(f"<li>{_e(D.payment_default_text(r))}</li>" for r in payments)
        h.append("</ul>")
    cov = report.get("coverage") or {}
    if cov:
        h.append(f"<p>{_e(D.coverage_line(cov))}</p>")
    if report.get("sentence_rows"):
        css = {"carried": "pass", "gapped": "skipped", "unhandled": "fail"}
        h.append("<h2>描述的句子与它变成的规则</h2><table><tr><th>描述中的句子</th><th>状态</th><th>规则与取值</th></tr>")
        h.extend(f'<tr><td>{_e(r["sentence"])}</td><td class="{css.get(r["status"], "")}">{_e(r["status_word"])}</td>'
                 f"<td>{_e(D.rule_text(r))}</td></tr>" for r in report["sentence_rows"])
        h.append("</table>")

    if report.get("description") or report.get("rule_sheet"):
        h.append(_description_and_sheet(report))
    if report.get("sections"):
        h.append("<h2>描述与规则对照</h2><table><tr><th>规则段</th><th>来自描述中的句子</th><th>规则</th></tr>")
        for s in report["sections"]:
            sentences = "<br>".join(_e(x) for x in P.linked_sentences(s)) or '<span class="dim">（来源未知）</span>'
            h.append(f'<tr><td>{_e(s["label"])}<br><span class="dim">{_e(s["section"])}</span></td>'
                     f'<td>{sentences}</td><td><pre>{_e(s["yaml"])}</pre></td></tr>')
        h.append("</table>")
    if report.get("gaps") or report.get("unmapped_sentences"):
        h.append("<h2>未能表达的规则</h2><ul>")
        h.extend(f"<li>{_e(P.gap_text(g))}</li>" for g in report.get("gaps") or [])
        h.extend(f"<li>未使用的句子：{_e(s)}</li>" for s in report.get("unmapped_sentences") or [])
        h.append("</ul>")
    if report.get("resolutions"):
        h.append(f'<h2 id="resolutions">{_e(P.RESOLUTIONS_TITLE)}（{len(report["resolutions"])} 条）</h2>'
                 f'<p class="dim">{_e(P.RESOLUTIONS_NOTE)}</p><ul>')
        h.extend(f"<li>{_e(P.resolution_text(r))}</li>" for r in report["resolutions"])
        h.append("</ul>")
    findings = D.other_findings(report)
    if findings:
        h.append("<h2>检查发现</h2><ul>")
        h.extend(f"<li>{_e(P.finding_text(f))}</li>" for f in findings)
        h.append("</ul>")

    sim = report.get("simulation") or {}
    base_sim = report.get("baseline_simulation") or None
    if sim:
        h.append("<h2>模拟统计</h2><table>")
        h.extend(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in P.simulation_rows(sim))
        h.append("</table>")
        chart = fan_chart(sim, base_sim)
        if chart:
            h.append(f"<h3>番型出现率</h3>{chart}")
        chart = score_chart(sim, base_sim)
        if chart:
            h.append(f"<h3>得分分布</h3>{chart}")
    bots = report.get("about_bots") or {}
    if bots:
        h.append(f'<h3 id="about-bots">关于模拟</h3><p>{_e(bots["how"])}</p><p class="dim">{_e(bots["difference"])}</p>')

    baseline = report.get("baseline")
    h.append("<h2>与基准的规则差异</h2>")
    if baseline:
        h.append(f"<p>基准：{_e(baseline['label'])}</p>")
        changes = report.get("semantic_changes") or []
        h.append("<ul>" + "".join(f"<li>{_e(c)}</li>" for c in changes) + "</ul>" if changes else "<p>规则与基准相同。</p>")
    else:
        h.append(f"<p>{_e(P.NO_BASELINE)}</p>")
    rows = report.get("stats_diff") or []
    if rows:
        h.append("<h2>统计差异（草稿 − 基准，95% 区间）</h2>")
        h.append(metrics_chart(rows))
        h.append(interval_chart(rows))
        h.append(interval_chart(rows, "mean"))
        h.append("<table><tr><th>指标</th><th>基准</th><th>草稿</th><th>差值</th><th>95% 区间</th><th>判断</th></tr>")
        for r in rows:
            judge = '<span class="sig">超出抽样误差</span>' if r["significant"] else f'<span class="dim">{_e(r["note"])}</span>'
            h.append(f"<tr><td>{_e(r['label'])}</td><td>{_e(P.metric_value(r, 'baseline'))}</td>"
                     f"<td>{_e(P.metric_value(r, 'draft'))}</td><td>{_e(P.signed(r['diff'], r['kind']))}</td>"
                     f"<td>{_e(P.interval(r))}</td><td>{judge}</td></tr>")
        h.append("</table>")
    if report.get("baseline_error"):
        h.append(f'<p class="skipped">{_e(report["baseline_error"])}</p>')
    if report.get("yaml_diff"):
        h.append("<h2>YAML 差异</h2>" + _diff_html(report["yaml_diff"]))
    h.append("</body></html>")
    return "\n".join(h) + "\n"
