"""Reader rules of the fourth precision round (issue 29, fresh case sets): the longest fan name written wins,
a pass penalty is no ban, a fan listed twice, multiplier rows, a zero-valued plain win and unit words.

Each wording is a general case written for this file, not a sentence of the measurement pages.
"""

from __future__ import annotations

from dslgen.generate.description_facts import read_facts


def test_a_longer_fan_name_is_not_read_as_the_fan_inside_it():
    facts = read_facts("豪华七对=2番\n超豪华七对=4番\n四归一七对=6番\n七对=1番")
    assert facts.fans["豪华七对"] == 2 and facts.fans["七对"] == 1
    assert facts.unknown_fans["超豪华七对"][0] == 4 and facts.unknown_fans["四归一七对"][0] == 6


def test_a_rule_about_a_fan_is_not_a_longer_name():
    facts = read_facts("不计七对=1番\n清一色2番")
    assert "不计七对" not in facts.unknown_fans


def test_a_pass_penalty_on_pung_is_not_a_ban_on_pung():
    facts = read_facts("可以碰牌。\n过碰：上家打出的牌能碰却没有碰，再摸牌前同样的牌也不可以碰。")
    assert facts.values["pung"] is True


def test_a_fan_listed_twice_with_two_values_is_an_open_question_never_a_value():
    facts = read_facts("清一色4番\n七对：2番\n清一色：8番")
    assert facts.fans["清一色"] is None and facts.fans["七对"] == 2
    assert [q["path"] for q in facts.questions] == ["fan_types[清一色]"]


def test_a_fan_listed_twice_with_one_value_is_no_contradiction():
    facts = read_facts("清一色4番\n七对：2番\n清一色：4番")
    assert facts.fans["清一色"] == 4 and not facts.questions


def test_pao_closing_a_row_is_a_unit_but_not_in_yi_pao_duo_xiang():
    facts = read_facts("七对：+20炮.\n清一色：+10炮.")
    assert facts.fans == {"七对": 20, "清一色": 10}
    assert read_facts("抢杠胡一炮多响，清一色2番").fans.get("抢杠胡") is None


def test_counts_as_a_discard_win_is_no_fan_name():
    facts = read_facts("抢杠胡:算接炮1分")
    assert "算接炮" not in facts.unknown_fans
