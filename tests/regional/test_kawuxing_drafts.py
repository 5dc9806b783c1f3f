"""卡五星 (with 亮倒) and 二人麻将 in designers' words draft with zero gaps and play (issue 15's done-when).

The descriptions and their gold facts live in ``tests/generate/fidelity/designer.yaml``; here ``dslgen new``
runs on each offline (a few games: the 1,000-game run is measured by hand, see the session note).
"""

from __future__ import annotations

import pytest

from dslgen.generate.drafter import draft_offline, facts_of
from dslgen.generate.examples import load_examples
from dslgen.generate.description_facts import read_facts
from dslgen.generate.pipeline import NewOptions, run_new
from tests.generate.score_fidelity import load_cases

CASES = load_cases("designer")


@pytest.fixture(scope="module")
def pool():
    return load_examples()


def test_both_designer_descriptions_are_in_the_suite():
    assert {c["id"] for c in CASES} == {"designer_kawuxing_liang_dao", "designer_erren"}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_new_lists_no_gap_and_the_draft_plays(case, tmp_path):
    result = run_new(NewOptions(description=case["text"], provider="offline", games=12, jobs=1,
                                out=str(tmp_path / "draft")))
    assert result["gaps"] == [] and result["unmapped_sentences"] == []
    assert result["verdict"] == "pass" and all(result["gates"].values()), result["findings"]
    assert result["simulation"]["error_count"] == 0 and result["simulation"]["games"] == 12


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_draft_states_the_gold_facts(case, pool):
    got = facts_of(draft_offline(case["text"], pool).data)
    assert {k: got[k] for k in case["facts"]} == case["facts"]


def test_liang_dao_sentences_become_the_action_the_block_and_the_item(pool):
    case = next(c for c in CASES if c["id"] == "designer_kawuxing_liang_dao")
    draft = draft_offline(case["text"], pool)
    play = next(p for p in draft.data["phases"] if p["type"] == "mahjong_turn")
    assert {"action": "liang_dao"} in play["sub_phases"]["self_action"]["options"]
    assert "phase.liang_dao" in draft.data["requires"]
    assert draft.data["liang_dao"] == {"expose": "wait_tiles", "kongs": "keep_wait"}
    assert not draft.facts.gaps


@pytest.mark.parametrize("text, block, item", [
    # the reference's wording (designer-descriptions.md §3): the whole hand, 胡牌翻倍, 包赔
    ("亮倒：听牌以后可以把手里的牌亮出来，亮了以后胡牌翻倍，放炮给亮倒的人要包赔。",
     {"expose": "all"}, {"win_multiplier": 2, "feeder_pays_all": True}),
    ("听牌后可以亮倒，亮倒以后不能再杠。亮倒的人输了翻倍。", {"kongs": "none"}, {"loss_multiplier": 2}),
    ("可以亮倒，亮倒者赢了算3倍。", {}, {"win_multiplier": 3}),
])
def test_liang_dao_wordings(text, block, item):
    facts = read_facts(text)
    assert not facts.gaps, facts.gaps
    assert facts.values["liang_dao"] == block
    assert facts.values["settlement_items"]["liang_dao"] == item


def test_a_text_without_liang_dao_drops_the_base_files_action(pool):
    text = ("卡五星是湖北襄阳三个人打的麻将，只用条子和筒子，再加中发白，一共84张。不能吃，只能碰和杠。可以点炮也可以自摸，一炮多响。"
            "平胡1番，碰碰胡2番，卡五星2番，各番相乘，最多64番。")
    data = draft_offline(text, pool).data
    play = next(p for p in data["phases"] if p["type"] == "mahjong_turn")
    assert not any(o["action"] == "liang_dao" for o in play["sub_phases"]["self_action"]["options"])
    assert "liang_dao" not in data and "phase.liang_dao" not in data["requires"]
    assert "liang_dao" not in {i["item"] for i in data.get("settlement_items") or []}


def test_opening_hands_shown_in_changsha_are_not_liang_dao():
    facts = read_facts("起牌后有起手小胡就亮牌，四喜、板板胡各算1番，然后接着打。")
    assert "liang_dao" not in facts.values
