"""A 国标 description written by reference to the published rules (/work/notes/gb.txt): it names the game,
states the settlement and says "番种按竞赛规则81番计算" instead of listing the fans. The offline drafter once
started from 二人麻将 (n-gram similarity), drafted a table of 鸡胡 1 alone under 8番起和 (nobody won a game)
and left four clauses unhandled."""

from __future__ import annotations

import copy
import json

import pytest

from dslgen.generate.consistency import judge, judge_offline
from dslgen.generate.description_facts import read_facts
from dslgen.generate.drafter import choose_base, draft_offline, facts_of
from dslgen.generate.examples import Example, load_examples, name_core, named_in
from dslgen.generate.pipeline import NewOptions, run_new
from dslgen.generate.provenance import span, value_sources

from .reference_pages import rows_of

PAGE = """国标麻将（中国麻将竞赛规则）
144张牌，含花牌8张，花牌每张1番，不计入起和番。四人对局，分东南西北四圈。
可以吃、碰、杠，点和、自摸均可，不能一炮多响，按逆时针截和。
起和番8番。计分：点和时放炮者付番数加8分，其余两家各付8分；自摸时三家各付番数加8分。
番种按竞赛规则81番计算。
"""
REFERENCE = "番种按竞赛规则81番计算"
FLOWERS = "花牌每张1番"


@pytest.fixture(scope="module")
def pool():
    return load_examples()


@pytest.fixture(scope="module")
def guobiao(pool):
    return next(e for e in pool if e.id == "guobiao")


@pytest.fixture(scope="module")
def draft(pool):
    return draft_offline(PAGE, pool)


@pytest.fixture(scope="module")
def rows(draft):
    return rows_of(draft, PAGE)


def test_the_template_is_the_variant_the_page_names(draft):
    assert draft.base == "guobiao"
    assert draft.data["game"]["name"] == "国标麻将（中国麻将竞赛规则）"


def test_the_fan_table_is_the_published_one(draft, guobiao):
    """The whole table of the catalog file the reference names: 81 fans and 明暗杠, with their exclusions,
    counting units and conventions, in the file's order."""
    assert len(draft.data["fan_types"]) == 82
    assert draft.data["fan_types"] == guobiao.data["fan_types"]
    assert draft.data["fan_stacking"] == "add" and draft.data["win_min_fan"] == 8
    flower = next(r for r in draft.data["fan_types"] if r["name"] == "花牌")
    assert flower == {"name": "花牌", "base_fan": 1, "per": "flower", "toward_min_fan": False}
    assert draft.data["flower_rules"]["scoring"]["normal"] == 0  # the 花牌 fan scores the flowers, no bonus on top


def test_every_fan_row_is_stated_by_its_sentence(draft, rows):
    """Each row of the referenced table is stated by the reference sentence, with its span; 花牌, which the page
    names itself, by its own sentence."""
    fans = [r for f, r in rows.items() if f.startswith("fan_types[") and f != "fan_types[].toward_min_fan"]
    assert len(fans) == 82 and all(r["source"] == "stated" for r in fans)
    at = [PAGE.index(REFERENCE), PAGE.index(REFERENCE) + len(REFERENCE)]
    for row in fans:
        if row["label"] == "花牌":
            assert row["sentence"] == FLOWERS and row["span"] == span(PAGE, FLOWERS)
        else:
            assert row["sentence"] == REFERENCE and row["span"] == at, row
            assert "guobiao" in row["from"]  # the review names the table the sentence refers to


def test_the_settlement_and_the_min_fan_exemption_are_stated(rows):
    assert rows["scoring.base_points"]["value"] == 8 and rows["scoring.base_points"]["source"] == "stated"
    paid = rows["scoring.base_paid_by"]
    assert paid["value"] == "all_losers" and paid["source"] == "stated" and paid["sentence"] == "其余两家各付8分"
    exempt = rows["fan_types[].toward_min_fan"]
    assert exempt["value"] == ["花牌"] and exempt["source"] == "stated" and exempt["sentence"] == "不计入起和番"
    assert rows["fan_stacking"]["source"] == "stated" and rows["fan_stacking"]["sentence"] == REFERENCE
    for field, value in (("phases.play.sub_phases.others_reaction(win)", True),
                         ("phases.play.sub_phases.others_reaction.priority_policy", False)):
        assert rows[field]["value"] is value and rows[field]["source"] == "stated"


#: The one value the page leaves to the drafter: when flowers are replaced (it says only that there are eight).
UNSAID = ["flower_rules.replace_tiles"]


def test_nothing_is_assumed_and_the_gate_passes(draft, rows):
    assert [r["field"] for r in rows.values() if r["source"] == "assumed"] == UNSAID
    report = judge_offline(PAGE, draft)
    assert report.passed, report.findings
    assert report.coverage() == {"carried": 14, "gapped": 1, "unhandled": 0}
    assert report.gapped == ["分东南西北四圈"]  # rounds and the prevalent wind: no field for them


def test_a_draft_without_the_published_table_contradicts_the_reference(draft):
    data = copy.deepcopy(draft.data)
    data["fan_types"] = [r for r in data["fan_types"] if r["name"] != "大四喜"]
    data["fan_types"] = [dict(r, base_fan=16) if r["name"] == "七对" else r for r in data["fan_types"]]
    for row in data["fan_types"]:
        row["excludes"] = [n for n in row.get("excludes") or [] if n != "大四喜"]
    report = judge(PAGE, data, draft.facts.gaps, draft.facts.mapping)
    found = {f["fact"]: f for f in report.contradictions}
    assert found["大四喜"]["sentence"] == REFERENCE and found["七对"]["described"] == "24"
    assert not report.passed


def test_new_plays_the_page(tmp_path):
    out = tmp_path / "draft"
    result = run_new(NewOptions(description=PAGE, provider="offline", games=20, jobs=1, out=str(out)))
    stored = json.loads((out / "result.json").read_text(encoding="utf-8"))
    codes = {f["code"] for f in stored["findings"]}
    assert "S002" not in codes and result["simulation"]["wins"] > 0
    assert stored["consistency"]["passed"] and stored["value_sources"]["counts"]["assumed"] == len(UNSAID)


# --- the readings, in other words --------------------------------------------------------------------


@pytest.mark.parametrize("text", ["番种按国标。", "按国标81番计分。", "番型同国标。", "番型和国标一样。",
                                  "计分：番种按国标麻将。", "所有番种按照中国麻将竞赛规则计算。"])
def test_wordings_of_the_reference(text):
    facts = read_facts(text)
    assert facts.fan_reference["variant"] == "guobiao" and len(facts.fans) == 82
    assert not facts.unmapped and not facts.gaps


def test_a_named_value_overrides_the_reference_with_its_own_sentence(pool):
    text = "我们这里的打法：136张牌，不带花。可以吃碰杠，可以点炮也可以自摸。8番起胡。番种按国标，七对算16番，不计花牌。"
    draft = draft_offline(text, pool)
    got = facts_of(draft.data)["fans"]
    assert draft.base != "guobiao" and got["七对"] == 16 and "花牌" not in got and len(got) == 81
    rows = {r["field"]: r for r in value_sources(draft.data, draft.facts, text, assumed_from=draft.base)["rows"]}
    assert rows["fan_types[七对]"]["sentence"] == "七对算16番"
    assert rows["fan_types[对对胡]"]["sentence"] == "番种按国标" and rows["fan_types[对对胡]"]["value"] == 6
    row = next(r for r in draft.data["fan_types"] if r["name"] == "一色双龙会")  # the referenced file's row
    assert row["excludes"] == ["七对", "清一色", "平和", "一般高", "老少副", "无字"]
    assert judge_offline(text, draft).passed


def test_the_reference_is_looked_up_by_the_catalog_names(pool):
    """Any catalog variant whose own name the reference names: not a list of known tables."""
    changsha = next(e for e in pool if e.id == "changsha")
    renamed = Example("hunan_match", "湖南麻将（湖南省麻将比赛规则）。" + changsha.description,
                      {**changsha.data, "game": {**changsha.data["game"], "name": "湖南麻将"}})
    facts = read_facts("番种按湖南省比赛规则计算。", catalog=[renamed])
    assert facts.fan_reference["variant"] == "hunan_match"
    assert facts.fans == {k: v for k, v in read_facts("番型同长沙麻将。").fans.items()}


@pytest.mark.parametrize("text, words", [("番型按昆明麻将计算。", "昆明麻将"), ("番种按比赛规则计算。", "比赛规则")])
def test_a_table_the_catalog_lacks_is_a_gap(text, words):
    facts = read_facts(text)
    assert not facts.fans and any(words in g["reason"] and "番型表" in g["reason"] for g in facts.gaps)
    assert not facts.unmapped


def test_a_reference_several_variants_fit_is_a_gap():
    facts = read_facts("番型按四川。")
    assert not facts.fans and any("几个玩法" in g["reason"] for g in facts.gaps)


def test_words_that_name_no_table_are_no_reference():
    facts = read_facts("番数按最大的算。")
    assert not facts.fan_reference and not facts.fans and not facts.gaps


@pytest.mark.parametrize("name, variant", [
    ("国标麻将（中国麻将竞赛规则）", "guobiao"), ("中国国标麻将", "guobiao"), ("长沙麻将", "changsha"),
    ("转转麻将", "zhuanzhuan"), ("卡五星", "kawuxing"), ("南昌麻将", "nanchang"),
])
def test_the_template_a_name_names(pool, name, variant):
    assert [e.id for e in named_in(name, pool)][:1] == [variant]
    assert choose_base("随便写几句没有关系的话。", pool, name).id == variant


@pytest.mark.parametrize("name", ["红中麻将", "长沙红中麻将", "武汉这边打的红中", "成都血战到底", ""])
def test_names_that_name_no_catalog_variant(pool, name):
    """红中麻将 is not 红中癞子麻将 (core 红中癞子); a core followed by other words names another game."""
    assert named_in(name, pool) == []


def test_name_cores():
    assert name_core("国标麻将") == "国标" and name_core("转转麻将（红中玩法）") == "转转"
    assert name_core("红中癞子麻将") == "红中癞子" and name_core("卡五星") == "卡五星"


@pytest.mark.parametrize("text, key, value", [
    ("点和、自摸均可。", "discard_win", True),
    ("自摸、点炮均可。", "discard_win", True),
    ("点炮和自摸都可以。", "discard_win", True),
    ("吃碰杠均可。", "chi", True),
    ("吃、碰、杠均可。", "kong", True),
    ("按逆时针截和。", "multi_win", False),
    ("点炮者付番数加5分。", "base_points", 5),
])
def test_clause_wordings(text, key, value):
    facts = read_facts(text)
    assert facts.values[key] == value and not facts.unmapped


def test_other_losers_paying_other_than_the_base_is_a_gap():
    facts = read_facts("点和时放炮者付番数加8分，其余两家各付5分。")
    assert facts.values["base_points"] == 8 and "base_paid_by" not in facts.values
    assert any("5 分" in g["reason"] for g in facts.gaps)


@pytest.mark.parametrize("text", ["花牌不计入起和番。", "花牌每张1番，不算进起和番。"])
def test_fans_outside_the_minimum(text):
    facts = read_facts(text)
    assert facts.values["min_fan_exempt"] == ["花牌"] and not facts.unmapped


def test_rounds_are_a_gap_not_the_winds_of_the_deck():
    facts = read_facts("108张，不带字牌。分东南西北四圈。")
    assert facts.values["honors"] is False and any("圈风" in g["reason"] for g in facts.gaps)
    assert not read_facts("过水后同一圈内不能再胡这张。").gaps
