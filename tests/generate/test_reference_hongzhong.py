"""The offline drafter on the designer's 红中麻将 (docs reference: designer-descriptions.md §2), verbatim.

What it must carry, what it may not invent, what it must list as gaps, and what the drafted rules score
(the engine's scoring of real hands, as ``dslgen hand`` prints it).
"""

from __future__ import annotations

import pytest

from engine.rules import Rules

from dslgen.generate.consistency import judge_offline
from dslgen.generate.description_facts import read_facts
from dslgen.generate.drafter import draft_offline, facts_of
from dslgen.generate.examples import load_examples
from dslgen.handreport.score import score_hand
from dslgen.handreport.shape import parse_hand

from .reference_pages import rows_of

HONGZHONG = (
    "红中麻将是湖南那边很流行的打法，从转转麻将演变过来的。牌只用万、条、筒各36张，再加4张红中，一共112张，不要东南西北和发白，"
    "也没有花牌。四个人打，庄家起手14张，闲家13张。\n\n"
    "红中是癞子，可以当任何一张牌用。红中不能打出去。只能碰和杠，不能吃。只能自摸胡，别人打的牌不能胡，但是别人补杠的时候可以抢杠胡，"
    "抢杠胡算自摸，被抢杠的人一个人包三家的钱。可以胡七小对。\n\n"
    "胡牌以后抓鸟：从牌墙最后翻4张牌，翻出来是1、5、9的算中鸟，每中一只鸟胡牌的人多赢每家2分。胡牌时手里没有红中的，再多赢2分。"
    "起手就拿到4个红中的直接算胡。\n\n"
    "算分很简单：自摸每家给2分，七对每家给4分。杠也有分：明杠放杠的人给3分，暗杠每家给2分。牌摸完没人胡就流局，杠分照算。"
)


@pytest.fixture(scope="module")
def draft():
    return draft_offline(HONGZHONG, load_examples())


@pytest.fixture(scope="module")
def rows(draft):
    return rows_of(draft, HONGZHONG)


def test_the_must_carry_rules(draft):
    data, got = draft.data, facts_of(draft.data)
    assert data["deck"]["total"] == 112 and got["honors"] is False and got["flowers"] is False
    assert got["wildcard"] == {"type": "fixed", "tiles": ["红中"]}
    assert got["chi"] is False and got["kong"] is True
    assert got["discard_win"] is False and got["rob_kong"] is True
    assert "meldsolver.seven_pairs" in data["requires"]
    assert data["scoring"]["kong_payments"] == {"ming_kong": 3, "an_kong": 2}  # 杠分照算: no refund, no 加杠 money
    items = {i["item"]: i for i in data["settlement_items"]}
    assert items["liability"] == {"item": "liability", "cases": ["robbed_kong"], "robbed_kong_as_self_draw": True}
    assert items["birds"] == {"item": "birds", "count": 4, "wall_end": "tail", "mapping": "winner_159",
                              "wild_hits": False, "effect": "add", "value": 2}


def test_the_stated_points_are_the_fan_values(draft, rows):
    """No fan table is stated: the values are points, 2 per payer for a plain self-draw, 4 for 七对."""
    assert facts_of(draft.data)["fans"] == {"七对": 4, "鸡胡": 2}
    assert facts_of(draft.data)["self_draw_multiplier"] == 1
    assert rows["fan_types[七对]"]["source"] == "stated" and rows["fan_types[七对]"]["sentence"] == "七对每家给4分"
    assert rows["fan_types[鸡胡]"]["source"] == "stated" and "自摸每家给2分" in rows["fan_types[鸡胡]"]["sentence"]


def test_no_value_is_invented(rows):
    """Every value is stated, a documented default, or an assumption the reviewer sees; 加杠 has no
    invented amount and the one assumption left (fan_stacking, required without a default) says it
    cannot change a score here."""
    assumed = {f: r for f, r in rows.items() if r["source"] == "assumed"}
    assert set(assumed) == {"fan_stacking"}
    assert "最多计一个番" in assumed["fan_stacking"]["from"]
    assert rows["scoring.kong_payments.bu_kong"]["source"] == "default" and rows["scoring.kong_payments.bu_kong"]["value"] == 0
    assert rows["scoring.kong_payments.ming_kong"]["source"] == "stated"
    assert rows["scoring.kong_payments.refund"] == {**rows["scoring.kong_payments.refund"], "source": "stated",
                                                     "sentence": "杠分照算", "value": False}
    assert rows["settlement_items[liability].robbed_kong_as_self_draw"]["sentence"] == "抢杠胡算自摸"
    assert rows["settlement_items[birds].wild_hits"]["source"] == "stated"


def _score(data, tiles: str, **kw):
    rules = Rules.from_dict(data)
    hand = parse_hand(rules, tiles)
    return score_hand(rules, hand.concealed, hand.melds, hand.win_tile, **kw)


def test_the_engine_scores_the_stated_points(draft):
    plain = _score(draft.data, "123m456m789m234s55p")
    assert plain["legal"] and plain["payments"] == [6, -2, -2, -2]
    pairs = _score(draft.data, "11m22m33m44s55s66p77p")
    assert [f["name"] for f in pairs["fans"]] == ["七小对"] and pairs["payments"] == [12, -4, -4, -4]
    birds = _score(draft.data, "123m456m789m234s55p", birds="1m2m3m中")  # one hit: 红中 is not in 1、5、9
    assert birds["net"] == [12, -4, -4, -4]
    robbed = _score(draft.data, "123m456m789m234s55p", from_seat=2, robbing_kong=True, birds="2m3m4m6m")
    assert robbed["net"] == [6, 0, -6, 0]  # priced as a self-draw, all paid by the robbed player


def test_the_gaps(draft):
    reasons = " ".join(f"{g['text']} {g['reason']}" for g in draft.facts.gaps)
    for words in ("红中不能打出去", "胡牌时手里没有红中的", "起手就拿到4个红中", "中鸟分"):
        assert words in reasons
    report = judge_offline(HONGZHONG, draft)
    assert report.passed and report.coverage()["unhandled"] == 0


@pytest.mark.parametrize("text, fans, times", [
    ("自摸每人给2分，七小对每家4分。", {"鸡胡": 2, "七对": 4}, {"self_draw_multiplier": 1}),
    ("可以点炮。自摸每家给1分，点炮给3分。", {"鸡胡": 1}, {"self_draw_multiplier": 1, "discard_win_multiplier": 3}),
    ("屁胡1番，七对2番。自摸每家付2倍（普通自摸每家2分，七对每家4分）。", {"鸡胡": 1, "七对": 2}, {"self_draw_multiplier": 2}),
])
def test_other_wordings_of_points(text, fans, times):
    facts = read_facts(text)
    assert {k: v for k, v in facts.fans.items() if v is not None} == fans
    assert {k: facts.values[k] for k in times} == times


def test_points_that_no_multiplier_gives_are_a_gap():
    facts = read_facts("可以点炮。自摸每家给2分，点炮给3分。")
    assert facts.fans == {"鸡胡": 2} and any("3 分" in g["reason"] for g in facts.gaps)
