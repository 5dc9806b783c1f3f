"""Statistics diff between two simulations, with intervals instead of bare differences.

Each metric compares the baseline run with the draft run and gives the 95%
interval of the difference (draft − baseline):

* proportions (draw rate, dealer win rate, self-draw share, each fan's share of
  wins) use Newcombe's hybrid score interval built from two Wilson intervals,
  which behaves at 0% and 100% where the plain normal interval does not;
* the mean number of wins per game uses the normal approximation with a
  Poisson variance (conservative for ordinary one-winner games);
* the average fan uses the normal approximation from each run's fan
  distribution when the simulation reports one;
* the money (:mod:`dslgen.points`: points changing hands per game, the winner's
  gain per win, each seat's and the dealer's net per game) uses the normal
  approximation from each run's sum and sum of squares, the share of
  zero-point wins a Newcombe interval, the spread (standard deviation of a
  seat's result) the ``sd / √(2(n−1))`` standard error; the largest loss is an
  extreme and gets no interval.

A difference whose interval excludes zero is marked ``significant`` — beyond
sampling noise. The two runs are treated as independent samples; sharing the
seed only makes the interval conservative.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``successes / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(x1: float, n1: float, x2: float, n2: float, z: float = Z95) -> tuple[float, float]:
    """Newcombe's hybrid score interval for ``x1/n1 − x2/n2`` (method 10 of Newcombe 1998)."""
    p1 = x1 / n1 if n1 else 0.0
    p2 = x2 / n2 if n2 else 0.0
    l1, u1 = wilson(x1, n1, z)
    l2, u2 = wilson(x2, n2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return max(-1.0, low), min(1.0, high)


def mean_diff(m1: float, var1: float, n1: float, m2: float, var2: float, n2: float,
              z: float = Z95) -> tuple[float, float]:
    """Normal-approximation interval for ``m1 − m2`` from two independent samples."""
    se = math.sqrt((var1 / n1 if n1 else 0.0) + (var2 / n2 if n2 else 0.0))
    d = m1 - m2
    return d - z * se, d + z * se


# --- reading simulation summaries ---------------------------------------------------

def _num(value: Any, default: float = 0.0) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def _games(stats: Mapping[str, Any]) -> float:
    """Games that completed (errored games carry no statistics)."""
    if stats.get("completed") is not None:
        return _num(stats.get("completed"))
    errors = stats.get("errors")
    errored = len(errors) if isinstance(errors, list) else _num(errors)
    return max(0.0, _num(stats.get("games")) - errored)


def _wins(stats: Mapping[str, Any]) -> float:
    wins = stats.get("wins")
    if isinstance(wins, (int, float)):
        return float(wins)
    if isinstance(wins, list):
        return float(len(wins))
    return 0.0


def _games_with_win(stats: Mapping[str, Any]) -> float:
    if stats.get("games_with_win") is not None:
        return _num(stats["games_with_win"])
    if stats.get("win_rate") is not None:
        return _num(stats["win_rate"]) * _games(stats)
    return _games(stats) - _draws(stats)


def _draws(stats: Mapping[str, Any]) -> float:
    draws = stats.get("draws")
    if isinstance(draws, (int, float)):
        return float(draws)
    return _num(stats.get("draw_rate")) * _games(stats)


def _fan_counts(stats: Mapping[str, Any]) -> dict[str, float]:
    """Each fan's number of occurrences (``fan_counts``; else ``fan_frequency`` rates times the wins)."""
    raw = stats.get("fan_counts") or stats.get("fan_frequency") or {}
    out: dict[str, float] = {}
    wins = _wins(stats)
    for name, value in raw.items():
        if isinstance(value, Mapping):
            value = value.get("count", value.get("wins", 0))
        if raw is stats.get("fan_frequency") and isinstance(value, float):
            value = round(value * wins)
        out[str(name)] = _num(value)
    return out


def fan_distribution(stats: Mapping[str, Any]) -> dict[int, float]:
    """Histogram ``{total fan: number of wins}`` when the simulation reports one, else ``{}``."""
    for key in ("fan_histogram", "fan_distribution", "fan_totals"):
        raw = stats.get(key)
        if isinstance(raw, Mapping) and raw:
            try:
                return {int(float(k)): _num(v) for k, v in raw.items()}
            except (TypeError, ValueError):
                continue
        if isinstance(raw, list) and raw and all(isinstance(v, (int, float)) for v in raw):
            hist: dict[int, float] = {}
            for v in raw:
                hist[int(v)] = hist.get(int(v), 0) + 1
            return hist
    return {}


def _fan_moments(stats: Mapping[str, Any]) -> tuple[float, float | None, float]:
    """(mean, variance or None, n) of the total fan per win."""
    hist = fan_distribution(stats)
    if hist:
        n = sum(hist.values())
        mean = sum(k * v for k, v in hist.items()) / n if n else 0.0
        var = sum(v * (k - mean) ** 2 for k, v in hist.items()) / (n - 1) if n > 1 else 0.0
        return mean, var, n
    var = stats.get("fan_variance")
    if var is None and stats.get("fan_std") is not None:
        var = _num(stats.get("fan_std")) ** 2
    return _num(stats.get("avg_fan")), (None if var is None else _num(var)), _wins(stats)


def dealer_advantage(stats: Mapping[str, Any]) -> float | None:
    """Dealer win rate minus the average win rate of a non-dealer (None when not reported).

    Every game has one dealer, so the seats' win rates add up to the dealer's
    plus the non-dealers'; the non-dealer average is the rest over the other seats.
    """
    rates = stats.get("seat_win_rate")
    dealer = stats.get("dealer_win_rate")
    if dealer is None:
        return None
    if isinstance(rates, Mapping):
        rates = list(rates.values())
    if not isinstance(rates, list) or len(rates) < 2:
        return None
    total = sum(_num(r) for r in rates)
    return _num(dealer) - (total - _num(dealer)) / (len(rates) - 1)


# --- the diff ------------------------------------------------------------------------

def _row(metric: str, label: str, kind: str, base: float | None, draft: float | None,
         ci: tuple[float, float] | None, note: str = "") -> dict[str, Any]:
    diff = None if base is None or draft is None else draft - base
    significant = bool(ci) and (ci[0] > 0 or ci[1] < 0)
    return {
        "metric": metric,
        "label": label,
        "kind": kind,
        "baseline": base,
        "draft": draft,
        "diff": diff,
        "ci_low": ci[0] if ci else None,
        "ci_high": ci[1] if ci else None,
        "significant": significant,
        "note": ("超出抽样误差" if significant else "在抽样误差内") if ci else (note or "无法估计区间"),
    }


def _proportion(metric: str, label: str, x1: float, n1: float, x2: float, n2: float) -> dict[str, Any]:
    """Row for draft ``x1/n1`` against baseline ``x2/n2``."""
    draft = x1 / n1 if n1 else None
    base = x2 / n2 if n2 else None
    # 血流成河: a seat may win several times a game, so "wins per game" can exceed 1 (no binomial interval)
    ci = newcombe(x1, n1, x2, n2) if n1 and n2 and x1 <= n1 and x2 <= n2 else None
    return _row(metric, label, "proportion", base, draft, ci, "" if ci else ("样本为空" if not (n1 and n2) else "每局可多次胡牌，无法估计区间"))


def stats_diff(baseline: Mapping[str, Any] | None, draft: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """Rows comparing ``draft`` with ``baseline`` simulation summaries (empty when either is missing)."""
    if not baseline or not draft:
        return []
    gb, gd = _games(baseline), _games(draft)
    wb, wd = _wins(baseline), _wins(draft)
    rows: list[dict[str, Any]] = []

    rows.append(_proportion("win_rate", "胡牌率（有人胡牌的局）", _games_with_win(draft), gd,
                            _games_with_win(baseline), gb))
    if wb != _games_with_win(baseline) or wd != _games_with_win(draft):
        rate_b = wb / gb if gb else None
        rate_d = wd / gd if gd else None
        ci = mean_diff(rate_d, rate_d / gd, 1, rate_b, rate_b / gb, 1) if gb and gd else None
        rows.append(_row("wins_per_game", "场均胡牌次数", "rate", rate_b, rate_d, ci))
    rows.append(_proportion("draw_rate", "流局率", _draws(draft), gd, _draws(baseline), gb))
    if draft.get("dealer_win_rate") is not None and baseline.get("dealer_win_rate") is not None:
        rows.append(_proportion("dealer_win_rate", "庄家胜率", _num(draft["dealer_win_rate"]) * gd, gd,
                                _num(baseline["dealer_win_rate"]) * gb, gb))
        adv_b, adv_d = dealer_advantage(baseline), dealer_advantage(draft)
        if adv_b is not None and adv_d is not None:
            rows.append(_row("dealer_advantage", "庄家优势（庄家胜率 − 闲家平均胜率）", "difference",
                             adv_b, adv_d, None, "仅供参考，区间见庄家胜率"))
    sb, sd = baseline.get("self_draw_wins"), draft.get("self_draw_wins")
    if sb is not None and sd is not None and wb and wd:
        rows.append(_proportion("self_draw_share", "自摸占胡牌比例", _num(sd), wd, _num(sb), wb))
    mb, vb, nb = _fan_moments(baseline)
    md, vd, nd = _fan_moments(draft)
    ci = mean_diff(md, vd, nd, mb, vb, nb) if vb is not None and vd is not None and nb > 1 and nd > 1 else None
    rows.append(_row("avg_fan", "平均番数", "mean", mb if wb else None, md if wd else None, ci,
                     "模拟未提供番数分布"))
    rows.extend(_points_rows(baseline, draft))
    fb, fd = _fan_counts(baseline), _fan_counts(draft)
    for name in list(fd) + [n for n in fb if n not in fd]:
        if not fd.get(name) and not fb.get(name):
            continue  # never scored on either side: nothing to compare
        if name in fd and name in fb:
            row = _proportion(f"fan:{name}", f"番型「{name}」出现率（占胡牌）", fd[name], wd, fb[name], wb)
        elif name in fd:
            row = _row(f"fan:{name}", f"番型「{name}」出现率（占胡牌）", "proportion", None,
                       fd[name] / wd if wd else None, None, "基准玩法没有这个番型")
        else:
            row = _row(f"fan:{name}", f"番型「{name}」出现率（占胡牌）", "proportion",
                       fb[name] / wb if wb else None, None, None, "草稿没有这个番型")
        rows.append(row)
    return rows


def _mean_row(metric: str, label: str, base: Mapping[str, Any], draft: Mapping[str, Any], total: str, squares: str,
              count: str, index: int | None = None) -> dict[str, Any]:
    """Row comparing two runs' means of ``total / count`` (``index`` picks one seat of a per-seat list)."""
    from dslgen.points import variance

    def moments(p: Mapping[str, Any]) -> tuple[float, float, float]:
        t, q = p[total], p[squares]
        if index is not None:
            t, q = t[index], q[index]
        n = float(p[count])
        return (t / n if n else 0.0), variance(t, q, n), n

    mb, vb, nb = moments(base)
    md, vd, nd = moments(draft)
    ci = mean_diff(md, vd, nd, mb, vb, nb) if nb > 1 and nd > 1 else None
    return _row(metric, label, "mean", mb if nb else None, md if nd else None, ci, "样本太少")


def _points_rows(baseline: Mapping[str, Any], draft: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The money rows (empty unless both runs carry :mod:`dslgen.points` figures)."""
    from dslgen.points import points_of, sd_interval

    pb, pd = points_of(baseline), points_of(draft)
    if not pb or not pd:
        return []
    rows = [
        _mean_row("points_per_game", "每局易手的分数", pb, pd, "moved_sum", "moved_sq", "games"),
        _mean_row("points_per_win", "每次胡牌赢家得分", pb, pd, "gain_sum", "gain_sq", "wins"),
        _proportion("zero_point_share", "零分胡牌占胡牌比例", pd["zero_point_wins"], pd["wins"],
                    pb["zero_point_wins"], pb["wins"]),
        _mean_row("dealer_net", "庄家每局净输赢", pb, pd, "dealer_sum", "dealer_sq", "games"),
    ]
    if len(pb["seat_sum"]) == len(pd["seat_sum"]):
        rows += [_mean_row(f"seat_net:{i}", f"座位 {i} 每局净输赢", pb, pd, "seat_sum", "seat_sq", "games", i)
                 for i in range(len(pd["seat_sum"]))]
    sb, sd = float(pb["result_spread"]), float(pd["result_spread"])
    cb, cd = sd_interval(sb, pb["result_samples"]), sd_interval(sd, pd["result_samples"])
    ci = None
    if cb and cd:
        se = math.sqrt(((cb[1] - sb) / Z95) ** 2 + ((cd[1] - sd) / Z95) ** 2)
        ci = (sd - sb - Z95 * se, sd - sb + Z95 * se)
    rows.append(_row("result_spread", "输赢离散度（每家每局结果的标准差）", "mean", sb, sd, ci, "样本太少"))
    rows.append(_row("max_loss", "单局最大输分", "mean", float(pb["max_loss"]), float(pd["max_loss"]), None,
                     "极值，没有区间"))
    return rows


def significant_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows whose difference is beyond sampling noise."""
    return [r for r in rows if r["significant"]]
