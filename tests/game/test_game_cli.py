"""``dslgen simulate`` / ``dslgen replay`` and ``dslgen.simulation.run``."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from engine.simulation import invariants

from tests.game.conftest import ROOT

WUHAN = str(ROOT / "dsl-examples" / "hongzhong_laizi.yaml")
SICHUAN = str(ROOT / "dsl-examples" / "sichuan_xuezhan.yaml")
JSON_KEYS = {"games", "errors", "wins", "draws", "draw_rate", "seat_win_rate", "fan_frequency", "self_draw_wins",
             "discard_wins", "dealer_win_rate", "avg_fan", "median_fan", "max_fan", "avg_length", "payments"}


def run_cli(*args):
    return CliRunner().invoke(cli, list(args))


def test_simulate_json_has_the_statistics():
    res = run_cli("simulate", WUHAN, "--games", "30", "--seed", "4", "--jobs", "1", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert JSON_KEYS <= set(data)
    assert data["games"] == 30 and data["errors"] == []
    assert data["wins"] == data["self_draw_wins"] + data["discard_wins"] > 0
    assert len(data["seat_win_rate"]) == 4
    from dslgen.rulefile import load_rules

    declared = [f.name for f in load_rules(WUHAN).rules.fans]
    assert list(data["fan_frequency"]) == declared
    assert set(data["never_scored"]) == {n for n in declared if data["fan_counts"][n] == 0}


def test_statistics_are_the_same_for_any_number_of_jobs():
    from dslgen.rulefile import load_rules
    from dslgen.simulation import run

    rules = load_rules(SICHUAN).rules
    one = run(rules, 24, 11, jobs=1)
    two = run(rules, 24, 11, jobs=2)
    assert one == two
    assert run(rules, 24, 12, jobs=1) != one


def test_simulate_table_output():
    res = run_cli("simulate", SICHUAN, "--games", "8", "--seed", "2", "--jobs", "1")
    assert res.exit_code == 0, res.output
    assert "流局率" in res.stdout and "番型频率" in res.stdout and "素胡" in res.stdout


def test_errors_are_recorded_with_a_replay_command_and_the_run_goes_on(monkeypatch):
    def fails_in_game_with_a_kong(game, checker):
        if any(m.is_kong for p in game.players for m in p.melds):
            return "测试用：出现杠"
        return None

    monkeypatch.setitem(invariants.INVARIANTS, "test_only", fails_in_game_with_a_kong)
    res = run_cli("simulate", SICHUAN, "--games", "30", "--seed", "5", "--jobs", "1", "--json")
    assert res.exit_code == 1
    data = json.loads(res.stdout)
    assert data["games"] == 30 and 0 < len(data["errors"]) < 30
    e = data["errors"][0]
    assert e["seed"] == 5 and "测试用：出现杠" in e["message"] and e["action_index"] > 0
    assert e["replay"] == f"dslgen replay {SICHUAN} --seed 5 --game {e['game']}"
    # the replay command reproduces the failing game
    rep = run_cli("replay", SICHUAN, "--seed", "5", "--game", str(e["game"]), "--json")
    assert rep.exit_code == 1
    assert json.loads(rep.stdout)["error"]["action_index"] == e["action_index"]


def test_replay_prints_a_chinese_log_that_matches_the_simulation():
    res = run_cli("replay", SICHUAN, "--seed", "3", "--game", "2")
    assert res.exit_code == 0, res.output
    assert "发牌" in res.stdout and "打出" in res.stdout and "结束" in res.stdout
    data = json.loads(run_cli("replay", SICHUAN, "--seed", "3", "--game", "2", "--json").stdout)
    from dslgen.rulefile import load_rules
    from engine.simulation.games import series_games

    rec = list(series_games(load_rules(SICHUAN).rules, 3, 0, 3, "greedy"))[2]  # game 2 as the run plays it
    assert data["wins"] == rec.wins and data["payments"] == rec.payments and data["log"]
    assert data["dealer"] == rec.dealer


@pytest.mark.parametrize("args, code", [
    (["simulate", "no-such-file.yaml", "--games", "2"], 2),
    (["simulate", WUHAN, "--games", "2", "--jobs", "zero"], 2),
    (["simulate", WUHAN, "--games", "2", "--jobs", "0"], 2),
    (["simulate", WUHAN, "--games", "2", "--bot", "clever"], 2),
])
def test_bad_arguments_exit_2_without_traceback(args, code):
    res = run_cli(*args)
    assert res.exit_code == code
    assert "Traceback" not in res.output


def test_rules_the_flow_cannot_play_exit_1(tmp_path):
    text = (ROOT / "dsl-examples" / "hongzhong_laizi.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("priority_policy: highest_wins", "priority_policy: all_winners")
                   .replace("{action: discard}", "{action: an_kong}", 1), encoding="utf-8")
    res = run_cli("simulate", str(bad), "--games", "2", "--jobs", "1")
    assert res.exit_code == 1
    assert "discard" in res.output and "Traceback" not in res.output


def test_replay_command_names_a_non_default_bot_and_quotes_the_path():
    from dslgen.simulation import replay_command

    assert replay_command("a b.yaml", 3, 7, "random") == "dslgen replay 'a b.yaml' --seed 3 --game 7 --bot random"
    assert replay_command("x.yaml", 3, 7) == "dslgen replay x.yaml --seed 3 --game 7"


def test_replay_accepts_every_bot_simulate_accepts():
    """The replay command a failing ``simulate --bot mix`` game prints must run."""
    from dslgen.commands import replay, simulate

    def bots(cmd):
        return next(p for p in cmd.command.params if p.name == "bot").type.choices

    assert set(bots(simulate)) <= set(bots(replay))
    res = run_cli("replay", SICHUAN, "--seed", "1", "--game", "0", "--bot", "mix", "--json")
    assert res.exit_code in (0, 1), res.output
    assert json.loads(res.stdout)["bot"] == "mix"
