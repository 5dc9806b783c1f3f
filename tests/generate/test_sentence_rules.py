"""The offline reader's sentence rules (dslgen.generate.sentence_rules): what a matching wording records."""

from __future__ import annotations

from dslgen.generate.description_facts import READER_MODULES, Facts
from dslgen.generate.sentence_rules import (NUM, NUMBER, READERS, Clause, maps, passes, read_each, read_first, readers_in,
                                            says, yes_no)


def _clause(text: str, **values) -> Clause:
    return Clause(text, Facts(values=dict(values)))


def test_read_first_applies_only_the_first_match_and_says_what_it_states():
    rules = yes_no("chi", "phases", no=r"不能吃", yes=r"吃")
    c = _clause("不能吃")
    assert read_first(c, rules) is rules[0]
    assert c.facts.values == {"chi": False} and c.keys == ["chi"] and c.sections == ["phases"]
    assert c.facts.sources["chi"] == "不能吃"


def test_passes_stops_a_table_without_recording_anything():
    c = _clause("一级里只取最大")
    rule = read_first(c, (passes(r"一级"), says(r"最大", "fan_stacking", "max_level", "fan_stacking")))
    assert rule is not None and not c.facts.values and c.hits == 0


def test_unless_when_and_number():
    table = (says(r"封顶\s*" + NUM, "max_fan", NUMBER, "max_fan", unless=r"不封顶"),
             maps(r"当场收", "scoring.kong_payments", when="kong_payments"))
    c = _clause("封顶十六番，当场收")
    assert read_each(c, table) == [table[0]]  # no kong_payments stated yet: the section is not claimed
    assert c.facts.values["max_fan"] == 16
    c = _clause("当场收", kong_payments={"ming_kong": 2})
    assert read_each(c, table) == [table[1]] and c.sections == ["scoring.kong_payments"] and c.keys == []
    assert read_each(_clause("不封顶 16"), table) == []


def test_a_text_argument_replaces_the_clause_text():
    c = _clause("吃别人打的牌胡")
    assert read_first(c, (says(r"吃", "chi", True, "x"),), text="别人打的牌胡") is None


def test_reading_order_is_by_module_whatever_was_imported_first():
    order = [fn.__module__ for fn in readers_in(READER_MODULES)]
    assert order == sorted(order, key=READER_MODULES.index)
    assert set(order) == set(READER_MODULES) and len(order) == len(READERS)
