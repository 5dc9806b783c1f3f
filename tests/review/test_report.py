"""The review report for a draft and a plain file: JSON, HTML and Markdown."""

from __future__ import annotations

import json
from html.parser import HTMLParser

from click.testing import CliRunner

from dslgen.cli import cli

VOID = {"meta", "br", "hr", "img", "input", "link", "line", "rect", "circle", "path", "polyline"}


class _Checker(HTMLParser):
    """Tracks open tags, external references and SVG charts."""

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.mismatched: list[tuple[str, str]] = []
        self.external: list[str] = []
        self.svgs = 0
        self.tags: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.svgs += tag == "svg"
        for name, value in attrs:
            if name in ("src", "href") and value and ("://" in value or value.startswith("//")):
                self.external.append(value)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        top = self.stack.pop() if self.stack else None
        if top != tag:
            self.mismatched.append((top, tag))


def test_draft_review_json_reports_exactly_the_two_changes(catalog, draft_factory, chi_variant):
    draft = draft_factory("sichuan_xuezhan", chi_variant, gaps=[{"text": "血流成河", "reason": "DSL 无法表达"}],
                          mapping=[{"section": "fan_types", "sentence": "清一色 4 番"}])
    result = CliRunner().invoke(cli, ["review", str(draft), "--catalog", str(catalog), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert sorted(report["semantic_changes"]) == ["可以吃：否 → 是", "清一色：2 番 → 4 番"]
    assert report["baseline"]["reason"] == "previous"
    assert report["verdict"] == "pass"
    assert report["gaps"][0]["text"] == "血流成河"
    fans = next(s for s in report["sections"] if s["section"] == "fan_types")
    assert fans["sentences"] == ["清一色 4 番"]
    assert "+  - {name: 清一色, base_fan: 4}" in report["yaml_diff"]
    metrics = {row["metric"]: row for row in report["stats_diff"]}
    assert {"win_rate", "draw_rate", "dealer_win_rate", "avg_fan"} <= set(metrics)
    draw = metrics["draw_rate"]
    assert draw["ci_low"] <= draw["diff"] <= draw["ci_high"]
    assert draw["significant"] == (draw["ci_low"] > 0 or draw["ci_high"] < 0)


def test_html_is_well_formed_self_contained_with_charts(catalog, draft_factory, chi_variant, workdir):
    draft = draft_factory("sichuan_xuezhan", chi_variant)
    html_path, md_path = workdir / "r.html", workdir / "r.md"
    result = CliRunner().invoke(cli, ["review", str(draft), "--catalog", str(catalog), "--html", str(html_path),
                                      "--markdown", str(md_path)])
    assert result.exit_code == 0, result.output
    assert "可以吃：否 → 是" in result.stdout
    html = html_path.read_text(encoding="utf-8")
    checker = _Checker()
    checker.feed(html)
    checker.close()
    assert checker.mismatched == [] and checker.stack == []
    assert checker.external == []
    assert "script" not in checker.tags and "link" not in checker.tags
    assert "@import" not in html and "url(" not in html
    assert checker.svgs >= 3  # fan frequency, score distribution, baseline vs draft
    assert "番型出现率" in html and "清一色：2 番 → 4 番" in html
    md = md_path.read_text(encoding="utf-8")
    assert "- 可以吃：否 → 是" in md and "| 流局率 |" in md


def test_plain_file_review_runs_the_gates_and_picks_a_similar_baseline(catalog, workdir):
    target = workdir / "my_variant.yaml"
    target.write_text((catalog / "hongzhong_laizi.yaml").read_text(encoding="utf-8").replace("id: hongzhong_laizi", "id: my_variant"),
                      encoding="utf-8")
    result = CliRunner().invoke(cli, ["review", str(target), "--catalog", str(catalog), "--games", "20", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["kind"] == "file"
    assert all(g["status"] == "pass" for g in report["gates"].values())
    assert report["simulation"]["games"] == 20
    assert report["baseline"]["id"] == "hongzhong_laizi" and report["baseline"]["reason"] == "similar"
    assert report["semantic_changes"] == []


def test_review_of_a_broken_file_fails_without_traceback(catalog, workdir):
    target = workdir / "bad.yaml"
    target.write_text("game: {name: x}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["review", str(target), "--catalog", str(catalog), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["gates"]["schema"]["status"] == "fail"
    assert report["gates"]["simulation"]["status"] == "skipped"
    assert "Traceback" not in result.output


def test_simulation_cache_ignores_meta_but_not_rules(workdir, monkeypatch, sichuan_text):
    import dslgen.simulation as simulation
    from dslgen.review.report import simulate_rules
    from dslgen.rulefile.yamlio import load_yaml_text

    calls = []
    real = simulation.run

    def counting(*args, **kwargs):
        calls.append(args[1:3])
        return real(*args, **kwargs)

    monkeypatch.setattr(simulation, "run", counting)
    data = load_yaml_text(sichuan_text).data
    first = simulate_rules(data, games=5, seed=3)
    stamped = {**data, "meta": {**data["meta"], "approval": {"status": "approved"}}}
    assert simulate_rules(stamped, games=5, seed=3) == first
    assert len(calls) == 1
    changed = {**data, "max_fan": 8}
    simulate_rules(changed, games=5, seed=3)
    simulate_rules(data, games=6, seed=3)
    assert len(calls) == 3


def test_stats_diff_intervals_and_dealer_advantage():
    from dslgen.review.stats_diff import dealer_advantage, newcombe, stats_diff

    low, high = newcombe(56, 70, 48, 80)  # Newcombe (1998), method 10: 0.0524 to 0.3339
    assert round(low, 4) == 0.0524 and round(high, 4) == 0.3339
    base = {"games": 1000, "completed": 1000, "wins": 800, "games_with_win": 800, "draws": 200, "draw_rate": 0.2,
            "seat_win_rate": [0.26, 0.18, 0.18, 0.18], "dealer_win_rate": 0.26,
            "fan_counts": {"清一色": 40, "七对": 10}, "self_draw_wins": 300}
    same = dict(base)
    more_draws = {**base, "wins": 600, "games_with_win": 600, "draws": 400, "draw_rate": 0.4,
                  "fan_counts": {"清一色": 30, "七对": 7}}
    assert round(dealer_advantage(base), 4) == 0.08
    rows = {r["metric"]: r for r in stats_diff(base, same)}
    assert not any(r["significant"] for r in rows.values())
    rows = {r["metric"]: r for r in stats_diff(base, more_draws)}
    assert rows["draw_rate"]["significant"] and rows["draw_rate"]["note"] == "超出抽样误差"
    assert rows["draw_rate"]["ci_low"] > 0.15 and rows["draw_rate"]["ci_high"] < 0.25
    assert not rows["fan:清一色"]["significant"]  # 5.0% of wins in both


def test_against_overrides_the_baseline(catalog, draft_factory, chi_variant):
    draft = draft_factory("sichuan_xuezhan", chi_variant, simulate=False)
    result = CliRunner().invoke(cli, ["review", str(draft), "--catalog", str(catalog), "--against",
                                      str(catalog / "hongzhong_laizi.yaml"), "--json"])
    report = json.loads(result.stdout)
    assert report["baseline"]["reason"] == "against" and report["baseline"]["id"] == "hongzhong_laizi"
    assert "癞子：红中（固定） → 无" in report["semantic_changes"]
    assert report["stats_diff"] == []  # the draft has no simulation to compare
