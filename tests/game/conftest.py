"""Helpers for driving games from stacked walls."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from engine.game import Game
from engine.game.table import stacked_wall
from engine.rules import Rules
from engine.tiles import parse_tiles

ROOT = Path(__file__).resolve().parents[2]
CATALOG = sorted((ROOT / "dsl-examples").glob("*.yaml"))


def catalog_data(name: str) -> dict:
    """The parsed catalog file ``name`` (without .yaml) as a plain, editable mapping."""
    from dslgen.rulefile import load_rules

    return copy.deepcopy(_plain(load_rules(ROOT / "dsl-examples" / f"{name}.yaml").data))


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def base_data(**play) -> dict:
    """A small 136-tile variant with chi, pung, kong, win (鸡胡 fallback) and highest_wins."""
    reactions = [
        {"action": "chi", "priority": 1, "condition": "can_chi"},
        {"action": "pung", "priority": 2, "condition": "has_two_same"},
        {"action": "ming_kong", "priority": 3, "condition": "has_three_same"},
        {"action": "win", "priority": 4, "condition": "can_win"},
        {"action": "pass", "priority": 0},
    ]
    phase = {
        "name": "play", "type": "mahjong_turn", "turn_order": "counter_clockwise",
        "sub_phases": {
            "draw": {"type": "auto", "action": "draw_card", "on_empty_deck": "exhausted"},
            "self_action": {"options": [
                {"action": "discard"}, {"action": "an_kong"},
                {"action": "bu_kong", "condition": "has_punged_pair"},
                {"action": "win", "condition": "can_win_tumo"}]},
            "others_reaction": {"options": reactions, "priority_policy": "highest_wins", "on_win": "game_over"},
        },
        "end_conditions": [{"type": "player_wins", "action": "settle"},
                           {"type": "deck_exhausted", "action": "draw_game"}],
        "next": "settle",
    }
    phase.update(play)
    return {
        "game": {"name": "测试玩法", "type": "mahjong", "engine_type": "mahjong", "players": {"min": 4, "max": 4}},
        "requires": ["deck.generator_mahjong", "meldsolver.standard_win", "phase.mahjong_turn",
                     "phase.priority_arbitration", "phase.rob_kong", "scoring.fan_table"],
        "deck": {"generator": "mahjong", "include_honors": True, "include_flowers": False, "total": 136},
        "deal": {"cards_per_player": 13, "dealer_extra": 1},
        "fan_types": [{"name": "鸡胡", "base_fan": 1}, {"name": "抢杠胡", "base_fan": 2},
                      {"name": "杠上开花", "base_fan": 2}],
        "fan_stacking": "add",
        "phases": [{"name": "deal", "type": "auto", "action": "deal_cards", "next": "play"}, phase,
                   {"name": "settle", "type": "auto", "action": "calculate_scores", "next": None}],
        "scoring": {"mode": "fan_table", "self_draw_multiplier": 1, "discard_win_multiplier": 1},
    }


def reactions_of(data: dict) -> dict:
    """The ``others_reaction`` block of a rule mapping (for editing)."""
    play = next(p for p in data["phases"] if p["type"] == "mahjong_turn")
    return play["sub_phases"]["others_reaction"]


def new_game(data: dict, hands: dict[int, str], draws: str = "", tail: str = "", dealer: int = 0) -> Game:
    """A game whose wall deals ``hands`` (tile notation per seat) and then ``draws``."""
    rules = Rules.from_dict(data)
    wall = stacked_wall(rules, {s: parse_tiles(h) for s, h in hands.items()}, parse_tiles(draws),
                        parse_tiles(tail), dealer=dealer)
    return Game(rules, 0, wall=wall, dealer=dealer)


def act(game: Game, seat: int, kind: str, tile: str | None = None):
    """Apply the legal action of ``kind`` (on ``tile``) for ``seat``; fails when it is not legal."""
    code = parse_tiles(tile)[0] if tile else None
    options = [a for a in game.legal_actions(seat) if a.kind == kind and (code is None or a.tile == code)]
    assert options, f"座位 {seat} 没有 {kind} {tile}：{game.legal_actions(seat)}"
    game.apply(options[0])
    return options[0]


def pass_all(game: Game) -> None:
    """Every seat in a reaction window passes."""
    if game.stage in ("react", "rob"):
        for s in game.to_act():
            act(game, s, "pass")


def kinds(game: Game, seat: int) -> set[str]:
    """The action kinds ``seat`` may take now."""
    return {a.kind for a in game.legal_actions(seat)}


@pytest.fixture
def base():
    return base_data()
