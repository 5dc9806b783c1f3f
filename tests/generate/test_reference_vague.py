"""The designers' "vague and contradictory" description (the reference's §4) drafted offline.

A faithful result is not a passing draft: every contradiction and open question of the text is
reported, each by its code, the fact it concerns and the sentence that raised it.
"""

from __future__ import annotations

import pytest

from dslgen.generate.pipeline import NewOptions, run_new

#: The reference text, verbatim.
VAGUE = ("我们这边的麻将，跟普通的差不多，一百多张牌吧。可以吃也可以不吃，看大家商量。只能自摸胡，不过别人点炮也可以胡。"
         "三个人或者四个人都能打。红中是癞子，但是牌里不放红中。番数的话清一色比较大，七对也算，具体多少番看心情。"
         "没人胡就算了，庄家不变。")


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    out = tmp_path_factory.mktemp("vague") / "draft"
    return run_new(NewOptions(description=VAGUE, provider="offline", games=20, jobs=1, out=str(out)))


def _findings(result, code, fact):
    return [f for f in result["consistency"]["findings"] if f["code"] == code and f.get("fact") == fact]


def test_the_draft_fails_on_the_consistency_gate(result):
    assert result["verdict"] == "fail"
    assert result["gates"]["consistency"] is False


def test_deck_size_is_an_open_question(result):
    (found,) = _findings(result, "D007", "deck_total")
    assert found["path"] == "deck.total" and "一百多张" in found["sentence"] and found["hint"]


def test_chi_is_an_open_question(result):
    (found,) = _findings(result, "D007", "chi")
    assert "可以吃也可以不吃" in found["sentence"] and "看大家商量" in found["sentence"]
    row = next(r for r in result["value_sources"]["rows"] if r["label"] == "吃")
    assert row["source"] == "assumed"


def test_self_draw_only_clashes_with_discard_wins(result):
    (found,) = _findings(result, "D001", "discard_win")
    assert found["sentence"] == "只能自摸胡" and "不过别人点炮也可以胡" in found["sentences"]


def test_three_or_four_players_is_an_open_question_not_a_pick(result):
    (found,) = _findings(result, "D007", "players")
    assert found["path"] == "game.players" and found["sentence"] == "三个人或者四个人都能打"
    row = next(r for r in result["value_sources"]["rows"] if r["field"] == "game.players")
    assert row["source"] == "assumed" and row["sentence"] == "三个人或者四个人都能打"


def test_the_wildcard_tile_left_out_of_the_deck_is_a_contradiction(result):
    (found,) = _findings(result, "D006", "wildcard")
    assert set(found["sentences"]) == {"红中是癞子", "但是牌里不放红中"} and found["hint"]
    assert "但是牌里不放红中" not in result["unmapped_sentences"]


def test_no_fan_values_is_an_open_question(result):
    (found,) = _findings(result, "D007", "fan_values")
    assert "看心情" in found["sentence"] and "清一色" in found["message"] and "七对" in found["message"]
    fans = {r["field"]: r for r in result["value_sources"]["rows"] if r["field"].startswith("fan_types[")}
    assert fans["fan_types[清一色]"]["source"] == fans["fan_types[七对]"]["source"] == "assumed"


def test_the_dealer_staying_after_a_drawn_hand_is_read_not_a_stale_gap(result):
    assert not [g for g in result["gaps"] if "庄家不变" in g["text"]], result["gaps"]
    assert {"section": "game.seating.next_dealer", "sentence": "庄家不变"} in result["mapping"]
    assert "庄家不变" in result["consistency"]["carried"]


def test_every_stated_value_cites_its_sentence(result):
    stated = [r for r in result["value_sources"]["rows"] if r["source"] == "stated"]
    assert stated and all(r["sentence"] and r["span"] for r in stated), stated
    assert {r["field"] for r in stated} == {"wildcard_rules", "phases.play.sub_phases.others_reaction(win)"}


def test_the_review_shows_each_problem_beside_every_sentence_that_raised_it(result):
    from dslgen.review.description_view import sentence_rows

    rows = {r["sentence"]: r for r in sentence_rows(VAGUE, result["consistency"], result["value_sources"], result["gaps"])}
    for sentence in ("一百多张牌吧", "可以吃也可以不吃", "看大家商量", "三个人或者四个人都能打", "但是牌里不放红中", "具体多少番看心情"):
        assert rows[sentence]["problems"] and rows[sentence]["status"] == "unhandled", rows[sentence]
    detail = result["judgement"]["gates"]["consistency"]["detail"]
    assert "1 处读者读不一致的句子" in detail and "4 条没有定下的规则" in detail
