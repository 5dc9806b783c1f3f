"""Issue 35 item 3 (and the report part of item 2): a rule file read back as a 玩法说明, by ``dslgen explain`` and
in the review report beside the designer's description; the README's 南昌 draft shows its payment defaults,
its point statistics and its rule sheet."""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.review.rulesheet import RuleSheet, render_html, render_markdown, render_text, rule_sheet
from dslgen.rulefile import load_rules
from dslgen.rulefile.yamlio import load_yaml_text

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "dsl-examples"
TITLES = ["概况", "牌", "发牌", "行牌", "胡牌", "番型", "结算", "算例"]


def _run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _data(name: str) -> dict:
    return load_yaml_text((CATALOG / f"{name}.yaml").read_text(encoding="utf-8")).data


@pytest.mark.parametrize("path", sorted(CATALOG.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_catalog_file_reads_back_with_every_section_and_every_fan(path):
    data = load_yaml_text(path.read_text(encoding="utf-8")).data
    sheet = rule_sheet(data, path_hint=str(path))
    # a file that flips tiles or declares table events (福州 金, 天津 混儿, 宁波 百搭) has one more section
    table = ["翻牌与牌桌事件"] if data.get("reveal") or data.get("table_events") else []
    assert [s.title for s in sheet.sections] == TITLES[:3] + table + TITLES[3:]
    fans = next(s for s in sheet.sections if s.title == "番型")
    declared = [(f["name"], f"{f.get('base_fan', 0)} 番") for f in data["fan_types"]]
    assert [(row[0], row[1]) for row in fans.rows] == declared
    assert RuleSheet.from_json(json.loads(json.dumps(sheet.to_json(), ensure_ascii=False))) == sheet
    text = render_text(sheet)
    assert f"{data['game']['name']} 玩法说明" in text and all(f"【{t}】" in text for t in TITLES)
    assert f"共 {load_rules(path).rules.deck_total} 张" in text


def test_values_exclusions_and_the_missing_base_win_are_spelled_out():
    sichuan = rule_sheet(_data("sichuan_xuezhan"), example=False)
    fans = {row[0]: row for row in next(s for s in sichuan.sections if s.title == "番型").rows}
    assert fans["金钩钓"][3] == "对对胡" and fans["清对"][2].startswith("（= 清一色 + 对对胡")
    win = next(s for s in sichuan.sections if s.title == "胡牌").lines
    assert "必须缺一门才能胡。" in win
    pays_nothing = Path(__file__).parent / "data" / "hongzhong_pays_nothing.yaml"
    sheet = rule_sheet(load_yaml_text(pays_nothing.read_text(encoding="utf-8")).data)
    fan_lines = next(s for s in sheet.sections if s.title == "番型").lines
    assert any("没有基本胡" in line for line in fan_lines)
    example = next(s for s in sheet.sections if s.title == "算例").lines
    assert any(line.startswith("番型：七对 2 番") for line in example)  # the paid win is a rare 七对
    only_quan_zhong = {**load_yaml_text(pays_nothing.read_text(encoding="utf-8")).data,
                       "fan_types": [{"name": "全中", "base_fan": 24}]}
    example = next(s for s in rule_sheet(only_quan_zhong).sections if s.title == "算例").lines
    assert example == ("模拟的前 64 局里没有一次给钱的胡牌，无法举例（见输赢检查）。",)
    # a catalog file with a fallback fan carries no such warning
    assert not any("没有基本胡" in line for s in rule_sheet(_data("nanchang"), example=False).sections for line in s.lines)


def test_the_worked_example_is_the_engines_own_settlement():
    from engine.simulation.games import replay_game

    sheet = rule_sheet(_data("hongzhong_laizi"), path_hint="hz.yaml")
    lines = next(s for s in sheet.sections if s.title == "算例").lines
    game = int(re.search(r"第 (\d+) 局", lines[0]).group(1))
    rec = replay_game(load_rules(CATALOG / "hongzhong_laizi.yaml").rules, 0, game)
    win = next(e for e in rec.events if e["type"] == "win")
    total = next(line for line in lines if line.startswith("本局合计"))
    assert [int(v) for v in re.findall(r"([+-]\d+)", total)] == rec.payments
    assert any(line.startswith("番型：") and f"合计 {win['fan_total']} 番" in line for line in lines)
    # 红中癞子 pays a discard win 番数 × 3: the formula is shown and agrees with the payment
    formula = next(line for line in lines if line.startswith("按结算规则"))
    amount = -min(win["payments"])
    assert f"= {amount}" in formula and ("点炮倍数 3" in formula or "自摸倍数 1" in formula)
    assert lines[-1] == f"整局过程：dslgen replay hz.yaml --seed 0 --game {game}"


def test_explain_command_formats_and_errors(tmp_path):
    path = CATALOG / "guangdong_jipinghu.yaml"
    text = _run("explain", path, "--no-example")
    assert text.exit_code == 0 and "【番型】" in text.output and "【算例】" not in text.output
    md = _run("explain", path, "--format", "markdown", "--no-example")
    assert md.exit_code == 0 and md.output.startswith("## 广东鸡平胡 玩法说明") and "| 番型 | 番数 |" in md.output
    out = tmp_path / "sheet.html"
    html = _run("explain", path, "--format", "html", "--out", out, "--no-example")
    assert html.exit_code == 0 and out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    as_json = json.loads(_run("explain", path, "--json", "--no-example").output)
    assert [s["title"] for s in as_json["sections"]] == TITLES[:-1]
    missing = _run("explain", tmp_path / "nope.yaml")
    assert missing.exit_code == 2 and "Traceback" not in missing.output
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: [\n", encoding="utf-8")
    bad = _run("explain", broken)
    assert bad.exit_code == 1 and "broken.yaml" in bad.output and "Traceback" not in bad.output


def test_rule_sheet_renderers_keep_text_inert():
    data = _data("erren")
    data["game"]["name"] = "<script>alert(1)</script>二人"
    sheet = rule_sheet(data, example=False)
    assert "<script>" not in render_html(sheet) and "&lt;script&gt;" in render_html(sheet)
    assert "<script>" not in render_markdown(sheet)


def _readme_description() -> str:
    spec = importlib.util.spec_from_file_location("readme_command", ROOT / ".ci" / "readme_command.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    first = module.quick_start_commands((ROOT / "README.md").read_text(encoding="utf-8"))[0]
    args = shlex.split(first.split("&&", 1)[1])
    assert args[:2] == ["dslgen", "new"]
    return args[2]


def test_the_readme_nanchang_draft_report_shows_money_and_rule_sheet(workdir, catalog):
    """Done-when of issue 35: payment defaults, point statistics and the 玩法说明 beside the description."""
    description = _readme_description()
    new = _run("new", description, "--provider", "offline", "--games", "120", "--jobs", "1", "--out",
               workdir / "draft", "--json")
    assert new.exit_code == 0, new.output
    summary = _run("new", description, "--provider", "offline", "--games", "120", "--jobs", "1", "--out",
                   workdir / "draft2")
    assert "影响输赢的规范默认值" in summary.output and "点炮倍数 = 3" in summary.output
    assert re.search(r"输赢：零分胡牌 0\.0%.*每局易手 [\d.]+ 分", summary.output)

    review = _run("review", workdir / "draft", "--catalog", catalog, "--jobs", "1", "--json",
                  "--markdown", workdir / "r.md", "--html", workdir / "r.html")
    assert review.exit_code == 0, review.output
    report = json.loads(review.stdout)
    fields = {r["field"]: r for r in report["payment_defaults"]}
    assert fields["scoring.discard_win_multiplier"]["value"] == 3
    assert report["gates"]["economics"]["status"] == "pass"
    metrics = {r["metric"] for r in report["stats_diff"]}
    assert {"points_per_game", "points_per_win", "zero_point_share", "result_spread", "max_loss"} <= metrics
    assert [s["title"] for s in report["rule_sheet"]["sections"]] == TITLES

    md = (workdir / "r.md").read_text(encoding="utf-8")
    assert "影响输赢的规范默认值" in md and "点炮倍数 = 3" in md
    assert re.search(r"\| 每局易手的分数 \| [\d.]+（95% 区间 [\d.]+ \\~ [\d.]+） \|", md)
    assert md.index("### 描述") < md.index("南昌麻将 玩法说明") < md.index("### 与基准的规则差异")

    html = (workdir / "r.html").read_text(encoding="utf-8")
    beside = html[html.index('id="description-and-sheet"'):]
    assert description[:20] in beside.split('<div class="col">')[1]
    assert "南昌麻将 玩法说明" in beside.split('<div class="col">')[2]
    assert 'aria-label="得分分布：每次胡牌赢家得分（分），纵轴为占胡牌比例"' in html
    assert "单局最大输分" in html and "输赢离散度" in html
