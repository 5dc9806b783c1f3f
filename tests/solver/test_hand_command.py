"""``dslgen hand`` on the catalog's 四川血战, 国标 and 武汉 files: single and --batch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli

CATALOG = Path(__file__).resolve().parents[2] / "dsl-examples"
SICHUAN, GUOBIAO, WUHAN = (str(CATALOG / f) for f in ("sichuan_xuezhan.yaml", "guobiao.yaml", "hongzhong_laizi.yaml"))


def run(*args):
    return CliRunner().invoke(cli, ["hand", *map(str, args)])


def report(*args):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# (rules, tiles, extra args, win, shape)
CASES = [
    (SICHUAN, "1111m2233p4455p66p", [], True, "seven_pairs"),  # 龙七对: a quad is two pairs
    (GUOBIAO, "1111m2233p4455p66p", [], True, "seven_pairs"),
    (SICHUAN, "19m19s19p12345789m", [], False, None),  # 四川 has no honors: 十三幺 cannot even be written
    (GUOBIAO, "19m19s19p东南西北中发白白", [], True, "thirteen_orphans"),
    (GUOBIAO, "147m258s369p东南西北中", [], True, "honors_knitted"),  # 全不靠
    (GUOBIAO, "47m258s36p东南西北中发白", [], True, "honors_knitted"),  # 七星不靠
    (GUOBIAO, "147m258s369p123m55p", [], True, "knitted_straight"),  # 组合龙 + chow + pair
    (GUOBIAO, "147m258s369p55p", ["--melds", "chi:123m"], True, "knitted_straight"),
    (SICHUAN, "123m456m789m111p55p", [], True, "standard"),
    (SICHUAN, "123m456m789m111p5p6s", [], False, None),
    (WUHAN, "123m456m789m111p55p", [], True, "standard"),  # 5 is a 2/5/8 pair
    (WUHAN, "123m456m789m111p33p", [], False, None),  # 3 is not
    (WUHAN, "123m456m789m111p3p中", [], False, None),  # 3p + 红中 is no 2/5/8 pair
    (WUHAN, "123m456m789m111p5p中", [], True, "standard"),  # 红中 stands for the 5p of the pair
    (WUHAN, "123m456m789m11p中中中", [], True, "standard"),
    (WUHAN, "123m456m789m3p*", ["--melds", "pung:9s"], False, None),  # 癞 + 3p would be a 33p pair
    (WUHAN, "123m456m789m5p*", ["--melds", "pung:9s"], True, "standard"),  # 癞 + 5p: a 55p pair
]


@pytest.mark.parametrize("rules,tiles,extra,win,shape", CASES)
def test_catalog_hands(rules, tiles, extra, win, shape):
    r = report(rules, tiles, *extra)
    assert r["win"] is win, r
    assert r["shape"] == shape
    assert r["waits"] is None
    assert (r["shanten"] == -1) == win
    assert bool(r["decompositions"]) == win
    for d in r["decompositions"]:
        assert d["shape"] in r["shapes"]


def test_wuhan_wild_pair_is_258():
    r = report(WUHAN, "123m456m789m3p*", "--melds", "pung:9s")
    assert r["win"] is False and r["shanten"] == 0
    assert r["shanten_by_shape"] == {"standard": 0}
    r = report(WUHAN, "123m456m789m3p中", "--melds", "pung:9s", "--win", "3p")
    assert r["win"] is False  # 红中 is wild under the 武汉 rules, like 癞
    r = report(GUOBIAO, "123m456m789m3p中", "--melds", "pung:东")
    assert r["win"] is False and r["wilds"] == 0  # no wild tiles in 国标: 中 is just a tile


def test_guobiao_knitted_straight():
    r = report(GUOBIAO, "147m258s369p123m55p")
    assert r["shapes"] == ["knitted_straight"]
    groups = r["decompositions"][0]["groups"]
    assert {"kind": "knitted", "label": "组合龙", "tiles": "147m258s369p", "wilds": "", "exposed": False} in groups


def test_ready_hand_waits_and_shanten():
    r = report(SICHUAN, "1112345678999m")  # 九莲宝灯: waits on every 万
    assert r["waits"] == [f"{i}m" for i in range(1, 10)]
    assert r["shanten"] == 0 and r["shanten_by_shape"]["standard"] == 0
    r = report(WUHAN, "123m456m789m22s中中")  # two wild tiles: any real tile completes it
    assert "中" not in r["waits"] and len(r["waits"]) == 33
    r = report(GUOBIAO, "147m258s369p东南西北")  # 全不靠 ready on 中 发 白
    assert r["waits"] == ["中", "发", "白"]
    assert r["shanten_by_shape"]["honors_knitted"] == 0


def test_win_tile_and_wilds_reported():
    r = report(WUHAN, "123m456m789m11p中中中", "--win", "1m")
    assert r["win_tile"] == "1万" and r["wilds"] == 3 and r["wild_tiles"] == ["中", "癞"]
    assert all(len(d["substitutions"]) >= 3 for d in r["decompositions"])


def test_text_output_is_chinese():
    result = run(GUOBIAO, "19m19s19p东南西北中发白白")
    assert result.exit_code == 0
    assert "和牌：是（十三幺）" in result.output and "向听数：-1" in result.output


@pytest.mark.parametrize("args,words", [
    ([SICHUAN, "123q"], "第 4 个字符 'q'"),
    ([SICHUAN, "123m456m789m111p5"], "第 17 个字符 '5'"),
    ([SICHUAN, "123m456m789m111p55p", "--melds", "zap:1m"], "副露"),
    ([SICHUAN, "123m456m789m111p55p", "--win", "7s"], "不在手牌中"),
    ([SICHUAN, "123m456m789m1111p55p"], "不是 13 或 14 张"),
    ([SICHUAN, "11111m456m789m11p55p"[:-3]], "写了 5 张"),
    ([SICHUAN, "123m456m789m111p*"], "没有癞子"),
])
def test_bad_notation_exits_1_with_position(args, words):
    result = run(*args)
    assert result.exit_code == 1, result.output
    assert words in result.output
    assert "Traceback" not in result.output


def test_usage_errors_exit_2():
    assert run().exit_code == 2
    assert run("--batch", "/nonexistent/batch.txt").exit_code == 2


def test_batch_prints_one_object_per_line_in_order(tmp_path):
    lines = [
        f"{GUOBIAO} 19m19s19p东南西北中发白白",
        "# comment lines and blank lines are skipped",
        "",
        f'{WUHAN} "123m 456m 789m 2s 中" --melds chi:345s --win 2s',
        f"{SICHUAN} 1112345678999m",
        f"{SICHUAN} 12y",
        f"{SICHUAN} 19m19s19p12345789m",
    ]
    batch = tmp_path / "hands.txt"
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["hand", "--batch", str(batch)])
    assert result.exit_code == 1  # one line has bad notation
    out = [json.loads(x) for x in result.stdout.strip().splitlines()]
    assert [o["line"] for o in out] == [1, 4, 5, 6, 7]
    assert out[0]["win"] is True and out[0]["shape"] == "thirteen_orphans"
    assert out[1]["win"] is True and out[1]["melds"] == [{"kind": "chow", "tiles": "345s"}]
    assert out[2]["waits"] == [f"{i}m" for i in range(1, 10)]
    assert "第 3 个字符 'y'" in out[3]["error"]
    assert out[4]["win"] is False
    # the batch agrees with the single form
    assert out[0] == {"line": 1, **report(GUOBIAO, "19m19s19p东南西北中发白白")}
