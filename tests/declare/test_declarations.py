"""Declarations (issue 27 item 4): 报听 / 天听 / 地听 / 飘 / 拉庄 as declared player actions, 亮倒 as one instance.

Stacked walls drive the flow; the rule files under ``rules/`` are checked, scored by ``dslgen hand`` and played.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.rulefile.yamlio import load_yaml_file
from engine.errors import RulesError
from engine.game import Game, declarations
from engine.game.actions import DECLARE, DISCARD, LIANG_DAO, Action
from engine.game.table import stacked_wall
from engine.rules import Rules
from engine.simulation import games
from engine.simulation.invariants import Checker
from engine.simulation.narrate import narrate
from engine.tiles import parse_tiles
from tests.game.conftest import act, catalog_data, pass_all

RULES = Path(__file__).parent / "rules"
#: seat 0 (dealer) 14 tiles: discarding 9s waits on 5p, discarding 5p waits on 9s; seat 1 waits on 9p once it
#: discards the 1m it draws; seats 2 and 3 hold nothing they could claim or win with.
HANDS = {0: "123m456m789m123s5p9s", 1: "456s789s234p678p9p", 2: "258m147s147p36s8p5s", 3: "369m258s369p17m4s2p"}
#: seat 1, seat 2, seat 3, seat 0 (9p: the locked dealer must discard it), …
DRAWS = "1m9m7s9p"


def _tile(text: str) -> int:
    return parse_tiles(text)[0]


def _data(name: str) -> dict:
    return copy.deepcopy(dict(load_yaml_file(str(RULES / name)).data))


def _game(data: dict, hands=HANDS, draws=DRAWS, **kw) -> Game:
    rules = Rules.from_dict(data)
    wall = stacked_wall(rules, {s: parse_tiles(h) for s, h in hands.items()}, parse_tiles(draws))
    return Game(rules, 0, wall=wall, dealer=0, **kw)


def _declare(game: Game, seat: int, name: str, tile: str) -> Action:
    action = Action(DECLARE, seat, _tile(tile), (), name)
    assert game.is_legal(action), game.legal_actions(seat)
    game.apply(action)
    return action


def _offered(game: Game, seat: int) -> set[tuple[str, int]]:
    return {(a.name, a.tile) for a in game.legal_actions(seat) if a.kind == DECLARE}


def _with_first_turn_declarations(data: dict) -> dict:
    data["declarations"] = [
        {"name": "天听", "at": "discard", "condition": "first_turn and dealer", "locks": "hand"},
        {"name": "地听", "at": "discard", "condition": "first_turn and not dealer", "locks": "hand"},
        {"name": "报听", "at": "discard", "condition": "not first_turn", "locks": "hand"},
    ]
    data["fan_types"] += [{"name": "天听", "base_fan": 2, "when": "declared(天听)"},
                          {"name": "地听", "base_fan": 1, "when": "declared(地听)"}]
    return data


# --- when a declaration is offered ----------------------------------------------------------------

def test_tian_ting_is_offered_with_the_dealers_first_discard_only_when_it_leaves_a_ready_hand():
    g = _game(_with_first_turn_declarations(_data("guiyang_baoting.yaml")))
    assert _offered(g, 0) == {("天听", _tile("9s")), ("天听", _tile("5p"))}  # not 报听 (first turn), not 地听
    _declare(g, 0, "天听", "9s")
    p = g.players[0]
    assert p.declared and p.waits == (_tile("5p"),) and p.declarations == {"天听": 1} and p.ready_declared
    pass_all(g)
    # seat 1 drew 1m: discarding it leaves a ready hand on its first turn — 地听, not 天听 (not the dealer)
    assert _offered(g, 1) == {("地听", _tile(t)) for t in ("1m", "6p", "9p")}  # each leaves a ready hand


def test_di_ting_is_gone_once_anyone_has_claimed():
    data = _with_first_turn_declarations(_data("guiyang_baoting.yaml"))
    # seat 2 pungs the dealer's 9s; seat 3 then draws 1m, and discarding it leaves a ready hand
    hands = {0: HANDS[0], 1: HANDS[3], 2: "258m147s147p36s9s9s", 3: HANDS[1]}
    g = _game(data, hands=hands, draws="1m")
    act(g, 0, DISCARD, "9s")
    act(g, 2, "pung", "9s")
    act(g, 2, DISCARD, "2m")
    pass_all(g)
    # no longer the first turn: 报听, not 地听
    assert g.turn == 3 and _offered(g, 3) == {("报听", _tile(t)) for t in ("1m", "6p", "9p")}


# --- what a declaration locks, shows and scores -------------------------------------------------------

def test_bao_ting_locks_the_hand_hides_the_wait_and_the_win_on_its_discard_is_sha_bao():
    g = _game(_data("guiyang_baoting.yaml"))
    assert _offered(g, 0) == {("报听", _tile("9s")), ("报听", _tile("5p"))}
    _declare(g, 0, "报听", "9s")
    seen = g.observation(1)["players"][0]
    assert seen["declarations"] == {"报听": 1} and "liang_dao" not in seen  # exposes: nothing
    assert g.view(1).players[0].declared and g.view(1).players[0].waits == ()
    pass_all(g)
    act(g, 1, DISCARD, "1m")
    pass_all(g)
    act(g, 2, DISCARD, "9m")
    pass_all(g)
    act(g, 3, DISCARD, "7s")
    pass_all(g)
    # the locked dealer drew 9p: it may only discard it
    assert g.legal_actions(0) == [Action(DISCARD, 0, _tile("9p"))]
    act(g, 0, DISCARD, "9p")
    act(g, 1, "win")
    pass_all(g)
    win = g.wins[0]
    names = [n for n, _ in win.fans]
    assert "杀报" in names and "报听" not in names
    table = g.settlement_table()
    assert table.declarations[0] == {"报听": 1} and table.declarations[1] == {} and table.declared == (0,)
    text = "\n".join(narrate(g.events))
    assert "座位0(庄) 声明报听（之后手牌锁定）" in text


def test_the_declarer_winning_scores_bao_ting():
    hands = {**HANDS, 1: "258m147s147p36s8p6s", 2: "456s789s234p678p1m"}
    g = _game(_data("guiyang_baoting.yaml"), hands=hands, draws="2m3m4m5p")
    _declare(g, 0, "报听", "9s")
    pass_all(g)
    for seat in (1, 2, 3):
        act(g, seat, DISCARD, {1: "2m", 2: "3m", 3: "4m"}[seat])
        pass_all(g)
    act(g, 0, "win")  # drew 5p
    names = [n for n, _ in g.wins[0].fans]
    assert "报听" in names and "杀报" not in names


def test_a_locked_hand_that_changes_breaks_the_invariant():
    g = _game(_data("guiyang_baoting.yaml"))
    checker = Checker(g)
    _declare(g, 0, "报听", "9s")
    pass_all(g)
    assert checker.check() is None
    mine, theirs = g.players[0].hand, g.players[2].hand
    i, j = mine.index(_tile("1m")), theirs.index(_tile("2m"))
    mine[i], theirs[j] = theirs[j], mine[i]  # a tile swapped behind the lock (the tiles are still all there)
    assert "锁定后" in (checker.check() or "")


def test_exposing_waits_shows_them_to_the_others():
    data = _data("guiyang_baoting.yaml")
    data["declarations"][0]["exposes"] = "waits"
    g = _game(data)
    _declare(g, 0, "报听", "9s")
    seen = g.observation(2)["players"][0]
    assert seen["liang_dao"] == {"exposed": [], "waits": [_tile("5p")]}
    data["declarations"][0]["exposes"] = "hand"
    g = _game(data)
    _declare(g, 0, "报听", "9s")
    assert sorted(g.observation(2)["players"][0]["liang_dao"]["exposed"]) == sorted(parse_tiles("123m456m789m123s5p"))


# --- start choices ------------------------------------------------------------------------------------

def test_piao_every_seat_chooses_a_stake_before_the_first_draw_and_settlement_reads_it():
    g = _game(_data("piao.yaml"), hands={}, draws="")
    assert g.stage == declarations.STAGE and sorted(g.to_act()) == [0, 1, 2, 3]
    assert [a.tiles for a in g.legal_actions(1)] == [(0,), (1,), (2,), (3,)]
    for seat, value in ((0, 2), (1, 0), (2, 3), (3, 1)):
        g.apply(Action(DECLARE, seat, None, (value,), "飘"))
    assert g.stage == "self" and g.turn == 0
    table = g.settlement_table()
    assert table.stakes == (2, 0, 3, 1) and table.declarations[2] == {"飘": 3}
    assert g.observation(1)["players"][2]["declarations"] == {"飘": 3}
    assert "声明 飘：座位0(庄) 2、座位1 0、座位2 3、座位3 1" in "\n".join(narrate(g.events))
    again = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.settlement_table().stakes == (2, 0, 3, 1) and again.stage == "self"


def test_piao_given_stakes_are_not_asked():
    g = _game(_data("piao.yaml"), hands={}, draws="", stakes=[1, 2, 0, 3])
    assert g.stage == "self"
    assert g.settlement_table().stakes == (1, 2, 0, 3)


def test_piao_item_pays_the_declared_stakes_in_played_games():
    rules = Rules.from_dict(_data("piao.yaml"))
    paid = 0
    for i in range(12):
        final = []
        rec = games.play_game(rules, 7000 + i, observer=lambda g: final.__setitem__(slice(None), [g]))
        assert rec.error is None, rec.error
        game = final[0]
        stakes = tuple(p.declarations["飘"] for p in game.players)
        assert game.settlement_table().stakes == stakes
        item = next(it for it in game.item_results if it["name"] == "piao")
        assert sum(item["payments"]) == 0
        for w in game.wins:  # a discard win: the discarder pays the winner's stake plus its own
            if not w.self_drawn and w.discarder is not None and len(game.wins) == 1:
                assert item["payments"][w.seat] == stakes[w.seat] + stakes[w.discarder]
        paid += any(item["payments"])
    assert paid  # some game moved money on the stakes


def test_la_zhuang_only_the_others_choose():
    g = _game(_data("lazhuang.yaml"), hands={}, draws="")
    assert sorted(g.to_act()) == [1, 2, 3]
    for seat in (1, 2, 3):
        g.apply(Action(DECLARE, seat, None, (1 if seat == 2 else 0,), "拉庄"))
    assert g.stage == "self"
    assert [p.declarations for p in g.players] == [{}, {"拉庄": 0}, {"拉庄": 1}, {"拉庄": 0}]


# --- 亮倒 is one instance --------------------------------------------------------------------------------

def test_liang_dao_is_the_declaration_instance_of_the_liang_dao_block():
    rules = Rules.from_dict(catalog_data("kawuxing"))
    (spec,) = declarations.specs(rules)
    assert (spec.name, spec.action, spec.at, spec.locks, spec.exposes, spec.kongs) == \
        ("亮倒", LIANG_DAO, "discard", "hand", "wait_tiles", "keep_wait")


# --- validation -------------------------------------------------------------------------------------

@pytest.mark.parametrize("change, where", [
    ({"condition": "pungs() > 0"}, "condition"),
    ({"exposes": "waits", "locks": "none"}, "exposes"),
    ({"choices": [0, 1]}, "choices"),
    ({"condition": "first_tern"}, "condition"),
])
def test_bad_declarations_are_reported_with_their_field(change, where):
    data = _data("guiyang_baoting.yaml")
    data["declarations"][0].update(change)
    with pytest.raises(RulesError) as err:
        Rules.from_dict(data)
    assert any(p.steps[:3] == ("declarations", 0, where) for p in err.value.problems), err.value


def test_a_fan_naming_an_undeclared_declaration_is_reported():
    data = _data("guiyang_baoting.yaml")
    data["fan_types"].append({"name": "天听", "base_fan": 2, "when": "declared(天听)"})
    with pytest.raises(RulesError) as err:
        Rules.from_dict(data)
    assert any(p.steps[0] == "fan_types" and "天听" in p.message for p in err.value.problems)


# --- dslgen hand --declared -----------------------------------------------------------------------------

def _hand(name: str, tiles: str, *extra: str) -> tuple[int, dict]:
    result = CliRunner().invoke(cli, ["hand", str(RULES / name), tiles, "--json", *extra])
    return result.exit_code, (json.loads(result.output) if result.exit_code in (0, 1) else result.output)


def _fans(report: dict) -> list[str]:
    return [f["name"] for f in report["fans"]]


def test_hand_scores_declarations():
    code, plain = _hand("guiyang_baoting.yaml", "123m456m789m123s5p5p")
    assert code == 0 and "报听" not in _fans(plain)
    code, declared = _hand("guiyang_baoting.yaml", "123m456m789m123s5p5p", "--declared", "报听")
    assert code == 0 and "报听" in _fans(declared) and declared["total"] == plain["total"] + 1
    code, sha = _hand("guiyang_baoting.yaml", "123m456m789m123s5p5p", "--from", "2", "--declared", "报听@2")
    assert code == 0 and "杀报" in _fans(sha) and "报听" not in _fans(sha)
    code, taiwan = _hand("taiwan_baoting.yaml", "123m456m789m123s456s5p5p", "--declared", "天听")
    assert code == 0 and "天听" in _fans(taiwan) and "报听" not in _fans(taiwan)


def test_hand_piao_stakes_go_to_the_settlement_item():
    code, report = _hand("piao.yaml", "123m456m789m123s5p5p", "--from", "1", "--declared", "飘=2,飘=3@1")
    assert code == 0
    item = next(i for i in report["items"] if i["name"] == "piao")
    assert item["payments"] == [5, -5, 0, 0]  # the discarder pays 2 (the winner's stake) + 3 (its own)


def test_hand_refuses_an_unknown_or_bad_declaration():
    result = CliRunner().invoke(cli, ["hand", str(RULES / "piao.yaml"), "123m456m789m123s5p5p", "--declared", "报听"])
    assert result.exit_code == 2 and "飘" in result.output
    result = CliRunner().invoke(cli, ["hand", str(RULES / "piao.yaml"), "123m456m789m123s5p5p", "--declared", "飘=7"])
    assert result.exit_code == 2 and "0、1、2、3" in result.output


# --- the files play ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(p.name for p in RULES.glob("*.yaml")))
def test_every_file_checks_clean_and_plays_without_errors(name):
    result = CliRunner().invoke(cli, ["check", str(RULES / name), "--json"])
    assert result.exit_code == 0, result.output
    entry = json.loads(result.output)[0]
    assert entry["adaptation"]["supported"] == entry["adaptation"]["total"] and not entry["findings"]
    rules = Rules.from_dict(_data(name))
    declared = 0
    for bot in ("greedy", "random"):
        for i in range(25):
            final = []
            rec = games.play_game(rules, games.game_seed(3, i), bot, observer=lambda g: final.__setitem__(slice(None), [g]))
            assert rec.error is None, rec.error
            declared += any(v for p in final[0].players for v in p.declarations.values())
    assert declared > 0  # the bots make the file's declarations


def test_the_semantic_diff_names_declaration_changes():
    from dslgen.review.semantic_diff import semantic_changes

    old = _data("guiyang_baoting.yaml")
    new = copy.deepcopy(old)
    new["declarations"][0]["locks"] = "none"
    new["declarations"].append({"name": "天听", "at": "discard", "condition": "first_turn and dealer"})
    assert semantic_changes(old, new)[-2:] == ["声明 报听 的 locks（锁定）：hand → none", "新增声明：天听"]


def test_explain_lists_the_declarations():
    result = CliRunner().invoke(cli, ["explain", str(RULES / "piao.yaml"), "--no-example"])
    assert result.exit_code == 0 and "声明：飘（开局第一次摸牌前每家选 0/1/2/3，所选的是飘分）。" in result.output
    result = CliRunner().invoke(cli, ["explain", str(RULES / "guiyang_baoting.yaml"), "--no-example"])
    assert "报听（随一张牌声明，打出后听牌才可以，之后手牌锁定，可开不改听口的杠，别人只知道声明了）" in result.output


def test_simulation_statistics_count_each_declaration():
    from engine.simulation.record import Stats

    rules = Rules.from_dict(_data("piao.yaml"))
    stats = games.run_chunk(rules, 0, 0, 16)
    piao = stats.to_dict()["declarations"]["飘"]
    assert sum(piao["values"].values()) == 16 * 4 and piao["made"] == 16 * 4 - piao["values"].get("0", 0)
    assert Stats.from_json(json.loads(json.dumps(stats.to_json()))).to_dict() == stats.to_dict()
    kawuxing = games.run_chunk(Rules.from_dict(catalog_data("kawuxing")), 0, 0, 8).to_dict()
    assert "declarations" not in kawuxing  # 亮倒 keeps its own liang_dao counts
