"""Catalog files against the published rule pages they cite (issue 28).

Each listed file names its source in ``meta.notes`` (出处), the readings it takes where regions differ (读法) and
every published rule it cannot state, with the mechanism that is missing (缺口 … 需要 …). The worked hands of
those sources (``published_hands.txt``) are scored with ``dslgen hand --batch``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from dslgen.cli import cli

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "dsl-examples"
HANDS = Path(__file__).with_name("published_hands.txt")

#: the catalog files checked against a published page in issue 28
SOURCED = ("guangdong_jipinghu", "nanchang", "sichuan_xuezhan", "sichuan_xueliu", "wuhan", "zung_jung", "hongkong", "hefei")
_SITE = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|info|live|au|jp|cn)\b")


def _notes(name: str) -> str:
    data = YAML(typ="safe").load((CATALOG / f"{name}.yaml").read_text(encoding="utf-8"))
    return str((data.get("meta") or {}).get("notes") or "")


@pytest.mark.parametrize("name", SOURCED)
def test_file_cites_its_source(name):
    notes = _notes(name)
    assert notes.startswith("出处："), "meta.notes 应以“出处：”开头"
    source = notes.split("。")[0]
    assert _SITE.search(source) or "Wikipedia" in source, f"出处没有网址：{source}"


@pytest.mark.parametrize("name", SOURCED)
def test_every_gap_names_the_missing_mechanism(name):
    notes = _notes(name)
    if "缺口" not in notes:
        pytest.skip("这份文件的改动只是读法")
    gaps = notes.split("缺口", 1)[1]
    if gaps.lstrip("：（").startswith("无"):
        return
    items = [part.strip() for part in gaps.split("：", 1)[1].split("；") if part.strip()]
    assert items, "缺口应逐条编号"
    for number, item in enumerate(items, 1):
        assert item.startswith(f"{number} "), f"缺口第 {number} 条的编号不对：{item}"
        assert "需要" in item or "核" in item, f"缺口没有说明缺什么（或未能核对）：{item}"


def _expectations() -> dict[int, dict[str, str]]:
    """Line number of each hand -> what the ``# expect:`` line just above it says."""
    out, pending = {}, None
    for number, line in enumerate(HANDS.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("# expect:"):
            pending = dict(part.split("=") for part in line.removeprefix("# expect:").split())
        elif line.strip() and not line.startswith("#"):
            assert pending is not None, f"第 {number} 行的手牌前没有 # expect: 行"
            out[number], pending = pending, None
    return out


def test_published_worked_hands_score_as_the_sources_say(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["hand", "--batch", str(HANDS), "--json"])
    assert result.exit_code in (0, 1), result.output
    results = {r["line"]: r for r in json.loads(result.output)["results"]}
    expected = _expectations()
    assert len(expected) >= 17 and set(expected) == set(results)
    for number, want in expected.items():
        got = results[number]
        assert "error" not in got, (number, got)
        assert got["legal"] is (want["legal"] == "yes"), (number, got.get("reason"), got["fans"])
        if "total" in want:
            assert got["total"] == int(want["total"]), (number, got["fans"], got["total"])


def test_nanchang_lets_only_the_nearest_claimant_win():
    data = YAML(typ="safe").load((CATALOG / "nanchang.yaml").read_text(encoding="utf-8"))
    play = next(p for p in data["phases"] if p["type"] == "mahjong_turn")
    assert play["sub_phases"]["others_reaction"]["priority_policy"] == "highest_wins"  # 头跳
