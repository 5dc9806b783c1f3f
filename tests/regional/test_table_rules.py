"""Table shape, second part (issue 15 item 1): 16-tile hands (five melds and a pair), decks given as a tile
list, seat winds, the first and the next dealer, and who pays a discard win."""

from __future__ import annotations

import pytest

from engine import solver
from engine import tiles as T
from engine.fans import WinContext, score_win
from engine.game import Game
from engine.simulation import game_seed, play_game
from engine.simulation.narrate import narrate
from engine.melds import Meld
from engine.rules import Rules, RulesError
from engine.solver import Shapes
from engine.solver.shanten import shanten
from tests.game.conftest import act, base_data, new_game


def sixteen(**deck) -> dict:
    data = base_data()
    data["deal"]["cards_per_player"] = 16
    data["fan_types"] += [{"name": "对对胡", "base_fan": 2}, {"name": "平胡", "base_fan": 1}]
    data["deck"].update(deck)
    return data


# --- 16-tile hands --------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, wins", [
    ("123m456m789m123p456p55s", True),    # five chows and a pair
    ("111m222m333p444p777s中中", True),   # five pungs and a pair
    ("123m456m789m123p456p5s7s", False),  # one tile short of the pair
    ("11335577m113355p22s", False),       # pairs only: no 16-tile shape
])
def test_five_melds_and_a_pair(hand, wins):
    counts = T.to_counts(T.parse_tiles(hand))
    assert solver.is_win(counts, 0, (), Shapes(seven_pairs=True)) is wins


def test_shanten_counts_five_groups():
    ready = T.to_counts(T.parse_tiles("123m456m789m123p456p5s"))  # 16 tiles waiting on 5s
    assert shanten(ready) == 0
    assert shanten(T.to_counts(T.parse_tiles("123m456m789m123p456p55s"))) == -1
    assert shanten(T.to_counts(T.parse_tiles("123m456m789m123p459p5s"))) == 1
    with pytest.raises(ValueError):
        shanten(T.to_counts(T.parse_tiles("123m456m789m123p456p789s1s")))  # 19 tiles: no such hand


def test_pung_and_chow_fans_count_five_sets():
    rules = Rules.from_dict(sixteen())
    pungs = T.parse_tiles("111m222m333p444p777s中中")
    res = score_win(rules, WinContext(tuple(pungs), (), pungs[-1], self_drawn=True))
    assert res.legal and dict(res.fans)["对对胡"] == 2
    chows = T.parse_tiles("123m456m789m123p456p55s")
    res = score_win(rules, WinContext(tuple(chows), (), chows[0], self_drawn=True))
    assert res.legal and "平胡" in dict(res.fans)
    melded = T.parse_tiles("123m456m789m55s")
    meld = (Meld("pung", (21, 21, 21), 1), Meld("chow", (14, 15, 16), 3))
    res = score_win(rules, WinContext(tuple(melded), meld, melded[0], self_drawn=True))
    assert res is not None and res.legal and "对对胡" not in dict(res.fans)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sixteen_tile_games_play_clean(players):
    from dslgen.simulation import run

    data = sixteen()
    data["game"]["players"] = {"min": players, "max": players}
    rules = Rules.from_dict(data)
    stats = run(rules, 12, 3, jobs=1)
    assert stats["errors"] == [] and stats["wins"] > 0
    rec = play_game(rules, game_seed(3, 0), keep_events=True)
    deal = [e for e in rec.events if e["type"] == "deal"]
    assert sorted(len(e["tiles"]) for e in deal) == [16] * (players - 1) + [17]


# --- decks as a tile list -------------------------------------------------------------------------

def test_tile_list_deck_equals_the_suits_deck():
    listed = base_data()
    listed["deck"]["tiles"] = ["123456789s", "123456789p", "中发白"]
    by_suits = base_data()
    by_suits["deck"].update(suits=["条", "筒"], honors=["中", "发", "白"])
    assert sorted(Rules.from_dict(listed).deck()) == sorted(Rules.from_dict(by_suits).deck())
    assert len(Rules.from_dict(listed).deck()) == 84
    listed["deck"]["tiles"] = ["123456789s", "春"]
    with pytest.raises(RulesError, match="deck.tiles"):
        Rules.from_dict(listed)


def test_check_flags_tile_lists():
    from dslgen.checks.runner import check_data

    data = base_data()
    data["deck"].update(tiles=["123456789s", "123456789p", "中发白"], total=84)
    assert not [f for f in check_data(data).findings if f.severity == "error"]
    data["deck"]["total"] = 72
    assert "C406" in check_data(data).codes()
    data["deck"].update(include_honors=False, total=84)
    assert any(f.code == "C406" and "字牌" in f.message for f in check_data(data).findings)


# --- seats, dealers and payers --------------------------------------------------------------------

def three(**seating) -> dict:
    data = base_data()
    data["game"]["players"] = {"min": 3, "max": 3}
    data["deck"].update(suits=["条", "筒"], honors=["中", "发", "白"], total=84)
    data["game"]["seating"] = seating
    return data


DEALER = "1199s2378p中中发发白"   # 14 tiles; discards 9s
WAITS_9S = "123s456s78s123p55p"  # seat 1: wins on 9s
OTHER = "123456789p1234s"


def test_first_dealer_seat_0_and_next_dealer_winner():
    rules = Rules.from_dict(three(first_dealer="seat_0", next_dealer="winner"))
    assert {Game(rules, seed).dealer for seed in range(8)} == {0}
    g = new_game(three(next_dealer="winner"), {0: DEALER, 1: WAITS_9S, 2: OTHER})
    act(g, 0, "discard", "9s")
    act(g, 1, "win")
    assert g.over and g.next_dealer == 1
    text = "\n".join(narrate(g.events))
    assert text.endswith("下一局庄家：座位1")


@pytest.mark.parametrize("rule, after_win, after_draw", [
    ("stay_on_win", 1, 0), ("rotate", 1, 1), ("winner", 1, 0)])
def test_next_dealer_rules(rule, after_win, after_draw):
    g = new_game(three(next_dealer=rule), {0: DEALER, 1: WAITS_9S, 2: OTHER})
    act(g, 0, "discard", "9s")
    act(g, 1, "win")
    assert g.next_dealer == after_win
    nobody_wins = dict(three(next_dealer=rule), win_min_fan=100)
    rec = play_game(Rules.from_dict(nobody_wins), 5)
    assert rec.error is None and not rec.wins and rec.next_dealer == (rec.dealer + after_draw) % 3


def test_discard_paid_by_all_losers():
    data = three()
    data["scoring"]["discard_paid_by"] = "all_losers"
    g = new_game(data, {0: DEALER, 1: WAITS_9S, 2: OTHER})
    act(g, 0, "discard", "9s")
    act(g, 1, "win")
    total = g.wins[0].total
    assert g.payments == [-total, 2 * total, -total]
    alone = new_game(three(), {0: DEALER, 1: WAITS_9S, 2: OTHER})
    act(alone, 0, "discard", "9s")
    act(alone, 1, "win")
    assert alone.payments == [-total, total, 0]


def test_seat_winds_follow_the_declaration():
    rules = Rules.from_dict(three(seat_winds=["东", "南", "西"]))
    g = Game(rules, 0, dealer=2)
    assert [g.seat_wind(s) for s in range(3)] == [1, 2, 0]  # dealer 东, then 南, then 西
    two = base_data()
    two["game"]["players"] = {"min": 2, "max": 2}
    two["game"]["seating"] = {"seat_winds": ["东", "西"]}
    g = Game(Rules.from_dict(two), 0, dealer=1)
    assert [g.seat_wind(s) for s in range(2)] == [2, 0]
    two["game"]["seating"] = {"seat_winds": ["东", "南", "西"]}
    with pytest.raises(RulesError, match="seat_winds"):
        Rules.from_dict(two)


def test_semantic_diff_names_the_seating():
    from dslgen.review.semantic_diff import semantic_changes

    old = three()
    new = three(next_dealer="winner", first_dealer="seat_0")
    new["scoring"]["discard_paid_by"] = "all_losers"
    new["deal"]["cards_per_player"] = 16
    changes = semantic_changes(old, new)
    assert "每人起手张数：13 → 16" in changes
    assert any(c.startswith("首局庄家：掷骰随机定庄（random） → 座位 0 坐首局庄") for c in changes)
    assert any(c.startswith("下一局庄家：") and "谁和谁坐庄" in c for c in changes)
    assert any(c.startswith("点炮谁付番：") for c in changes)


@pytest.mark.parametrize("text, key, value", [
    ("每人16张牌。", "cards_per_player", 16),
    ("谁胡谁坐庄。", "next_dealer", "winner"),
    ("每局轮庄。", "next_dealer", "rotate"),
    ("庄家胡了连庄，闲家胡了下家坐庄。", "next_dealer", "stay_on_win"),
    ("东家先坐庄。", "first_dealer", "seat_0"),
    ("两个人坐对家。", "seat_winds", ["东", "西"]),
    ("二人麻将：两个人打，坐对家。", "seat_winds", ["东", "西"]),
    ("点炮三家都付。", "discard_paid_by", "all_losers"),
])
def test_drafter_reads_the_seating(text, key, value):
    from dslgen.generate.description_facts import read_facts

    facts = read_facts(text)
    assert facts.values.get(key) == value
    assert not [g for g in facts.gaps if "next_dealer" in g["reason"] or "16 张" in g["reason"] or "三家都付" in g["reason"]]


# --- 卡五星 and 二人麻将 (their golden playthroughs: tests/game/golden/kawuxing.txt, erren.txt) -------

def test_multiply_stacking_caps_the_product():
    data = base_data()
    data["fan_stacking"] = "multiply"
    data["fan_types"] = [{"name": "鸡胡", "base_fan": 1}, {"name": "对对胡", "base_fan": 2},
                         {"name": "清一色", "base_fan": 4}, {"name": "海底捞月", "base_fan": 2}]
    hand = tuple(T.parse_tiles("111s333s555s777s99s"))
    res = score_win(Rules.from_dict(data), WinContext(hand, (), hand[-1], self_drawn=True, last_tile=True))
    assert res.total == 16 and dict(res.fans) == {"对对胡": 2, "清一色": 4, "海底捞月": 2}
    data["max_fan"] = 10
    res = score_win(Rules.from_dict(data), WinContext(hand, (), hand[-1], self_drawn=True, last_tile=True))
    assert res.total == 10


KAWUXING_TEXT = ("卡五星是湖北襄阳、孝感一带三个人打的麻将。只用条子和筒子，再加中、发、白三种字牌，每种4张，一共84张，"
                 "没有万子，也没有东南西北。三个人各摸13张，庄家多摸1张。谁胡谁坐庄。不能吃，只能碰和杠。可以点炮也可以自摸，"
                 "一炮多响。番型：平胡1番，碰碰胡2番，七对4番，龙七对8番，清一色4番，卡五星2番（胡牌时是用4和6夹胡5，"
                 "比如4条6条胡5条），杠上开花2番，海底捞月2番，明四归一2番，暗四归一4番，小三元4番，大三元8番。"
                 "各番相乘，最多算到64番。自摸每家都给，点炮只有放炮的给。")
ERREN_TEXT = ("二人麻将：两个人打，坐对家。只用万子和字牌，没有条和筒，一共64张。每人16张牌，庄家多摸一张。"
              "可以吃碰杠，点炮和自摸都算，谁胡谁坐庄。清一色8番，混一色4番，碰碰胡4番，大三元16番。")


@pytest.mark.parametrize("text, players, total", [(KAWUXING_TEXT, 3, 84), (ERREN_TEXT, 2, 64)])
def test_designer_descriptions_draft_the_table_shape(text, players, total, tmp_path):
    """``dslgen new`` on a designer-worded 卡五星 / 二人麻将: the table shape is drafted, no gap names it,
    and the draft plays."""
    from dslgen.generate.pipeline import NewOptions, run_new

    result = run_new(NewOptions(description=text, provider="offline", games=20, jobs=1, out=str(tmp_path / "d")))
    gap_text = " ".join(f"{g['text']} {g['reason']}" for g in result["gaps"])
    for word in ("4 人", "人数", "牌库", "缺花色", "16 张", "相乘", "卡五星", "四归", "龙七对", "next_dealer"):
        assert word not in gap_text, (word, result["gaps"])
    assert all(result["gates"][g] for g in ("schema", "capabilities", "compliance", "simulation")), result["findings"]
    from ruamel.yaml import YAML

    drafted = [p for p in (tmp_path / "d").glob("*.yaml")]
    data = YAML(typ="safe").load(drafted[0].read_text(encoding="utf-8"))
    assert data["game"]["players"]["max"] == players and data["deck"]["total"] == total
    assert result["gates"]["consistency"] or all("亮倒" in g["reason"] or "报听" in g["reason"] or "包赔" in g["reason"]
                                                 for g in result["gaps"])
