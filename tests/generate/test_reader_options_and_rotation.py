"""Reader rules of the third precision round (issue 29 item 1): room options, conditional dealer rotation,
kong money in 分 beside a 番 table, a stated deck size, tile-limited clauses and counts that are not fan values.

Each wording is a general case written for this file, not a sentence of the measurement pages.
"""

from __future__ import annotations

from dslgen.generate.description_facts import read_facts


def test_a_line_of_room_options_is_an_open_question_never_a_value():
    for line in ("人数：4人玩法 3人玩法", "封顶：三番 / 四番"):
        facts = read_facts(line + "\n清一色2番")
        assert "players" not in facts.values and "max_fan" not in facts.values, line
        assert line in [q.get("text") for q in facts.questions], line
        assert facts.fans == {"清一色": 2}


def test_an_option_line_no_reader_uses_is_listed_as_not_a_rule():
    facts = read_facts("局数：4局 / 8局\n清一色2番")
    assert [n["kind"] for n in facts.not_rules if n["text"].startswith("局数")] == ["options"]


def test_rotation_after_a_non_dealer_win_keeps_the_dealer_on_his_own_win():
    assert read_facts("庄家胡牌、流局时连庄，闲家胡牌逆时针轮庄。").values["next_dealer"] == "stay_on_win"
    assert read_facts("庄家胡牌连庄，其他情况轮庄。").values["next_dealer"] == "stay_on_win"
    assert read_facts("谁胡谁坐庄。").values["next_dealer"] == "winner"


def test_kong_points_in_fen_beside_a_fan_table_are_kong_money_not_fans():
    facts = read_facts("清一色2番，七对2番，碰碰胡1番，明杠=1分，暗杠=2分")
    assert "明杠" not in facts.fans and "暗杠" not in facts.fans
    assert facts.fans["清一色"] == 2 and facts.fans["七对"] == 2


def test_a_shape_that_may_not_win_removes_its_fan():
    assert "七对" not in read_facts("七对2番，清一色2番\n七小对牌型不可胡牌。").fans


def test_a_clause_about_one_tile_bans_no_action():
    assert "pung" not in read_facts("过碰该牌后不能再碰该牌。").values


def test_a_count_of_players_after_a_number_is_no_fan_value():
    assert read_facts("自摸3家出分，清一色2番").fans == {"清一色": 2}


def test_a_deck_size_followed_by_an_addition_is_a_part_not_the_total():
    facts = read_facts("共136张牌加8张花牌")
    assert facts.values["flowers"] is True and facts.values["honors"] is True
    assert read_facts("麻将共136张牌，包括万条筒和东南西北中发白。").values["flowers"] is False
