"""``mcts`` plays every catalog file legally and reproducibly, never reads hidden tiles, and beats ``random``."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.ai import LEVELS, STRATEGIES, MctsBot, make_strategy
from engine.ai.match import play_match
from engine.simulation import BOTS, play_game, run_chunk

from .conftest import CATALOG, SMALL, catalog_rules, decision_points
from .hidden import hidden_of, rearranged


def test_registry_holds_the_simulation_bots_and_mcts():
    assert STRATEGIES is BOTS
    assert {"random", "greedy", "mcts"} <= set(STRATEGIES)
    assert set(LEVELS) == {1, 2, 3} and all(name in STRATEGIES for name in LEVELS.values())
    bot = make_strategy("mcts", 7, iterations=5, horizon=4)
    assert isinstance(bot, MctsBot) and bot.iterations == 5 and bot.horizon == 4
    with pytest.raises(KeyError):
        make_strategy("alphazero", 0)


@pytest.mark.parametrize("stem", [p.stem for p in CATALOG])
@settings(max_examples=3)
@given(game_seed=st.integers(0, 2**32), bot_seed=st.integers(0, 2**64 - 1), pick=st.integers(0, 10**6))
def test_decisions_are_legal_and_reproducible(stem, game_seed, bot_seed, pick):
    """Property: at a decision drawn from a seeded greedy game, mcts (an iteration budget) returns one of the
    engine's legal actions, the same decision twice for the same seed, and no determinization fails."""
    rules = catalog_rules(stem)
    points = decision_points(rules, seed=game_seed, limit=40)
    assume(points)
    game, seat = points[pick % len(points)]
    view = game.view(seat)
    first = make_strategy("mcts", bot_seed, **SMALL).decide(view, list(view.legal_actions))
    again = make_strategy("mcts", bot_seed, **SMALL).decide(game.view(seat), list(game.view(seat).legal_actions))
    assert first.action in view.legal_actions and game.is_legal(first.action)
    assert first.to_dict() == again.to_dict()
    assert first.failed == 0
    assert 0.0 <= first.confidence <= 1.0


@pytest.mark.parametrize("stem", [p.stem for p in CATALOG])
def test_some_decisions_are_searched(stem):
    rules = catalog_rules(stem)
    points = decision_points(rules, seed=11, limit=12, every=3)
    decisions = [make_strategy("mcts", k, **SMALL).decide(g.view(s), list(g.view(s).legal_actions))
                 for k, (g, s) in enumerate(points)]
    assert any(d.reason == "search" for d in decisions)
    assert all(d.failed == 0 for d in decisions)


@pytest.mark.parametrize("stem", [p.stem for p in CATALOG])
def test_a_whole_game_with_a_searching_seat_is_legal(stem):
    rules = catalog_rules(stem)
    result = play_match(rules, 2, ["mcts"] + ["greedy"] * (rules.players - 1),
                        options={"iterations": 6, "horizon": 6})
    assert result.illegal == 0 and result.failed_iterations == 0
    assert result.decisions > 0 and result.searched > 0


def test_simulate_plays_mcts_through_the_registry():
    rules = catalog_rules("erren")

    class Tiny(MctsBot):
        ITERATIONS, HORIZON = 6, 6

    BOTS["mcts_tiny_test"] = Tiny
    try:
        rec = play_game(rules, 4, "mcts_tiny_test")
        assert rec.error is None and rec.end_reason
        again = play_game(rules, 4, "mcts_tiny_test")
        assert (again.payments, again.wins, again.length) == (rec.payments, rec.wins, rec.length)
        # statistics do not depend on how the games are split between jobs
        whole = run_chunk(rules, 9, 0, 2, "mcts_tiny_test")
        split = run_chunk(rules, 9, 0, 1, "mcts_tiny_test").merge(run_chunk(rules, 9, 1, 2, "mcts_tiny_test"))
        assert whole.to_json() == split.to_json()
    finally:
        del BOTS["mcts_tiny_test"]


@pytest.mark.parametrize("stem", ["sichuan_xuezhan", "sichuan_xueliu", "kawuxing", "guangdong_jipinghu"])
def test_the_decision_does_not_depend_on_hidden_tiles(stem):
    rules = catalog_rules(stem)
    compared = 0
    for k, (game, seat) in enumerate(decision_points(rules, seed=8, limit=5, every=6)):
        other = rearranged(game, seat, 100 + k)
        assert hidden_of(other, seat) != hidden_of(game, seat)
        a = make_strategy("mcts", k, **SMALL).decide(game.view(seat), list(game.view(seat).legal_actions))
        b = make_strategy("mcts", k, **SMALL).decide(other.view(seat), list(other.view(seat).legal_actions))
        assert a.to_dict() == b.to_dict()
        compared += a.reason == "search"
    assert compared


def test_a_time_budget_ends_the_search():
    rules = catalog_rules("guangdong_jipinghu")
    game, seat = decision_points(rules, seed=2, limit=1)[0]
    bot = make_strategy("mcts", 0, iterations=None, time_budget=0.0)
    decision = bot.decide(game.view(seat), list(game.view(seat).legal_actions))
    assert decision.iterations >= 1 and decision.action in game.legal_actions(seat)


def _paired(rules, games: int, options: dict) -> tuple[float, float]:
    """Mean and standard error of (mcts at seat s − random at seat s) over the same seeded deals."""
    diffs = []
    n = rules.players
    for g in range(games):
        seat = g % n
        rest = ["random"] * n
        searching = list(rest)
        searching[seat] = "mcts"
        a = play_match(rules, 1000 + g, searching, options=options).payments[seat]
        b = play_match(rules, 1000 + g, rest).payments[seat]
        diffs.append(a - b)
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean, math.sqrt(var / len(diffs))


@pytest.mark.parametrize("stem", ["guangdong_jipinghu", "erren"])
def test_mcts_beats_random(stem):
    """Against three (or one) random players, a searching seat scores more than a random one in its place,
    by more than two standard errors of the paired difference."""
    mean, se = _paired(catalog_rules(stem), 12, {"iterations": 8, "horizon": 12})
    assert mean > 2 * se and mean > 0, (mean, se)
