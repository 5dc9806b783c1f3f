"""南昌 in a designer's words drafts with no gap and no unhandled sentence, and plays (issue 15, done-when)."""

from __future__ import annotations

import pytest

from dslgen.generate.drafter import draft_offline, facts_of
from dslgen.generate.examples import load_examples
from dslgen.generate.description_facts import read_facts

#: 南昌 as a designer writes it (not the catalog's or the README's wording).
NANCHANG = ("南昌麻将，用万条筒加东南西北中发白，一共136张，不要花牌。四个人打，庄家14张，闲家13张。可以吃、碰、杠，可以自摸也可以点炮，一炮多响。"
            "开局后翻一张牌定精，翻出来那张的下一张是正精，再下一张是副精，精可以当任何牌用。"
            "胡牌以后算精分：每家手里的精都算，正精每张2分，副精每张1分。精分到了5分就冲关，精分翻倍，每多1分再多翻一倍。"
            "一个人拿齐了四张正精叫霸王精，精分再翻倍。胡牌的时候没有用精代替别的牌叫德国，胡的钱翻倍。"
            "番型：屁胡1番，七对2番，碰碰胡2番，清一色4番，杠上开花2番，封顶16番。自摸三家都给，点炮只有放炮的给，庄家输赢翻倍。")

JING = {"holders": "all", "primary": 2, "secondary": 1, "chong_guan_threshold": 5, "chong_guan_multiplier": 2,
        "chong_guan_step": 1, "ba_wang_multiplier": 2}


@pytest.fixture(scope="module")
def pool():
    return load_examples()


def test_every_nanchang_rule_is_read():
    facts = read_facts(NANCHANG)
    assert not facts.gaps and not facts.unmapped
    items = facts.values["settlement_items"]
    assert items["jing_points"] == JING and items["de_guo"] == {"mode": "multiply", "value": 2}
    assert not any(str(s).startswith("assumed:") for s in facts.item_sources.values())  # every value is stated


@pytest.mark.parametrize("without_own_file", [False, True])
def test_nanchang_draft_carries_jing_chong_guan_ba_wang_de_guo(pool, without_own_file):
    used = [e for e in pool if e.id != "nanchang"] if without_own_file else pool
    draft = draft_offline(NANCHANG, used)
    assert not draft.facts.gaps
    got = facts_of(draft.data)
    assert got["wildcard"]["type"] == "random" and got["wildcard"]["random_count"] == 2
    assert got["dealer_multiplier"] == 2 and got["multi_win"] is True and got["max_fan"] == 16
    items = {i["item"]: i for i in draft.data["settlement_items"]}
    assert {k: items["jing_points"][k] for k in JING} == JING
    assert items["de_guo"]["mode"] == "multiply" and items["de_guo"]["value"] == 2


def test_nanchang_designer_draft_plays_without_errors(pool):
    from engine.simulation import run_chunk
    from engine.rules import Rules

    stats = run_chunk(Rules.from_dict(draft_offline(NANCHANG, pool).data), 3, 0, 40).to_dict()
    assert stats["error_count"] == 0 and stats["wins"] > 0
