"""亮倒 (卡五星, issue 15): declared, locked, shown to the others, settled — worked games and settlements."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from engine.errors import RulesError
from engine.game import Action
from engine.simulation import play_game
from engine.game.actions import DISCARD, LIANG_DAO
from engine.simulation.narrate import narrate
from engine.rules import Rules
from engine.settlement_items import Table, WinFacts, settle_items
from engine.tiles import parse_tiles
from tests.game.conftest import act, catalog_data, new_game, pass_all

KAWUXING = "dsl-examples/kawuxing.yaml"
#: dealer (seat 0): 123456789s 111p 5p 中 — discarding 中 leaves a hand waiting on 5p; 111p is not needed
#: for the wait (a hidden triplet under ``expose: wait_tiles``).
HANDS = {0: "123456789s111p5p中", 1: "2233s667788p发发白", 2: "4455s67s99p白白发发中"}
#: seat 1, seat 2, seat 0 (2p: a locked discard), seat 1, seat 2, seat 0 (1p: the 4th of the hidden triplet)
DRAWS = "3p4p2p6s8s1p"


def _tile(text: str) -> int:
    return parse_tiles(text)[0]


def _game(data=None, tail="5p"):
    return new_game(data or catalog_data("kawuxing"), HANDS, DRAWS, tail)


def _others_discard(game, seat):
    """``seat`` discards its first legal tile that no declarer waits on."""
    waits = {w for p in game.players if p.declared for w in p.waits}
    options = [a for a in game.legal_actions(seat) if a.kind == DISCARD and a.tile not in waits]
    game.apply(options[0])
    pass_all(game)


def test_declaring_is_offered_only_for_discards_that_leave_a_ready_hand():
    g = _game()
    declared = {a.tile for a in g.legal_actions(0) if a.kind == LIANG_DAO}
    assert _tile("中") in declared and _tile("5p") in declared  # 中: waits 5p; 5p: waits 中
    assert _tile("1s") not in declared  # 23456789s 111p 5p 中 is not ready


def test_declaration_exposes_the_wait_locks_the_hand_and_is_seen_by_the_others():
    g = _game()
    act(g, 0, LIANG_DAO, "中")
    pass_all(g)
    p = g.players[0]
    assert p.declared and p.waits == (_tile("5p"),)
    assert sorted(p.exposed) == sorted(parse_tiles("123456789s5p"))  # 111p stays face down (扣牌)
    seen = g.observation(1)["players"][0]
    assert seen["liang_dao"] == {"exposed": sorted(parse_tiles("123456789s5p")), "waits": [_tile("5p")]}
    assert "hand" not in seen and "liang_dao" not in g.observation(1)["players"][1]
    assert g.view(2).players[0].declared and g.view(2).players[0].waits == (_tile("5p"),)
    _others_discard(g, 1)
    _others_discard(g, 2)
    # locked: the declarer may only discard the tile it drew (2p)
    assert g.legal_actions(0) == [Action(DISCARD, 0, _tile("2p"))]
    act(g, 0, DISCARD, "2p")
    pass_all(g)
    _others_discard(g, 1)
    _others_discard(g, 2)
    # the 4th 1p: a concealed kong of the hidden triplet keeps the wait, so it is offered
    kinds = {(a.kind, a.tile) for a in g.legal_actions(0)}
    assert kinds == {("an_kong", _tile("1p")), (DISCARD, _tile("1p"))}
    act(g, 0, "an_kong", "1p")
    act(g, 0, "win")  # 杠上开花 on 5p from the tail
    win = g.wins[0]
    item = next(i for i in g.item_results if i["name"] == "liang_dao")
    assert item["payments"] == list(win.payments)  # ×2: the item adds the win's payments once more
    kong = [4, -2, -2]  # 暗杠 2 from each of the others, paid when made (scoring.kong_payments, 荒庄不荒杠)
    assert g.payments == [2 * v + k for v, k in zip(win.payments, kong)] and sum(g.payments) == 0
    text = "\n".join(narrate(g.events))
    assert "暗杠收分（刮风下雨）：座位0 +4，座位1 -2，座位2 -2" in text
    assert "座位0(庄) 亮倒：亮出 123456789s5p，扣着 3 张暗刻，听 5筒（之后手牌锁定）" in text
    assert "结算项 亮倒（翻倍、包赔、荒庄赔付）：座位1付座位0 2；座位2付座位0 2" in text


def test_declared_seat_claims_nothing_but_a_win():
    g = new_game(catalog_data("kawuxing"), {**HANDS, 1: "233s5p667788p发发白"}, DRAWS, "5p")
    act(g, 0, LIANG_DAO, "中")
    pass_all(g)
    act(g, 1, DISCARD, "5p")  # the declarer's tile
    assert {a.kind for a in g.legal_actions(0)} == {"win", "pass"}


def test_expose_all_lays_down_the_whole_hand_and_kongs_none_forbids_the_kong():
    data = catalog_data("kawuxing")
    data["liang_dao"] = {"expose": "all", "kongs": "none"}
    g = _game(data)
    act(g, 0, LIANG_DAO, "中")
    pass_all(g)
    assert sorted(g.players[0].exposed) == sorted(parse_tiles("123456789s111p5p"))
    for _ in range(2):
        _others_discard(g, 1)
        _others_discard(g, 2)
        assert [a.kind for a in g.legal_actions(0)] == [DISCARD]
        g.apply(g.legal_actions(0)[0])
        pass_all(g)


def test_unknown_liang_dao_values_are_rules_errors():
    data = catalog_data("kawuxing")
    data["liang_dao"] = {"expose": "everything"}
    with pytest.raises(RulesError, match="liang_dao.expose"):
        Rules.from_dict(data)


# --- worked settlements (the catalog's item: win ×2, loss ×2, 包赔, 荒庄 1) -------------------------------

def _settle(wins, declared, end="player_wins"):
    rules = Rules.from_dict(catalog_data("kawuxing"))
    table = Table(3, 0, tuple(wins), ((), (), ()), ((), (), ()), end_reason=end, declared=tuple(declared))
    (name, res), = settle_items(rules, table)
    assert name == "liang_dao" and sum(res.payments) == 0
    return res.payments


def test_feeding_a_declarer_pays_for_everyone_priced_as_a_self_draw_and_doubled():
    # 2 番 on seat 1's discard: as a self-draw each of two payers owes 2, ×2 for the declarer = 8 in all
    assert _settle([WinFacts(0, False, 1, 2, (2, -2, 0))], [0]) == [6, -6, 0]


def test_a_declarer_pays_double_when_someone_else_self_draws():
    assert _settle([WinFacts(1, True, None, 2, (-2, 4, -2))], [0]) == [-2, 2, 0]


def test_a_declared_winner_against_a_declared_payer_multiplies_both():
    assert _settle([WinFacts(1, True, None, 1, (-1, 2, -1))], [1, 0]) == [-3, 4, -1]


def test_exhaustive_draw_the_first_declarer_pays_each_other_seat():
    assert _settle([], [2, 0], end="deck_exhausted") == [1, 1, -2]
    assert _settle([], [], end="deck_exhausted") == [0, 0, 0]


# --- simulation, statistics, hand --------------------------------------------------------------------

@pytest.mark.parametrize("bot", ["greedy", "mix"])
def test_bots_declare_and_games_stay_clean(bot):
    rules = Rules.from_dict(catalog_data("kawuxing"))
    declared = 0
    for seed in range(8):
        rec = play_game(rules, seed, bot)
        assert rec.error is None, rec.error
        assert sum(rec.payments) == 0
        declared += len(rec.declarations)
    assert declared > 0


def test_simulate_reports_the_liang_dao_rate():
    result = CliRunner().invoke(cli, ["simulate", KAWUXING, "--games", "6", "--json"])
    data = json.loads(result.output)
    assert data["error_count"] == 0
    assert data["liang_dao"]["games"] > 0 and 0 < data["liang_dao"]["rate"] <= 1


def test_hand_scores_a_liang_dao_win_with_who_pays_what():
    result = CliRunner().invoke(cli, ["hand", KAWUXING, "46s123456789p11s5s", "--win", "5s", "--from", "1",
                                      "--liang-dao", "0", "--json"])
    data = json.loads(result.output)
    assert data["payments"] == [2, -2, 0]
    (item,) = data["items"]
    assert item["name"] == "liang_dao" and item["payments"] == [6, -6, 0] and data["net"] == [8, -8, 0]
    assert item["explanation"] == "座位1付座位0 2；座位1付座位0 4（点炮包赔）"
    text = CliRunner().invoke(cli, ["hand", KAWUXING, "46s123456789p11s5s", "--win", "5s", "--liang-dao", "0,1"])
    assert "结算项 亮倒（翻倍、包赔、荒庄赔付）" in text.output and "合计支付：座位0 +12  座位1 -8  座位2 -4" in text.output


def test_hand_refuses_liang_dao_for_rules_without_it():
    result = CliRunner().invoke(cli, ["hand", "dsl-examples/erren.yaml", "123456789m11222m", "--win", "2m",
                                      "--liang-dao", "0"])
    assert result.exit_code == 2 and "亮倒" in result.output


def test_hand_batch_lines_take_liang_dao(tmp_path):
    batch = tmp_path / "hands.txt"
    batch.write_text(f"{KAWUXING} 46s123456789p11s5s --win 5s --from 1 --liang-dao 0\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["hand", "--batch", str(batch), "--json"])
    (line,) = json.loads(result.output)["results"]
    assert line["net"] == [8, -8, 0]


def test_semantic_diff_names_the_liang_dao_changes():
    from dslgen.review.semantic_diff import semantic_changes

    old = catalog_data("kawuxing")
    new = catalog_data("kawuxing")
    new["liang_dao"] = {"expose": "all", "kongs": "none"}
    new["settlement_items"][0]["loss_multiplier"] = 1
    changes = semantic_changes(old, new)
    assert any(c.startswith("亮倒时亮出什么") and "亮出全部暗手" in c for c in changes), changes
    assert any(c.startswith("亮倒后开杠") and "不能再杠" in c for c in changes), changes
    assert any("loss_multiplier" in c or "付别人的和牌" in c for c in changes), changes
    play = next(p for p in new["phases"] if p["type"] == "mahjong_turn")
    play["sub_phases"]["self_action"]["options"] = [o for o in play["sub_phases"]["self_action"]["options"]
                                                    if o["action"] != "liang_dao"]
    assert "可以亮倒：是 → 否" in semantic_changes(old, new)
