"""Worked settlements for every settlement item (issue 15 item 2); each sums to zero."""

from __future__ import annotations

import copy

import pytest

from engine.melds import Meld
from engine.rules import Rules
from engine.settlement_items import ITEMS, Table, WinFacts, seat_by_rank, settle_items
from engine.tiles import parse_tiles, tile_from_name
from tests.fans.fan_helpers import _BASE


def rules_with(items, **top) -> Rules:
    data = copy.deepcopy(_BASE)
    data["fan_types"] = [{"name": "鸡胡", "base_fan": 1}, {"name": "清一色", "base_fan": 4}]
    data["settlement_items"] = items
    data["scoring"] = {"mode": "fan_table", "self_draw_multiplier": 1, "discard_win_multiplier": 1}
    data.update(top)
    return Rules.from_dict(data)


def t(name):
    return tile_from_name(name)


def table(wins=(), hands=("", "", "", ""), primary=(), secondary=(), wall="", **kw) -> Table:
    return Table(4, kw.pop("dealer", 0), tuple(wins), tuple(tuple(parse_tiles(h)) if h else () for h in hands),
                 kw.pop("melds", ((), (), (), ())), (), tuple(t(x) for x in primary), tuple(t(x) for x in secondary),
                 {}, tuple(parse_tiles(wall)) if wall else (), **kw)


def settle(rules, tab):
    out = settle_items(rules, tab)
    for name, res in out:
        assert sum(res.payments) == 0, name
    return {name: res for name, res in out}


def self_draw(seat=0, total=2, concealed="", fans=()):
    pay = [-total] * 4
    pay[seat] = 3 * total
    return WinFacts(seat, True, None, total, tuple(pay), tuple(parse_tiles(concealed)), (), tuple(fans))


def discard_win(seat, discarder, total=2, **kw):
    pay = [0] * 4
    pay[seat], pay[discarder] = total, -total
    return WinFacts(seat, False, discarder, total, tuple(pay), **kw)


# --- 精分 -------------------------------------------------------------------------------------

JING = {"item": "jing_points", "holders": "all", "primary": 2, "secondary": 1}


def test_jing_points_every_holder_collects_from_everyone():
    r = rules_with([JING])
    # 正精 5m, 副精 6m: seat0 holds 5m5m6m (5 points), seat2 holds 6m (1 point)
    res = settle(r, table([self_draw(0)], hands=("5m5m6m", "1p", "6m", "9s"), primary=("5m",), secondary=("6m",)))
    pay = res["jing_points"].payments
    assert pay == [15 - 1, -5 - 1, -5 + 3, -5 - 1]


def test_jing_points_winner_only():
    r = rules_with([dict(JING, holders="winner")])
    pay = settle(r, table([self_draw(0)], hands=("5m6m", "5m5m", "", ""), primary=("5m",), secondary=("6m",)))
    assert pay["jing_points"].payments == [9, -3, -3, -3]


def test_jing_points_not_on_a_draw_unless_declared():
    hands = ("5m", "", "", "")
    assert not any(settle(rules_with([JING]), table((), hands=hands, primary=("5m",)))["jing_points"].payments)
    assert settle(rules_with([dict(JING, on_draw=True)]), table((), hands=hands, primary=("5m",)))[
        "jing_points"].payments == [6, -2, -2, -2]


def test_chong_guan_multiplies_above_the_threshold():
    r = rules_with([dict(JING, chong_guan_threshold=5, chong_guan_multiplier=2, chong_guan_step=1)])
    # 6 points: over the threshold by one -> x3 = 18 from each
    res = settle(r, table([self_draw(0)], hands=("5m5m5m", "", "", ""), primary=("5m",), secondary=("6m",)))
    assert res["jing_points"].payments == [54, -18, -18, -18]
    # below the threshold: plain points
    res = settle(r, table([self_draw(0)], hands=("5m6m", "", "", ""), primary=("5m",), secondary=("6m",)))
    assert res["jing_points"].payments == [9, -3, -3, -3]


def test_ba_wang_jing_when_one_player_holds_every_copy():
    r = rules_with([dict(JING, ba_wang_multiplier=2)])
    tab = table([self_draw(0)], hands=("5m5m5m5m", "", "", ""), primary=("5m",), secondary=("6m",))
    tab = Table(**{**tab.__dict__, "copies": {t("5m"): 4, t("6m"): 4}})
    res = settle(r, tab)
    assert res["jing_points"].payments == [48, -16, -16, -16]


# --- 德国 ----------------------------------------------------------------------------------------

def test_de_guo_when_no_wild_tile_substitutes():
    r = rules_with([{"item": "de_guo", "mode": "multiply", "value": 2}], requires=["meldsolver.standard_win"])
    natural = self_draw(0, 2, "123m456m789m123s55m")  # 5m is 正精 but stands for itself
    res = settle(r, table([natural], primary=("5m",)))
    assert res["de_guo"].payments == [6, -2, -2, -2]
    substituted = self_draw(0, 2, "123m456m789m123s5m9p")  # 5m must stand for 9p
    assert not any(settle(r, table([substituted], primary=("5m",)))["de_guo"].payments)


def test_de_guo_add():
    r = rules_with([{"item": "de_guo", "mode": "add", "value": 3}])
    res = settle(r, table([discard_win(1, 3, 2, concealed=tuple(parse_tiles("123m456m789m123s99p")))]))
    assert res["de_guo"].payments == [0, 3, 0, -3]


# --- 抓鸟 ----------------------------------------------------------------------------------------

def test_birds_159_add_per_hit_per_payer():
    r = rules_with([{"item": "birds", "count": 4, "mapping": "winner_159", "effect": "add", "value": 2}])
    # tail order: the last wall tile is turned first; 1m, 中(wild), 3s, 9p -> three hits with 红中 wild
    res = settle(r, table([self_draw(1)], wall="2m2m9p3s中1m", primary=("中",)))
    assert res["birds"].payments == [-6, 18, -6, -6]
    assert res["birds"].details["wins"][0]["pairs"] == [[0, 1, 6], [2, 1, 6], [3, 1, 6]]


def test_birds_seat_by_rank_multiply_hits_winner_and_payer():
    r = rules_with([{"item": "birds", "count": 2, "mapping": "seat_by_rank", "effect": "multiply"}])
    # winner seat 1 (discard from seat 3, paid 2); birds 5m -> winner, 4s -> the seat before the winner (seat 0)
    res = settle(r, table([discard_win(1, 3, 2)], wall="4s5m"))
    assert res["birds"].payments == [0, 2, 0, -2]  # one hit on the winner, none on seat 3: +1x
    res = settle(r, table([discard_win(1, 0, 2)], wall="4s5m"))
    assert res["birds"].payments == [-4, 4, 0, 0]  # one on the winner, one on the payer: +2x


def test_bird_seat_counting():
    assert [seat_by_rank(t(x), 1, 4) for x in ("1m", "2m", "3m", "4m", "5m", "9m")] == [1, 2, 3, 0, 1, 1]
    assert seat_by_rank(t("2m"), 0, 3) == 1 and seat_by_rank(t("4m"), 0, 3) == 0


def test_birds_with_an_empty_wall_turn_nothing():
    r = rules_with([{"item": "birds", "count": 2}])
    res = settle(r, table([self_draw(0)]))
    assert not any(res["birds"].payments) and res["birds"].details["wins"][0]["pairs"] == []


# --- 买马 ----------------------------------------------------------------------------------------

def test_horses_pay_the_owner_of_a_horse_on_the_winner():
    r = rules_with([{"item": "horses", "count": 1, "effect": "multiply"}])
    # head order from the dealer (seat 0): seat0 gets 2m (-> seat 1), seat1 3m, seat2 6m (-> seat 1), seat3 1m
    res = settle(r, table([self_draw(1, 2)], wall="2m3m6m1m"))
    # winner 1 was paid 2 by seats 0, 2, 3; owners 0 and 2 collect 2 from each other payer
    assert res["horses"].payments == [-2 + 2 * 2, 0, 2 * 2 - 2, -2 - 2]


# --- 跟庄 / 连庄 / 飘 ------------------------------------------------------------------------------

def test_gen_zhuang_dealer_pays_everyone():
    r = rules_with([{"item": "gen_zhuang", "value": 1}])
    first = ((2, t("东")), (3, t("东")), (0, t("东")), (1, t("东")))
    res = settle(r, table((), dealer=2, opening_discards=first))
    assert res["gen_zhuang"].payments == [1, 1, -3, 1]
    broken = first[:3] + ((1, t("南")),)
    assert not any(settle(r, table((), dealer=2, opening_discards=broken))["gen_zhuang"].payments)


def test_lian_zhuang_add_and_multiply():
    add = rules_with([{"item": "lian_zhuang", "mode": "add", "value": 1}])
    assert settle(add, table([self_draw(0, 2)], streak=2))["lian_zhuang"].payments == [6, -2, -2, -2]
    mul = rules_with([{"item": "lian_zhuang", "mode": "multiply", "value": 2, "max_streak": 1}])
    assert settle(mul, table([self_draw(0, 2)], streak=3))["lian_zhuang"].payments == [6, -2, -2, -2]
    assert not any(settle(add, table([self_draw(1, 2)], streak=2))["lian_zhuang"].payments)  # not the dealer


def test_piao_stakes():
    r = rules_with([{"item": "piao", "value": 1}])
    assert settle(r, table([discard_win(1, 3)]))["piao"].payments == [0, 2, 0, -2]
    res = settle(r, table([self_draw(0)], stakes=(2, 0, 1, 0)))
    assert res["piao"].payments == [2 + 3 + 2, -2, -3, -2]


# --- 包赔 ----------------------------------------------------------------------------------------

def test_robbed_kong_pays_for_everyone_as_a_self_draw():
    r = rules_with([{"item": "liability", "cases": ["robbed_kong"]}])
    robbed = WinFacts(1, False, 3, 2, (0, 2, 0, -2), robbing_kong=True)
    res = settle(r, table([robbed]))
    # priced as a self-draw (2 from each of three seats = 6), all paid by seat 3: delta [0, +4, 0, -4]
    assert res["liability"].payments == [0, 4, 0, -4]


def test_third_meld_feeder_pays_everything_including_earlier_items():
    melds = (Meld("pung", (1, 1, 1), 1, 2), Meld("chow", (2, 3, 4), 2, 3), Meld("pung", (9, 9, 9), 9, 0))
    win = WinFacts(1, True, None, 4, (-4, 12, -4, -4), melds=melds, fans=("清一色",))
    r = rules_with([{"item": "piao", "value": 1},
                    {"item": "liability", "cases": ["third_meld"], "big_fans": ["清一色"]}])
    res = settle(r, table([win]))
    # seat 0 fed the third meld: it pays seats 2 and 3's 4 + 2 (piao) each
    assert res["liability"].payments == [-12, 0, 6, 6]
    small = WinFacts(1, True, None, 1, (-1, 3, -1, -1), melds=melds, fans=("鸡胡",))
    assert not any(settle(r, table([small]))["liability"].payments)


def test_every_item_is_documented_and_listed_in_the_spec():
    from dslgen.rulefile.spec import enumerations

    assert set(enumerations()["settlement_items"]) == set(ITEMS)
    for unit in ITEMS.values():
        assert unit.doc and unit.zh


def test_schema_params_match_the_registry():
    from dslgen.rulefile.spec import blocks

    block = next(b for b in blocks() if b.target == "properties/settlement_items")
    allowed = {}
    for rule in block.data["items"]["allOf"]:
        allowed[rule["if"]["properties"]["item"]["const"]] = set(rule["then"]["propertyNames"]["enum"]) - {"item"}
    assert allowed == {name: set(u.params) for name, u in ITEMS.items()}
    assert set(block.data["items"]["properties"]["item"]["examples"]) == set(ITEMS)


@pytest.mark.parametrize("name", sorted(ITEMS))
def test_every_item_sums_to_zero_in_a_played_game(name):
    """Each item declared alone in a small game: every game settles to zero in total."""
    from engine.simulation import play_game

    from tests.game.conftest import base_data

    data = base_data()
    data["requires"].append("scoring.settlement_items")
    data["settlement_items"] = [{"item": name}]
    if name in ("jing_points", "de_guo"):
        data["wildcard_rules"] = {"type": "random", "random_count": 2, "behavior": "substitute"}
        data["requires"].append("meldsolver.wildcard")
    rules = Rules.from_dict(data)
    for seed in range(3):
        rec = play_game(rules, seed)
        assert rec.error is None, rec.error
        assert sum(rec.payments) == 0
        assert [i["name"] for i in rec.items] == [name]
