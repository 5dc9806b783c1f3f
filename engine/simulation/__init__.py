"""Playing whole games: bots, their plans, invariants, records and statistics, the replay narration.

Kept apart from the state machine (:mod:`engine.game`, which never imports this package): a bot
only ever receives a :class:`engine.game.SeatView`. Public API: the bots registry :data:`BOTS` and
:func:`make_bot` (``mcts`` from :mod:`engine.ai` included); :func:`play_game` / :func:`run_chunk` / :func:`game_seed`; :class:`GameRecord`
and mergeable :class:`Stats`.
"""

from engine.simulation.bots import BOTS, make_bot
from engine.simulation.games import game_seed, play_game, run_chunk
from engine.simulation.record import GameRecord, Stats
import engine.ai.mcts  # noqa: E402,F401 - registers the search strategy ``mcts`` in BOTS

__all__ = ["BOTS", "GameRecord", "Stats", "game_seed", "make_bot", "play_game", "run_chunk"]
