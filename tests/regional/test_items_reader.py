"""The offline reader turns designers' wording of settlement items into ``settlement_items`` (not gaps)."""

from __future__ import annotations

import pytest

from dslgen.generate.description_facts import read_facts

README_NANCHANG = ("南昌麻将：用万、条、筒和东南西北中发白共136张牌，不带花。可以吃、碰、杠，可以自摸也可以点炮胡，一炮多响。"
                   "开局翻一张牌定精：翻出的牌的下一张是正精，再下一张是副精，精可以当任何牌用。庄家输赢翻倍。"
                   "番型：屁胡1番，七对2番，碰碰胡2番，清一色4番，杠上开花2番，天胡8番，地胡8番，封顶16番。冲关、德国另算。")


@pytest.mark.parametrize("text, item, params", [
    ("每张正精 2 分、每张副精 1 分。", "jing_points", {"primary": 2, "secondary": 1, "holders": None}),  # holders: not stated
    ("一家精分达到 5 分就冲关，精分翻倍。", "jing_points", {"chong_guan_threshold": 5, "chong_guan_multiplier": 2}),
    ("霸王精翻倍。", "jing_points", {"ba_wang_multiplier": 2}),
    ("德国胡牌翻倍。", "de_guo", {"mode": "multiply", "value": 2}),
    ("德国加 5 分。", "de_guo", {"mode": "add", "value": 5}),
    ("胡牌以后抓鸟：从牌墙最后翻4张牌，翻出来是1、5、9的算中鸟，每中一只鸟胡牌的人多赢每家2分。", "birds",
     {"count": 4, "mapping": "winner_159", "effect": "add", "value": 2, "wall_end": "tail"}),
    ("扎鸟 2 个，中鸟翻倍。", "birds", {"count": 2, "mapping": "seat_by_rank", "effect": "multiply"}),
    ("买马4匹。", "horses", {"count": 4}),
    ("跟庄庄家赔每家 1 分。", "gen_zhuang", {"value": 1}),
    ("连庄每连一庄加 1 分。", "lian_zhuang", {"mode": "add", "value": 1}),
    ("每家可以飘 2 分。", "piao", {"value": 2}),
    ("抢杠胡算自摸，被抢杠的人一个人包三家的钱。", "liability", {"cases": ["robbed_kong"]}),
])
def test_designer_wording_becomes_a_settlement_item(text, item, params):
    facts = read_facts(text)
    got = facts.values["settlement_items"][item]
    assert {k: got.get(k) for k in params} == params
    assert not [g for g in facts.gaps if any(w in g["reason"] for w in ("冲关", "德国", "抓鸟", "买马", "跟庄", "连庄", "飘", "包赔"))]


def test_readme_nanchang_has_no_gaps_and_assumes_chong_guan():
    from dslgen.generate.drafter import draft_offline
    from dslgen.generate.examples import load_examples
    from dslgen.generate.provenance import value_sources

    draft = draft_offline(README_NANCHANG, load_examples())
    assert draft.facts.gaps == [] and draft.facts.unmapped == []
    items = {i["item"]: i for i in draft.data["settlement_items"]}
    assert set(items) == {"jing_points", "de_guo"} and "scoring.settlement_items" in draft.data["requires"]
    rows = {r["field"]: r for r in value_sources(draft.data, draft.facts, README_NANCHANG, assumed_from="x")["rows"]}
    assert rows["settlement_items[jing_points].chong_guan_threshold"]["source"] == "assumed"
    assert rows["settlement_items[jing_points].primary"]["source"] == "default"


def test_liang_dao_stays_a_gap():
    facts = read_facts("亮了以后胡牌翻倍，放炮给亮倒的人要包赔。")
    assert "liability" not in facts.values.get("settlement_items", {})
    assert any("亮倒" in g["reason"] for g in facts.gaps)
