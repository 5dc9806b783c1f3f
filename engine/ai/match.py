"""Games between different strategies at one table: how the strength tests and the benchmark measure them.

:func:`play_match` seats one strategy per seat (names from the registry, or ready-made objects), plays
one game with the engine and returns each seat's payments, who won, who dealt in and every decision
the seats took (to check each was legal). Seeded like :func:`engine.simulation.games.play_game`: the
game from ``seed`` and each seat's strategy from ``seed`` and its seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.ai import make_strategy
from engine.game.flow import Game
from engine.rules import Rules


@dataclass
class MatchResult:
    """One game's outcome: payments per seat, winners, seats that paid a discard win, decisions made,
    decisions that were not legal (always 0 unless a strategy is broken) and the searching seats' effort."""

    payments: list[int]
    winners: list[int]
    dealt_in: list[int]
    decisions: int = 0
    illegal: int = 0
    failed_iterations: int = 0
    searched: int = 0
    seconds: list[float] = field(default_factory=list)


def play_match(rules: Rules, seed: int, seats: list, *, options: dict | None = None, timer=None) -> MatchResult:
    """Play one game with ``seats[s]`` (a registered name or a strategy object) at seat ``s``.

    ``options`` go to every strategy built from a name that takes them (``mcts``'s budget). ``timer``
    (e.g. ``time.perf_counter``), when given, times each searched decision into ``seconds``. An illegal
    choice is counted and replaced by the first legal action, so the game still ends."""
    game = Game(rules, seed)
    players = []
    for s, who in enumerate(seats[:game.n]):
        if isinstance(who, str):
            sseed = (seed * 4 + s + 1) & 0xFFFFFFFFFFFFFFFF
            players.append(make_strategy(who, sseed, **(options or {})) if who == "mcts" else make_strategy(who, sseed))
        else:
            players.append(who)
    out = MatchResult([0] * game.n, [], [])
    while not game.over:
        for s in game.to_act():
            view = game.view(s)
            legal = list(view.legal_actions)
            start = timer() if timer else None
            action = players[s].choose(view, s, legal)
            last = getattr(players[s], "last", None)
            if last is not None and last.reason == "search":
                out.searched += 1
                out.failed_iterations += last.failed
                if timer:
                    out.seconds.append(timer() - start)
            out.decisions += 1
            if not game.is_legal(action):
                out.illegal += 1
                action = legal[0]
            game.apply(action)
            if game.over:
                break
    out.payments = list(game.payments)
    out.winners = [w.seat for w in game.wins]
    out.dealt_in = [w.discarder for w in game.wins if w.discarder is not None]
    return out
