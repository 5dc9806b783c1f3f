"""A 广东鸡平胡 rule page the offline drafter once passed as another game (one winner read as 一炮多响,
十三幺's exemption from the cap dropped silently, 幺九 drafted as 带幺九)."""

from __future__ import annotations

import copy
import json

import pytest

from dslgen.generate.consistency import judge
from dslgen.generate.description_facts import read_facts
from dslgen.generate.drafter import draft_offline
from dslgen.generate.examples import load_examples
from dslgen.generate.pipeline import NewOptions, run_new
from dslgen.generate.provenance import value_sources

PAGE = """广东鸡平胡规则
1. 牌数：136张，含东南西北中发白，不带花。
2. 可以上（吃）、碰、杠，可以点炮胡，也可以自摸。一炮多响时按逆时针顺序第一家胡（截胡）。
3. 番种：鸡胡0番，平胡1番，混一色3番，碰碰胡3番，清一色6番，幺九6番，字一色10番，十三幺13番。杠上开花、海底捞月、抢杠胡各1番。
4. 三番起胡，最高10番封顶，十三幺不受封顶限制。
5. 算分：点炮的人一家付，自摸三家各付。
"""
CAP_EXEMPTION = "十三幺不受封顶限制"
ONE_WINNER = "一炮多响时按逆时针顺序第一家胡（截胡）"


@pytest.fixture(scope="module")
def pool():
    return load_examples()


@pytest.fixture(scope="module")
def draft(pool):
    return draft_offline(PAGE, pool)


def _reaction(data):
    play = next(p for p in data["phases"] if p.get("type") == "mahjong_turn")
    return play["sub_phases"]["others_reaction"]


def test_the_first_in_turn_order_wins_alone(draft):
    """截胡: ``highest_wins`` is the seat nearest the discarder in the direction of play (spec §11), which is
    what 按逆时针顺序第一家 says when play goes counter-clockwise."""
    play = next(p for p in draft.data["phases"] if p.get("type") == "mahjong_turn")
    assert _reaction(draft.data)["priority_policy"] == "highest_wins"
    assert play["turn_order"] == "counter_clockwise"
    assert draft.facts.values["multi_win"] is False and draft.facts.sources["multi_win"] == ONE_WINNER
    assert not any(ONE_WINNER in g["text"] for g in draft.facts.gaps)  # the DSL says it: no gap


def test_the_cap_exemption_is_a_gap_and_the_clause_counts_as_gapped(draft):
    """max_fan caps every fan alike: 十三幺's exemption is listed, never carried silently."""
    assert draft.data["max_fan"] == 10
    gap = next(g for g in draft.facts.gaps if g["text"] == CAP_EXEMPTION)
    assert "封顶" in gap["reason"]
    report = judge(PAGE, draft.data, draft.facts.gaps, draft.facts.mapping)
    assert report.passed, report.to_dict()
    assert CAP_EXEMPTION in report.gapped and CAP_EXEMPTION not in report.carried


def test_bare_yaojiu_is_hun_yao_jiu(draft):
    """幺九 on a 广东 page is 混幺九 (all terminals and honors), listed beside 清一色 at 6 番; 带幺九 (every set
    holds a 1/9) is written 带幺九 (see ``description_facts._variant_fan``)."""
    fans = {f["name"]: f["base_fan"] for f in draft.data["fan_types"]}
    assert fans["混幺九"] == 6 and "带幺九" not in fans
    assert fans["十三幺"] == 13 and fans["鸡胡"] == 0 and fans["平胡"] == 1


def test_every_stated_value_cites_its_sentence(draft):
    rows = value_sources(draft.data, draft.facts, PAGE, assumed_from=draft.base)["rows"]
    stated = [r for r in rows if r["source"] == "stated"]
    assert stated and all(r["sentence"] and r["sentence"] in PAGE for r in stated), [r for r in stated if not r["sentence"]]
    policy = next(r for r in rows if r["label"] == "一炮多响")
    assert policy["value"] is False and policy["sentence"] == ONE_WINNER
    assert next(r for r in rows if r["label"] == "结算项")["source"] == "default"


def test_a_draft_with_every_winner_contradicts_the_page(draft):
    data = copy.deepcopy(draft.data)
    _reaction(data)["priority_policy"] = "all_winners"
    report = judge(PAGE, data, draft.facts.gaps, draft.facts.mapping)
    found = [f for f in report.contradictions if f["path"].endswith("priority_policy")]
    assert found and found[0]["code"] == "D001" and found[0]["sentence"] == ONE_WINNER
    assert not report.passed


def test_new_drafts_the_page_with_the_gap(tmp_path):
    out = tmp_path / "draft"
    run_new(NewOptions(description=PAGE, provider="offline", games=20, jobs=1, out=str(out)))
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert [g["text"] for g in result["gaps"]] == [CAP_EXEMPTION]
    assert result["consistency"]["passed"] and CAP_EXEMPTION in result["consistency"]["gapped"]
    policy = next(r for r in result["value_sources"]["rows"] if r["label"] == "一炮多响")
    assert policy["value"] is False and policy["source"] == "stated"


@pytest.mark.parametrize("text, multi", [
    ("一炮多响时只算第一家。", False),
    ("不能一炮多响，截胡。", False),
    ("截胡。", False),
    ("一炮多响。", True),
    ("可以一炮多响。", True),
    ("一炮多响不算。", False),
    ("一炮多响时，只算离放炮者最近的一家。", False),
    ("一炮多响时，几家都可以胡。", True),
    ("一炮多响时三家都胡。", True),
    ("一炮多响时，下家优先。", False),
    ("一张牌几家都能胡时，几家同时胡（一炮多响）。", True),
    ("一炮多响（不截胡）。", True),
])
def test_mentions_of_several_winners(text, multi):
    facts = read_facts(text)
    assert facts.values["multi_win"] is multi and not facts.unmapped and not facts.gaps


def test_one_winner_in_another_order_is_a_gap():
    facts = read_facts("一炮多响时按顺时针顺序第一家胡。")
    assert facts.values["multi_win"] is False and any("顺时针" in g["reason"] for g in facts.gaps)


@pytest.mark.parametrize("text, cap", [
    ("十三幺不封顶。", "-"),
    ("十三幺不计封顶。", "-"),
    ("最高10番封顶（十三幺除外）。", 10),
    ("十三幺13番，不受封顶限制。", "-"),
])
def test_a_fan_exempt_from_the_cap_is_a_gap_not_no_cap(text, cap):
    facts = read_facts(text)
    assert facts.values.get("max_fan", "-") == cap  # never read as 不封顶 (None)
    assert "十三幺" in facts.fans and "十三幺" not in facts.removed_fans
    assert any("封顶" in g["reason"] and "番型" in g["reason"] for g in facts.gaps)


def test_yaojiu_without_honors_is_dai_yao_jiu():
    """混幺九 needs honors: in a 108-tile game 幺九 can only name 带幺九."""
    assert read_facts("108张，没有字牌。幺九2番。").fans == {"带幺九": 2}
    assert read_facts("136张，有字牌。幺九6番，带幺九2番。").fans == {"混幺九": 6, "带幺九": 2}
