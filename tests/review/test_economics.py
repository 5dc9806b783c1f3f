"""Issue 35 item 1 and 2: the economics gate judges the money a simulation moved, and the reports show it.

The two "pay nothing" drafts of the issue (红中 with only 抢杠胡 / 七对 / 全中, 杭州 whose 「平胡1台」 became
the all-chows fan) pass every other gate; the economics gate fails them with the share of zero-point wins.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dslgen.checks.finding import ERROR, WARNING
from dslgen.cli import cli
from dslgen.judge import judge_bytes, names
from dslgen.judge import economics as E
from dslgen.points import PointStats, mean_interval, points_of
from dslgen.review.stats_diff import stats_diff

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "dsl-examples"
PAYS_NOTHING = Path(__file__).parent / "data" / "hongzhong_pays_nothing.yaml"
HONGZHONG = "红中麻将：红中当癞子。番型：抢杠胡2番，七对2番，全中24番。"
HANGZHOU = ("杭州麻将：136张牌，财神（白板）当万能牌。可以碰、杠，不能吃，只能自摸。"
            "平胡1台，对对胡2台，清一色3台，七对2台，杠开1台，财神归位1台。")


def _run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_the_economics_gate_is_registered_after_the_simulation():
    assert names()[-2:] == ("simulation", "economics")
    assert [c.code for c in E.all_checks()] == ["E001", "E002", "E003", "E004", "E005"]
    for check in E.all_checks():  # each check's docstring is its documentation, with a title line
        assert check.title and check.body and set(check.severities) <= {ERROR, WARNING}


def test_a_file_whose_wins_pay_nothing_fails_with_the_zero_point_share(workdir):
    judgement = judge_bytes(PAYS_NOTHING.read_bytes(), "hz.yaml", games=200, seed=0, jobs=1, cache=False)
    verdict = judgement.verdict
    assert verdict.failed_gates == ["economics"]  # every other gate passes
    gate = verdict.gate("economics")
    (zero,) = [f for f in gate.findings if f.code == "E001"]
    points = points_of(judgement.simulation.to_json())
    assert zero.severity == ERROR and points["zero_point_wins"] == zero.extra["zero_point_wins"]
    assert zero.extra["share"] == points["zero_point_win_share"] >= E.ZERO_POINT_FAIL
    assert f"{points['zero_point_win_share']:.1%}" in zero.message and str(points["wins"]) in zero.message
    assert gate.figures["zero_point_win_share"] == points["zero_point_win_share"]


def test_the_catalog_passes_the_economics_gate(workdir):
    """An approved variant pays for its wins: no economics error (warnings may show)."""
    for name in ("nanchang", "hongzhong_laizi", "guangdong_jipinghu"):
        verdict = judge_bytes((CATALOG / f"{name}.yaml").read_bytes(), f"{name}.yaml", games=200, seed=0, jobs=1,
                              cache=False).verdict
        gate = verdict.gate("economics")
        assert gate.passed and not gate.errors, (name, gate.findings)
        assert gate.figures["zero_point_win_share"] == 0


def test_the_two_pay_nothing_drafts_of_the_issue_fail_in_new(workdir, tmp_path, monkeypatch):
    # the catalog without issue 28's new regions: the offline drafter starts from the closest example, and the
    # approved 杭州 (which pays) or 台湾 (flowers, instant wins) would replace the pay-nothing draft this test is about
    import shutil

    catalog = tmp_path / "catalog"
    catalog.mkdir()
    for path in CATALOG.glob("*.yaml"):
        if path.stem not in ("hangzhou", "taiwan", "guiyang"):
            shutil.copy(path, catalog / path.name)
    monkeypatch.setenv("DSLGEN_CATALOG", str(catalog))
    for text in (HONGZHONG, HANGZHOU):
        result = _run("new", text, "--provider", "offline", "--games", "200", "--jobs", "1", "--json")
        assert result.exit_code == 1, result.output
        payload = json.loads(result.stdout)
        assert payload["judgement"]["failed_gates"] == ["economics"]
        zero = next(f for f in payload["judgement"]["gates"]["economics"]["findings"] if f["code"] == "E001")
        assert zero["severity"] == "error" and zero["extra"]["share"] >= 0.5
        summary = _run("new", text, "--provider", "offline", "--games", "200", "--jobs", "1")
        assert summary.exit_code == 1
        assert "输赢检查 ✗" in summary.stdout and "[E001]" in summary.stdout
        assert f"零分胡牌 {zero['extra']['share']:.1%}" in summary.stdout


def _sim(**stats):
    base = {"games": 1000, "completed": 1000, "wins": 1000, "draws": 0, "draw_rate": 0.0,
            "seat_win_rate": [0.25, 0.25, 0.25, 0.25], "dealer_win_rate": 0.25, "never_scored": []}
    return {**base, **stats}


def test_each_check_fires_on_its_numbers_and_not_on_an_even_table():
    even = _sim(draws=50, draw_rate=0.05)
    assert all(not c.func(even) for c in E.all_checks())
    (draw,) = E.draw_rate_extreme(_sim(draws=980, draw_rate=0.98, wins=20))
    assert draw.severity == ERROR and "98.0%" in draw.message
    assert E.draw_rate_extreme(_sim(draws=1000, draw_rate=1.0, wins=0)) == []  # S002 says it
    assert E.draw_rate_extreme(_sim())[0].severity == WARNING
    (seat,) = E.seat_imbalance(_sim(seat_win_rate=[0.55, 0.15, 0.15, 0.15], draws=50, draw_rate=0.05))
    assert seat.extra["seat"] == 0 and "55.0%" in seat.message
    (dealer,) = E.dealer_advantage(_sim(dealer_win_rate=0.6, draws=50, draw_rate=0.05))
    assert dealer.extra["non_dealer_win_rate"] == round(0.4 / 3, 4)
    # 血流成河: several wins a game, so the rates exceed 1 (a binomial variance would be negative)
    xueliu = _sim(wins=8500, seat_win_rate=[2.05, 2.08, 2.12, 2.07], dealer_win_rate=2.24, draws=7, draw_rate=0.007)
    assert all(not c.func(xueliu) for c in E.all_checks())
    assert E.dealer_advantage({**xueliu, "dealer_win_rate": 5.0, "seat_win_rate": [5.0, 1.0, 1.0, 1.0]})
    (never,) = E.fan_never_scored(_sim(never_scored=["天胡", "地胡"], draws=50, draw_rate=0.05))
    assert never.extra["fans"] == ["天胡", "地胡"] and "1000 局" in never.message
    points = {"format": "dslgen.points/1", "wins": 100, "zero_point_wins": 10}
    (warn,) = E.zero_point_wins(_sim(points=points))
    assert warn.severity == WARNING and "10.0%" in warn.message
    assert E.zero_point_wins(_sim(points={**points, "zero_point_wins": 2})) == []
    assert E.zero_point_wins(_sim()) == []  # a run stored before the point statistics: not judged


class _Rec:
    def __init__(self, index, payments, wins, dealer=0, error=None):
        self.index, self.payments, self.wins, self.dealer, self.error = index, payments, wins, dealer, error


def test_point_statistics_merge_in_any_order_and_count_what_they_say():
    recs = [_Rec(0, [6, -2, -2, -2], [{"seat": 0, "payments": [6, -2, -2, -2]}]),
            _Rec(1, [0, 0, 0, 0], [{"seat": 1, "payments": [0, 0, 0, 0]}], dealer=1),
            _Rec(2, [-9, 9, 0, 0], [{"seat": 1, "payments": [-9, 9, 0, 0]}]),
            _Rec(3, [0, 0, 0, 0], []),
            _Rec(4, [-9, 0, 9, 0], [{"seat": 2, "payments": [-9, 0, 9, 0]}]),
            _Rec(5, [], [], error={"game": 5})]
    whole = PointStats()
    for r in recs:
        whole.add(r)
    parts = [PointStats(), PointStats()]
    for r in recs:
        parts[r.index % 2].add(r)
    merged = parts[1].merge(parts[0]).to_dict()
    assert merged == whole.to_dict()
    d = whole.to_dict()
    assert (d["games"], d["wins"], d["zero_point_wins"], d["zero_point_games"]) == (5, 4, 1, 1)
    assert d["moved_sum"] == 6 + 9 + 9 and d["gain_sum"] == 24 and d["seat_sum"] == [-12, 7, 7, -2]
    assert (d["max_loss"], d["max_loss_game"]) == (9, 2)  # the first game with the largest loss
    assert d["dealer_sum"] == 6 + 0 - 9 - 9 + 0
    assert d["gain_histogram"] == {"0": 1, "6": 1, "9": 2}
    low, high = mean_interval(d["moved_sum"], d["moved_sq"], d["games"])
    assert low < d["moved_per_game"] < high


def test_simulate_keeps_the_engine_statistics_and_adds_points(workdir):
    """``dslgen simulate --json`` for a catalog file: the engine's statistics unchanged, ``points`` added."""
    from engine.simulation import run_chunk
    from dslgen.rulefile import load_rules
    from dslgen.simulation import chunks

    result = _run("simulate", CATALOG / "nanchang.yaml", "--games", "40", "--seed", "0", "--jobs", "1", "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    rules = load_rules(CATALOG / "nanchang.yaml").rules
    engine = None
    for start, stop in chunks(40):
        part = run_chunk(rules, 0, start, stop)
        engine = part if engine is None else engine.merge(part)
    expected = json.loads(json.dumps(engine.to_dict([f.name for f in rules.fans]), ensure_ascii=False))
    assert {k: v for k, v in payload.items() if k in expected} == expected
    assert payload["points"]["games"] == 40 and payload["points"]["wins"] == payload["wins"]


def test_tripling_the_discarder_payment_shows_in_the_statistics_diff(workdir):
    """The issue: a change that triples what a discarder pays read 「+0.0 在抽样误差内」; the money rows see it."""
    from dslgen.review.report import simulate_rules
    from dslgen.rulefile.yamlio import load_yaml_text

    text = (CATALOG / "hongzhong_laizi.yaml").read_text(encoding="utf-8")
    assert "discard_win_multiplier: 3" in text
    base = simulate_rules(load_yaml_text(text).data, games=200, seed=0, cache=False)
    cheap = simulate_rules(load_yaml_text(text.replace("discard_win_multiplier: 3", "discard_win_multiplier: 1")).data,
                           games=200, seed=0, cache=False)
    rows = {r["metric"]: r for r in stats_diff(base, cheap)}
    assert not rows["win_rate"]["significant"]  # who wins does not change …
    for metric in ("points_per_win", "points_per_game", "result_spread"):  # … what they are paid does
        row = rows[metric]
        assert row["significant"] and row["diff"] < 0 and row["ci_high"] < 0, row
    assert rows["max_loss"]["ci_low"] is None and rows["max_loss"]["note"] == "极值，没有区间"
    assert {f"seat_net:{i}" for i in range(4)} <= set(rows)


def test_simulate_prints_the_money_with_intervals(workdir):
    result = _run("simulate", CATALOG / "hongzhong_laizi.yaml", "--games", "24", "--jobs", "1")
    assert result.exit_code == 0
    for label in ("零分胡牌（赢家一分不得）", "每局易手的分数", "每次胡牌赢家得分", "各座位每局净输赢", "庄家每局净输赢",
                  "输赢离散度", "单局最大输分"):
        assert label in result.output, label
    assert "95% 区间" in result.output


def test_a_simulation_stored_before_the_points_says_so():
    from dslgen.review.present import points_rows, score_distribution

    old = {"ran": True, "games": 10, "fan_histogram": {"0": 3, "2": 7}}
    assert points_rows(old) == [("输赢统计", "没有：这份模拟结果早于输赢统计（重新生成草稿，或改动后重新判定才有）")]
    assert points_rows({"ran": False, "reason": "x"}) == []
    title, bars = score_distribution(old)
    assert title.startswith("每次胡牌的总番数（旧的模拟结果没有分数）") and bars == [("0", 3), ("2", 7)]
