"""Issue 35 item 8: the report says the statistics come from bots, what they do and how they differ from
people, and the reviewer chooses the bot for a report (``review --bot``)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.review.bots import DIFFERENCE, HOW


def _run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_every_engine_bot_is_worded_for_a_reviewer():
    from engine.simulation import BOTS

    assert set(BOTS) <= set(HOW)


def test_the_report_names_the_bots_and_the_reviewer_chooses_them(catalog, workdir):
    path = catalog / "hongzhong_laizi.yaml"
    greedy = json.loads(_run("review", path, "--catalog", catalog, "--games", "30", "--jobs", "1", "--json").stdout)
    assert greedy["simulation"]["bot"] == "greedy" and greedy["about_bots"]["bot"] == "greedy"
    assert greedy["about_bots"]["how"].startswith("统计来自 30 局机器人对局") and "greedy（默认）" in greedy["about_bots"]["how"]
    assert greedy["about_bots"]["difference"] == DIFFERENCE and "流局比真人少" in DIFFERENCE
    md = workdir / "r.md"
    mixed = _run("review", path, "--catalog", catalog, "--games", "30", "--jobs", "1", "--bot", "mix", "--json",
                 "--markdown", md)
    report = json.loads(mixed.stdout)
    assert report["simulation"]["bot"] == "mix" and report["about_bots"]["how"].count("mix：") == 1
    assert report["simulation"] != greedy["simulation"]  # other players, other games
    assert "### 关于模拟" in md.read_text(encoding="utf-8")


def test_a_draft_simulated_by_greedy_is_simulated_again_for_another_bot(catalog, workdir, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    new = _run("new", "红中麻将：红中当癞子，可以碰杠，平胡1番，七对2番。", "--provider", "offline", "--games", "24",
               "--jobs", "1", "--out", workdir / "draft", "--json")
    assert new.exit_code in (0, 1), new.output
    report = json.loads(_run("review", workdir / "draft", "--catalog", catalog, "--jobs", "1", "--bot", "random",
                             "--json").stdout)
    assert report["simulation"]["bot"] == "random" and report["simulation"]["games"] == 24
    assert any("--bot random" in note for note in report["notes"])
