"""A 长沙麻将 description written the way rule pages are written (【】 sections): the 2/5/8 rule with its
exempt fans, one bird rule over two clauses, a list of big wins with one collective value, 小胡（平胡）2分, the
opening wins and the dealer rule — through the offline drafter and ``dslgen new``, every value cited."""

from __future__ import annotations

import pytest

from dslgen.generate.consistency import judge_offline
from dslgen.generate.description_facts import read_facts
from dslgen.generate.drafter import draft_offline, facts_of
from dslgen.generate.examples import load_examples

from .reference_pages import assert_cited, assert_stated, drafted as draft_page, new_offline, unsourced

PAGE = """长沙麻将玩法说明
【牌】108张，万条筒，无字牌无花牌。
【玩法】可以碰、杠，可以吃上家的牌。胡牌必须有2、5、8做将，碰碰胡、将将胡、清一色、七小对不需要258将。可以点炮，也可以自摸，一炮多响。
【起手胡】起手摸完牌后：大四喜（四张一样的）、板板胡（没有2、5、8）、缺一色、六六顺（两个刻子），每种每家给2分。
【大胡】碰碰胡、将将胡、清一色、七小对、海底捞月、杠上开花、抢杠胡、全求人，每个大胡6分，多个大胡相加。小胡（平胡）2分。
【扎鸟】胡牌后从牌尾翻2张，中鸟的人（按胡牌者为1，数1、5、9）分数翻倍。
【庄家】庄家胡了连庄，闲家胡了下家坐庄。
"""

BIG = ("对对胡", "将一色", "清一色", "七对", "海底捞月", "杠上开花", "抢杠胡", "全求人")

#: field → (value, the sentence that states it)
STATED = {
    "deck.include_honors": (False, "无字牌无花牌"),
    "win_condition.pair_must_be_258": (True, "胡牌必须有2、5、8做将"),
    "win_condition.pair_258_exempt_fans": (["碰碰胡", "将将胡", "清一色", "七小对"], "碰碰胡、将将胡、清一色、七小对不需要258将"),
    **{f"fan_types[{name}]": (6, "每个大胡6分") for name in BIG},
    "fan_stacking": ("add", "多个大胡相加"),
    "fan_types[鸡胡]": (2, "小胡（平胡）2分"),
    **{f"phases.opening_wins.hands[{name}]": (2, "每种每家给2分") for name in ("四喜", "板板胡", "缺一色", "六六顺")},
    "settlement_items[birds].count": (2, "【扎鸟】胡牌后从牌尾翻2张"),
    "settlement_items[birds].wall_end": ("tail", "【扎鸟】胡牌后从牌尾翻2张"),
    "settlement_items[birds].mapping": ("seat_by_rank", "中鸟的人（按胡牌者为1，数1、5、9）分数翻倍"),
    "settlement_items[birds].effect": ("multiply", "中鸟的人（按胡牌者为1，数1、5、9）分数翻倍"),
    "phases.play.sub_phases.others_reaction(win).rob_kong": (
        True, "【大胡】碰碰胡、将将胡、清一色、七小对、海底捞月、杠上开花、抢杠胡、全求人"),
    "game.seating.next_dealer": ("stay_on_win", "闲家胡了下家坐庄"),
}


@pytest.fixture(scope="module")
def drafted():
    return draft_page(PAGE)


def test_the_offline_draft_is_the_game_described(drafted):
    draft, _ = drafted
    report = judge_offline(PAGE, draft)
    assert report.passed, report.findings
    assert report.unhandled == [] and report.gapped == []
    assert not [f for f in report.findings if f["code"] in ("D001", "D006")]
    for clause in ("胡牌必须有2、5、8做将", "每个大胡6分", "多个大胡相加", "【扎鸟】胡牌后从牌尾翻2张", "小胡（平胡）2分"):
        assert clause in report.carried
    got = facts_of(draft.data)
    assert got["pair_258"] is True
    assert draft.data["win_condition"]["pair_258_exempt_fans"] == ["碰碰胡", "将将胡", "清一色", "七小对"]
    assert got["fans"] == {**{n: 6 for n in BIG}, "鸡胡": 2}  # no 无字 (a deck statement), no second 平胡
    assert got["fan_stacking"] == "add" and got["next_dealer"] == "stay_on_win"
    assert got["opening_hands"] == {"四喜": 2, "板板胡": 2, "缺一色": 2, "六六顺": 2}
    birds = got["settlement_items"]["birds"]
    assert (birds["count"], birds["wall_end"], birds["mapping"], birds["effect"]) == (2, "tail", "seat_by_rank", "multiply")


@pytest.mark.parametrize("field", sorted(STATED))
def test_each_value_is_stated_with_its_sentence(drafted, field):
    _, rows = drafted
    assert_stated(rows, PAGE, field, *STATED[field])


def test_nothing_is_assumed(drafted):
    _, rows = drafted
    assert [f for f, r in rows.items() if r["source"] == "assumed"] == []
    assert unsourced(rows) == []


@pytest.mark.parametrize("wording", ["每个大胡6分", "各6分", "都是6分", "每个6分", "每种大胡都是6分", "每个番型6分"])
def test_a_list_value_after_the_list(wording):
    facts = read_facts(f"大胡：碰碰胡、清一色、七小对，{wording}。")
    assert {n: facts.fans.get(n) for n in ("对对胡", "清一色", "七对")} == {"对对胡": 6, "清一色": 6, "七对": 6}
    assert facts.fan_sources["七对"] == wording and not facts.unmapped


@pytest.mark.parametrize("wording", ["多个大胡相加", "几个大胡叠加", "大胡可以累加"])
def test_big_wins_that_add(wording):
    assert read_facts(f"碰碰胡、清一色各6分，{wording}。").values["fan_stacking"] == "add"


@pytest.mark.parametrize("text, fan, value", [("小胡（平胡）2分", "鸡胡", 2), ("小胡(屁胡)1番", "鸡胡", 1),
                                              ("鸡胡（小胡）算2分", "鸡胡", 2)])
def test_a_fan_named_twice_is_one_fan_with_its_value(text, fan, value):
    facts = read_facts(text)
    assert facts.fans == {fan: value} and facts.fan_sources[fan] == text


@pytest.mark.parametrize("text", ["无字牌无花牌", "108张，无字牌"])
def test_a_deck_statement_names_no_fan(text):
    facts = read_facts(text)
    assert "无字" not in facts.fans and facts.values["honors"] is False


def test_exemptions_by_name_keep_the_rule_and_a_plain_denial_does_not():
    facts = read_facts("胡牌必须258做将，碰碰胡、清一色不需要258将。")
    assert facts.values["pair_258"] is True and facts.values["pair_258_exempt_fans"] == ["对对胡", "清一色"]
    assert read_facts("将牌不需要258。").values["pair_258"] is False


def test_a_real_self_contradiction_is_still_one():
    pool = load_examples()
    for text in ("胡牌必须有2、5、8做将。将牌不需要258。可以点炮。", "胡牌后扎鸟翻2张。扎鸟翻4张。"):
        report = judge_offline(text, draft_offline(text, pool))
        assert not report.passed and any("读成一致" in f["message"] for f in report.findings), text


def test_bird_clauses_complete_one_item():
    facts = read_facts("【扎鸟】胡牌后从牌尾翻2张，中鸟的人（按胡牌者为1，数1、5、9）分数翻倍。")
    assert facts.values["settlement_items"] == {"birds": {"count": 2, "wall_end": "tail", "mapping": "seat_by_rank",
                                                          "effect": "multiply"}}
    claims = [r["values"].get("settlement_items") for r in facts.readings]
    assert claims[0] == {"birds": {"count": 2, "wall_end": "tail"}}  # 扎鸟's seat counting is no claim of its own
    assert read_facts("胡牌后扎鸟2张").values["settlement_items"]["birds"]["mapping"] == "seat_by_rank"


def test_dslgen_new_passes_and_cites(isolated):
    result = new_offline(PAGE, isolated / "draft")
    assert result["verdict"] == "pass" and result["consistency"]["passed"], result["consistency"]["findings"]
    assert result["gaps"] == [] and result["consistency"]["unhandled"] == []
    assert_cited(result, STATED)
    assert result["value_sources"]["counts"]["assumed"] == 0


def test_a_renamed_fan_worth_no_fan_is_not_ruled_out():
    """「素胡（平胡）不算番，只得一个底分」 (the 四川 catalog's own words): 素胡 is worth 0 番, it is not excluded the
    way 「七对不算」 excludes 七对 — read after the bracket, 不算番 must not turn into a removal."""
    from dslgen.generate.description_facts import read_facts

    facts = read_facts("素胡（平胡）不算番，只得一个底分。七对不算。")
    assert facts.fans.get("素胡") == 0 and "素胡" not in facts.removed_fans
    assert "七对" in facts.removed_fans
