"""The designer's 杭州麻将 description (reference §1), drafted offline: what a faithful draft must carry.

Must carry: 136 tiles with honors and no flowers; a wildcard drawn by flipping (the tile after the flipped
one); chi, pung and kong; self-draw only, but a kong may be robbed; 平胡 1, 碰碰胡 2, 七对 2, 清一色 3 (台
are this variant's 番); 庄家胡了连庄. Gaps: 白板 standing in for the wildcard's own tile, 杠上开花 doubling,
爆头, 财飘, three wildcards winning at once, the dealer's extra 台. Nothing invented: no 抢杠胡 fan (the text
only permits robbing), no self-draw multiplier "stated" by the 财飘 sentence.
"""

from __future__ import annotations

import pytest

from dslgen.generate.consistency import judge_offline
from dslgen.generate.description_facts import read_facts
from dslgen.generate.drafter import draft_offline, facts_of
from dslgen.generate.examples import load_examples

from .reference_pages import rows_of

#: Verbatim from the designer descriptions (reference §1).
HANGZHOU = """杭州麻将，用万、条、筒加东南西北中发白，一共136张，不要花牌。四个人打。

开局以后翻一张牌，这张牌的下一张就是财神（比如翻出三万，四万就是财神），财神可以当任何一张牌用。白板用来顶替财神原来那张牌。

可以吃、碰、杠。杭州麻将只能自摸，别人打出来的牌不能胡，抢杠可以胡。

算台数：平胡1台，碰碰胡2台，七对子2台，清一色3台，杠上开花翻一倍。爆头（手里其他牌都齐了，用财神单吊）翻一倍；财飘（打出财神以后接着自摸）再翻一倍，飘两次翻两倍。手里有三个财神可以直接胡。

庄家胡了连庄，庄家输赢多算一台。
"""


@pytest.fixture(scope="module")
def pool():
    return load_examples()


@pytest.fixture(scope="module")
def draft(pool):
    return draft_offline(HANGZHOU, pool)


@pytest.fixture(scope="module")
def rows(draft):
    return rows_of(draft, HANGZHOU, assumed_from=f"模板玩法 {draft.base}")


def test_the_draft_carries_every_stated_rule(draft):
    got = facts_of(draft.data)
    assert got["honors"] is True and got["flowers"] is False and draft.data["deck"]["total"] == 136
    assert got["players"] == 4
    assert got["wildcard"] == {"type": "random", "random_count": 1}
    assert got["chi"] and got["kong"]
    assert got["discard_win"] is False and got["rob_kong"] is True
    reactions = draft.data["phases"][1]["sub_phases"]["others_reaction"]["options"]
    assert [o for o in reactions if o["action"] == "win"] == [{"action": "win", "priority": 4, "condition": "can_rob_kong"}]
    assert got["fans"] == {"平胡": 1, "对对胡": 2, "七对": 2, "清一色": 3}
    assert got["next_dealer"] == "stay_on_win"


def test_nothing_is_invented(draft, rows):
    assert "抢杠胡" not in facts_of(draft.data)["fans"]  # robbing is permitted, never given a value
    assert "fan_types[抢杠胡]" not in rows
    multiplier = rows["scoring.self_draw_multiplier"]
    assert multiplier["source"] != "stated" and "财飘" not in multiplier["sentence"]
    assert not any(r["field"].startswith("fan_types[开口]") for r in rows.values())  # no 开口 fan, no 开口 row
    assert all(r["sentence"] and r["span"] for r in rows.values() if r["source"] == "stated")


@pytest.mark.parametrize("field, words", [
    ("wildcard_rules", ("开局以后翻一张牌", "这张牌的下一张就是财神")),
    ("phases.play.sub_phases(kong)", ("可以吃、碰、杠",)),
    ("phases.play.sub_phases.others_reaction(chi)", ("可以吃、碰、杠",)),
    ("phases.play.sub_phases.others_reaction(win)", ("别人打出来的牌不能胡",)),
    ("phases.play.sub_phases.others_reaction(win).rob_kong", ("抢杠可以胡",)),
    ("game.seating.next_dealer", ("庄家胡了连庄",)),
    ("fan_types[清一色]", ("清一色3台",)),
])
def test_each_value_cites_its_own_sentence(rows, field, words):
    row = rows[field]
    assert row["source"] == "stated" and all(w in row["sentence"] for w in words), row
    start, end = row["span"]
    assert HANGZHOU[start:end] == row["sentence"]
    assert "财飘" not in row["sentence"] and "抢杠" not in row["sentence"].replace("抢杠可以胡", "")


@pytest.mark.parametrize("words", [("白板", "顶替"), ("杠上开花", "翻"), ("爆头",), ("财飘",), ("三个财神",),
                                   ("庄家输赢多算一台",)])
def test_what_the_dsl_cannot_say_is_listed(draft, words):
    listed = [f"{g['text']} {g['reason']}" for g in draft.facts.gaps]
    assert any(all(w in g for w in words) for g in listed), listed


def test_the_cai_piao_gap_is_not_a_stake(draft):
    """财飘 doubles after a wildcard is discarded: no 飘分 stake (下跑) reason for it."""
    piao = [g for g in draft.facts.gaps if "飘" in g["text"]]
    assert piao and all("押注" not in g["reason"] and "财飘" in g["reason"] for g in piao)


def test_the_consistency_gate_passes_with_nothing_unhandled(draft):
    report = judge_offline(HANGZHOU, draft)
    assert report.passed, report.findings
    assert report.coverage()["unhandled"] == 0 and not draft.facts.unmapped


@pytest.mark.parametrize("text, rob", [
    ("只能自摸，抢杠也可以胡。", True),
    ("只能自摸。抢杠胡可以。", True),
    ("只能自摸，别人补杠的时候可以抢杠胡。", True),
    ("只能自摸，抢杠不能胡。", False),
])
def test_rob_kong_permission_in_other_words(pool, text, rob):
    facts = read_facts(text)
    assert facts.values["rob_kong"] is rob and "抢杠胡" not in facts.fans
    assert facts.values.get("kong") is (True if "补杠" in text else None)  # 抢杠 alone says nothing of kongs
    got = facts_of(draft_offline(text, pool).data)
    assert got["rob_kong"] is rob and got["discard_win"] is False and "抢杠胡" not in got["fans"]


def test_a_rob_kong_fan_with_a_value_stays_a_fan():
    assert read_facts("可以点炮，抢杠胡3番。").fans == {"抢杠胡": 3}


@pytest.mark.parametrize("text", ["财飘（打出财神以后接着自摸）再翻一倍。", "爆头（用财神单吊）翻一倍。"])
def test_doubling_is_no_wildcard_flip_and_a_parenthesis_is_no_subject(text):
    values = read_facts(text).values
    assert "self_draw_multiplier" not in values and "wildcard" not in values


def test_a_multiplier_in_or_around_parentheses_still_reads():
    assert read_facts("点炮（放炮的人一个人付）").values["discard_win_multiplier"] == 1
    assert read_facts("自摸（三家都付）翻倍").values["self_draw_multiplier"] == 2
    assert read_facts("平胡1番（自摸翻倍）").values["self_draw_multiplier"] == 2  # the parenthesis says it all


def test_the_offline_pipeline_passes_and_shows_it(tmp_path):
    from dslgen.generate.pipeline import NewOptions, run_new

    result = run_new(NewOptions(description=HANGZHOU, provider="offline", games=20, jobs=1, out=str(tmp_path / "d")))
    assert result["verdict"] == "pass", result["findings"]
    by_field = {r["field"]: r for r in result["value_sources"]["rows"]}
    assert by_field["phases.play.sub_phases.others_reaction(win).rob_kong"]["value"] is True
    assert not [r for r in by_field.values() if r["source"] == "assumed" and "抢杠" in r["field"]]
    assert [r["field"] for r in by_field.values() if r["source"] == "stated" and not r["sentence"]] == []
