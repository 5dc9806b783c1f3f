"""Indicators turned face up from the reserved tiles during play (``table_events.indicators``).

The reserved tiles (``table_events.reserved_tail``) are never drawn from the head; kongs draw their
replacements from the far end. After the deal ``start`` indicators are turned face up from the near end
of the reserved tiles, in order; after each kong, before its replacement is drawn, ``per_kong`` more. With
``hidden`` every second tile is the hidden indicator under the one before it: it stays face down and only a
win reads it. Expressions read the face-up ones as ``indicators`` and the hidden ones as
``hidden_indicators``; the tiles stay in the wall.
"""

from __future__ import annotations

from engine.capabilities import register

register("table.indicators", "翻指示牌", "发牌后与每次开杠后从留下不摸的牌里翻开指示牌（可带压在下面的暗指示牌），表达式用 indicators、"
         "hidden_indicators 读取", "0.1.0", __name__)


def start(game) -> None:
    """After the deal: remember where the reserved tiles begin and turn the first indicators."""
    spec = game.rules.table_events.indicators
    if spec is None:
        return
    game._indicator_base = game.wall.tail - game.wall.reserve
    turn(game, spec.start)


def after_kong(game) -> None:
    """A kong was made: turn its indicators before the replacement is drawn."""
    spec = game.rules.table_events.indicators
    if spec is not None:
        turn(game, spec.per_kong)


def turn(game, count: int) -> None:
    """Turn ``count`` more indicators (and their hidden ones); a position already drawn is not turned."""
    spec = game.rules.table_events.indicators
    step = 2 if spec.hidden else 1
    wall = game.wall
    for _ in range(count):
        at = game._indicator_base + step * len(game.indicators)
        if at + step > wall.tail:
            return
        game.indicators.append(wall.tiles[at])
        if spec.hidden:
            game.hidden_indicators.append(wall.tiles[at + 1])
        game._event("indicator", tile=wall.tiles[at], count=len(game.indicators))
