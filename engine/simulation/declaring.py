"""How the bots make a rule file's declarations (:mod:`engine.game.declarations`), one policy for every name.

* **At the start** (飘, 拉庄 …: legal actions ``declare`` without a tile): one of the offered values, drawn
  from the bot's own seeded generator — deterministic per game seed, and spread over the choices so
  simulation reaches every stake.
* **With a discard**: the bot first chooses its discard as if nothing could be declared; then, for each
  declaration offered with that discard, in the file's order: ``greedy`` makes one that locks the hand only
  when the hand left waits on at least ``min_live`` unseen tiles that win legally (the 亮倒 rule) and the bot
  does not decline, and one that does not lock always; ``random`` makes it half of the time.
"""

from __future__ import annotations

import random
from typing import Callable

from engine.game import declarations
from engine.game.actions import DECLARE, DISCARD, Action

#: ``random``: the chance of making a declaration offered with its discard.
RANDOM_DECLARE = 0.5


def is_start_choice(legal: list[Action]) -> bool:
    """``legal`` is a start declaration's choices (no tile: nothing is discarded with it)."""
    return bool(legal) and legal[0].kind == DECLARE and legal[0].tile is None


def start_choice(legal: list[Action], rng: random.Random) -> Action:
    """One of the offered values, from the bot's seeded generator."""
    return rng.choice(legal)


def offered_with(legal: list[Action], choice: Action) -> list[Action]:
    """The ``declare`` actions offered with ``choice``'s discard, in the order the flow lists them."""
    if choice.kind != DISCARD:
        return []
    return [a for a in legal if a.kind == DECLARE and a.tile == choice.tile]


def greedy_declaration(view, legal: list[Action], choice: Action, live: Callable[[], int], min_live: int,
                       declines: Callable[[], bool]) -> Action:
    """``greedy``'s decision: the first offered declaration it makes with ``choice``'s discard, else ``choice``.
    ``live()`` counts the unseen tiles that make the hand left a legal win; ``declines()`` may pass one up."""
    for a in offered_with(legal, choice):
        spec = declarations.compiled(view.rules).named(a.name)
        if spec is None:
            continue
        if spec.locks != "hand" or (live() >= min_live and declines() is False):
            return a
    return choice


def random_declaration(legal: list[Action], choice: Action, rng: random.Random) -> Action:
    """``random``'s decision: an offered declaration with ``choice``'s discard, half of the time."""
    offered = offered_with(legal, choice)
    if offered and rng.random() < RANDOM_DECLARE:
        return rng.choice(offered)
    return choice
