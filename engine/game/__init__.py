"""The game's state machine: the flow a rule file's ``phases`` declare, and what a player may see.

Public API: :class:`Game` (``to_act``, ``legal_actions``, ``apply``, ``view`` / ``observation``,
``to_dict`` / ``from_dict`` / ``copy``, ``events``), :class:`Action`, :class:`SeatView`, and the
registries of action names (:data:`SELF_ACTIONS`, :data:`REACTIONS`) and action conditions
(:data:`ACTION_CONDITIONS`). Bots, plans and whole simulated games live apart, in
:mod:`engine.simulation`. Importing this package registers the flow's capabilities.
"""

from engine.game.action_conditions import ACTION_CONDITIONS
from engine.game.actions import REACTIONS, SELF_ACTIONS, Action, IllegalAction
from engine.game.flow import Game, GameSetupError, GameStateError
from engine.game.view import OwnSeat, SeatInfo, SeatView

__all__ = [
    "ACTION_CONDITIONS", "Action", "Game", "GameSetupError", "GameStateError", "IllegalAction", "OwnSeat",
    "REACTIONS", "SELF_ACTIONS", "SeatInfo", "SeatView",
]
