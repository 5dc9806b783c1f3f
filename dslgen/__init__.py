"""dslgen: draft mahjong rule files from plain language, prove them on the engine, review them."""

__version__ = "0.1.0"
