"""Helpers for the strategy tests: catalog rules and decision points taken from real games."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from engine.ai.determinize import is_searchable
from engine.game import Game
from engine.simulation import make_bot

ROOT = Path(__file__).resolve().parents[2]
CATALOG = sorted((ROOT / "dsl-examples").glob("*.yaml"))
#: A small search budget: the tests check behaviour, never speed.
SMALL = {"iterations": 6, "horizon": 8}


@lru_cache(maxsize=None)
def catalog_rules(stem: str):
    """The engine rules of catalog file ``stem``."""
    from dslgen.rulefile import load_rules

    return load_rules(ROOT / "dsl-examples" / f"{stem}.yaml").rules


def decision_points(rules, seed: int, limit: int, *, every: int = 1):
    """Up to ``limit`` ``(game, seat)`` pairs where a seat has a searched choice (more than one legal action,
    past the prelude), from a greedy game seeded ``seed``; the games are copies taken at the decision."""
    game = Game(rules, seed)
    bots = [make_bot("greedy", seed * 4 + s + 1) for s in range(game.n)]
    out, seen = [], 0
    while not game.over and len(out) < limit:
        for s in game.to_act():
            view = game.view(s)
            if is_searchable(view) and len(view.legal_actions) > 1 and not any(a.kind == "win" for a in view.legal_actions):
                if seen % every == 0:
                    out.append((game.copy(), s))
                seen += 1
            game.apply(bots[s].choose(view, s, list(view.legal_actions)))
            if game.over:
                break
    return out
