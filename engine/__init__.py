"""The mahjong rule engine: a pure library that plays whatever a rule mapping declares.

No I/O, no YAML, no network: a game server or a bot can embed it as it is.
"""

__version__ = "0.1.0"
