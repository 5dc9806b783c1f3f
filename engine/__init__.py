"""The mahjong rule engine: a pure library that plays whatever a rule mapping declares.

No I/O, no YAML, no network: a game server or a bot can embed it as it is.
"""

from engine.errors import EngineError, Problem, RulesError
from engine.memo import clear_caches

__version__ = "0.1.0"
__all__ = ["EngineError", "Problem", "RulesError", "clear_caches"]
