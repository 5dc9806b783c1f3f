"""转转 (issue 15 item 5): 红中 wild, self-draw only but a kong may be robbed, 抓鸟 — worked settlements that sum to zero."""

from __future__ import annotations

import pytest

from engine.simulation.narrate import narrate
from engine.rules import Rules
from tests.game.conftest import act, catalog_data, new_game

#: dealer (seat 0) holds a complete 鸡胡: 123m 456m 789s 234p + 55p, and 中 stands for nothing needed
SELF_DRAWN = {0: "123m456m789s234p55p"}


def _game(hands, draws="", tail="1m5s中2p"):
    return new_game(catalog_data("zhuanzhuan"), hands, draws, tail)


def test_self_drawn_plain_win_with_three_birds():
    g = _game(SELF_DRAWN)
    act(g, 0, "win")
    w = g.wins[0]
    assert [n for n, _ in w.fans] == ["鸡胡"] and w.payments == [6, -2, -2, -2]  # 1 番 × self-draw 2
    birds = next(i for i in g.item_results if i["name"] == "birds")
    assert birds["details"]["tiles"] == ["1万", "5条", "中", "2筒"]  # 1, 5 and the wild 中 hit; 2 does not
    assert birds["payments"] == [18, -6, -6, -6]  # 3 birds × 2 from each payer
    assert g.payments == [24, -8, -8, -8] and sum(g.payments) == 0
    text = "\n".join(narrate(g.events))
    assert "结算项 抓鸟 / 扎鸟 / 奖码：翻开 1万、5条、中、2筒" in text


def test_seven_pairs_pay_twice_and_no_bird_hits():
    g = _game({0: "1133m5577s2299p中"}, tail="2m3s4p6m")
    act(g, 0, "win")
    assert [n for n, _ in g.wins[0].fans] == ["七对"] and g.wins[0].payments == [12, -4, -4, -4]
    assert not any(next(i for i in g.item_results if i["name"] == "birds")["payments"])
    assert sum(g.payments) == 0


def _others_pass(g, keep=None):
    if g.stage not in ("react", "rob"):
        return
    for s in g.to_act():
        if s != keep:
            act(g, s, "pass")


ROB_HANDS = {0: "5p1m3m5m7m9m1s3s5s7s9s2p8p9p", 1: "55p123m456m789s2s9p", 2: "123m456m789s34p66p"}


def test_a_discard_cannot_be_won_but_a_kong_can_be_robbed_and_the_robbed_pays_all():
    g = _game(ROB_HANDS, draws="6s8m3p5p", tail="2m3m4m6m")
    act(g, 0, "discard", "5p")  # seat 2 waits on 5p (345p 66p) but a discard is never a win here
    assert not any(a.kind == "win" for a in g.legal_actions(2))
    _others_pass(g, keep=1)
    act(g, 1, "pung", "5p")
    act(g, 1, "discard", "2s")
    _others_pass(g)
    for seat, tile in ((2, "6s"), (3, "8m"), (0, "3p")):  # each draws and throws the drawn tile
        act(g, seat, "discard", tile)
        _others_pass(g)
    act(g, 1, "bu_kong", "5p")  # the fourth 5p
    act(g, 2, "win")  # 抢杠胡: allowed by condition can_rob_kong
    _others_pass(g)
    w = g.wins[0]
    assert w.robbing_kong and w.discarder == 1 and w.payments == [0, -3, 3, 0]  # as a discard win: 1 番 × 3 (default)
    liability = next(i for i in g.item_results if i["name"] == "liability")
    assert liability["payments"] == [0, -3, 3, 0]  # priced as a self-draw (2 from each of three), all from seat 1
    assert g.payments == [0, -6, 6, 0] and sum(g.payments) == 0


def test_rules_expose_the_rob_only_reaction():
    rules = Rules.from_dict(catalog_data("zhuanzhuan"))
    assert rules.play.reaction("win").condition == "can_rob_kong"
    assert rules.allows("phase.rob_kong") and rules.wildcard.tiles == (35,)
