"""The reader's precision and fan-value rules added for issue 29 (a sentence → the claim it makes, or none).

Each wording is a general case written for this file (a subject-less clause after a wildcard's definition, a
section about other variants, a deck size that implies flowers, a glossed page, unknown fans, a row whose value
closes its definition …), not a sentence of the measurement pages.
"""

from __future__ import annotations

from dslgen.generate.clause_kinds import line_kind, variant_parts
from dslgen.generate.description_facts import digit_names, read_facts
from dslgen.generate.drafter import UNDEFINED_WHEN, unknown_fan_rows
from dslgen.generate.provenance import uncovered_values, value_sources
from dslgen.generate.writing import gloss_free, plain, without_glosses


# --- scope -----------------------------------------------------------------------------------

def test_a_ban_without_a_subject_after_the_wildcards_definition_is_about_the_wildcard():
    facts = read_facts("翻开的牌的下一张为癞子，可以代替任意牌，不可吃碰杠。")
    assert "chi" not in facts.values and "pung" not in facts.values and "kong" not in facts.values
    assert any("不可吃碰杠" in g["text"] for g in facts.gaps)
    facts = read_facts("一共136张牌，不可吃碰杠。")  # no wildcard topic: the table's rule
    assert facts.values["chi"] is False and facts.values["kong"] is False
    assert read_facts("红中当癞子，不能吃。").values["chi"] is False  # no clause on what the wildcard does between


def test_a_ban_on_chow_pung_and_kong_bans_the_kong_too():
    assert read_facts("不可吃碰杠").values["kong"] is False


def test_a_part_about_other_variants_states_nothing_for_this_one():
    text = "基本规则\n不能吃牌，只能碰、杠。\n其他地区的变体\n甲地麻将：白板为万能牌\n乙地：引入花牌，花牌可加番\n禁忌\n不能点炮"
    facts = read_facts(text)
    assert "wildcard" not in facts.values and "flowers" not in facts.values
    assert facts.values["chi"] is False and facts.values["discard_win"] is False
    assert [n["kind"] for n in facts.not_rules if "万能牌" in n["text"] or "花牌" in n["text"]] == ["variant"] * 3
    assert variant_parts(["各地玩法", "甲：x", "规则", "乙"]) == [False, True, False, False]


def test_a_list_of_labels_is_no_rule():
    assert line_kind("序数牌 万子 饼子 条子 风牌 箭牌 花牌") == "navigation"
    assert line_kind("碰碰胡 清一色 七对 各2番") == ""  # a value: a rule
    facts = read_facts("数牌 风牌 箭牌 花牌\n一共136张")
    assert facts.values["flowers"] is False and facts.sources["flowers"] == "一共136张"  # the 136, not the label


def test_an_unchecked_todo_item_is_no_rule():
    assert line_kind("- [ ] 更多番型：七对、十三幺") == "todo"
    assert read_facts("- [ ] 更多番型：七对、十三幺").fans == {}


def test_a_deck_size_implies_flowers_without_stating_them():
    facts = read_facts("一共144张牌。")
    assert facts.values["flowers"] is True and "flowers" in facts.implied
    facts = read_facts("一共144张牌，带八张花牌。")
    assert facts.values["flowers"] is True and "flowers" not in facts.implied


def test_the_dealer_staying_called_lian_zhuang_is_no_stake():
    facts = read_facts("荒庄不下庄算连庄。")
    assert "lian_zhuang" not in (facts.values.get("settlement_items") or {})


def test_a_hand_named_piao_hu_is_no_piao_stake():
    assert "piao" not in (read_facts("特色规则：飘胡").values.get("settlement_items") or {})
    assert "piao" in read_facts("可以飘分，飘1分").values["settlement_items"]


def test_a_stake_after_the_item_word_is_its_value():
    facts = read_facts("开局庄家打出一张牌，闲家依次打出同一张，算作跟庄，庄家输给其他三位闲家每人2分。")
    assert facts.values["settlement_items"]["gen_zhuang"] == {"value": 2}


def test_the_winner_takes_the_deal_as_written_with_dan_ren():
    assert read_facts("之后由上一局的胡牌者担任庄家。").values["next_dealer"] == "winner"


# --- real writing ------------------------------------------------------------------------------

def test_romanisation_glosses_are_read_past_and_cited_as_written():
    assert without_glosses("可以(yi)碰、杠(gang)、不(bu)可吃(chi)") == "可以碰、杠、不可吃"
    assert without_glosses("打法(ok)很多") == "打法(ok)很多"  # one parenthesis: the author's own
    text, where = gloss_free("碰(peng)牌(pai)吃(chi)")
    assert text == "碰牌吃" and where == [0, 7, 13]
    facts = read_facts("出牌規(gui)則：可以(yi)碰、杠(gang)、不(bu)可吃(chi)。")
    assert facts.values["chi"] is False and facts.values["pung"] is True
    assert facts.sources["chi"].startswith("出牌規(gui)則：可以(yi)碰")
    assert plain("萬(wan)子(zi)條(tiao)") == "万子条"


def test_a_digit_in_a_fan_name_is_the_name():
    assert digit_names("7小对*2、17对") == "七小对*2、17对"
    facts = read_facts("十三幺*13，7小对*2")
    assert facts.fans == {"十三幺": 13, "七对": 2} and facts.values["fan_stacking"] == "multiply"


# --- fan values ----------------------------------------------------------------------------------

def test_a_row_whose_value_closes_its_definition():
    facts = read_facts("- **自摸** - 自己摸牌胡牌（+1番）\n- **碰碰胡** - 全部为刻子（+2番）")
    assert facts.fans == {"自摸": 1, "对对胡": 2}


def test_a_lone_value_sentence_is_the_value_of_the_fan_just_defined():
    facts = read_facts("杠开：自己杠牌后摸起的那张牌胡牌为杠开。算一番。")
    assert facts.fans["杠上开花"] == 1


def test_a_clipped_single_wait_is_the_single_wait_fan_with_a_value_only():
    assert read_facts("单吊 1台").fans == {"单钓将": 1}
    assert read_facts("单吊的时候要小心").fans == {}


def test_an_unknown_fan_keeps_its_stated_value_in_the_table():
    facts = read_facts("门清自摸 3台\n财神归位 2番\n清一色 4番")
    assert facts.unknown_fans["门清自摸"][0] == 3 and facts.unknown_fans["财神归位"][0] == 2
    rows = unknown_fan_rows(facts, {"清一色"})
    assert {r["name"]: r["base_fan"] for r in rows} == {"门清自摸": 3, "财神归位": 2}
    assert all(r["when"] == UNDEFINED_WHEN for r in rows)
    assert unknown_fan_rows(facts, {"门清自摸", "财神归位"}) == []


# --- provenance ----------------------------------------------------------------------------------

def test_every_value_of_a_value_section_has_a_row():
    data = {"flower_rules": {"on_draw": "reveal", "replace_tiles": True}, "scoring": {"mode": "fan", "doubling": {}},
            "win_condition": {"must_miss_suit": False}}
    rows = [{"field": "win_condition.must_miss_suit"}, {"field": "scoring.doubling.x"}]
    assert uncovered_values(data, rows) == [("flower_rules.on_draw", "reveal"), ("flower_rules.replace_tiles", True)]


def test_an_implied_value_is_not_shown_as_stated():
    facts = read_facts("一共144张牌，只能自摸。")
    data = {"deck": {"include_honors": True, "include_flowers": True}, "fan_types": [{"name": "鸡胡", "base_fan": 1}],
            "flower_rules": {"on_draw": "replace_and_draw"}}
    rows = value_sources(data, facts, "一共144张牌，只能自摸。", assumed_from="模板")["rows"]
    flowers = next(r for r in rows if r["field"] == "deck.include_flowers")
    assert flowers["source"] == "assumed" and "推断" in flowers["from"]
    assert next(r for r in rows if r["field"] == "flower_rules.on_draw")["source"] == "default"  # the documented default


# --- more scope, lists and rows ------------------------------------------------------------------

def test_a_rule_in_a_terms_definition_is_read():
    assert read_facts("自摸：玩家自己摸牌胡（本地玩家只能自摸胡牌）").values["discard_win"] is False


def test_an_exception_in_parentheses_limits_only_itself():
    facts = read_facts("只能自己胡牌（除了地胡，可以吃胡）。")
    assert facts.values["discard_win"] is False


def test_during_play_is_the_whole_game():
    assert read_facts("打牌过程中可碰、杠，不能吃牌。").values["chi"] is False
    assert "chi" not in read_facts("海底过程中不能吃").values


def test_a_negated_list_of_hands_rules_out_every_item():
    assert read_facts("七小对、十三幺、大烂不可胡").removed_fans == {"七对", "十三幺"}
    assert read_facts("不可胡七小对、十三烂、十三幺").removed_fans == {"七对", "十三幺"}
    assert read_facts("清一色、七对各4番").fans == {"清一色": 4, "七对": 4}


def test_a_deck_count_that_adds_up_names_its_suits():
    facts = read_facts("使用筒（1至9）、条（1至9）、东南西北中发白（各四张）共100张牌")
    assert facts.values["suits"] == ["条", "筒"]
    assert "suits" not in read_facts("使用筒、条、东南西北中发白共136张牌").values


def test_sixteen_tile_mahjong_deals_sixteen():
    assert read_facts("台湾16张麻将台数表").values["cards_per_player"] == 16


def test_a_row_value_is_kept_when_its_definition_says_all_or_counts_tiles():
    facts = read_facts("清一色 8 由全部万子的序数牌组成\n十三幺 20 手里必须有这13张牌")
    assert facts.fans == {"清一色": 8, "十三幺": 20}


def test_table_rows_of_unknown_fans_keep_their_values_but_no_dealer_row_or_title():
    facts = read_facts("人胡 8台 第一轮有人就放枪\n五暗刻 8台 手中有五组刻子\n庄家 1台 做庄者\n台湾 16 张麻将台数表")
    assert {k: v[0] for k, v in facts.unknown_fans.items()} == {"人胡": 8, "五暗刻": 8}
    facts = read_facts("连一拉一则为三台，连二拉二五台")
    assert facts.unknown_fans == {}  # a clause inside a sentence is no table row


def test_a_count_is_no_misspelling():
    from dslgen.generate.description_facts import close_fan_names

    assert close_fan_names("五暗刻") == [] and close_fan_names("清一涩") == ["清一色"]


def test_names_tables_print_for_tiles_are_fans_only_with_a_value():
    facts = read_facts("圈风牌 1台\n门风牌 1台\n三元牌 1台\n河底捞鱼 1台")
    assert facts.fans == {"圈风刻": 1, "门风刻": 1, "箭刻": 1, "海底炮": 1}
    assert read_facts("有风牌和三元牌，共136张").fans == {}


def test_a_seats_wind_is_no_honor_tile():
    assert "honors" not in read_facts("不用看庄家是谁和风位").values
    assert read_facts("不要风，只打万条筒").values["honors"] is False
