"""The hand-expression language of rule files: fans, win requirements, win shapes and tile restrictions.

An expression is data: :func:`compile_expression` parses it into a typed tree
(:mod:`engine.lang.syntax`), resolves every name against the registered vocabulary
(:mod:`engine.lang.vocabulary`) and compiles it into closures (:mod:`engine.lang.compiler`).
Nothing is evaluated as Python code, and the work of one evaluation is bounded by the tree's size.
"""

from engine.lang.compiler import Compiled, compile_expression
from engine.lang.syntax import MAX_DEPTH, MAX_LENGTH, MAX_NODES, ExprError, parse
from engine.lang import needs, vocabulary
from engine.lang.vocabulary import BOOL, EVENT, GROUPS, INT, PATTERN, READING, STATE, TILES, VOCABULARY

__all__ = ["BOOL", "Compiled", "EVENT", "ExprError", "GROUPS", "INT", "MAX_DEPTH", "MAX_LENGTH", "MAX_NODES",
           "PATTERN", "READING", "STATE", "TILES", "VOCABULARY", "compile_expression", "needs", "parse", "vocabulary"]
