"""The server author's program in docs/embedding.md runs as written, and the engine keeps a player's secrets."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dslgen.rulefile import load_rules
from engine import EngineError
from engine.game import Action, Game, GameStateError, IllegalAction
from engine.simulation import make_bot
from engine.game.view import SeatInfo, SeatView

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "dsl-examples"


def _program() -> str:
    text = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    return re.search(r"```python\n(.*?)```", text, re.S).group(1)


def test_the_documented_program_is_short_and_runs(tmp_path):
    program = _program()
    assert len([ln for ln in program.splitlines() if ln.strip()]) <= 18
    script = tmp_path / "server.py"
    script.write_text(program, encoding="utf-8")
    out = subprocess.run([sys.executable, str(script), str(CATALOG / "sichuan_xuezhan.yaml"), "3"],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("结算 [") and "Traceback" not in out.stderr
    payments = json.loads(out.stdout.split("结算 ", 1)[1].split("]", 1)[0] + "]")
    assert len(payments) == 4 and sum(payments) == 0


@pytest.fixture(scope="module")
def rules():
    return load_rules(CATALOG / "sichuan_xuezhan.yaml").rules


def _play(game: Game, moves: int, seed: int = 0) -> None:
    bots = [make_bot("greedy", seed + s) for s in range(game.n)]
    for _ in range(moves):
        if game.over:
            return
        seat = game.to_act()[0]
        view = game.view(seat)
        game.apply(bots[seat].choose(view, seat, list(view.legal_actions)))


def test_action_round_trips_through_its_dict(rules):
    game = Game(rules, seed=5)
    _play(game, 10)
    for seat in game.to_act():
        for action in game.legal_actions(seat):
            data = json.loads(json.dumps(action.to_dict()))
            assert Action.from_dict(data) == action
    with pytest.raises(EngineError):
        Action.from_dict({"kind": "teleport", "seat": 0})


def test_a_game_saves_restores_and_copies_with_its_history(rules):
    game = Game(rules, seed=11)
    _play(game, 40, seed=3)
    saved = json.loads(json.dumps(game.to_dict()))  # plain data: JSON survives
    assert len(saved["actions"]) == game.actions_applied == len(game.history)
    restored = Game.from_dict(saved)
    twin = game.copy()
    for other in (restored, twin):
        assert other.to_dict() == game.to_dict()
        assert [other.observation(s) for s in range(4)] == [game.observation(s) for s in range(4)]
    _play(game, 500, seed=9)
    _play(twin, 500, seed=9)
    assert twin.over and game.over and twin.payments == game.payments  # the copy plays on identically
    assert restored.actions_applied == len(saved["actions"])  # and the restored game was not touched
    broken = dict(saved, actions=saved["actions"] + [{"kind": "win", "seat": 0, "tile": 1, "tiles": []}])
    with pytest.raises(GameStateError) as info:
        Game.from_dict(broken)
    assert isinstance(info.value, EngineError)


def test_a_save_keeps_the_round_wind_and_the_dealer_streak(rules):
    game = Game(rules, seed=5, round_wind=2, streak=1)
    _play(game, 10, seed=1)
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert (restored.round_wind, restored.streak) == (2, 1)
    assert restored.observation(0)["round_wind"] == 2 and restored.to_dict() == game.to_dict()


def test_a_bot_sees_only_its_own_concealed_tiles(rules):
    game = Game(rules, seed=2)
    _play(game, 6)
    seat = game.to_act()[0]
    seen = []

    class Spy:
        def choose(self, view, s, legal):
            seen.append(view)
            return legal[0]

    spy = Spy()
    view = game.view(seat)
    spy.choose(view, seat, list(view.legal_actions))
    (got,) = seen
    assert isinstance(got, SeatView) and got.hand == tuple(game.players[seat].hand)
    for other in range(4):
        if other == seat:
            continue
        info = got.players[other]
        assert type(info) is SeatInfo and not hasattr(info, "hand")
        assert info.hand_size == len(game.players[other].hand)
    # nothing reachable from the view leads back to the game, its wall or another hand
    reachable = list(got)
    assert not any(isinstance(v, Game) for v in reachable)
    secret = sorted(game.players[(seat + 1) % 4].hand)
    assert sorted(got.to_dict()["hand"]) != secret or secret == sorted(got.hand)
    assert "hand" not in got.to_dict()["players"][(seat + 1) % 4]


def test_simulation_bots_are_handed_views(rules, monkeypatch):
    from engine.simulation import bots as bot_module
    from engine.simulation.games import play_game

    kinds = set()
    original = bot_module.GreedyBot.choose

    def spy(self, view, seat, legal):
        kinds.add(type(view))
        return original(self, view, seat, legal)

    monkeypatch.setattr(bot_module.GreedyBot, "choose", spy)
    record = play_game(rules, seed=4)
    assert record.error is None and kinds == {SeatView}


def test_illegal_actions_are_engine_errors(rules):
    game = Game(rules, seed=1)
    with pytest.raises(IllegalAction) as info:
        game.apply(Action("discard", (game.to_act()[0] + 1) % 4, 1))
    assert isinstance(info.value, EngineError)
