"""``table_events.indicators`` (issue 33, riichi.yaml's dora): an indicator turned from the reserved tiles after
the deal and after each kong, each with a hidden one under it that only a win reads."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from dslgen.rulefile import load_rules
from engine import table_rules
from engine.game import Game
from engine.rules import Rules
from engine.simulation.games import play_game

RIICHI = Path(__file__).resolve().parents[2] / "dsl-examples" / "riichi.yaml"


@pytest.fixture(scope="module")
def rules() -> Rules:
    return load_rules(RIICHI).rules


def test_the_first_indicator_and_its_hidden_one_are_the_first_reserved_tiles(rules):
    game = Game(rules, 5)
    base = len(game.deck) - 14
    assert game.indicators == [game.wall.tiles[base]] and game.hidden_indicators == [game.wall.tiles[base + 1]]
    assert game.wall.tail - 14 == base  # nothing drawn from the reserved tiles yet


def test_each_kong_turns_one_more_and_they_stay_in_the_wall(rules):
    kongs = wins_with = 0
    for seed in range(80):
        games = []
        rec = play_game(rules, seed, observer=games.append)
        assert rec.error is None, rec.error
        game = games[-1]
        made = sum(m.is_kong for p in game.players for m in p.melds)
        assert len(game.indicators) == 1 + made == len(game.hidden_indicators)
        kongs += bool(made)
        left = list(game.wall.remaining())
        for t in game.indicators + game.hidden_indicators:
            assert t in left  # turned over, never drawn
            left.remove(t)
        for w in game.wins:
            assert w.ctx.indicators == tuple(game.indicators[:len(w.ctx.indicators)])
            wins_with += "宝牌" in dict(w.fans)
    assert kongs and wins_with  # kongs turned indicators, and wins counted them


def test_indicators_must_fit_in_the_reserved_tiles(rules):
    data = copy.deepcopy(load_rules(RIICHI).data)
    data["table_events"] = {"reserved_tail": 10, "indicators": {"start": 1, "per_kong": 1, "hidden": True}}
    problems = table_rules.problems(Rules.from_dict(data, validate=False))
    assert any(p.steps == ("table_events", "indicators") and "14" in p.message for p in problems)
    data["table_events"] = {"reserved_tail": 14, "indicators": {"start": 1}}
    r = Rules.from_dict(data)
    assert r.table_events.indicators == table_rules.Indicators(1, 0, False)
    assert len(Game(r, 1).indicators) == 1 and Game(r, 1).hidden_indicators == []
