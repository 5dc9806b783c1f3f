"""Fan recognition and scoring: the standard fan library, the exclusion graph, optimal scoring.

Public API (see "Fan contract" in ``docs/architecture.md``):

* :class:`WinContext`, :func:`score_win`, :class:`ScoreResult`;
* :data:`FANS` (canonical name -> unit) and :func:`recognized_names` (every
  accepted name, synonyms included), :data:`FAN_CONDITIONS` (fan conditions);
* :func:`engine.fans.graph.validate` for the exclusion graph.
"""

from __future__ import annotations

from engine.capabilities import register
from engine.fans import conditional  # noqa: F401  (the fan condition)
from engine.fans import library

library.load()
from engine.fans.hand_facts import HandFacts, WinContext
from engine.fans.graph import GraphProblem, validate
from engine.fans.registry import FAN_CONDITIONS, FANS, KINDS, KIND_TITLES, FanUnit, lookup, recognized_names
from engine.fans.scoring import ScoreResult, score_decomposition, score_win, seat_position

__all__ = [
    "FAN_CONDITIONS", "FANS", "KINDS", "KIND_TITLES", "FanUnit", "GraphProblem", "HandFacts", "ScoreResult",
    "WinContext", "lookup", "recognized_names", "score_decomposition", "score_win", "seat_position", "validate",
]

register("scoring.fan_table", "番型表计分",
         "按 fan_types 声明的番型与番数计分：条件番、叠加方式 add/max_level/add_max、封顶、起胡番、癞子与花牌加分、最优癞子分配",
         "0.1.0", __name__)
register("scoring.fan_exclusion", "番型互斥",
         "excludes 排除被包含的番型，conflicts 冲突取高；加载时校验互斥图（目标存在、无环、冲突对称）",
         "0.1.0", __name__)
