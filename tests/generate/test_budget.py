"""Issue 30 item 12: a cap on what model calls spend — tokens and estimated cost — per draft and per batch,
with a clear stop, a draft that says why it stopped, and the tokens a batch spent per variant and in total."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from dslgen.cli import cli

from .test_openai_http import WUHAN_DESC, _answer, _bad_yaml, _good_yaml

ROOT = Path(__file__).resolve().parents[2]


def _new(out: Path, *extra: str):
    result = CliRunner().invoke(cli, ["new", WUHAN_DESC, "--games", "4", "--jobs", "1", "--out", str(out), *extra])
    return result


def _result(out: Path) -> dict:
    return json.loads((out / "result.json").read_text(encoding="utf-8"))


def test_a_token_cap_stops_before_a_round_that_would_cross_it(fake_openai, isolated):
    """Round 1 spends 1,500 tokens and fails; round 2 would take about 1,800 more: with --max-tokens 2000
    it is not asked, and the draft and the summary say why."""
    fake_openai.script = [{"content": _answer(_bad_yaml())}, {"content": _answer(_good_yaml())}]
    result = _new(isolated / "d", "--max-tokens", "2000")
    assert result.exit_code == 1, result.output
    assert len(fake_openai.requests) == 1
    stored = _result(isolated / "d")
    assert stored["rounds"] == 1 and stored["usage"]["total_tokens"] == 1500
    assert stored["budget"]["max_tokens"] == 2000
    assert "超过上限 2000" in stored["budget"]["stopped"] and "第 1 轮后停止" in stored["budget"]["stopped"]
    assert "用量上限" in result.stdout and "超过上限 2000" in result.stdout
    fake_openai.script = [{"content": _answer(_bad_yaml())}, {"content": _answer(_good_yaml())}]
    roomy = _new(isolated / "e", "--max-tokens", "10000", "--json")
    assert roomy.exit_code == 0, roomy.output
    assert json.loads(roomy.stdout)["rounds"] == 2 and json.loads(roomy.stdout)["budget"]["stopped"] == ""


def test_a_cost_cap_uses_the_estimated_price(fake_openai, isolated):
    """gpt-4o-mini: round 1 costs about $0.00036; round 2 would take about $0.0004 more than a $0.0005 cap."""
    fake_openai.script = [{"content": _answer(_bad_yaml())}, {"content": _answer(_good_yaml())}]
    result = _new(isolated / "d", "--max-cost", "0.0005", "--json")
    assert result.exit_code == 1 and len(fake_openai.requests) == 1, result.output
    stopped = json.loads(result.stdout)["budget"]["stopped"]
    assert "$0.0005" in stopped and "第 1 轮后停止" in stopped


def test_an_endpoint_that_reports_no_usage_cannot_be_capped_so_the_loop_stops(fake_openai, isolated):
    fake_openai.script = [{"content": _answer(_bad_yaml()), "usage": (0, 0)}, {"content": _answer(_good_yaml())}]
    result = _new(isolated / "d", "--max-tokens", "100000", "--json")
    assert result.exit_code == 1 and len(fake_openai.requests) == 1, result.output
    assert "没有报告用量" in json.loads(result.stdout)["budget"]["stopped"]


def test_bad_caps_are_usage_errors(isolated):
    for extra in (["--max-tokens", "0"], ["--max-cost", "0"], ["--max-cost", "-1"]):
        result = _new(isolated / "d", "--provider", "offline", *extra)
        assert result.exit_code == 2 and "内部错误" not in result.output, (extra, result.output)
    assert not (isolated / "d").exists()


def test_a_batch_cap_is_shared_out_and_the_batch_reports_tokens(fake_openai, isolated):
    """--batch-max-tokens 2000 over two variants, one at a time: the first spends 1,500; the second's share
    (500) cannot pay for a first round of about 1,500, so it is not asked — its draft and row say why. The
    summary gives the tokens per variant and in total."""
    catalog = isolated / "catalog"
    shutil.copytree(ROOT / "dsl-examples", catalog)
    fake_openai.script = [{"content": _answer(_good_yaml())}, {"content": _answer(_good_yaml())}]
    result = CliRunner().invoke(cli, ["batch", "--catalog", str(catalog), "--only", "hongzhong_laizi,wuhan",
                                      "--provider", "openai", "--games", "4", "--out", str(isolated / "b"),
                                      "--max-model-calls", "1", "--batch-max-tokens", "2000", "--json"])
    assert result.exit_code == 1, result.output
    summary = json.loads(result.stdout)
    rows = {r["id"]: r for r in summary["variants"]}
    assert len(fake_openai.requests) == 1
    assert rows["hongzhong_laizi"]["tokens"]["total_tokens"] == 1500 and not rows["hongzhong_laizi"]["stopped"]
    assert rows["wuhan"]["tokens"]["total_tokens"] == 0 and "没有调用模型" in rows["wuhan"]["stopped"]
    assert summary["tokens"]["total_tokens"] == 1500 and summary["tokens"]["this_run"]["total_tokens"] == 1500
    assert summary["budget"]["batch_max_tokens"] == 2000
    wuhan = json.loads((isolated / "b" / "wuhan" / "draft" / "result.json").read_text(encoding="utf-8"))
    assert "没有调用模型" in wuhan["budget"]["stopped"]
    markdown = (isolated / "b" / "summary.md").read_text(encoding="utf-8")
    assert "| tokens |" in markdown and "合计 1500 tokens" in markdown
    text = CliRunner().invoke(cli, ["batch", "--catalog", str(catalog), "--only", "hongzhong_laizi,wuhan",
                                    "--provider", "openai", "--games", "4", "--out", str(isolated / "b"),
                                    "--max-model-calls", "1", "--batch-max-tokens", "2000"])
    assert "合计 1500 tokens" in text.stdout and "这次运行 0 tokens" in text.stdout, text.output


def test_a_spent_batch_cap_leaves_the_rest_not_regenerated(fake_openai, isolated):
    """The first variant's first round already spends the whole cap: the next is not regenerated, and its
    row says so (no done.json, so a rerun with a larger cap does it)."""
    catalog = isolated / "catalog"
    shutil.copytree(ROOT / "dsl-examples", catalog)
    fake_openai.script = [{"content": _answer(_good_yaml())}]
    result = CliRunner().invoke(cli, ["batch", "--catalog", str(catalog), "--only", "hongzhong_laizi,wuhan",
                                      "--provider", "openai", "--games", "4", "--out", str(isolated / "b"),
                                      "--max-model-calls", "1", "--batch-max-tokens", "1500", "--json"])
    rows = {r["id"]: r for r in json.loads(result.stdout)["variants"]}
    assert len(fake_openai.requests) == 1
    assert "上限已用完" in rows["wuhan"]["stopped"] and not (isolated / "b" / "wuhan" / "done.json").exists()
