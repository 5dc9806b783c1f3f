"""长沙's 大胡 exempt from the 2/5/8 pair are winnable everywhere; 鸡胡 modes (issue 15 items 3, 4)."""

from __future__ import annotations

from engine.solver import shapes_for
from tests.fans.fan_helpers import make_rules, win
from tests.game.conftest import act, catalog_data, new_game

from engine.rules import Rules


def test_changsha_big_win_with_any_pair_is_a_winning_shape():
    rules = Rules.from_dict(catalog_data("changsha"))
    assert not shapes_for(rules).pair_258  # the exemption lives in the fan layer
    res = win(rules, "11123456789m234m", win_tile="1m")
    assert res.legal and [n for n, _ in res.fans] == ["清一色"]
    small = win(rules, "123456m234s567p99p", win_tile="9p")
    assert small is not None and not small.legal and "2/5/8" in small.reason


def test_changsha_game_offers_the_exempt_win_on_a_discard():
    data = catalog_data("changsha")
    # seat 1 waits on 1m/4m for 清一色 with a 1m pair; the dealer discards 1m.
    g = new_game(data, {0: "1m2s5s8s3p6p9p2s5s8s3p6p9p5p", 1: "123456789m2341m"})
    act(g, 0, "discard", "1m")
    act(g, 1, "win")
    assert ("清一色", 6) in g.wins[0].fans and g.payments[1] > 0  # (地胡 too: the first discard)


def test_changsha_bots_still_aim_for_the_258_pair():
    from engine.game import Game

    g = Game(Rules.from_dict(catalog_data("changsha")), 0)
    assert g.shapes.pair_258 and not g.win_shapes.pair_258


MENQING = [{"name": "鸡胡", "base_fan": 1}, {"name": "门前清", "base_fan": 1}, {"name": "平胡", "base_fan": 1},
           {"name": "对对胡", "base_fan": 2}]


def test_ji_hu_any_fan_mode_drops_it_for_menqianqing():
    r = make_rules(MENQING)
    res = win(r, "123m456s789p111s99m", win_tile="9m", self_drawn=True)
    assert [n for n, _ in res.fans] == ["门前清"]


def test_ji_hu_shape_fan_mode_keeps_it_beside_menqianqing():
    r = make_rules(MENQING, win_rule={"ji_hu_dropped_by": "shape_fan"})
    res = win(r, "123m456s789p111s99m", win_tile="9m", self_drawn=True)
    assert sorted(n for n, _ in res.fans) == ["门前清", "鸡胡"] and res.total == 2
    # a hand-shape fan still replaces it
    res = win(r, "111m444s777p111s99m", win_tile="9m", self_drawn=True)
    assert "鸡胡" not in [n for n, _ in res.fans] and "对对胡" in [n for n, _ in res.fans]


def test_ji_hu_self_draw_only_with_shape_mode_blocks_discard_wins_that_count_it():
    r = make_rules(MENQING, win_rule={"ji_hu_dropped_by": "shape_fan", "ji_hu_self_draw_only": True})
    res = win(r, "123m456s789p111s99m", win_tile="9m")
    assert not res.legal and res.reason == "鸡胡只能自摸"
    assert win(r, "123m456s789p111s99m", win_tile="9m", self_drawn=True).legal
