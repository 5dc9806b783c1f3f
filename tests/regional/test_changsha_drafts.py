"""The offline drafter reads 长沙's 起手小胡 and 将将胡, and 鸡胡 beside other fans (issue 15 items 3-5)."""

from __future__ import annotations

import pytest

from dslgen.generate.drafter import draft_offline, facts_of
from dslgen.generate.examples import load_examples
from dslgen.generate.description_facts import read_facts

#: 长沙 as a designer writes it (not the catalog's wording).
CHANGSHA = ("长沙麻将，只要万条筒，一共108张，不要字牌也没有花。四个人打，庄家14张，闲家13张。可以吃碰杠，可以自摸也可以点炮，一炮多响。"
            "起牌后先看有没有起手小胡：手里有四张一样的叫四喜，一张2、5、8都没有叫板板胡，少了一门花色叫缺一色，有两个刻子叫六六顺，"
            "有就亮出来，每个起手小胡三家各给1番，然后接着打。小胡要用2、5、8做将，算1番。"
            "大胡不用258将：碰碰胡、将将胡、清一色、七小对、全求人、杠上开花、海底捞月、抢杠胡、天胡、地胡，每个6番，几个大胡可以叠加。"
            "自摸三家都给，点炮只有放炮的给，庄家不加倍。胡牌后扎鸟，从牌墙最后翻2张，中鸟的人输赢翻倍。")


@pytest.fixture(scope="module")
def pool():
    return load_examples()


def test_opening_hands_are_read_with_their_shared_value():
    facts = read_facts(CHANGSHA)
    assert facts.values["opening_hands"] == {"四喜": 1, "板板胡": 1, "缺一色": 1, "六六顺": 1}
    assert not facts.gaps and not facts.unmapped
    assert "鸡胡" in facts.fans and "大四喜" not in facts.fans  # 小胡 / 四喜 of the opening clause are not fans


def test_opening_values_per_hand_and_the_assumed_default():
    facts = read_facts("起手小胡：四喜 2 番、六六顺 1 番、板板胡，然后照常打。")
    assert facts.values["opening_hands"] == {"四喜": 2, "六六顺": 1, "板板胡": 1}
    assert facts.item_sources["opening_wins.板板胡"].startswith("assumed:")
    # 四喜 outside an opening context is not an opening hand
    assert "opening_hands" not in read_facts("大四喜 16 番，大三元 8 番。").values


def test_changsha_draft_has_the_opening_phase_and_jiang_jiang_hu(pool):
    draft = draft_offline(CHANGSHA, pool)
    data = draft.data
    assert not draft.facts.gaps
    assert facts_of(data)["opening_hands"] == {"四喜": 1, "板板胡": 1, "缺一色": 1, "六六顺": 1}
    phases = [p["name"] for p in data["phases"]]
    assert phases[:2] == ["deal", "opening"] and data["phases"][0]["next"] == "opening"
    assert {"phase.opening_wins", "meldsolver.all_258"} <= set(data["requires"])
    assert "将将胡" in {f["name"] for f in data["fan_types"]}
    birds = next(i for i in data["settlement_items"] if i["item"] == "birds")
    assert birds["count"] == 2 and birds["effect"] == "multiply" and birds["mapping"] == "seat_by_rank"


def test_a_text_without_opening_hands_drops_the_base_phase(pool):
    data = draft_offline("长沙麻将，只用万条筒108张。可以吃碰杠。小胡要2、5、8做将，算1番；碰碰胡、清一色各6番。", pool).data
    assert not any(p["type"] == "opening_wins" for p in data["phases"])
    assert "phase.opening_wins" not in data["requires"]


@pytest.mark.parametrize("text", [
    "番型：没有其他牌型番的普通胡牌算鸡胡 1 番，门前清 1 番，对对胡 2 番。",
    "鸡胡 1 番，门前清 1 番，鸡胡可以和门前清一起算。",
    "只有对对胡、清一色这些牌型番才不算鸡胡，鸡胡 1 番，门前清 1 番。",
])
def test_ji_hu_beside_other_fans_is_read_as_shape_fan(text, pool):
    assert read_facts(text).values["ji_hu_dropped_by"] == "shape_fan"
    data = draft_offline(text, pool).data
    assert data["win_rule"]["ji_hu_dropped_by"] == "shape_fan"


def test_ji_hu_default_is_never_inferred(pool):
    text = "屁胡 1 番，有其他番就不算屁胡，门前清 1 番。"
    assert "ji_hu_dropped_by" not in read_facts(text).values
    assert "ji_hu_dropped_by" not in (draft_offline(text, pool).data.get("win_rule") or {})


#: 转转 as a designer writes it.
ZHUANZHUAN = ("转转麻将是湖南长沙一带的打法。用万条筒108张，再加4个红中，一共112张，不要风牌，也没有花牌。四个人打，庄家14张，闲家13张。"
              "红中是癞子，可以当任何一张牌用。不能吃，只能碰和杠。只能自摸，别人打的牌不能胡，但是别人补杠的时候可以抢杠胡，"
              "抢杠胡算自摸，被抢杠的人一个人包三家。可以胡七对。胡牌后抓鸟：从牌墙最后翻4张，翻到1、5、9的算中鸟，"
              "每中一只鸟胡牌的人每家多赢2分。算分：平胡1番（平胡就是普通的胡牌），七对2番，自摸每家出2倍。")


def test_zhuanzhuan_draft_is_self_draw_only_but_robs_kongs(pool):
    draft = draft_offline(ZHUANZHUAN, pool)
    data = draft.data
    assert not draft.facts.unmapped
    # the one rule the DSL cannot say: on a robbed kong the robbed player pays his own bird share only
    assert [g["reason"] for g in draft.facts.gaps] == [
        "抢杠胡时被抢杠的人只付自己那一份中鸟分：DSL 的包赔不能让他连另外两家的中鸟分一起包"]
    got = facts_of(data)
    assert got["discard_win"] is False and got["rob_kong"] is True and got["chi"] is False
    assert got["wildcard"] == {"type": "fixed", "tiles": ["红中"]} and got["self_draw_multiplier"] == 2
    assert got["fans"] == {"鸡胡": 1, "七对": 2}  # 抢杠胡 is a rule here, not an invented fan
    items = {i["item"]: i for i in data["settlement_items"]}
    assert items["birds"]["count"] == 4 and items["birds"]["value"] == 2 and items["liability"]["cases"] == ["robbed_kong"]
    wins = [o for o in data["phases"][1]["sub_phases"]["others_reaction"]["options"] if o["action"] == "win"]
    assert wins == [{"action": "win", "priority": 4, "condition": "can_rob_kong"}]


@pytest.mark.parametrize("text", [CHANGSHA, ZHUANZHUAN], ids=["changsha", "zhuanzhuan"])
def test_designer_drafts_play_without_errors(text, pool):
    from engine.simulation import run_chunk
    from engine.rules import Rules

    stats = run_chunk(Rules.from_dict(draft_offline(text, pool).data), 3, 0, 40).to_dict()
    assert stats["error_count"] == 0 and stats["wins"] > 0
