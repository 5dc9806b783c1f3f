"""The reader on real rule pages (issue 29): what a sentence states in its own scope, real writing, non-rules.

Every wording here is a general case (negation, exceptions, examples, fan definitions, options, lists,
traditional characters …); none is taken from the measurement pages of ``tests/generate/unseen``.
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.generate.clause_kinds import line_kind, sentence_kind, starts_example
from dslgen.generate.consistency import judge
from dslgen.generate.description_facts import close_fan_names, fan_row, read_facts
from dslgen.generate.writing import plain


def _values(text: str) -> dict:
    return read_facts(text).values


# --- scope: a value is stated only in its own scope -------------------------------------------

def test_a_tile_exception_does_not_ban_chow_for_the_table():
    facts = read_facts("可以吃、碰、杠，但是白板不能吃碰杠。")
    assert facts.values["chi"] is True and facts.values["kong"] is True
    assert any("白板不能吃碰杠" in g["text"] for g in facts.gaps)  # listed, not read as a ban


def test_a_moment_limits_its_clause_and_the_next():
    facts = read_facts("能吃能碰。牌墙只剩最后四张时，不能吃也不能杠。")
    assert facts.values["chi"] is True and "kong" not in facts.values
    assert read_facts("抓牌后不可吃").values.get("chi") is None


def test_a_fan_definition_bans_nothing_for_the_table():
    facts = read_facts("门前清 2番 不吃、不碰、不明杠。可以吃碰杠。")
    assert facts.fans["门前清"] == 2 and facts.values["chi"] is True
    facts = read_facts("将对：手里全是二、五、八的对子。")
    assert "pair_258" not in facts.values


def test_a_fan_row_and_its_definition():
    assert fan_row("门清 1台 不吃不碰") == ("门清 1台", True)
    assert fan_row("清一色4番杠上开花翻一倍") is None  # two rows in one clause: read as a whole
    assert fan_row("屁胡1番、清一色4番") is None


def test_an_example_states_nothing():
    facts = read_facts("扎鸟：翻一张牌定鸟，比如翻出的是三万，庄家输赢翻倍。")
    assert "dealer_multiplier" not in facts.values
    assert [n["kind"] for n in facts.not_rules] == ["example", "example"]
    assert starts_example("例如：东风圈时") and not starts_example("如果没人胡")


def test_an_example_in_parentheses_leaves_its_clause_a_rule():
    facts = read_facts("翻一张牌，这张牌的下一张是癞子（比如翻出三万，四万就是癞子）。")
    assert not facts.not_rules


def test_room_options_set_apart_by_a_count_state_no_table_value():
    facts = read_facts("房间可选：2鬼可吃，可碰；5鬼不可吃，不可碰。")
    assert "chi" not in facts.values and "pung" not in facts.values


def test_other_players_are_not_the_player_count():
    assert "players" not in _values("每人抓12张，庄家补2张，其他3人补一张")
    assert _values("三个人打")["players"] == 3


def test_a_named_word_is_not_a_settlement_item():
    assert "settlement_items" not in _values("庄家胡牌继续坐庄，叫做连庄")
    assert "settlement_items" not in _values("本地不设连庄")
    items = _values("连庄 每连1次加1番")["settlement_items"]
    assert items["lian_zhuang"] == {"mode": "add", "value": 1}  # the stated value, not the parameter default


def test_an_aside_about_rotation_is_not_the_dealer_rule():
    assert "next_dealer" not in _values("首局随机选庄（之后轮流坐庄）")
    assert _values("闲家胡牌，则庄家的下一家坐庄")["next_dealer"] == "stay_on_win"
    assert _values("霸王庄")["next_dealer"] == "winner"
    assert _values("东家先坐庄")["first_dealer"] == "seat_0"


def test_every_discard_word_agrees_with_self_draw_only():
    facts = read_facts("只能自摸，不能放冲胡。")
    assert facts.values["discard_win"] is False and not facts.conflicts


def test_pung_is_a_fact():
    assert _values("能碰能杠，不能吃")["pung"] is True
    assert _values("不能碰")["pung"] is False


def test_an_exception_does_not_add_flowers():
    assert "flowers" not in _values("癞子可以替代除花牌外的任何牌")


# --- fan tables -----------------------------------------------------------------------------

def test_a_times_table_multiplies_and_keeps_its_numbers():
    facts = read_facts("自摸 ×2\n杠上开花 ×4\n清一色 ×8")
    assert facts.fans == {"自摸": 2, "杠上开花": 4, "清一色": 8} and facts.values["fan_stacking"] == "multiply"
    assert "fan_stacking" not in read_facts("自摸 2番\n清一色 4番").values


def test_a_tile_pattern_is_not_a_fan_value():
    assert read_facts("七对：11、22、33、44、55、66、77").fans.get("七对") is None


def test_a_combined_fan_keeps_its_value_apart():
    facts = read_facts("门清自摸 3台")
    assert "自摸" not in facts.fans and any("门清自摸" in g["text"] for g in facts.gaps)


def test_a_misspelt_fan_gets_a_did_you_mean_question():
    assert close_fan_names("清一涩") == ["清一色"]
    facts = read_facts("清一涩3番、碰碰胡2番")
    assert any("清一色" in q["reason"] for q in facts.questions) and facts.fans == {"对对胡": 2}


# --- real writing ---------------------------------------------------------------------------

def test_traditional_and_full_width_writing_is_read_and_cited_as_written():
    assert plain("\ufeff閒家取１６張") == "闲家取16张"
    facts = read_facts("沒有花牌。每人１６張。可以碰，不能吃。")
    assert facts.values["flowers"] is False and facts.values["cards_per_player"] == 16
    assert facts.values["chi"] is False and facts.sources["chi"] == "不能吃"
    facts = read_facts("補花：莊家先補。門清 1台")
    assert facts.values["flowers"] is True and facts.sources["flowers"] == "補花：莊家先補"
    assert facts.fan_sources["门前清"] == "門清 1台"


def test_headings_advertising_and_lobby_lines_are_not_rules():
    assert line_kind("【庄家规则】") == "heading" and line_kind("第三章，游戏规则") == "heading"
    assert line_kind("## 规则") == "heading" and line_kind("![图](a.png)") == "navigation"
    assert line_kind("清一色 4番") == "" and line_kind("可以吃") == ""
    assert sentence_kind("邀请好友创建房间就能一起打") == "advertising"
    assert sentence_kind("三人准备后开始10秒倒计时") == "lobby"
    facts = read_facts("【基本玩法】\n三人准备后开始10秒倒计时\n4人打，可以吃。")
    assert facts.values == {"chi": True}  # no 3 players from the ready-check
    report = judge("【基本玩法】\n三人准备后开始10秒倒计时\n4人打，可以吃。", None)
    assert {n["kind"] for n in report.not_rules} == {"heading", "lobby"}


def test_the_gate_blames_the_reader_not_the_author():
    text = "只能自摸胡，不过别人点炮也可以胡。"
    facts = read_facts(text)
    data = {"phases": []}
    report = judge(text, data, facts=facts)
    assert all("描述自相矛盾" not in f["message"] for f in report.findings)


# --- the command line -----------------------------------------------------------------------

def test_new_reads_stdin_strips_a_bom_and_accepts_a_leading_dash(isolated, tmp_path):
    text = "- 红中麻将：只有万条筒再加4个红中，红中是癞子。\n- 不能吃。只能自摸。七对2番、碰碰胡2番、清一色4番。"
    runner = CliRunner()
    a = runner.invoke(cli, ["new", "-", "--games", "3", "--jobs", "1", "--json", "--out", str(tmp_path / "a")],
                      input=("\ufeff" + text).encode("utf-8"))
    assert a.exit_code in (0, 1), a.output
    b = runner.invoke(cli, ["new", text, "--games", "3", "--jobs", "1", "--json", "--out", str(tmp_path / "b")])
    assert b.exit_code in (0, 1), b.output
    path = tmp_path / "page.md"
    path.write_text("\ufeff" + text, encoding="utf-8")
    c = runner.invoke(cli, ["new", "--file", str(path), "--games", "3", "--jobs", "1", "--json", "--out", str(tmp_path / "c")])
    verdicts = {json.loads(r.stdout)["verdict"] for r in (a, b, c)}
    assert len(verdicts) == 1  # the same text the same way, however it came
    bad = runner.invoke(cli, ["new", "--gmaes"])
    assert bad.exit_code == 2 and "没有选项" in bad.output
