"""Formatting shared by the text, HTML and Markdown renderers (numbers, gates, simulation summary)."""

from __future__ import annotations

from typing import Any, Mapping

GATE_MARK = {"pass": "✅", "fail": "❌", "skipped": "⏭"}
GATE_WORD = {"pass": "通过", "fail": "未通过", "skipped": "未运行"}
VERDICT_WORD = {"pass": "通过全部关卡", "fail": "未通过"}


def pct(value: Any) -> str:
    """``0.1234`` → ``12.3%`` ('—' for None)."""
    return "—" if value is None else f"{float(value) * 100:.1f}%"


def num(value: Any, digits: int = 2) -> str:
    """A number with ``digits`` decimals, integers without ('—' for None)."""
    if value is None:
        return "—"
    value = float(value)
    return str(int(value)) if value.is_integer() else f"{value:.{digits}f}"


def signed(value: float | None, kind: str) -> str:
    """A difference: percentage points for proportions, plain otherwise."""
    if value is None:
        return "—"
    if kind == "proportion":
        return f"{value * 100:+.1f} 个百分点"
    return f"{value:+.2f}"


def metric_value(row: Mapping[str, Any], which: str) -> str:
    """The baseline or draft value of a statistics-diff row."""
    value = row.get(which)
    if value is None:
        return "—"
    return pct(value) if row["kind"] == "proportion" else num(value)


def interval(row: Mapping[str, Any]) -> str:
    """The 95% interval of a statistics-diff row, or why there is none."""
    lo, hi = row.get("ci_low"), row.get("ci_high")
    if lo is None or hi is None:
        return row.get("note") or "—"
    if row["kind"] == "proportion":
        return f"[{lo * 100:+.1f}, {hi * 100:+.1f}] 个百分点"
    return f"[{lo:+.2f}, {hi:+.2f}]"


def error_count(sim: Mapping[str, Any]) -> int:
    """Number of simulation errors (the simulation reports a list)."""
    errors = sim.get("errors") or []
    return len(errors) if isinstance(errors, list) else int(errors)


def seat_rates(sim: Mapping[str, Any]) -> list[float]:
    """Per-seat win rates as a list (seat 0 first)."""
    rates = sim.get("seat_win_rate") or []
    if isinstance(rates, Mapping):
        rates = [rates[k] for k in sorted(rates, key=lambda k: int(k) if str(k).isdigit() else str(k))]
    return [float(r) for r in rates]


def simulation_rows(sim: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(label, value) lines summarising one simulation."""
    if not sim:
        return []
    if sim.get("ran") is False or "games" not in sim:
        return [("模拟", f"未运行：{sim.get('reason') or '没有模拟结果'}")]
    games = sim.get("games") or 0
    wins = sim.get("wins")
    rows = [
        ("对局数", f"{games}（种子 {sim.get('seed', '—')}，机器人 {sim.get('bot', 'greedy')}）"),
        ("错误", str(error_count(sim))),
        ("胡牌次数", "—" if wins is None else str(wins)),
        ("流局率", pct(sim.get("draw_rate"))),
    ]
    if sim.get("self_draw_wins") is not None:
        rows.append(("自摸 / 点炮", f"{sim.get('self_draw_wins')} / {sim.get('discard_wins', '—')}"))
    if sim.get("dealer_win_rate") is not None:
        rows.append(("庄家胜率", pct(sim.get("dealer_win_rate"))))
    seats = seat_rates(sim)
    if seats:
        rows.append(("各座位胜率", " / ".join(pct(r) for r in seats)))
    rows.append(("番数 平均 / 中位 / 最高", f"{num(sim.get('avg_fan'))} / {num(sim.get('median_fan'))} / {num(sim.get('max_fan'))}"))
    if sim.get("never_scored"):
        rows.append(("从未出现的番型", "、".join(str(n) for n in sim["never_scored"])))
    if sim.get("avg_length") is not None:
        rows.append(("平均对局长度", f"{num(sim['avg_length'])} 步"))
    return rows


def fan_rows(sim: Mapping[str, Any]) -> list[tuple[str, float, float | None]]:
    """(fan name, count, share of wins) for every fan the simulation reports, most frequent first."""
    counts = sim.get("fan_counts")
    rates = sim.get("fan_frequency") or {}
    wins = sim.get("wins") or 0
    out = []
    for name in (counts or rates):
        if counts is not None:
            count = float(counts[name])
            share = count / wins if wins else None
        else:
            share = float(rates[name])
            count = round(share * wins)
        out.append((str(name), count, share))
    out.sort(key=lambda t: (-t[1], t[0]))
    return out


def gap_text(gap: Any) -> str:
    """One gap as text: the rule and why it could not be expressed."""
    if isinstance(gap, Mapping):
        text, reason = str(gap.get("text") or ""), str(gap.get("reason") or "")
        return f"{text}（{reason}）" if reason else text
    return str(gap)


def finding_text(f: Mapping[str, Any]) -> str:
    """One finding as ``code severity path: message（提示）``."""
    head = " ".join(str(x) for x in (f.get("code"), f.get("severity")) if x)
    where = f.get("path") or ""
    if f.get("line"):
        where = f"{where} 第 {f['line']} 行" if where else f"第 {f['line']} 行"
    text = f"{head} {where}: {f.get('message', '')}".strip()
    return f"{text}（提示：{f['hint']}）" if f.get("hint") else text


def score_distribution(sim: Mapping[str, Any]) -> tuple[str, list[tuple[str, float]]]:
    """(axis title, [(bucket label, number of wins)]) — fan totals when reported, else the winner's gain buckets."""
    from dslgen.review.stats_diff import fan_distribution

    hist = fan_distribution(sim)
    if hist:
        return "每次胡牌的总番数", [(str(k), v) for k, v in sorted(hist.items())]
    payments = sim.get("payments") if isinstance(sim.get("payments"), Mapping) else {}
    buckets = payments.get("gain_histogram") or {}
    if buckets:
        return "每次胡牌赢得的分数", [(str(k), float(v)) for k, v in buckets.items()]
    return "", []


def linked_sentences(section: Mapping[str, Any]) -> list[str]:
    """Each sentence, with the sub-fields it produced when deeper than the section itself."""
    out = []
    for sentence in section["sentences"]:
        paths = [l["path"] for l in section.get("links") or [] if l["sentence"] == sentence and l["path"] != section["section"]]
        out.append(f"{sentence}（→ {'、'.join(dict.fromkeys(paths))}）" if paths else sentence)
    return out
