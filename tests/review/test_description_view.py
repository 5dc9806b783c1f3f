"""The review opens with contradictions and assumptions, then each sentence beside the rules it became."""

from __future__ import annotations

import copy

from dslgen.generate.pipeline import NewOptions, run_new
from dslgen.review.render_markdown import render_markdown
from dslgen.review.report import build_report
from dslgen.rulefile.yamlio import dump_yaml, load_yaml_file

TEXT = "杭州麻将，136张牌，不要花牌。可以吃、碰、杠，只能自摸胡。平胡1台，碰碰胡2台，七对子2台，清一色3台，封顶10台。庄家多算一台。"


def test_review_opens_with_contradictions_and_assumptions(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run_new(NewOptions(description=TEXT, provider="offline", games=5, jobs=1, out=str(tmp_path / "d")))
    assert result["verdict"] == "pass", result["consistency"]
    # a reviewer (or a model) edits the draft against its description: 清一色 3 → 5
    path = tmp_path / "d" / f"{result['id']}.yaml"
    data = copy.deepcopy(load_yaml_file(path).data)
    for row in data["fan_types"]:
        if row["name"] == "清一色":
            row["base_fan"] = 5
    path.write_text(dump_yaml(data), encoding="utf-8")
    report = build_report(tmp_path / "d", catalog=tmp_path / "none", games=5)
    assert report["gates"]["consistency"]["status"] == "fail" and report["verdict"] == "fail"
    [contradiction] = report["contradictions"]
    assert contradiction["sentence"] == "清一色3台" and contradiction["described"] == "3" and contradiction["drafted"] == "5"
    assert {r["label"] for r in report["assumptions"]} >= {"番数叠加方式"}
    rows = {r["sentence"]: r for r in report["sentence_rows"]}
    assert rows["封顶10台"]["rules"] == [{"field": "max_fan", "label": "封顶", "value": "10"}]
    assert rows["庄家多算一台"]["status"] == "gapped" and "dealer_multiplier" in rows["庄家多算一台"]["gaps"][0]
    md = render_markdown(report)
    first = md.index("与描述矛盾")
    assert first < md.index("假设的取值") < md.index("描述的句子与它变成的规则") < md.index("### 描述\n")
    assert "| 封顶10台 | 已落实 | 封顶 = 10 |" in md
    # the contradicted sentence and the assumed values are description/model text: inert in Markdown
    hostile = copy.deepcopy(report)
    hostile["contradictions"][0]["sentence"] = "<script>x</script>![t](http://e.invalid/p.png)"
    hostile["assumptions"][0]["shown"] = "<img src=x onerror=alert(1)>"
    md = render_markdown(hostile)
    for raw in ("<script", "<img", "![t]("):
        assert raw not in md, raw


def test_a_plain_catalog_file_is_judged_against_its_description():
    report = build_report("dsl-examples/sichuan_xuezhan.yaml", games=5)
    assert report["gates"]["consistency"]["status"] == "pass"
    assert report["coverage"]["unhandled"] == 0 and report["coverage"]["carried"] > 20
