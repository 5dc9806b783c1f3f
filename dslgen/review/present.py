"""Formatting shared by the text, HTML and Markdown renderers (numbers, gates, simulation summary)."""

from __future__ import annotations

from typing import Any, Mapping

GATE_MARK = {"pass": "✅", "fail": "❌", "skipped": "⏭"}
GATE_WORD = {"pass": "通过", "fail": "未通过", "skipped": "未运行"}
VERDICT_WORD = {"pass": "通过全部关卡", "fail": "未通过"}
#: What the report says when the catalog offers no baseline (see :mod:`dslgen.review.baseline`).
NO_BASELINE = "目录中没有可比较的基准玩法（没有同一玩法或同一地方的玩法，描述也都不够相似），不作比较。"


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
    return rows + points_rows(sim)


def _mean_ci(total: float, squares: float, n: float) -> str:
    """``14.20（95% 区间 12.90 ~ 15.50）`` from a sum, a sum of squares and a count."""
    from dslgen.points import mean_interval

    if not n:
        return "—"
    ci = mean_interval(total, squares, n)
    mean = num(total / n)
    return f"{mean}（95% 区间 {ci[0]:.2f} ~ {ci[1]:.2f}）" if ci else mean


def points_rows(sim: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(label, value) lines of the money a simulation moved (:mod:`dslgen.points`), each mean with its 95% interval;
    one line saying so for a simulation stored before the point statistics existed, none when no games ran."""
    from dslgen.points import points_of, sd_interval

    points = points_of(sim)
    if not points:
        ran = bool(sim) and sim.get("ran") is not False and "games" in sim
        return [("输赢统计", "没有：这份模拟结果早于输赢统计（重新生成草稿，或改动后重新判定才有）")] if ran else []
    games, wins = points["games"], points["wins"]
    rows = [
        ("零分胡牌（赢家一分不得）", f"{points['zero_point_wins']} / {wins} 次（{pct(points['zero_point_win_share'])}）"),
        ("每局易手的分数", _mean_ci(points["moved_sum"], points["moved_sq"], games)),
        ("每次胡牌赢家得分", _mean_ci(points["gain_sum"], points["gain_sq"], wins)),
    ]
    seats = [f"座位 {i}：{_mean_ci(t, q, games)}" for i, (t, q) in enumerate(zip(points["seat_sum"], points["seat_sq"]))]
    if seats:
        rows.append(("各座位每局净输赢", "；".join(seats)))
    rows.append(("庄家每局净输赢", _mean_ci(points["dealer_sum"], points["dealer_sq"], games)))
    spread = float(points["result_spread"])
    ci = sd_interval(spread, points["result_samples"])
    rows.append(("输赢离散度（每家每局结果的标准差）",
                 f"{num(spread)} 分" + (f"（95% 区间 {ci[0]:.2f} ~ {ci[1]:.2f}）" if ci else "")))
    where = f"（第 {points['max_loss_game']} 局）" if points.get("max_loss_game") is not None else ""
    rows.append(("单局最大输分", f"{points['max_loss']} 分{where}"))
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


def resolution_text(entry: Mapping[str, Any]) -> str:
    """One reviewer's resolution as the reports write it: ``#3 不是规则：「…」 — 张三，2026-…：理由``."""
    why = str(entry.get("why") or "")
    return (f"#{entry.get('n')} {entry.get('text')} — {entry.get('by')}，{entry.get('at')}"
            + (f"：{why}" if why else ""))


#: The heading every report and page gives the resolutions.
RESOLUTIONS_TITLE = "审核中的处理"
RESOLUTIONS_NOTE = "判定计入了这些人工处理（dslgen resolve 或工作台）：谁、什么时候、处理了什么、为什么。"


def gap_text(gap: Any) -> str:
    """One gap as text: the rule and why it could not be expressed."""
    if isinstance(gap, Mapping):
        text, reason = str(gap.get("text") or ""), str(gap.get("reason") or "")
        return f"{text}（{reason}）" if reason else text
    return str(gap)


#: A finding's severity as the reports write it.
SEVERITY_WORD = {"error": "错误", "warning": "警告"}


def finding_text(f: Mapping[str, Any]) -> str:
    """One finding as ``代码 级别 路径：说明（提示：…）`` (``E001 错误：95.0% 的胡牌…`` without a path)."""
    severity = SEVERITY_WORD.get(str(f.get("severity")), f.get("severity"))
    head = " ".join(str(x) for x in (f.get("code"), severity) if x)
    where = f.get("path") or ""
    if f.get("line"):
        where = f"{where} 第 {f['line']} 行" if where else f"第 {f['line']} 行"
    text = f"{head} {where}：{f.get('message', '')}" if where else f"{head}：{f.get('message', '')}"
    return f"{text}（提示：{f['hint']}）" if f.get("hint") else text


def point_buckets(histogram: Mapping[str, Any]) -> list[tuple[str, float]]:
    """``{points: count}`` binned for a chart: 0, 1, 2, then doubling ranges (3–4, 5–8, 9–16 …); a negative
    value (a winner who lost money on balance) gets its own ``<0`` bin. Only bins up to the largest value."""
    values = {int(float(k)): float(v) for k, v in histogram.items()}
    if not values:
        return []
    bins: list[tuple[str, float]] = []
    if any(k < 0 for k in values):
        bins.append(("<0", sum(v for k, v in values.items() if k < 0)))
    top = max(values)
    bins += [(str(edge), values.get(edge, 0.0)) for edge in (0, 1, 2) if edge <= max(top, 0)]
    low, high = 3, 4
    while low <= top:
        bins.append((f"{low}–{high}", sum(v for k, v in values.items() if low <= k <= high)))
        low, high = high + 1, high * 2
    return bins


def score_distribution(sim: Mapping[str, Any]) -> tuple[str, list[tuple[str, float]]]:
    """(axis title, [(bucket label, number of wins)]): the winner's gain per win in points (:mod:`dslgen.points`);
    a simulation stored before the point statistics falls back to the fan totals, saying so in its title."""
    from dslgen.points import points_of
    from dslgen.review.stats_diff import fan_distribution

    points = points_of(sim)
    if points.get("gain_histogram"):
        return "每次胡牌赢家得分（分）", point_buckets(points["gain_histogram"])
    hist = fan_distribution(sim)
    if hist:
        return "每次胡牌的总番数（旧的模拟结果没有分数）", [(str(k), v) for k, v in sorted(hist.items())]
    return "", []


def linked_sentences(section: Mapping[str, Any]) -> list[str]:
    """Each sentence, with the sub-fields it produced when deeper than the section itself."""
    out = []
    for sentence in section["sentences"]:
        paths = [l["path"] for l in section.get("links") or [] if l["sentence"] == sentence and l["path"] != section["section"]]
        out.append(f"{sentence}（→ {'、'.join(dict.fromkeys(paths))}）" if paths else sentence)
    return out
