"""The declared table is the law: conditions, excludes, conflicts, stacking, caps, minimums, conditions of a win."""

import pytest

from fan_helpers import fan_names, make_rules, win

WUHAN_LIKE = {"type": "fixed", "tiles": ["红中"], "behavior": "substitute", "fan_calculation_policy": "optimal"}


def test_only_declared_fans_count_at_their_base_fan():
    rules = make_rules([{"name": "清一色", "base_fan": 5}])
    res = win(rules, "123m456m789m234m55m", self_drawn=True)
    assert res.fans == [("清一色", 5)]  # 平胡, 门前清, 无字 are not declared
    assert res.total == 5


def test_synonym_names_are_reported_as_declared():
    rules = make_rules([{"name": "碰碰和", "base_fan": 6}, {"name": "暗七对", "base_fan": 4}])
    assert win(rules, "111m333s999p777m66s", self_drawn=True).fans == [("碰碰和", 6)]
    assert win(rules, "1133m5577s99p2288p").fans == [("暗七对", 4)]


def test_conflict_keeps_the_higher_and_a_tie_keeps_the_first_declared():
    rules = make_rules([
        {"name": "清一色", "base_fan": 8, "conflicts": ["平胡"]},
        {"name": "平胡", "base_fan": 2, "conflicts": ["清一色"]},
    ])
    res = win(rules, "123m456m789m234m55m")
    assert res.fans == [("清一色", 8)]
    assert res.dropped == [("平胡", "与 清一色 冲突，取高")]
    tie = make_rules([
        {"name": "平胡", "base_fan": 2, "conflicts": ["清一色"]},
        {"name": "清一色", "base_fan": 2, "conflicts": ["平胡"]},
    ])
    assert win(tie, "123m456m789m234m55m").fans == [("平胡", 2)]


def test_exclusion_is_transitive_through_dropped_fans():
    rules = make_rules([
        {"name": "清一色", "base_fan": 8, "excludes": ["平胡"]},
        {"name": "平胡", "base_fan": 2, "excludes": ["门前清"]},
        {"name": "门前清", "base_fan": 1},
    ])
    res = win(rules, "123m456m789m234m55m")
    assert res.fans == [("清一色", 8)]
    assert dict(res.dropped) == {"平胡": "被 清一色 排除", "门前清": "被 平胡 排除"}


def test_max_level_keeps_only_the_highest_level():
    rules = make_rules([
        {"name": "平胡", "base_fan": 2, "level": 1},
        {"name": "门前清", "base_fan": 3, "level": 1},
        {"name": "清一色", "base_fan": 6, "level": 2},
    ], fan_stacking="max_level")
    res = win(rules, "123m456m789m234m55m")
    assert res.fans == [("清一色", 6)] and res.total == 6
    assert {n for n, _ in res.dropped} == {"平胡", "门前清"}
    assert all(r.startswith("max_level") for _, r in res.dropped)


def test_add_max_takes_the_best_of_each_level():
    rules = make_rules([
        {"name": "平胡", "base_fan": 2, "level": 1},
        {"name": "门前清", "base_fan": 3, "level": 1},
        {"name": "清一色", "base_fan": 6, "level": 2},
        {"name": "无字", "base_fan": 1, "level": 3},
    ], fan_stacking="add_max")
    res = win(rules, "123m456m789m234m55m")
    assert dict(res.fans) == {"门前清": 3, "清一色": 6, "无字": 1}
    assert res.total == 10


def test_the_lower_of_max_fan_and_max_cap_caps_the_total():
    fans = [{"name": "清一色", "base_fan": 8}, {"name": "对对胡", "base_fan": 8}]
    assert win(make_rules(fans), "111m222m333m999m55m").total == 16
    assert win(make_rules(fans, max_fan=12), "111m222m333m999m55m").total == 12
    assert win(make_rules(fans, max_fan=12, scoring={"mode": "fan_table", "max_cap": 10}),
               "111m222m333m999m55m").total == 10


def test_win_min_fan_makes_a_small_hand_illegal():
    rules = make_rules([{"name": "平胡", "base_fan": 2}, {"name": "清一色", "base_fan": 8}], win_min_fan=8)
    small = win(rules, "123m456s789p234m55s")
    assert not small.legal and small.reason == "番数 2 未达起胡 8 番"
    assert win(rules, "123m456m789m234m55m").legal


def test_ji_hu_self_draw_only_allows_a_discard_win_with_another_fan():
    rules = make_rules([{"name": "鸡胡", "base_fan": 1}, {"name": "门前清", "base_fan": 1}],
                       win_rule={"ji_hu_self_draw_only": True})
    assert not win(rules, "456s777p234m55s", "chi:123m").legal          # only 鸡胡, on a discard
    assert win(rules, "456s777p234m55s", "chi:123m", self_drawn=True).legal
    concealed = win(rules, "123m456s777p234m55s")                         # 门前清 instead of 鸡胡
    assert concealed.legal and concealed.fans == [("门前清", 1)]


def test_unknown_condition_never_holds_and_known_condition_gates():
    # loading refuses an unknown condition (tests/core/test_rules_validation.py); built unvalidated, it never holds
    rules = make_rules([
        {"name": "清一色", "base_fan": 8, "condition": "no_such_condition"},
        {"name": "平胡", "base_fan": 2, "condition": "hand_contains_wildcard"},
    ], validate=False, wildcard_rules=WUHAN_LIKE)
    assert win(rules, "123m456m789m234m55m").fans == []
    res = win(rules, "123m456m789m234m5m中", wild={35})
    assert res.fans == [("平胡", 2)]


def test_wildcards_pick_the_best_assignment_and_score_per_tile():
    rules = make_rules([{"name": "清一色", "base_fan": 8}, {"name": "对对胡", "base_fan": 2},
                        {"name": "癞子胡", "base_fan": 1, "condition": "hand_contains_wildcard"}],
                       wildcard_rules={**WUHAN_LIKE, "scoring": {"per_wildcard_in_win": 2}})
    res = win(rules, "111m222m999m55m中中中", wild={35})
    assert dict(res.fans) == {"清一色": 8, "对对胡": 2, "癞子胡": 1}
    assert res.bonuses == [("癞子 ×3", 6)]
    assert res.total == 17
    assert all(t < 10 for t in res.decomposition.substitutions)  # the wilds stand for 万 tiles


def test_random_wildcards_come_from_the_context():
    rules = make_rules([{"name": "清一色", "base_fan": 8}],
                       wildcard_rules={"type": "random", "random_count": 1, "behavior": "substitute",
                                       "fan_calculation_policy": "optimal"})
    res = win(rules, "123m456m789m22m7m3s5s", win_tile="5s", wild={13, 15})  # 3s and 5s are 精
    assert res.fans == [("清一色", 8)] and res.legal


def test_que_yi_men_condition_lets_a_wild_choose_the_suit():
    rules = make_rules([{"name": "鸡胡", "base_fan": 1}], win_condition={"must_miss_suit": True},
                       wildcard_rules=WUHAN_LIKE)
    assert not win(rules, "123m456s789p234m55m", self_drawn=True).legal
    res = win(rules, "123m456s78p234m55m中", win_tile="中", wild={35}, self_drawn=True)
    assert not res.legal  # 78p needs a 筒 whatever the wild is
    ok = win(rules, "123m456s78s234m55m中", win_tile="中", wild={35}, self_drawn=True)
    assert ok.legal


def test_pair_258_applies_to_standard_hands_only_and_exempt_fans_lift_it():
    rules = make_rules([{"name": "鸡胡", "base_fan": 1}, {"name": "七对", "base_fan": 4},
                        {"name": "对对胡", "base_fan": 4}],
                       win_condition={"pair_must_be_258": True, "pair_258_exempt_fans": ["对对胡"]})
    assert "2/5/8" in win(rules, "123m456m789m234s66s").reason
    assert win(rules, "123m456m789m234s55s").legal
    assert win(rules, "1133m5577s99p1166p").legal        # 七对 has no pair to check
    assert win(rules, "111m333s999p777m66s").legal       # 对对胡 is exempt


def test_optimal_prefers_a_legal_reading():
    rules = make_rules([{"name": "七对", "base_fan": 4}, {"name": "鸡胡", "base_fan": 1}],
                       win_condition={"pair_must_be_258": True})
    res = win(rules, "11223344556677s")  # 七对 legal; standard readings have a non-258 pair
    assert res.legal and fan_names(res) == {"七对"}


def test_event_flags():
    rules = make_rules([{"name": n, "base_fan": 1} for n in ("杠上开花", "海底捞月", "抢杠胡", "天胡", "地胡")])
    hand = "123m456s789p234m55s"
    assert fan_names(win(rules, hand, self_drawn=True, kong_replacement=True)) == {"杠上开花"}
    assert fan_names(win(rules, hand, kong_replacement=True)) == set()   # 杠上开花 needs a self-draw
    assert fan_names(win(rules, hand, last_tile=True)) == {"海底捞月"}
    assert fan_names(win(rules, hand, robbing_kong=True)) == {"抢杠胡"}
    assert fan_names(win(rules, hand, first_turn=True, seat=2, dealer=2, self_drawn=True)) == {"天胡"}
    assert fan_names(win(rules, hand, first_turn=True, seat=1, dealer=2)) == {"地胡"}


@pytest.mark.parametrize("hand,melds,expected", [
    ("111m555m999m东东东中中", "", {"对对胡", "混一色", "门前清"}),
    ("东东东南南南西西西北北北中中", "", {"大四喜", "字一色", "对对胡", "门前清", "带幺九"}),
    ("东东东南南南西西西123m北北", "", {"小四喜", "混一色", "门前清", "带幺九"}),
    ("中中中发发发白白白123m55m", "", {"大三元", "混一色", "门前清"}),
    ("234s234s234s234s55s", "", {"一色四同顺", "清一色", "平胡", "门前清", "断幺九", "无字"}),
    ("789m789s789p99m", "pung:7p", {"全大", "大于五", "无字"}),
    ("456m456s456p55m", "chi:456m", {"全中", "断幺九", "无字", "平胡"}),
    ("888m66p", "pung:2p,pung:4m,pung:6s", {"全双", "对对胡", "断幺九", "无字"}),
    ("中中", "chi:123m,pung:9s,pung:1p,pung:东", {"全求人", "五门齐", "带幺九"}),
    ("19m19s19p东南西北中发白白", "", {"十三幺", "混幺九", "五门齐", "门前清"}),
])
def test_recognisers_on_real_hands(hand, melds, expected):
    names = [
        "清一色", "混一色", "字一色", "对对胡", "七对", "将一色", "带幺九", "混幺九", "缺一门", "无字", "平胡",
        "断幺九", "全大", "全中", "全小", "全双", "大于五", "小于五", "大四喜", "大三元", "小四喜", "小三元",
        "一色四同顺", "五门齐", "十三幺", "全不靠", "一色双龙会", "连七对", "门前清", "全求人",
    ]
    rules = make_rules([{"name": n, "base_fan": 1} for n in names],
                       requires=["meldsolver.standard_win", "meldsolver.seven_pairs", "meldsolver.thirteen_orphans"])
    res = win(rules, hand, melds)
    assert fan_names(res) == expected


def test_separate_wildcard_tiles_are_wild_and_flowers_are_refused():
    rules = make_rules([{"name": "清一色", "base_fan": 8}, {"name": "癞子胡", "base_fan": 1,
                                                          "condition": "hand_contains_wildcard"}],
                       wildcard_rules={**WUHAN_LIKE, "scoring": {"per_wildcard_in_win": 1}})
    res = win(rules, "123m456m789m234m5m癞", win_tile="5m")
    assert dict(res.fans) == {"清一色": 8, "癞子胡": 1} and res.total == 10
    with pytest.raises(ValueError):
        win(rules, "123m456m789m234m5m春")
