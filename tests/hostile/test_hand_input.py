"""``dslgen hand`` under hostile input (issue 19 items 5 and 22, issue 12 item 7).

- ``--batch``: a bad line (bad notation, a tile the deck lacks, unclosed quote, bytes that are not UTF-8,
  even a defect inside dslgen) costs only that line: every other line is still scored, the bad one is an
  error object with its line number and hint (and a ``file:line`` message on stderr), exit 1.
- The deck: a tile the rule file's deck does not hold, or more copies than it holds, is refused with a
  message naming the tile and the deck; flowers are never dropped without a word.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli

CATALOG = Path(__file__).resolve().parents[2] / "dsl-examples"
SICHUAN, GUOBIAO, GUANGDONG, WUHAN = (str(CATALOG / f) for f in (
    "sichuan_xuezhan.yaml", "guobiao.yaml", "guangdong_jipinghu.yaml", "hongzhong_laizi.yaml"))
GOOD = f"{GUOBIAO} 19m19s19p东南西北中发白白"


def run(*args):
    return CliRunner().invoke(cli, ["hand", *map(str, args)])


def _batch(tmp_path, data: bytes):
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    return path


def test_batch_a_bad_line_costs_only_itself(tmp_path):
    lines = [
        GOOD.encode(),                                            # 1 ok
        f"{GUOBIAO} 19m19s19p东南西北中发白[/red]".encode(),        # 2 bad notation (and markup)
        f"{SICHUAN} 123m456m789m123s东东".encode(),                 # 3 a tile the deck lacks
        f"{SICHUAN} 123m456m789m123s55s".encode(),                # 4 ok
        f"{SICHUAN} ".encode() + b"\xed\xa0\x80 \xff",            # 5 not UTF-8 (an encoded surrogate)
        f"{GUOBIAO} 19m19s19p东南西北中发白白 'unclosed".encode(),   # 6 shlex error
        b"/no/such/rules.yaml 123m",                              # 7 unreadable rules
        f"{WUHAN} 123m456m789m234m5m中 --win 5m --from 2".encode(),  # 8 ok
    ]
    path = _batch(tmp_path, b"\n".join(lines) + b"\n")
    result = CliRunner().invoke(cli, ["hand", "--batch", str(path)])
    assert result.exit_code == 1
    out = [json.loads(x) for x in result.stdout.splitlines()]
    assert [o["line"] for o in out] == list(range(1, 9))
    ok = {o["line"] for o in out if "error" not in o}
    assert ok == {1, 4, 8}
    assert out[0]["win"] is True and out[3]["win"] is True and out[7]["total"] == 8
    for o in out:
        if "error" in o:
            assert set(o) == {"line", "error", "where", "hint"} and o["hint"]
            assert o["where"].startswith(f"{path}:{o['line']}")
    assert "东 不在这副牌里" in out[2]["error"] and "四川血战到底" in out[2]["error"]
    assert "UTF-8" in out[4]["error"]
    # people get a file:line message and its hint for each bad line, and a count
    for n in (2, 3, 5, 6, 7):
        assert f"{path}:{n}: " in result.stderr
    assert "提示：" in result.stderr and "共 8 手，5 行有错" in result.stderr
    assert "Traceback" not in result.output


def test_batch_json_is_one_document_with_every_line(tmp_path):
    path = _batch(tmp_path, f"{GOOD}\n# comment\n\n{SICHUAN} 1m --win\n{GOOD}\n".encode())
    result = CliRunner().invoke(cli, ["hand", "--batch", str(path), "--json"])
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["file"] == str(path) and doc["ok"] == 2 and doc["failed"] == 1
    assert [r["line"] for r in doc["results"]] == [1, 4, 5]
    assert doc["results"][1]["error"] and doc["results"][1]["hint"]
    assert doc["results"][0] == doc["results"][2] | {"line": 1}
    clean = _batch(tmp_path, f"{GOOD}\n{GOOD}\n".encode())
    result = CliRunner().invoke(cli, ["hand", "--batch", str(clean), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["failed"] == 0


def test_batch_survives_a_defect_on_one_line(tmp_path, monkeypatch):
    import dslgen.handreport.shape as handinfo

    real = handinfo.hand_report

    def flaky(rule_file, tiles, *args, **kwargs):
        if tiles.startswith("111"):
            raise ZeroDivisionError("planted")
        return real(rule_file, tiles, *args, **kwargs)

    monkeypatch.setattr(handinfo, "hand_report", flaky)
    path = _batch(tmp_path, f"{GOOD}\n{SICHUAN} 1112345678999m\n{GOOD}\n".encode())
    result = CliRunner().invoke(cli, ["hand", "--batch", str(path)])
    out = [json.loads(x) for x in result.stdout.splitlines()]
    assert [("error" in o) for o in out] == [False, True, False] and result.exit_code == 1
    assert "ZeroDivisionError" in out[1]["error"] and "缺陷" in out[1]["hint"]


@pytest.mark.parametrize("args,tile,deck", [
    ([SICHUAN, "123m456m789m123s东东"], "东", "没有字牌"),
    ([SICHUAN, "123m456m789m55s", "--melds", "pung:东"], "东", "没有字牌"),
    ([SICHUAN, "123m456m789m123s55s春夏"], "春", "没有花牌"),
    ([WUHAN, "123m456m789m123s5s发"], "发", "没有字牌"),  # 武汉's deck adds 红中 only
    ([SICHUAN, "11111m234m567m99s"], "1万", "只有 4 张"),
    ([SICHUAN, "11m234m567m99s", "--melds", "kong:1m"], "1万", "只有 4 张"),
    ([GUOBIAO, "123m456m789m123s55s春", "--flowers", "春"], "春", "只有 1 张"),
    ([GUOBIAO, "123m456m789m123s55s春春"], "春", "只有 1 张"),
])
def test_tiles_the_deck_lacks_are_refused(args, tile, deck):
    result = run(*args)
    assert result.exit_code == 1, result.output
    assert tile in result.output and deck in result.output and "牌库" in result.output
    assert "Traceback" not in result.output


def test_flowers_option_in_a_deck_without_flowers_is_refused():
    for tiles in ("123m456m789m123s55s", "123m456m789m123s5s"):  # a win and a ready hand
        result = run(SICHUAN, tiles, "--flowers", "2")
        assert result.exit_code == 1 and "没有花牌" in result.output and "--flowers" in result.output


def _plain(fans: list[dict]) -> list[dict]:
    """Fan entries without the definition each one carries."""
    return [{k: v for k, v in f.items() if k != "definition"} for f in fans]


def test_flowers_are_scored_where_the_rules_score_them():
    result = run(GUOBIAO, "123m456m789m123s55s春夏", "--json")
    report = json.loads(result.stdout)
    assert report["flowers"] == "春夏" and report["notes"] == []
    assert {"name": "花牌", "fan": 2, "times": 2} in _plain(report["fans"])
    both = json.loads(run(GUOBIAO, "123m456m789m123s55s春", "--flowers", "2", "--json").stdout)
    assert len(both["flowers"]) == 3 and {"name": "花牌", "fan": 3, "times": 3} in _plain(both["fans"])
    text = run(GUOBIAO, "123m456m789m123s55s春夏").output
    assert "花牌：春夏" in text and "花牌×2" in text
    gd = json.loads(run(GUANGDONG, "123m456m789m123s55s春梅", "--json").stdout)
    assert gd["flowers"] == "春梅" and any(b["name"].startswith("花牌") for b in gd["bonuses"])
    ready = json.loads(run(GUANGDONG, "123m456m789m123s5s春", "--json").stdout)
    assert ready["flowers"] == "春" and ready["notes"]


def test_flowers_the_rules_do_not_score_are_reported(tmp_path):
    text = Path(GUOBIAO).read_text(encoding="utf-8")
    unscored = tmp_path / "no_flower_fan.yaml"
    unscored.write_text("\n".join(line for line in text.splitlines() if "name: 花牌, base_fan" not in line),
                        encoding="utf-8")
    result = run(unscored, "123m456m789m123s55s春夏")
    assert result.exit_code == 0
    assert "花牌：春夏" in result.output and "注意：花牌 春夏 不计分" in result.output
    report = json.loads(run(unscored, "123m456m789m123s55s春夏", "--json").stdout)
    assert report["flowers"] == "春夏" and "不计分" in report["notes"][0]
    assert all("花牌" not in f["name"] for f in report["fans"])
