"""The game flow a rule file declares, bots, invariants and simulation records.

Public API: :class:`Game` (``legal_actions``, ``apply``, ``observation``,
``events``), :class:`Action`, the bots registry :data:`BOTS`, and
:func:`play_game` / :func:`run_chunk` for simulations. Importing this package
registers the flow's capabilities.
"""

from engine.game.actions import REACTIONS, SELF_ACTIONS, Action, IllegalAction
from engine.game.bots import BOTS, make_bot
from engine.game.conditions import CONDITIONS
from engine.game.flow import Game, GameSetupError
from engine.game.record import GameRecord, Stats
from engine.game.simulate import game_seed, play_game, run_chunk

__all__ = [
    "Action", "BOTS", "CONDITIONS", "Game", "GameRecord", "GameSetupError", "IllegalAction", "REACTIONS",
    "SELF_ACTIONS", "Stats", "game_seed", "make_bot", "play_game", "run_chunk",
]
