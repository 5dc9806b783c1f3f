"""The Chengdu fan table (reference: chengdu-mahjong-server-features.md §5) as far as the DSL expresses it.

§5.2 胡型: 平胡 1, 对对胡 3, 七对 8, 龙七对 16, 清一色 8, 清对 16, 清七对 32, 清龙七对 64;
§5.3 附加番: 杠上开花 +2, 海底捞月 +2, 抢杠胡 +2; §5.1 缺一门 as a winning condition.

What the DSL cannot express yet (asserted below so the gap stays visible):
* 龙七对 / 清对 / 清七对 / 清龙七对 are composite fans — a combination *replaces* the parts'
  values (清一色 8 + 对对胡 3 becomes 16, not 11). ``fan_stacking`` only adds or takes maxima,
  and there is no recognizer for the 龙 (a four-of-a-kind inside 七对).
* Chengdu's 平胡 is the basic win; in this engine that is the fallback 鸡胡, which any other
  fan replaces, so 杠上开花 on a basic hand is 2, not 平胡 1 + 2.
"""

from fan_helpers import make_rules, win

CHENGDU = make_rules(
    [
        {"name": "鸡胡", "base_fan": 1},
        {"name": "对对胡", "base_fan": 3},
        {"name": "七对", "base_fan": 8},
        {"name": "清一色", "base_fan": 8},
        {"name": "杠上开花", "base_fan": 2},
        {"name": "海底捞月", "base_fan": 2},
        {"name": "抢杠胡", "base_fan": 2},
    ],
    deck={"generator": "mahjong", "include_honors": False, "include_flowers": False, "total": 108},
    win_condition={"must_miss_suit": True},
)


def total(hand, melds="", **flags):
    res = win(CHENGDU, hand, melds, **flags)
    assert res is not None and res.legal, res
    return res.total


def test_basic_hands():
    assert total("123m456m789m234s55s", self_drawn=True) == 1      # 平胡 (basic win)
    assert total("111m555m999m777s22s", self_drawn=True) == 3      # 对对胡
    assert total("1133m5577m99s2288s", self_drawn=True) == 8       # 七对
    assert total("123m456m789m234m55m", self_drawn=True) == 8      # 清一色


def test_additional_fans_add_two():
    assert total("111m555m777s22s", "pung:9m", robbing_kong=True) == 3 + 2
    assert total("111m555m777s22s", "kong:9m", self_drawn=True, kong_replacement=True) == 3 + 2
    assert total("111m555m999m777s22s", self_drawn=True, last_tile=True) == 3 + 2


def test_que_yi_men_is_a_winning_condition():
    res = win(CHENGDU, "123m456s789p234m55m", self_drawn=True)
    assert res is not None and not res.legal and "缺一门" in res.reason


def test_composites_are_not_expressible_yet():
    assert total("111m222m333m999m55m", self_drawn=True) == 8 + 3      # 清对 is 16 in Chengdu
    assert total("1111m3355m7799m22m", self_drawn=True) == 8 + 8       # 清龙七对 is 64 in Chengdu
    assert total("1133m5577m99s2222s", self_drawn=True) == 8           # 龙七对 is 16 in Chengdu
    assert total("123m456m789m55m", "kong:9s", self_drawn=True, kong_replacement=True) == 2  # 平胡 1 + 2 there
