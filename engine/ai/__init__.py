"""Companion-AI strategies: which legal action to take, for any rule file.

The strategies share the engine's bot registry (:data:`engine.simulation.BOTS`): ``random`` and
``greedy`` are the simulation bots, ``mcts`` (:mod:`engine.ai.mcts`) searches the engine's own game
over determinizations of what the seat cannot see (:mod:`engine.ai.determinize`). Every strategy
decides from a :class:`engine.game.SeatView` only and draws every random choice from its seed.

:func:`make_strategy` builds one with options (the search budget); :data:`LEVELS` maps the three
difficulty levels of a decision service to the strategy that plays each without a model.
"""

from __future__ import annotations

from engine.simulation.bots import BOTS
from engine.ai.mcts import Decision, MctsBot

#: The registry of strategies by name (the engine's bots; ``mcts`` registers itself here).
STRATEGIES = BOTS
#: Difficulty level -> the strategy that plays it without a model (level 3 adds a model's advice on key turns).
LEVELS = {1: "random", 2: "mcts", 3: "mcts"}


def make_strategy(name: str, seed: int, **options):
    """A new strategy ``name`` seeded ``seed``; ``options`` go to its constructor (``mcts``:
    ``iterations``, ``time_budget``, ``horizon``, ``tree_depth``, ``candidates``). KeyError for an unknown name,
    TypeError for an option it does not take."""
    return STRATEGIES[name](seed, **options) if options else STRATEGIES[name](seed)


__all__ = ["Decision", "LEVELS", "MctsBot", "STRATEGIES", "make_strategy"]
