"""Targeted flow tests on stacked walls: priorities, seat distance, 一炮多响, 抢杠胡, 血战, 过水, flowers, hooks."""

from __future__ import annotations

import pytest

from engine.game import Game, IllegalAction
from engine.game.actions import Action
from engine.rules import Rules
from engine.tiles import parse_tiles, tile_from_name

from tests.game.conftest import act, base_data, catalog_data, kinds, new_game, pass_all, reactions_of

DEALER = "5m19p19s东南西北中发白23s"  # discards 5m first; nothing else in it matters
CHI_5M = "46m147p258s369p东西"          # seat 1 can only chi 4-5-6m
PUNG_5M = "55m147s258p369s北白"         # seat 2 can only pung 5m
WIN_5M = "5m123s456s789s中中中"          # waits on 5m alone (单钓)
KONG_5M = "555m147s258p36s北白"         # three 5m: ming_kong or pung


def t(name: str) -> int:
    return tile_from_name(name)


def discard_5m(game: Game) -> None:
    assert game.stage == "self" and game.turn == 0
    act(game, 0, "discard", "5m")


def test_win_beats_pung_beats_chi():
    g = new_game(base_data(), {0: DEALER, 1: CHI_5M, 2: PUNG_5M, 3: WIN_5M})
    discard_5m(g)
    assert kinds(g, 1) == {"chi", "pass"}
    assert kinds(g, 2) == {"pung", "pass"}
    assert kinds(g, 3) == {"win", "pass"}
    act(g, 1, "chi")
    act(g, 2, "pung")
    act(g, 3, "win")
    assert g.over and [w.seat for w in g.wins] == [3]
    assert g.wins[0].discarder == 0 and not g.wins[0].self_drawn
    assert g.payments == [-1, 0, 0, 1]
    assert not g.players[1].melds and not g.players[2].melds


def test_pung_beats_chi_when_nobody_wins():
    g = new_game(base_data(), {0: DEALER, 1: CHI_5M, 2: PUNG_5M, 3: WIN_5M})
    discard_5m(g)
    act(g, 3, "pass")
    act(g, 1, "chi")
    act(g, 2, "pung")
    assert g.stage == "self" and g.turn == 2
    meld = g.players[2].melds[0]
    assert (meld.kind, meld.tiles, meld.from_seat) == ("pung", (5, 5, 5), 0)
    assert 5 not in g.players[0].discards
    # after a claim the claimer may only discard
    assert kinds(g, 2) == {"discard"}


def test_kong_beats_chi_and_draws_a_replacement():
    g = new_game(base_data(), {0: DEALER, 1: CHI_5M, 3: KONG_5M}, tail="7p")
    discard_5m(g)
    assert {"ming_kong", "pung"} <= kinds(g, 3)
    act(g, 1, "chi")
    act(g, 3, "ming_kong")
    assert g.turn == 3 and g.players[3].melds[0].kind == "kong"
    assert g.drawn == t("7p") and g.kong_flag


def test_win_beats_kong():
    g = new_game(base_data(), {0: DEALER, 2: "46m123p456p789p北北", 3: KONG_5M})
    discard_5m(g)
    act(g, 3, "ming_kong")
    act(g, 2, "win")
    assert g.over and [w.seat for w in g.wins] == [2]


@pytest.mark.parametrize("order, winner", [("counter_clockwise", 1), ("clockwise", 3)])
def test_tied_wins_go_to_the_nearest_seat_from_the_discarder(order, winner):
    data = base_data(turn_order=order)
    g = new_game(data, {0: DEALER, 1: "46m123p456p789p北北", 3: "46m123s456s789s白白"})
    discard_5m(g)
    act(g, 1, "win")
    act(g, 3, "win")
    assert [w.seat for w in g.wins] == [winner]


def test_chi_only_for_the_next_seat_in_turn_order():
    data = base_data(turn_order="clockwise")
    g = new_game(data, {0: DEALER, 1: CHI_5M, 3: "46m147s258p369s东西"})
    discard_5m(g)
    assert "chi" not in kinds(g, 1)
    assert "chi" in kinds(g, 3)


def test_all_winners_lets_every_winner_win_one_discard():
    data = base_data()
    reactions_of(data)["priority_policy"] = "all_winners"
    g = new_game(data, {0: DEALER, 1: "46m123p456p789p北北", 3: "46m123s456s789s白白"})
    discard_5m(g)
    act(g, 1, "win")
    act(g, 3, "win")
    assert sorted(w.seat for w in g.wins) == [1, 3]
    assert g.payments == [-2, 1, 0, 1]
    assert g.over


def test_unlisted_actions_are_never_legal():
    data = base_data()
    reactions_of(data)["options"] = [o for o in reactions_of(data)["options"] if o["action"] != "chi"]
    g = new_game(data, {0: DEALER, 1: CHI_5M, 2: PUNG_5M})
    discard_5m(g)
    assert 1 not in g.to_act()
    with pytest.raises(IllegalAction):
        g.apply(Action("chi", 1, 5, (4, 6)))


def test_rob_kong_window_on_bu_kong():
    # seat 2 pungs 9s from seat 1, later draws the fourth 9s and adds it; seat 3 waits on 9s.
    hands = {
        0: "19m19p3p东南西北中发白白白",
        1: "9s2m3m4m2p3p4p5p6p7p东南西",
        2: "99s1m1m5m6m7m2s3s4s5s6s7s",
        3: "123m456m789m东东78s",
    }
    g = new_game(base_data(), hands, draws="北北中发9s")
    act(g, 0, "discard", "白")
    pass_all(g)
    act(g, 1, "discard", "9s")
    assert kinds(g, 3) == {"win", "pass"} and "pung" in kinds(g, 2)
    act(g, 3, "pass")
    act(g, 2, "pung")
    act(g, 2, "discard", "1m")
    pass_all(g)
    for seat in (3, 0, 1):
        assert g.turn == seat
        act(g, seat, "discard", _name(g.drawn))
        pass_all(g)
    assert g.turn == 2 and g.drawn == t("9s")
    act(g, 2, "bu_kong", "9s")
    assert g.stage == "rob" and g.to_act() == [3]
    assert kinds(g, 3) == {"win", "pass"}
    act(g, 3, "win")
    w = g.wins[0]
    assert w.robbing_kong and w.discarder == 2 and ("抢杠胡", 2) in w.fans
    assert g.players[2].melds[0].kind == "pung"  # the kong was robbed, never made
    assert g.payments[2] < 0 and g.payments[3] > 0 and sum(g.payments) == 0


def test_no_rob_window_unless_the_rules_require_rob_kong():
    data = base_data()
    data["requires"].remove("phase.rob_kong")
    hands = {
        0: "19m19p3p东南西北中发白白白",
        1: "9s2m3m4m2p3p4p5p6p7p东南西",
        2: "99s1m1m5m6m7m2s3s4s5s6s7s",
        3: "123m456m789m东东78s",
    }
    g = new_game(data, hands, draws="北北中发9s")
    act(g, 0, "discard", "白")
    pass_all(g)
    act(g, 1, "discard", "9s")
    act(g, 3, "pass")
    act(g, 2, "pung")
    act(g, 2, "discard", "1m")
    pass_all(g)
    for _ in range(3):
        act(g, g.turn, "discard", _name(g.drawn))
        pass_all(g)
    act(g, 2, "bu_kong", "9s")
    assert g.stage == "self" and g.turn == 2 and g.players[2].melds[0].kind == "kong"


def test_bu_kong_without_robbers_makes_the_kong():
    hands = {
        0: "19m19p3p东南西北中发白白白",
        1: "9s2m3m4m2p3p4p5p6p7p东南西",
        2: "99s1m1m5m6m7m2s3s4s5s6s7s",
        3: "147m258m369m东1p4p7p",
    }
    g = new_game(base_data(), hands, draws="北北中发9s", tail="8p")
    act(g, 0, "discard", "白")
    pass_all(g)
    act(g, 1, "discard", "9s")
    act(g, 2, "pung")
    act(g, 2, "discard", "1m")
    pass_all(g)
    for _ in range(3):
        act(g, g.turn, "discard", _name(g.drawn))
        pass_all(g)
    act(g, 2, "bu_kong", "9s")
    assert g.stage == "self" and g.turn == 2 and g.drawn == t("8p") and g.kong_flag
    assert g.players[2].melds[0].kind == "kong" and len(g.players[2].melds[0].tiles) == 4


def _name(code: int) -> str:
    from engine.tiles import tile_name

    return tile_name(code)


# --- 血战, 过水 and hooks on the Sichuan catalog variant ------------------------------

def sichuan_play_only() -> dict:
    """The catalog's 四川血战 without its 换三张 / 定缺 phases, so a stacked wall is played as dealt."""
    data = catalog_data("sichuan_xuezhan")
    data["phases"] = [p for p in data["phases"] if p["type"] not in ("exchange_three", "declare_void")]
    data["phases"][0]["next"] = "play"
    data["requires"] = [r for r in data["requires"] if r not in ("phase.exchange_three", "phase.declare_void")]
    return data


SICHUAN_DEALER = "5m19m1p9p2p8p3p7p1s9s2s8s"  # 13 tiles, three suits
SICHUAN_WAITER = "46m99m123p456p789p"            # 万/筒 only, waits on 5m


def test_xuezhan_continues_after_a_win():
    data = sichuan_play_only()
    g = new_game(data, {0: SICHUAN_DEALER + "3s", 1: SICHUAN_WAITER})
    act(g, 0, "discard", "5m")
    act(g, 1, "win")
    assert not g.over and g.players[1].won
    assert g.turn == 2 and g.stage == "self"
    while not g.over:
        for s in g.to_act():
            assert s != 1, "a seat that won must not act again"
            legal = g.legal_actions(s)
            choice = next((a for a in legal if a.kind == "pass"), None) or next(a for a in legal if a.kind == "discard")
            g.apply(choice)
    assert g.end_reason in ("deck_exhausted", "one_player_left")
    assert sum(g.payments) == 0


def test_fu_flag_blocks_the_passed_tile_until_own_discard():
    data = sichuan_play_only()
    hands = {0: SICHUAN_DEALER + "3s", 1: "5m1s2s3s4s6s7s8s1p2p3p4p6p", 2: "1s1s2s2s3s3s4s4s6s6s7s7s8s", 3: SICHUAN_WAITER}
    g = new_game(data, hands, draws="9s9s9p5m")
    act(g, 0, "discard", "5m")
    assert kinds(g, 3) == {"win", "pass"}
    act(g, 3, "pass")
    assert g.players[3].fu_blocked == {t("5m")}
    act(g, 1, "discard", "5m")  # seat 1 draws 9s, throws the same tile
    assert 3 not in g.to_act(), "过水: seat 3 may not win on 5m before its own discard"
    pass_all(g)
    act(g, 2, "discard", "9s")
    pass_all(g)
    act(g, 3, "discard", "9p")
    assert g.players[3].fu_blocked == set()
    pass_all(g)
    assert g.turn == 0 and g.drawn == t("5m")
    act(g, 0, "discard", "5m")
    assert "win" in kinds(g, 3)


def test_exhaustion_runs_hua_zhu_then_ting_and_pays_the_right_seats():
    data = sichuan_play_only()
    hands = {
        0: SICHUAN_DEALER + "3s",                # 花猪: still three suits
        1: "46m99m123p456p789p",                 # ready on 5m (万/筒)
        2: "1m3m5m7m9m2p4p6p8p1p1p3p3p",           # 万/筒, not ready
        3: "123456789s2m3m6m8m",                  # 万/条, not ready
    }
    g = new_game(data, hands)
    act(g, 0, "discard", "3s")
    while not g.over:
        for s in g.to_act():
            legal = g.legal_actions(s)
            if g.stage == "self":
                g.apply(next(a for a in legal if a.kind == "discard" and a.tile == g.drawn))
            else:
                g.apply(next(a for a in legal if a.kind == "pass"))
    assert g.end_reason == "deck_exhausted" and not g.wins
    hooks = {h["name"]: h for h in g.hook_results}
    assert hooks["check_hua_zhu"]["details"]["hua_zhu"] == [0]
    cap = 32  # 5 番封顶 under doubling: 1 × 2^5
    assert hooks["check_hua_zhu"]["payments"] == [-3 * cap, cap, cap, cap]
    ready = hooks["check_ting"]["details"]["ready"]
    assert set(ready) == {1}
    fan = ready[1]
    assert hooks["check_ting"]["payments"] == [0, 2 * fan, -fan, -fan]
    assert g.payments == [-3 * cap, cap + 2 * fan, cap - fan, cap - fan]


# --- flowers ----------------------------------------------------------------------

def _flower_data(deal_action: str) -> dict:
    data = base_data()
    data["deck"] = {"generator": "mahjong", "include_honors": True, "include_flowers": True, "total": 144}
    data["phases"][0]["action"] = deal_action
    data["flower_rules"] = {"on_draw": "replace_and_draw", "scoring": {"normal": 1}}
    return data


FLOWER_HANDS = {0: "春123m456m789p11s东南", 1: "夏147m258p369s东南西", 2: "258m147p369s中中发白",
                3: "369m258p147s中发发白"}


def test_flowers_are_replaced_at_the_deal_repeatedly_and_on_draw():
    # replacements come from the tail in the order given: 梅 (a flower again), 5s, 6s, then 7s
    g = new_game(_flower_data("deal_cards_with_flowers"), FLOWER_HANDS, draws="秋", tail="梅5s6s7s")
    p0, p1 = g.players[:2]
    assert p0.flowers == parse_tiles("春梅") and p1.flowers == parse_tiles("夏")
    assert t("5s") in p0.hand and t("6s") in p1.hand
    assert len(p0.hand) == 14 and len(p1.hand) == 13
    replaced = [(e["flower"], e["replacement"]) for e in g.events if e["type"] == "flower"]
    assert replaced == [(t("春"), t("梅")), (t("梅"), t("5s")), (t("夏"), t("6s"))]
    act(g, 0, "discard", "东")
    pass_all(g)
    assert g.turn == 1 and p1.flowers == parse_tiles("夏秋")
    assert t("7s") in p1.hand and g.drawn == t("7s") and len(p1.hand) == 14
    assert not any(41 <= x <= 48 for x in p0.hand + p1.hand)


def test_without_deal_replacement_a_flower_waits_for_its_owners_turn():
    g = new_game(_flower_data("deal_cards"), FLOWER_HANDS, draws="秋", tail="梅5s6s7s")
    p0, p1 = g.players[:2]
    assert p0.flowers == parse_tiles("春梅")  # the dealer's turn starts at once
    assert t("夏") in p1.hand and not p1.flowers
    act(g, 0, "discard", "东")
    pass_all(g)
    assert p1.flowers == parse_tiles("夏秋") and t("6s") in p1.hand and t("7s") in p1.hand
    assert not any(41 <= x <= 48 for x in p1.hand)


def test_random_wildcards_come_from_an_indicator_flipped_from_the_tail():
    data = base_data()
    data["wildcard_rules"] = {"type": "random", "random_count": 2, "behavior": "substitute"}
    g = new_game(data, {}, tail="9s")
    assert g.indicator == t("9s") and g.wild_codes == frozenset(parse_tiles("1s2s"))
    g = new_game(data, {}, tail="北")
    assert g.wild_codes == frozenset(parse_tiles("东南"))


def test_observation_shows_only_own_tiles():
    g = new_game(base_data(), {0: DEALER, 1: CHI_5M})
    obs = g.observation(1)
    assert obs["hand"] == sorted(parse_tiles(CHI_5M))
    assert [p["hand_size"] for p in obs["players"]] == [14, 13, 13, 13]
    assert "hand" not in obs["players"][0]
    assert obs["legal_actions"] == []
    assert g.observation(0)["legal_actions"][0]["kind"] in ("discard", "win", "an_kong")


@pytest.mark.parametrize("edit, where", [
    (lambda d: d["phases"][0].update(type="bidding"), "phases[0].type"),
    (lambda d: d["phases"][2].update(action="count_points"), "phases[2].action"),
    (lambda d: d["phases"][1]["sub_phases"]["self_action"].update(options=[{"action": "win"}]), "discard"),
    (lambda d: reactions_of(d).update(priority_policy="first_come"), "priority_policy"),
    (lambda d: d["phases"][1].update(end_conditions=[{"type": "timeout", "action": "settle"}]), "end_conditions[0].type"),
    (lambda d: d["phases"][1].update(fu_flag={"type": "dirty_flag", "effect": "block_all_wins"}), "fu_flag"),
])
def test_rules_the_flow_cannot_play_are_refused_with_the_field(edit, where):
    from engine.errors import EngineError, RulesError

    data = base_data()
    edit(data)
    with pytest.raises(RulesError) as err:  # loading validates: the game is never started
        Rules.from_dict(data)
    assert where in str(err.value) and isinstance(err.value, EngineError)
    with pytest.raises(RulesError):  # rules built without validation are still refused by the flow
        Game(Rules.from_dict(data, validate=False), 0)


def test_kong_replacement_win_sets_the_flag():
    g = new_game(base_data(), {0: "1111m234m567m89m东东"}, tail="7m")
    act(g, 0, "an_kong", "1m")
    assert g.players[0].melds[0].kind == "ankong" and g.drawn == t("7m")
    act(g, 0, "win")
    w = g.wins[0]
    assert w.self_drawn and w.kong_replacement and ("杠上开花", 2) in w.fans
    assert g.payments == [6, -2, -2, -2]


def test_first_turn_flags_for_heavenly_and_earthly_wins():
    g = new_game(base_data(), {0: "123m456m789m123p东东"})
    assert "win" in kinds(g, 0)
    act(g, 0, "win")
    assert g.wins[0].first_turn and g.wins[0].self_drawn
    g = new_game(base_data(), {0: DEALER, 1: "46m123p456p789p北北"})
    discard_5m(g)
    act(g, 1, "win")
    assert g.wins[0].first_turn and not g.wins[0].self_drawn
