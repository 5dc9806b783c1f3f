"""川麻 play: 换三张, 定缺, 刮风下雨 kong payments, 呼叫转移, 退税, 查花猪/查大叫 with 定缺, 血流成河.

Worked settlements on stacked walls; every one is zero-sum. The catalog's 四川 files are the rules
(1 × 2^番, 5 番封顶 = 32; 明杠 2 from the discarder, 暗杠 2 and 加杠 1 from every seat still playing).
"""

from __future__ import annotations

import pytest

from engine import settlement, kongpay
from engine.game import Game
from engine.simulation import game_seed, play_game
from engine.game.prelude import exchange_options
from engine.rules import Rules
from engine.tiles import parse_tiles, tile_from_name

from tests.game.conftest import act, catalog_data, new_game, pass_all

t = tile_from_name

CAP = 32


def play_only(name: str = "sichuan_xuezhan", **prelude) -> dict:
    """A catalog 四川 file; without 换三张/定缺 unless ``prelude`` keeps them."""
    data = catalog_data(name)
    keep = {k for k, v in prelude.items() if v}
    data["phases"] = [p for p in data["phases"] if p["type"] not in ("exchange_three", "declare_void") or p["type"] in keep]
    chain = [p for p in data["phases"] if p["type"] != "auto" or p["action"] != "calculate_scores"]
    for a, b in zip(chain, chain[1:]):
        a["next"] = b["name"]
    data["requires"] = [r for r in data["requires"]
                        if r not in ("phase.exchange_three", "phase.declare_void") or r.split(".")[1] in keep]
    return data


def finish_by_discarding_draws(g: Game) -> None:
    while not g.over:
        for s in g.to_act():
            legal = g.legal_actions(s)
            if g.stage == "self":
                g.apply(next(a for a in legal if a.kind == "discard" and a.tile == g.drawn))
            else:
                g.apply(next(a for a in legal if a.kind == "pass"))


# --- 换三张 and 定缺 ---------------------------------------------------------------

def test_exchange_options_are_three_tiles_of_one_suit():
    opts = exchange_options(parse_tiles("1112m345s99p"), 0)
    assert all(len({x // 10 for x in a.tiles}) == 1 and len(a.tiles) == 3 for a in opts)
    assert {a.tiles for a in opts} == {tuple(parse_tiles(x)) for x in ("111m", "112m", "345s")}


@pytest.mark.parametrize("direction, offset", [("next", 1), ("opposite", 2), ("previous", 3)])
def test_exchange_passes_three_tiles_in_the_declared_direction(direction, offset):
    data = play_only(exchange_three=True)
    next(p for p in data["phases"] if p["type"] == "exchange_three")["direction"] = direction
    g = new_game(data, {0: "111m222m333s444p55p", 1: "345m678m789m456s4s", 2: "666s777s888s999s1p", 3: "123p678p789p33m4m"})
    assert g.stage == "exchange" and sorted(g.to_act()) == [0, 1, 2, 3]
    gave = {}
    for s in range(4):
        a = g.legal_actions(s)[0]
        gave[s] = a.tiles
        g.apply(a)
    assert g.stage == "self" and g.turn == 0
    for s in range(4):
        to = (s + offset) % 4
        assert g.exchanged[s]["gave"] == list(gave[s]) and g.exchanged[s]["to"] == to
        assert g.exchanged[to]["received"] == list(gave[s])
    ev = next(e for e in g.events if e["type"] == "exchange")
    assert len(ev["moves"]) == 4
    assert sorted(g.all_tiles().elements()) == sorted(g.deck)


def test_dice_direction_comes_from_the_seed():
    data = play_only(exchange_three=True)
    a = [e for e in Game(Rules.from_dict(data), seed=5).events if e["type"] == "dice"]
    b = [e for e in Game(Rules.from_dict(data), seed=5).events if e["type"] == "dice"]
    assert a == b and len(a) == 1 and a[0]["direction"] in ("下家", "对家", "上家")


def test_chosen_direction_is_the_dealers_choice():
    data = play_only(exchange_three=True)
    next(p for p in data["phases"] if p["type"] == "exchange_three")["direction"] = "chosen"
    g = new_game(data, {}, dealer=2)
    assert g.stage == "direction" and g.to_act() == [2]
    g.apply(next(a for a in g.legal_actions(2) if a.tiles == (2,)))
    assert g.stage == "exchange" and g.exchange_offset == 2


@pytest.mark.parametrize("direction", ["dice", "chosen", "next", "previous"])
def test_exchange_at_a_three_player_table_passes_between_the_three_seats(direction):
    data = play_only(exchange_three=True)
    data["game"]["players"] = {"min": 3, "max": 3}
    next(p for p in data["phases"] if p["type"] == "exchange_three")["direction"] = direction
    for seed in range(6):
        g = Game(Rules.from_dict(data), seed)
        if g.stage == "direction":
            assert [a.tiles for a in g.legal_actions(g.dealer)] == [(1,), (3,)]  # 下家 or 上家: no 对家
            g.apply(g.legal_actions(g.dealer)[-1])
        assert g.stage == "exchange" and sorted(g.to_act()) == [0, 1, 2]
        for s in g.to_act():
            g.apply(g.legal_actions(s)[0])
        moves = next(e for e in g.events if e["type"] == "exchange")["moves"]
        assert sorted(m["to"] for m in moves) == [0, 1, 2] and all(m["to"] != m["seat"] for m in moves)


def test_three_players_have_no_opposite_seat():
    data = play_only(exchange_three=True)
    data["game"]["players"] = {"min": 3, "max": 3}
    next(p for p in data["phases"] if p["type"] == "exchange_three")["direction"] = "opposite"
    with pytest.raises(Exception, match="对家"):
        Rules.from_dict(data)


@pytest.mark.parametrize("void1, can_win", [(1, True), (2, False)])
def test_void_blocks_claims_and_wins_and_is_observed(void1, can_win):
    data = play_only(declare_void=True)
    hands = {0: "5m19m1p9p2p8p3p7p1s9s2s8s3s", 1: "46m99m123p456p789p", 2: "55m1s1s2s2s3s3s4s4s6s6s7s"}
    g = new_game(data, hands)
    assert g.stage == "void"
    for s, suit in ((0, 1), (1, void1), (2, 0), (3, 0)):
        g.apply(next(a for a in g.legal_actions(s) if a.tiles == (suit,)))
    assert g.voids == [1, void1, 0, 0]
    assert g.observation(3)["voids"] == ["条", "条筒"[void1 - 1], "万", "万"]
    act(g, 0, "discard", "5m")
    assert ("win" in {a.kind for a in g.legal_actions(1)}) is can_win  # holding the void suit (筒) blocks the win
    assert "pung" not in {a.kind for a in g.legal_actions(2)}  # 万 is seat 2's void suit


def test_bot_declares_its_shortest_suit_and_exchanges_it():
    rec = play_game(Rules.from_dict(catalog_data("sichuan_xuezhan")), game_seed(3, 0), keep_events=True)
    assert rec.error is None
    deals = {e["seat"]: e["tiles"] for e in rec.events if e["type"] == "deal"}
    ex = next(e for e in rec.events if e["type"] == "exchange")
    for m in ex["moves"]:
        suits = [sum(1 for x in deals[m["seat"]] if x // 10 == s) for s in range(3)]
        eligible = [s for s in range(3) if suits[s] >= 3]
        assert m["tiles"][0] // 10 == min(eligible, key=lambda s: (suits[s], s))
    void = next(e for e in rec.events if e["type"] == "void")
    assert all(v is not None for v in void["voids"])


# --- 刮风下雨, 呼叫转移, 退税 --------------------------------------------------------

def test_kong_payment_amounts_are_declared_and_zero_sum():
    rules = Rules.from_dict(catalog_data("sichuan_xuezhan"))
    assert kongpay.kong_payment(rules, "ming_kong", 1, 3, [0, 1, 2, 3]) == [0, 2, 0, -2]
    assert kongpay.kong_payment(rules, "an_kong", 1, None, [0, 1, 2, 3]) == [-2, 6, -2, -2]
    assert kongpay.kong_payment(rules, "bu_kong", 1, None, [0, 1, 3]) == [-1, 2, 0, -1]  # seat 2 already won
    rec = kongpay.KongRecord(1, "an_kong", 5, [-2, 6, -2, -2])
    assert kongpay.transfer(rules, rec, [3, 0]) == [3, -6, 0, 3]
    not_ready = settlement.HookState(((), tuple(parse_tiles("1m4m7m2p5p8p3s6s9s1m")), (), ()), ((),) * 4, (1,))
    assert kongpay.refund(rules, [rec], settlement.hook_table(rules, not_ready), [1]) == ([2, -6, 2, 2], [1])


def test_an_kong_is_paid_when_made():
    data = play_only()
    g = new_game(data, {0: "1111m234m567m99p3p"}, tail="8p")
    act(g, 0, "an_kong", "1m")
    assert g.payments == [6, -2, -2, -2]
    assert g.kongs[0].kind == "an_kong"


def test_ming_kong_is_paid_by_the_discarder():
    data = play_only()
    g = new_game(data, {0: "5m19m1p9p2p8p3p7p1s9s2s8s3s", 1: "555m234m678m99p3p"}, tail="4p")
    act(g, 0, "discard", "5m")
    act(g, 1, "ming_kong")
    assert g.payments == [-2, 2, 0, 0]


def test_call_transfer_moves_the_kong_income_to_the_winner():
    data = play_only()
    # seat 1 kongs 5m, draws 4p from the tail and discards it; seat 2 wins on 4p (杠上炮)
    hands = {0: "5m19m1p9p2p8p3p7p1s9s2s8s3s", 1: "555m234m678m99s3s", 2: "23p456p789p111m22m"}
    g = new_game(data, hands, tail="4p")
    act(g, 0, "discard", "5m")
    act(g, 1, "ming_kong")
    act(g, 1, "discard", "4p")
    assert "win" in {a.kind for a in g.legal_actions(2)}
    act(g, 2, "win")
    pass_all(g)
    win = g.wins[0]
    assert "杠上炮" in dict(win.fans)
    transfer = next(e for e in g.events if e["type"] == "kong_transfer")
    assert transfer["payments"] == [0, -2, 2, 0]
    assert sum(g.payments) == 0
    # 杠上炮 1 番 + 素胡 → 2 points from seat 1; kong 2 points from seat 0 to seat 1, then on to seat 2
    assert g.payments[:3] == [-2, 2 - 2 - 2, 2 + 2]


def test_refund_returns_the_income_of_a_seat_not_ready_at_the_draw():
    data = play_only()
    # seat 0 kongs 1m and is never ready; at the exhaustive draw it returns the 6 points
    hands = {0: "1111m5m9m1p9p2p8p3p7p1s9s", 1: "46m99m123p456p789p"}
    g = new_game(data, hands, tail="8s")
    act(g, 0, "an_kong", "1m")
    assert g.payments == [6, -2, -2, -2]
    finish_by_discarding_draws(g)
    hooks = {h["name"]: h for h in g.hook_results}
    assert hooks["tui_shui"]["details"]["not_ready"] == [0]
    assert hooks["tui_shui"]["payments"] == [-6, 2, 2, 2]
    assert sum(g.payments) == 0 and all(sum(h["payments"]) == 0 for h in g.hook_results)


def test_hua_zhu_with_void_and_cha_da_jiao_pay_the_cap_and_the_best_score():
    data = play_only(declare_void=True)
    hands = {
        0: "5m19m1p9p2p8p3p7p1s9s2s8s3s",  # declares 条 void but keeps 条: 花猪
        1: "46m99m123p456p789p",            # ready on 5m: 平胡 1 point (or more)
        2: "1m3m5m7m9m2p4p6p8p1p1p3p3p",    # not ready
        3: "123456789s2m3m6m8m",             # not ready
    }
    g = new_game(data, hands)
    for s, suit in ((0, 1), (1, 1), (2, 1), (3, 2)):
        g.apply(next(a for a in g.legal_actions(s) if a.tiles == (suit,)))
    finish_by_discarding_draws(g)
    hooks = {h["name"]: h for h in g.hook_results}
    assert hooks["check_hua_zhu"]["details"]["hua_zhu"] == [0]
    assert hooks["check_hua_zhu"]["payments"] == [-3 * CAP, CAP, CAP, CAP]
    best = hooks["check_ting"]["details"]["ready"][1]
    assert best >= 1 and hooks["check_ting"]["payments"] == [0, 2 * best, -best, -best]
    assert sum(g.payments) == 0


# --- 血流成河 ---------------------------------------------------------------------------

def test_blood_flow_winner_stays_locked_and_wins_again():
    data = play_only("sichuan_xueliu")
    hands = {0: "5m19m1p9p2p8p3p7p1s9s2s8s3s", 1: "46m99m123p456p789p"}

    def first_round(draws):
        game = new_game(data, hands, draws="1s2s7s8s" + draws)
        act(game, 0, "discard", "3s")
        pass_all(game)
        for seat, tile in ((1, "1s"), (2, "2s"), (3, "7s")):
            act(game, seat, "discard", tile)
            pass_all(game)
        act(game, 0, "discard", "5m")  # seat 0 drew 8s; seat 1 wins on 5m (not its first turn: no 地胡)
        act(game, 1, "win")
        return game

    g = first_round("6s9s5m")
    first = list(g.payments)
    assert first == [-1, 1, 0, 0] and g.players[1].locked and not g.players[1].won
    assert g.players[1].won_tiles == [t("5m")]
    # seat 2 draws 6s, discards it; seat 3 draws 9s, discards it; seat 0 draws 5m and throws it again
    act(g, 2, "discard", "6s")
    pass_all(g)
    act(g, 3, "discard", "9s")
    pass_all(g)
    act(g, 0, "discard", "5m")
    assert "win" in {a.kind for a in g.legal_actions(1)}
    act(g, 1, "win")
    assert len(g.wins) == 2 and g.players[1].win_count == 2
    assert g.payments == [-2, 2, 0, 0]
    # a locked seat only discards what it draws (or wins)
    g2 = first_round("6s9s4s7p")
    for seat, tile in ((2, "6s"), (3, "9s"), (0, "4s")):
        act(g2, seat, "discard", tile)
        pass_all(g2)
    assert g2.turn == 1 and [a.kind for a in g2.legal_actions(1)] == ["discard"]
    assert g2.legal_actions(1)[0].tile == t("7p")


def test_blood_flow_self_draw_is_paid_by_all_three_and_the_game_runs_to_the_wall():
    rules = Rules.from_dict(catalog_data("sichuan_xueliu"))
    seen_repeat = False
    for k in range(6):
        rec = play_game(rules, game_seed(11, k))
        assert rec.error is None and rec.end_reason == "deck_exhausted"
        assert sum(rec.payments) == 0
        for w in rec.wins:
            if w["self_drawn"]:
                assert sum(1 for p in w["payments"] if p < 0) == 3
        seats = [w["seat"] for w in rec.wins]
        seen_repeat |= len(seats) != len(set(seats))
    assert seen_repeat, "血流: some seat should win more than once in six games"


# --- 血流成河: a winner who stays may kong when the waits stay the same (stay_kong: keep_waits) ------------

def _locked_winner(hand: str, draws: str, win: str = "5m", tail: str = "", stay_kong: str = "keep_waits") -> Game:
    """Seat 1 holds ``hand`` (13 tiles, m and p only: 缺一门) and wins on seat 0's ``win`` and stays locked;
    the next draws are ``draws`` (seat 2, seat 3, seat 0, then seat 1 …), kong replacements ``tail``."""
    data = play_only("sichuan_xueliu")
    play = next(p for p in data["phases"] if p["type"] == "mahjong_turn")
    play["sub_phases"]["others_reaction"]["stay_kong"] = stay_kong
    game = new_game(data, {0: win + "78m1p9p2p8p3p7p1s9s2s8s3s", 1: hand}, draws="1s2s7s8s" + draws, tail=tail)
    act(game, 0, "discard", "3s")
    pass_all(game)
    for seat, tile in ((1, "1s"), (2, "2s"), (3, "7s")):
        act(game, seat, "discard", tile)
        pass_all(game)
    act(game, 0, "discard", win)
    act(game, 1, "win")
    assert game.players[1].locked
    return game


def _to_seat_1(game: Game, discards=("6s", "9s", "4s")) -> None:
    for seat, tile in zip((2, 3, 0), discards):
        act(game, seat, "discard", tile)
        pass_all(game)
    assert game.turn == 1


def test_blood_flow_winner_may_kong_when_the_waits_stay_the_same():
    """46m 999m 123p 456p 99p waits on 5m; drawing the fourth 9m, 暗杠 9m leaves 46m 123p 456p 99p — still
    waiting on 5m only — so the kong is offered, paid (刮风下雨 暗杠: 2 from each other seat) and followed
    by a replacement draw from the tail."""
    g = _locked_winner("46m999m123p456p99p", "6s9s4s9m", tail="2s")
    _to_seat_1(g)
    assert {a.kind for a in g.legal_actions(1)} == {"an_kong", "discard"}
    before = list(g.payments)
    act(g, 1, "an_kong", "9m")
    assert [b - a for a, b in zip(before, g.payments)] == [-2, 6, -2, -2]
    assert g.drawn == t("2s") and [a.kind for a in g.legal_actions(1)] == ["discard"]


def test_blood_flow_kong_that_changes_the_waits_is_not_offered():
    """1112m 456p 789p 555p waits on 2m and 3m and wins on 3m; with the fourth 1m, 暗杠 1m would leave
    2m 456p 789p 555p waiting on 2m alone: no kong, the 1m is discarded. With ``stay_kong: none`` (the
    default) even the kong that keeps the waits is not offered."""
    g = _locked_winner("1112m456p789p555p", "6s9s4s1m", win="3m")
    _to_seat_1(g)
    assert [a.kind for a in g.legal_actions(1)] == ["discard"] and g.legal_actions(1)[0].tile == t("1m")
    g = _locked_winner("46m999m123p456p99p", "6s9s4s9m", stay_kong="none")
    _to_seat_1(g)
    assert [a.kind for a in g.legal_actions(1)] == ["discard"]


def test_blood_flow_winner_may_claim_a_kong_that_keeps_the_waits():
    """Seat 0 draws and discards the fourth 9m: the locked winner holding 999m may 明杠 it (waits stay 5m)."""
    g = _locked_winner("46m999m123p456p99p", "6s9s9m", tail="2p")
    for seat, tile in ((2, "6s"), (3, "9s")):
        act(g, seat, "discard", tile)
        pass_all(g)
    act(g, 0, "discard", "9m")
    assert "ming_kong" in {a.kind for a in g.legal_actions(1)}
    act(g, 1, "ming_kong", "9m")
    for s in g.to_act():
        if s != 1:
            act(g, s, "pass")
    assert g.players[1].melds[-1].tiles == (t("9m"),) * 4 and g.turn == 1 and g.drawn == t("2p")
