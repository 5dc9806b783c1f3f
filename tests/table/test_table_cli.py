"""The table-event rule files through the tool: ``check`` at full coverage, ``hand`` with the revealed tiles,
``replay`` narration, and a short simulation with no errors (the 1,000-game runs are in the report)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli

RULES = Path(__file__).parent / "rules"
FILES = sorted(p.name for p in RULES.glob("*.yaml"))


def _run(*args: str):
    return CliRunner().invoke(cli, list(args))


def _hand(name: str, tiles: str, *extra: str) -> dict:
    result = _run("hand", str(RULES / name), tiles, "--json", *extra)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


@pytest.mark.parametrize("name", FILES)
def test_every_file_passes_check_at_full_coverage(name):
    result = _run("check", str(RULES / name), "--json")
    assert result.exit_code == 0, result.output
    entry = json.loads(result.output)[0]
    assert entry["adaptation"]["supported"] == entry["adaptation"]["total"]
    assert not entry["findings"], entry["findings"]


@pytest.mark.parametrize("name", FILES)
def test_every_file_plays_without_errors(name):
    result = _run("simulate", str(RULES / name), "--games", "40", "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.output)
    assert stats["error_count"] == 0 and stats["errors"] == [] and stats["completed"] == 40


def test_hand_reads_the_jin_from_revealed():
    # 16 tiles waiting on 9筒 plus the 金 (5筒): a win, the 金 standing for 9筒
    report = _hand("fuzhou_jin.yaml", "123m456m789m123s456s9p5p", "--revealed", "after_flowers=5p")
    assert report["win"] and "5筒" in report["wild_tiles"] and report["legal"]
    plain = _hand("fuzhou_jin.yaml", "123m456m789m123s456s9p5p")
    assert not plain["win"]


def test_hand_refuses_a_discard_win_after_a_discarded_jin():
    args = ("123m456m789m123s456s9p9p", "--revealed", "after_flowers=5p", "--from", "2")
    assert _hand("fuzhou_jin.yaml", *args)["legal"]
    refused = _hand("fuzhou_jin.yaml", *args, "--discards", "5p")
    assert not refused["legal"] and "tagged(金)" in refused["reason"]
    assert _hand("fuzhou_jin.yaml", "123m456m789m123s456s9p9p", "--revealed", "after_flowers=5p",
                 "--discards", "5p")["legal"]  # self-drawn


def test_hand_counts_a_named_kind_and_shows_an_instant_win():
    report = _hand("ningbo_kinds.yaml", "555m123s456s789p东东", "--revealed", "after_deal=4m", "--from", "1")
    assert {"name": "财神", "fan": 3} in [{k: f[k] for k in ("name", "fan")} for f in report["fans"]]
    dealt = _hand("ningbo_kinds.yaml", "中中中中123m456s789p1m", "--revealed", "after_deal=4m")
    assert dealt["instant"] == [{"name": "四红中", "at": "after_deal", "value": 8, "payments": [24, -8, -8, -8]}]


def test_hand_refuses_a_moment_the_file_does_not_flip_at():
    result = _run("hand", str(RULES / "fuzhou_jin.yaml"), "123m456m789m123s456s9p5p", "--revealed", "after_deal=5p")
    assert result.exit_code == 2 and "after_deal 不翻牌" in result.output


def test_replay_narrates_the_flips():
    result = _run("replay", str(RULES / "ningbo_kinds.yaml"), "--seed", "0", "--game", "1")
    assert result.exit_code == 0, result.output
    assert "翻牌（发牌后）" in result.output and "翻牌（牌局结束后）" in result.output
