"""The solver: win detection, decompositions, waits and shanten for every shape, wild tiles included.

Counting arrays are ``list[int]`` of length :data:`engine.tiles.COUNT_SIZE` indexed by
tile code. Wild tiles are never in the counts: callers remove them and pass their
number as ``wilds``. See ``docs/architecture.md`` (Solver contract).
"""

from engine.solver.shanten import shanten, shanten_by_shape, shanten_each
from engine.solver.shapes import SHAPE_LABELS, SHAPE_NAMES, Decomposition, Group, Shapes, shapes_for
from engine.solver.waits import waits
from engine.solver.win import decompositions, is_win, win_shapes

__all__ = [
    "Shapes",
    "shapes_for",
    "Group",
    "Decomposition",
    "is_win",
    "decompositions",
    "waits",
    "shanten",
    "shanten_by_shape",
    "shanten_each",
    "win_shapes",
    "SHAPE_NAMES",
    "SHAPE_LABELS",
]
