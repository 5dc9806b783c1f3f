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
