"""The game flow a rule file declares, bots, invariants and simulation records.

Public API: :class:`Game` (``legal_actions``, ``apply``, ``view`` / ``observation``,
``to_dict`` / ``from_dict`` / ``copy``, ``events``), :class:`Action`, :class:`SeatView`, the bots registry :data:`BOTS`, and
:func:`play_game` / :func:`run_chunk` for simulations. Importing this package
registers the flow's capabilities.
"""

from engine.game.actions import REACTIONS, SELF_ACTIONS, Action, IllegalAction
from engine.game.bots import BOTS, make_bot
from engine.game.conditions import CONDITIONS
from engine.game.flow import Game, GameSetupError, GameStateError
from engine.game.view import OwnSeat, SeatInfo, SeatView
from engine.game.record import GameRecord, Stats
from engine.game.simulate import game_seed, play_game, run_chunk

__all__ = [
    "Action", "BOTS", "CONDITIONS", "Game", "GameRecord", "GameSetupError", "GameStateError", "IllegalAction",
    "OwnSeat", "REACTIONS", "SELF_ACTIONS", "SeatInfo", "SeatView", "Stats", "game_seed", "make_bot", "play_game",
    "run_chunk",
]
