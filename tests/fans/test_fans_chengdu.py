"""The Chengdu fan tables, written as printed, scored exactly.

1. The Chengdu server's table (reference: chengdu-mahjong-server-features.md §5): 胡型 平胡 1,
   对对胡 3, 七对 8, 龙七对 16, 清一色 8, 清对 16, 清七对 32, 清龙七对 64 (§5.2); 附加番
   杠上开花 +2, 海底捞月 +2, 抢杠胡 +2 (§5.3); 缺一门 as a winning condition (§5.1). The
   composites replace their parts; 平胡 is the basic win (素胡) that additions stack on.
2. The published 血战 doubling table (as in dsl-examples/sichuan_xuezhan.yaml): points =
   base × 2^番, 平胡 ×1, 对对胡 1, 清一色 2, 七对 2, 金钩钓 2, 带幺九 2, 清对 3, 将对 3, 龙七对 3
   (= 七对 + 根), 清七对 4, 将七对 4, 清金钩钓 4, 清幺九 4, 清龙七对 5, 根 +1 each, 杠上开花 /
   杠上炮 / 抢杠胡 / 海底捞月 / 海底炮 +1, 天胡 / 地胡 at the cap, 封顶 5 番, 自摸加底.
"""

import pytest
from fan_helpers import CATALOG, make_rules, win

from dslgen.rulefile import load_rules

D108 = {"generator": "mahjong", "include_honors": False, "include_flowers": False, "total": 108}

CHENGDU = make_rules(
    [
        {"name": "素胡", "base_fan": 1},
        {"name": "对对胡", "base_fan": 3},
        {"name": "七对", "base_fan": 8},
        {"name": "龙七对", "base_fan": 16, "composite_of": ["七对", "根"]},
        {"name": "清一色", "base_fan": 8},
        {"name": "清对", "base_fan": 16, "composite_of": ["清一色", "对对胡"]},
        {"name": "清七对", "base_fan": 32, "composite_of": ["清一色", "七对"]},
        {"name": "清龙七对", "base_fan": 64, "composite_of": ["清一色", "七对", "根"]},
        {"name": "杠上开花", "base_fan": 2},
        {"name": "海底捞月", "base_fan": 2},
        {"name": "抢杠胡", "base_fan": 2},
    ],
    deck=D108,
    win_condition={"must_miss_suit": True},
)


def total(rules, hand, melds="", **flags):
    res = win(rules, hand, melds, **flags)
    assert res is not None and res.legal, res
    return res.total


# §10.4 of the reference: the server's test list, one hand per line.
SERVER_TABLE = [
    ("123m456m789m234s55s", "", {}, 1, ["素胡"]),                       # 平胡
    ("111m555m999m777s22s", "", {}, 3, ["对对胡"]),                     # 对对胡
    ("1133m5577m99s2288s", "", {}, 8, ["七对"]),                        # 七对
    ("1133m5577m99s2222s", "", {}, 16, ["龙七对"]),                     # 龙七对
    ("123m456m789m234m55m", "", {}, 8, ["清一色"]),                     # 清一色
    ("111m222m333m999m55m", "", {}, 16, ["清对"]),                      # 清对
    ("1133m5577m99m2288m", "", {}, 32, ["清七对"]),                     # 清七对
    ("1111m3355m7799m22m", "", {}, 64, ["清龙七对"]),                   # 清龙七对
    ("123m456m789m55m", "kong:9s", {"kong_replacement": True}, 1 + 2, ["杠上开花", "素胡"]),
    ("111m555m999m777s22s", "", {"last_tile": True}, 3 + 2, ["对对胡", "海底捞月"]),
    ("111m555m777s22s", "pung:9m", {"robbing_kong": True, "self_drawn": False}, 3 + 2, ["对对胡", "抢杠胡"]),
    ("111m222m333m55m", "kong:9m", {"kong_replacement": True}, 16 + 2, ["杠上开花", "清对"]),
]


@pytest.mark.parametrize("hand,melds,flags,expected,names", SERVER_TABLE)
def test_chengdu_server_table(hand, melds, flags, expected, names):
    flags = {"self_drawn": True, **flags}
    res = win(CHENGDU, hand, melds, **flags)
    assert res is not None and res.legal
    assert res.total == expected
    assert sorted(n for n, _ in res.fans) == sorted(names)


def test_composites_replace_their_parts():
    res = win(CHENGDU, "111m222m333m999m55m", self_drawn=True)
    assert dict(res.dropped) == {"清一色": "计入 清对", "对对胡": "计入 清对"}


def test_que_yi_men_is_a_winning_condition():
    res = win(CHENGDU, "123m456s789p234m55m", self_drawn=True)
    assert res is not None and not res.legal and "缺一门" in res.reason


# --- the catalog's doubling table --------------------------------------------------

XUEZHAN = load_rules(CATALOG / "sichuan_xuezhan.yaml").rules

# hand, melds, flags, 番, points (点炮; 自摸 adds one base: 自摸加底)
DOUBLING = [
    ("123m456m789m234s55s", "", {}, 0, 1),                        # 平胡 ×1
    ("111m555m999m777s22s", "", {}, 1, 2),                        # 对对胡
    ("123m456m789m234m55m", "", {}, 2, 4),                        # 清一色
    ("1133m5577m99s2288s", "", {}, 2, 4),                         # 七对
    ("1133m5577m99s2222s", "", {}, 3, 8),                         # 龙七对 = 七对 + 根
    ("111m222m333m999m55m", "", {}, 3, 8),                        # 清对
    ("222m555m888m222s55s", "", {}, 3, 8),                        # 将对
    ("1133m5577m99m2288m", "", {}, 4, 16),                        # 清七对
    ("2255m2288m55s88s22s", "", {}, 5, 32),                       # 将七对 4 + 根 (two suits of 2/5/8 need a 2222)
    ("1111m3355m7799m22m", "", {}, 5, 32),                        # 清龙七对
    ("55s", "pung:1m,pung:9m,pung:3s,pung:7s", {}, 2, 4),         # 金钩钓
    ("55m", "pung:1m,pung:9m,pung:3m,pung:7m", {}, 4, 16),        # 清金钩钓
    ("123m789m789m789m11m", "", {}, 4, 16),                       # 清幺九
    ("123m456m789m55m", "kong:9s", {"kong_replacement": True, "self_drawn": True}, 2, 4 + 1),  # 根 + 杠上开花
    ("123m456m789m234s55s", "", {"kong_discard": True}, 1, 2),    # 杠上炮
    ("123m456m789m234s55s", "", {"last_tile": True}, 1, 2),       # 海底炮 (not 海底捞月 too)
    ("123m456m789m234s55s", "", {"last_tile": True, "self_drawn": True}, 1, 2 + 1),  # 海底捞月
    ("123m456m789m234s55s", "", {"first_turn": True, "self_drawn": True, "seat": 0, "dealer": 0}, 5, 32 + 1),  # 天胡
    ("123m456m789m234s55s", "", {"first_turn": True, "seat": 1, "dealer": 0}, 5, 32),  # 地胡 (on the first discard)
    ("1111m2222m7799m33m", "", {}, 6, 32),                        # 清龙七对 + 根: 6 番, capped at 5
]


@pytest.mark.parametrize("hand,melds,flags,fan,points", DOUBLING)
def test_doubling_table(hand, melds, flags, fan, points):
    res = win(XUEZHAN, hand, melds, **flags)
    assert res is not None and res.legal, res
    assert (res.fan_total, res.total) == (fan, points), res.fans


def test_gen_counts_every_four_of_a_kind():
    res = win(XUEZHAN, "111m123m222m77m", "kong:3s", self_drawn=False)
    assert dict(res.fans)["根"] == 3


def test_self_draw_adds_one_base():
    assert total(XUEZHAN, "111m555m999m777s22s", self_drawn=True) == 2 + 1


def test_self_draw_add_fan_doubles():
    rules = make_rules([{"name": "对对胡", "base_fan": 1}], deck=D108, fan_stacking="double",
                       scoring={"mode": "fan_table", "doubling": {"base": 2, "self_draw": "add_fan"}})
    res = win(rules, "111m555m999m777s22s", self_drawn=True)
    assert res.total == 2 * 2 ** 2 and ("自摸加番", 1) in res.fans


def test_point_cap():
    rules = make_rules([{"name": "清一色", "base_fan": 2}, {"name": "七对", "base_fan": 2}], deck=D108,
                       fan_stacking="double", scoring={"mode": "fan_table", "doubling": {"max_points": 10}})
    assert total(rules, "1133m5577m99m2288m") == 10
