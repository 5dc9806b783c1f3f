"""OpenSpiel-style random-simulation harness over every catalog variant, plus greedy runs.

For each variant: uniformly random legal play checks the public API at every
step (who must act, legal actions are applicable, an illegal action is refused,
observations match the state, invariants hold); greedy games must finish with
zero invariant errors and an exhaustive-draw rate under one half.
"""

from __future__ import annotations

import random

import pytest

from engine.game import Action, Game, IllegalAction
from engine.simulation import run_chunk
from engine.simulation.invariants import Checker

from tests.game.conftest import CATALOG

RANDOM_GAMES = 100
GREEDY_GAMES = 100


def _rules(path):
    from dslgen.rulefile import load_rules

    return load_rules(path).rules


@pytest.mark.parametrize("path", CATALOG, ids=lambda p: p.stem)
def test_random_play_respects_the_api_and_invariants(path):
    rules = _rules(path)
    rng = random.Random(path.stem)
    ends = set()
    for k in range(RANDOM_GAMES):
        g = Game(rules, k)
        checker = Checker(g)
        assert checker.check() is None
        while not g.over:
            seats = g.to_act()
            assert seats, "a running game always has someone to act"
            for s in range(g.n):
                if s not in seats:
                    assert g.legal_actions(s) == []
            for s in seats:
                legal = g.legal_actions(s)
                assert legal and len(set(legal)) == len(legal)
                assert all(g.is_legal(a) for a in legal)
                with pytest.raises(IllegalAction):
                    g.apply(Action("discard", s, 99))
                obs = g.observation(s)
                assert obs["hand"] == sorted(g.players[s].hand)
                assert len(obs["legal_actions"]) == len(legal)
                g.apply(rng.choice(legal))
                msg = checker.check()
                assert msg is None, f"{path.stem} game {k}: {msg}"
                if g.over:
                    break
        assert g.to_act() == [] and sum(g.payments) == 0
        assert g.events[-1]["type"] == "end"
        ends.add(g.end_reason)
    assert "deck_exhausted" in ends


@pytest.mark.parametrize("path", CATALOG, ids=lambda p: p.stem)
def test_greedy_games_have_no_errors_and_few_draws(path):
    rules = _rules(path)
    stats = run_chunk(rules, 2024, 0, GREEDY_GAMES, "greedy")
    assert stats.errors == []
    assert stats.games == GREEDY_GAMES and stats.wins > 0
    assert stats.draws / stats.games < 0.5
    assert sum(stats.seat_net) == 0
