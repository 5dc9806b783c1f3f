"""Issue 35 item 7: the small things users trip on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "dsl-examples"


def _run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_a_catalog_id_works_where_a_path_is_expected(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DSLGEN_CATALOG", raising=False)
    by_id = _run("hand", "sichuan_xuezhan", "123m456m789m234p55p", "--json")
    by_path = _run("hand", CATALOG / "sichuan_xuezhan.yaml", "123m456m789m234p55p", "--json")
    assert by_id.exit_code == 0, by_id.output
    strip = lambda out: {k: v for k, v in json.loads(out).items() if k not in ("file", "rules")}  # noqa: E731
    assert strip(by_id.stdout) == strip(by_path.stdout)
    sim = _run("simulate", "nanchang", "--games", "4", "--jobs", "1", "--json")
    assert sim.exit_code == 0 and json.loads(sim.stdout)["games"] == 4
    (tmp_path / "nanchang").write_text("a: [", encoding="utf-8")  # a real file by that name wins
    assert _run("simulate", "nanchang", "--games", "4").exit_code == 1
    missing = _run("simulate", "nanchangx", "--games", "4")
    assert missing.exit_code == 2 and "nanchangx" in missing.output and "Traceback" not in missing.output


def test_z_notation_for_honors():
    from dslgen.handreport.notation import honors_from_z

    assert honors_from_z("19m19s19p1234567z1m") == "19m19s19p东南西北白发中1m"
    thirteen = _run("hand", CATALOG / "guobiao.yaml", "19m19s19p1234567z1m", "--json")
    spelled = _run("hand", CATALOG / "guobiao.yaml", "19m19s19p东南西北中发白1m", "--json")
    assert thirteen.exit_code == 0 and json.loads(thirteen.stdout)["fans"] == json.loads(spelled.stdout)["fans"]
    bad = _run("hand", CATALOG / "guobiao.yaml", "19m19s19p1234568z1m")
    assert bad.exit_code != 0 and "1-7" in bad.output and "Traceback" not in bad.output


def test_replay_html_writes_the_page_only_and_names_the_file(tmp_path):
    page = tmp_path / "g.html"
    result = _run("replay", CATALOG / "nanchang.yaml", "--seed", "0", "--game", "1", "--html", page)
    assert result.exit_code == 0
    assert result.output.count("\n") == 1 and "HTML 页面已写入" in result.output  # no text replay dumped
    text = page.read_text(encoding="utf-8")
    assert f"复现：dslgen replay {CATALOG / 'nanchang.yaml'} --seed 0 --game 1" in text and "规则文件 --seed" not in text


def test_assumptions_show_enum_values_in_words_and_the_template_by_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    result = _run("new", "南昌麻将：可以吃碰杠，屁胡1番，七对2番。", "--provider", "offline", "--games", "10", "--jobs", "1")
    assert "番数叠加方式 = 所有成立的番型番数相乘（卡五星“各番相乘”" in result.output and "（multiply）" in result.output  # 南昌 倍々
    assert "起草时参照的目录玩法「南昌麻将」（nanchang）" in result.output and "模板玩法" not in result.output


def test_a_weakly_similar_variant_is_no_baseline(tmp_path):
    from dslgen.review.baseline import MIN_SIMILARITY, RuleDoc, find_baseline

    def doc(id_: str, description: str) -> RuleDoc:
        return RuleDoc(tmp_path / f"{id_}.yaml", "", {"meta": {"id": id_, "description": description}})

    assert find_baseline(doc("tuidaohu", "推倒胡，能吃能碰。"), CATALOG) is None
    family = find_baseline(doc("guangdong", "广东鸡平胡：136张牌，可以吃碰杠，鸡胡1番，碰碰胡2番。"), CATALOG)
    assert family.reason == "family" and family.doc.id == "guangdong_jipinghu"
    from dslgen.rulefile.yamlio import load_yaml_text

    described = load_yaml_text((CATALOG / "hongzhong_laizi.yaml").read_text(encoding="utf-8")).data["meta"]["description"]
    close = find_baseline(doc("my_variant", described), CATALOG)
    assert close.reason == "similar" and close.similarity >= MIN_SIMILARITY


def test_help_summaries_are_not_truncated(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    listing = _run("--help").output.split("命令:", 1)[1]
    from dslgen.cli import summary_line

    assert "..." not in listing
    assert "生成求解器随包发布的数据表" in listing and summary_line(cli.commands["approve"].help).endswith("批准记录。")


def test_config_show_prints_the_actual_defaults(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    for name in ("OPENAI_API_KEY", "DSLGEN_CATALOG", "DSLGEN_GAMES", "DSLGEN_JOBS"):
        monkeypatch.delenv(name, raising=False)
    settings = {s["key"]: s for s in json.loads(_run("config", "show", "--json").stdout)["settings"]}
    assert settings["games"]["default"] == str(cli.commands["new"].params[
        [p.name for p in cli.commands["new"].params].index("games")].default) == "1000"
    assert settings["jobs"]["default"] == "auto（batch 为 1）"
    assert settings["timeout"]["default"] == "60" and settings["structured_output"]["default"] == "auto"
    assert settings["provider"]["default"].startswith("offline")
    assert Path(settings["catalog"]["default"]) == CATALOG.resolve()
    text = _run("config", "show").output
    assert "命令的默认值" not in text and "Sentinel" not in text and "auto（batch 为 1）（默认）" in text
    monkeypatch.setenv("OPENAI_API_KEY", "sk-x")
    settings = {s["key"]: s for s in json.loads(_run("config", "show", "--json").stdout)["settings"]}
    assert settings["provider"]["default"].startswith("openai") and "sk-x" not in json.dumps(settings)


def test_drafts_list_and_clean(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    for name, text in (("good", "南昌麻将：可以吃碰杠，屁胡1番，七对2番。"), ("bad", "红中麻将：红中当癞子。番型：抢杠胡2番，七对2番，全中24番。")):
        _run("new", text, "--provider", "offline", "--games", "60", "--jobs", "1", "--out", tmp_path / ".dslgen" / "drafts" / name)
    (tmp_path / ".dslgen" / "drafts" / "abandoned").mkdir()
    (tmp_path / ".dslgen" / "drafts" / "abandoned" / ".reserved-999999999").touch()  # a process long gone
    rows = {r["name"]: r for r in json.loads(_run("drafts", "list", "--json").stdout)}
    assert rows["good"]["verdict"] == "pass" and rows["good"]["title"] == "南昌麻将"
    assert rows["bad"]["verdict"] == "fail"
    text = _run("drafts", "list").output
    assert "good" in text and "未通过" in text
    dry = json.loads(_run("drafts", "clean", "--failed", "--dry-run", "--json").stdout)
    assert dry["dry_run"] and [Path(p).name for p in dry["removed"]] == ["bad"]
    assert (tmp_path / ".dslgen" / "drafts" / "bad").is_dir()
    done = json.loads(_run("drafts", "clean", "--failed", "--json").stdout)
    assert sorted(Path(p).name for p in done["removed"]) == ["abandoned", "bad"]
    assert sorted(p.name for p in (tmp_path / ".dslgen" / "drafts").iterdir()) == ["good"]
    assert json.loads(_run("drafts", "clean", "--json").stdout)["removed"] == []


def test_thirteen_tiles_say_what_each_wait_would_score():
    result = _run("hand", CATALOG / "guobiao.yaml", "123m456m789s23p55p", "--json")
    report = json.loads(result.stdout)
    scores = {w["tile"]: w for w in report["wait_scores"]}
    assert list(scores) == report["waits"] == ["1p", "4p"]
    one = json.loads(_run("hand", CATALOG / "guobiao.yaml", "123m456m789s23p55p1p", "--win", "1p", "--json").stdout)
    assert scores["1p"]["fans"] == one["fans"] and scores["1p"]["gain"] == one["payments"][0] > 0
    assert scores["4p"]["legal"] is False and "8" in scores["4p"]["reason"]  # 7 番 under 国标's 8
    text = _run("hand", CATALOG / "guobiao.yaml", "123m456m789s23p55p").output
    assert "胡 1p：花龙 8" in text and "胡 4p：" in text and "不能胡" in text
