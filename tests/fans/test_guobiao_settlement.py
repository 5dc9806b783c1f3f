"""国标 settlement (底分 8 paid by every loser on a discard), winds and 和绝张 in ``dslgen hand``,
and the game's one notion of the last tile and of visible tiles."""

from __future__ import annotations

import json

from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.rulefile import load_rules
from engine.game import Game
from engine.settlement import win_payments

from fan_helpers import CATALOG

GB = CATALOG / "guobiao.yaml"


def _hand(*args):
    result = CliRunner().invoke(cli, ["hand", str(GB), *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_discard_win_pays_fans_plus_8_and_8_from_the_others():
    rules = load_rules(GB).rules
    assert win_payments(rules, 0, 12, False, 2, 0) == [12 + 8 + 16, -8, -20, -8]


def test_self_drawn_win_pays_fans_plus_8_from_each():
    rules = load_rules(GB).rules
    assert win_payments(rules, 1, 12, True, None, 0) == [-20, 60, -20, -20]


def test_prevalent_and_seat_wind_pungs_come_from_the_flags():
    both = {f["name"] for f in _hand("东东东567s345p78p9p99s", "--win", "9p", "--from", "1")["fans"]}
    assert {"圈风刻", "门风刻"} <= both and "幺九刻" not in both
    south = {f["name"] for f in _hand("东东东567s345p78p9p99s", "--win", "9p", "--from", "1", "--seat-wind", "南",
                                      "--round-wind", "南")["fans"]}
    assert "幺九刻" in south and not {"圈风刻", "门风刻"} & south


def _plain(fans: list[dict]) -> list[dict]:
    """The fan entries without the definition each one carries."""
    return [{k: v for k, v in f.items() if k != "definition"} for f in fans]


def test_fourth_tile_flag_scores_he_jue_zhang_and_counted_fans_say_how_often():
    out = _hand("234m567s345p78p9p99s", "--win", "9p", "--from", "1", "--fourth-tile")
    assert {"name": "和绝张", "fan": 4} in _plain(out["fans"])
    pungs = _hand("111m999s234p567p北北", "--win", "7p", "--from", "1")
    assert {"name": "幺九刻", "fan": 2, "times": 2} in _plain(pungs["fans"])


def test_last_tile_and_visible_tiles_are_one_notion_for_game_and_scorer():
    rules = load_rules(GB).rules
    game = Game(rules, seed=3)
    state = game.state if hasattr(game, "state") else game
    assert state.is_last_tile(False) is (len(state.wall) == 0)
    before = state.visible(5)
    state.players[1].discards.append(5)
    assert state.visible(5) == before + 1
