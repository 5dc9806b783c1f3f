"""长沙 as played (issue 15 item 3): 将将胡 without a shape, and 起手小胡 paid right after the deal."""

from __future__ import annotations

import pytest

from engine import solver
from engine import tiles as T
from engine.game import opening
from engine.simulation.narrate import narrate
from engine.melds import Meld
from engine.rules import Rules
from engine.solver import Shapes
from tests.fans.fan_helpers import win
from tests.game.conftest import act, catalog_data, new_game

JJ = Shapes(all_258=True, pair_258=True)


def counts(text: str) -> list[int]:
    c = [0] * T.COUNT_SIZE
    for t in T.parse_tiles(text):
        c[t] += 1
    return c


# --- 将将胡: the shape ------------------------------------------------------------------

def test_all_258_wins_without_sets_and_only_with_258_melds():
    hand = counts("2258m258p2255888s")
    assert solver.is_win(hand, 0, (), JJ) and solver.win_shapes(hand, 0, (), JJ) == ["all_258"]
    assert not solver.is_win(hand, 0, (), Shapes(pair_258=True))  # off unless the rules enable it
    assert not solver.is_win(counts("2258m258p2255889s"), 0, (), JJ)
    eleven = counts("2558m258p258s")
    assert solver.is_win(eleven, 1, (Meld("pung", (22, 22, 22)),), JJ)  # a wild tile is any 2/5/8
    assert not solver.is_win(eleven, 1, (Meld("chow", (22, 23, 24)),), JJ)


def test_all_258_shanten_and_waits():
    ready = counts("258m258m258p258s2s")
    assert solver.shanten(ready, 0, 0, JJ) == 0
    assert solver.waits(ready, 0, (), JJ) == list(solver.special.R258)
    assert solver.shanten_by_shape(counts("258m258m258p258s23s"), 0, 0, JJ)["all_258"] == 0


def test_all_258_wild_takes_the_suit_held_most():
    hand = counts("2558m258p258s")
    d = solver.decompositions(hand, 1, (Meld("pung", (22, 22, 22)),), JJ)[-1]
    assert d.shape == "all_258" and d.substitutions == (25,)


# --- 将将胡 in the 长沙 file ----------------------------------------------------------------

def test_changsha_jiang_jiang_hu_needs_no_shape_and_stacks_with_pengpeng():
    rules = Rules.from_dict(catalog_data("changsha"))
    loose = win(rules, "2258m258p2255888s", win_tile="8s")
    assert loose.legal and [n for n, _ in loose.fans] == ["将将胡"] and loose.total == 6
    both = win(rules, "222555m888p22288s", win_tile="8s")
    assert sorted(n for n, _ in both.fans) == ["将将胡", "碰碰胡"] and both.total == 12


def test_changsha_game_offers_jiang_jiang_hu_on_a_discard():
    g = new_game(catalog_data("changsha"), {0: "8s1m3s6s9s3p6p9p3s6s9s3p6p9p", 1: "2258m258p225588s"})
    act(g, 0, "discard", "8s")
    act(g, 1, "win")
    assert ("将将胡", 6) in g.wins[0].fans


# --- 起手小胡: worked settlements ----------------------------------------------------------

def _opening_rules(**scoring) -> Rules:
    data = catalog_data("changsha")
    data["scoring"].update(scoring)
    return Rules.from_dict(data)


LISTED = [("四喜", 1), ("板板胡", 1), ("缺一色", 1), ("六六顺", 1)]
#: one 13/14-tile hand per opening hand (and a plain one that shows none)
PLAIN = T.parse_tiles("123m456m789s12p345p")
HANDS = {
    "四喜": T.parse_tiles("1111m456m789s12p34p"),
    "板板胡": T.parse_tiles("113m469m134679s13p"),
    "缺一色": T.parse_tiles("123m456m789m12s345s"),
    "六六顺": T.parse_tiles("111m333p789s12p456p"),
}


@pytest.mark.parametrize("name", list(HANDS))
def test_each_opening_hand_is_paid_as_a_self_drawn_win_and_sums_to_zero(name):
    rules = _opening_rules()
    hands = [PLAIN, HANDS[name], PLAIN, PLAIN]
    decl = opening.declarations(rules, hands, 0, LISTED)
    assert [(d.seat, d.hand, d.count) for d in decl] == [(1, name, 1)]
    assert decl[0].payments == (-1, 3, -1, -1) and sum(decl[0].payments) == 0


def test_two_si_xi_count_twice_and_the_dealer_multiplier_applies():
    rules = _opening_rules(dealer_multiplier=2, self_draw_multiplier=2)
    two = T.parse_tiles("1111m4444m789s12p3p")
    decl = opening.declarations(rules, [PLAIN + [T.tile(2, 9)], two, PLAIN, PLAIN], 0, [("四喜", 2)])
    # 2 番 × 2 occurrences × self-draw ×2 = 8 from each; the dealer (seat 0) pays double
    assert [(d.hand, d.count) for d in decl] == [("四喜", 2)]
    assert decl[0].payments == (-16, 32, -8, -8) and sum(decl[0].payments) == 0


def test_a_hand_showing_several_opening_hands_is_paid_for_each():
    rules = _opening_rules()
    hand = T.parse_tiles("1111m333m777m9m134s")  # 四喜, 六六顺, 缺一色 and 板板胡 at once
    decl = opening.declarations(rules, [hand, PLAIN, PLAIN, PLAIN], 0, LISTED)
    assert [d.hand for d in decl] == ["四喜", "板板胡", "缺一色", "六六顺"]
    total = [sum(d.payments[s] for d in decl) for s in range(4)]
    assert total == [12, -4, -4, -4]


def test_points_zero_or_unlisted_hands_pay_nothing():
    rules = _opening_rules()
    assert opening.declarations(rules, [PLAIN, HANDS["四喜"], PLAIN, PLAIN], 0, [("板板胡", 1), ("四喜", 0)]) == []


def test_synonyms_and_unknown_names():
    assert opening.declared_hands({"hands": [{"name": "大四喜", "points": 2}, {"name": "六六大顺"}]}) == [("四喜", 2), ("六六顺", 1)]
    assert opening.declared_hands({"hands": [{"name": "一枝花"}]}) == []  # loading the rules reports it


def test_the_specification_table_lists_the_registry():
    from dslgen.rulefile.spec import enumerations

    names = {n for u in opening.OPENING_HANDS.values() for n in u.names}
    assert set(enumerations()["opening_hands"]) == names


# --- 起手小胡 in a game ------------------------------------------------------------------

def test_game_pays_opening_hands_before_play_and_narrates_them():
    data = catalog_data("changsha")
    g = new_game(data, {0: "1111m456m789s12p34p", 1: "234m567m789m1s345s", 2: "345m456s789s1p345p",
                        3: "234m567s789s2p456p"})
    got = [(o["seat"], o["hand"]) for o in g.opening_results]
    assert got == [(0, "四喜"), (1, "缺一色")]
    assert g.payments == [3 - 1, 3 - 1, -2, -2] and sum(g.payments) == 0
    assert g.stage == "self" and g.turn == 0  # play goes on
    text = "\n".join(narrate(g.events))
    assert "座位0(庄) 起手小胡 四喜（1 番）" in text and "座位1 起手小胡 缺一色" in text


def test_unknown_opening_hand_is_a_rules_error():
    from engine.errors import RulesError

    data = catalog_data("changsha")
    phase = next(p for p in data["phases"] if p["type"] == "opening_wins")
    phase["hands"] = [{"name": "一枝花"}]
    with pytest.raises(RulesError, match=r"phases\[1\]\.hands\[0\]\.name"):
        Rules.from_dict(data)


def test_simulation_counts_opening_hands_with_zero_errors():
    from engine.simulation import run_chunk

    stats = run_chunk(Rules.from_dict(catalog_data("changsha")), 7, 0, 30).to_dict()
    assert stats["error_count"] == 0
    assert set(stats["opening_wins"]) == {"games", "rate", "counts"}
    assert set(stats["opening_wins"]["counts"]) <= set(opening.OPENING_HANDS)


def test_zha_niao_doubles_between_the_winner_and_each_hit_payer():
    # seat 1 wins the dealer's first discard (5p: 55p is a 2/5/8 pair); birds from the tail: 5m -> the winner,
    # 4s -> the seat before the winner (the dealer, who paid): two hits on that payment, so it is paid three times
    g = new_game(catalog_data("changsha"), {0: "5p1m3m5m7m9m1s3s5s7s9s2p8p9p", 1: "123m456m789s234p5p"}, tail="5m4s")
    act(g, 0, "discard", "5p")
    act(g, 1, "win")
    for seat in g.to_act():  # the others pass
        act(g, seat, "pass")
    paid = g.wins[0].payments[0]
    birds = next(i for i in g.item_results if i["name"] == "birds")
    assert birds["details"]["tiles"] == ["5万", "4条"] and birds["payments"][0] == 2 * paid < 0
    # 地胡 is a 大胡, so the other two pay ¾ too (大胡点炮三家都付): one hit each (the winner's bird), paid twice
    three = next(i for i in g.item_results if i["name"] == "大胡点炮三家付")
    assert three["payments"][2] < 0 and birds["payments"][2:] == three["payments"][2:]
    assert sum(birds["payments"]) == 0 and sum(g.payments) == 0
