"""A 四川血战 description written the way rule pages are written (numbered sections, 番型 and 算分 in prose),
through the offline drafter and ``dslgen new``: every value the page states is drafted with its sentence."""

from __future__ import annotations

import pytest

from dslgen.generate.consistency import judge_offline
from dslgen.generate.description_facts import read_facts
from dslgen.generate.drafter import facts_of

from .reference_pages import assert_cited, assert_stated, drafted as draft_page, new_offline, unsourced

PAGE = """四川麻将（血战到底）
一、用牌：只用万、条、筒三门，共108张，没有字牌和花牌。
二、玩法：四人游戏，每人13张，庄家14张。开局先换三张，然后定缺，缺的那门不能留在手里胡牌。只能碰、杠，不能吃。
三、胡牌：一家胡牌后其他人继续打，直到三家胡牌或牌摸完为止。可以一炮多响。
四、番型：平胡0番，对对胡1番，清一色2番，七对2番，龙七对3番，清对3番，清七对4番，带幺九2番，金钩钓2番。每一个根加1番。杠上开花、杠上炮、抢杠胡、海底捞月各加1番。最高3番封顶。
五、算分：刮风下雨，明杠每家1分（放杠者给2分），暗杠每家2分。流局时查花猪、查大叫，没听牌的要退杠钱。
"""

#: field → (value, the sentence that states it)
STATED = {
    "fan_types[素胡]": (0, "番型：平胡0番"),
    "fan_types[根]": (1, "每一个根加1番"),
    **{f"fan_types[{name}]": (1, "杠上开花、杠上炮、抢杠胡、海底捞月各加1番") for name in ("杠上开花", "杠上炮", "抢杠胡", "海底捞月")},
    "win_condition.must_miss_suit": (True, "缺的那门不能留在手里胡牌"),
    "scoring.kong_payments.ming_kong": (2, "明杠每家1分（放杠者给2分）"),
    "scoring.kong_payments.bu_kong": (1, "明杠每家1分（放杠者给2分）"),
    "scoring.kong_payments.an_kong": (2, "暗杠每家2分"),
    "scoring.kong_payments.refund": (True, "没听牌的要退杠钱"),
    "phases.play.parallel_elimination": (True, "胡牌：一家胡牌后其他人继续打"),
    "max_fan": (3, "最高3番封顶"),
}


@pytest.fixture(scope="module")
def drafted():
    return draft_page(PAGE)


def test_the_offline_draft_is_the_game_described(drafted):
    draft, _ = drafted
    report = judge_offline(PAGE, draft)
    assert report.passed, report.findings
    assert report.unhandled == [] and "缺的那门不能留在手里胡牌" in report.carried and "暗杠每家2分" in report.carried
    got = facts_of(draft.data)
    assert got["fans"]["素胡"] == 0 and "平胡" not in got["fans"]
    assert got["kong_payments"] == {"ming_kong": 2, "an_kong": 2, "bu_kong": 1, "refund": True, "transfer": False}
    assert draft.data["scoring"]["kong_payments"]["refund"] is True
    assert got["xuezhan"] is True and got["exchange"] == "dice" and got["void"] is True


@pytest.mark.parametrize("field", sorted(STATED))
def test_each_value_is_stated_with_its_sentence(drafted, field):
    _, rows = drafted
    assert_stated(rows, PAGE, field, *STATED[field])


def test_no_stated_row_without_its_sentence(drafted):
    _, rows = drafted
    assert unsourced(rows) == []
    assert rows["settlement_items"]["source"] == "default"  # the page names no settlement item


def test_exchange_and_void_are_read_from_their_sentences():
    facts = read_facts(PAGE)
    assert facts.sources["exchange"] == "开局先换三张" and facts.sources["void"] == "然后定缺"
    assert {"section": "phases[type=exchange_three]", "sentence": "开局先换三张"} in facts.mapping


@pytest.mark.parametrize("wording", ["各加1番", "各加一番", "各算1番", "每个加1番", "各1番"])
def test_one_value_for_a_list_of_fans(wording):
    facts = read_facts(f"杠上开花、海底捞月、抢杠胡{wording}。")
    assert {n: facts.fans.get(n) for n in ("杠上开花", "海底捞月", "抢杠胡")} == {"杠上开花": 1, "海底捞月": 1, "抢杠胡": 1}
    assert facts.fan_sources["海底捞月"] == f"杠上开花、海底捞月、抢杠胡{wording}"


@pytest.mark.parametrize("text, want, gap", [
    ("明杠每家1分（放杠者给2分）", {"ming_kong": 2, "bu_kong": 1}, False),  # the fed kong: its feeder pays (§18.6)
    ("暗杠每家2分", {"an_kong": 2}, False),
    ("加杠每家1分，直杠放杠的人付3分", {"bu_kong": 1, "ming_kong": 3}, False),
    ("明杠收每家1分", {"ming_kong": 1, "bu_kong": 1}, True),  # a fed kong paid by everyone: not expressible
    ("刮风下雨：暗杠2分", {"an_kong": 2}, False),
])
def test_kong_amounts_are_stated_one_by_one(text, want, gap):
    facts = read_facts(text)
    assert {k: facts.values["kong_payments"][k] for k in want} == want
    assert all(facts.sources[f"kong_payments.{k}"] in text for k in want)
    assert not facts.unmapped
    assert any("每家都付杠分无法表达" in g["reason"] for g in facts.gaps) is gap


def test_a_fan_table_row_is_not_kong_money():
    facts = read_facts("番型：暗杠2分，双暗杠4分。")  # 国标 fans in 分: no 刮风下雨 spoken of
    assert "kong_payments" not in facts.values and facts.fans == {"暗杠": 2, "双暗杠": 4}
    facts = read_facts("刮风下雨：明杠2分，暗杠4分。")  # kong money: not the fans of those names
    assert facts.values["kong_payments"] == {"ming_kong": 2, "an_kong": 4} and facts.fans == {}


@pytest.mark.parametrize("text, refund", [("流局时没听牌的要退杠钱", True), ("荒庄时没下叫的退税", True),
                                          ("刮风下雨，当场收", False)])
def test_refund_is_read(text, refund):
    facts = read_facts(text)
    assert bool(facts.values.get("refund")) is refund
    assert not any("杠分作废" in g["reason"] for g in facts.gaps)


def test_dslgen_new_passes_and_cites(isolated):
    result = new_offline(PAGE, isolated / "draft")
    assert result["verdict"] == "pass" and result["consistency"]["passed"], result["consistency"]["findings"]
    assert_cited(result, STATED)
    assert not [r for r in result["value_sources"]["rows"] if r["source"] == "stated" and not r["sentence"]]
