"""Whether the game flow would offer a win: the same declarations the flow reads, for callers outside a game.

``dslgen hand`` scores a hand without playing one. A hand can be a legal *win* under the fan table and still
never be offered at the table: the file has no ``win`` option for that window (a self-draw-only variant),
the option's condition rules it out (``can_rob_kong`` allows only 抢杠胡), a ``tile_restrictions`` entry
forbids winning on that tile, or the tile is a wild tile (a discarded wild tile cannot be claimed).
:func:`win_refusal` answers from the rule set alone, through the flow's own condition registry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import declared
from engine.game.action_conditions import ACTION_CONDITIONS, Query, holds
from engine.game.actions import WIN
from engine.rules import Rules


@dataclass
class _Table:
    """The little of a game that a win condition asks: the win's score, and the seat's hand."""

    result: Any
    hand: tuple[int, ...]

    def win_result(self, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False):
        return self.result

    @property
    def players(self):
        return {0: self, 1: self, 2: self, 3: self}


def win_refusal(rules: Rules, result: Any, tile: int, *, self_drawn: bool, robbing: bool = False, seat: int = 0,
                dealer: int = 0, hand: tuple[int, ...] = (), wild_codes: frozenset[int] = frozenset(),
                seat_wind: int | None = None, round_wind: int = 0, tags: tuple = (), revealed: tuple = ()) -> str:
    """Why the flow would not offer the legal win ``result`` on ``tile`` (Chinese), or "" when it would."""
    option = rules.play.self_action(WIN) if self_drawn else rules.play.reaction(WIN)
    if option is None:
        return "本规则不能自摸和（self_action 没有 win）" if self_drawn else "本规则不能和别人打出的牌（others_reaction 没有 win）"
    if not self_drawn and not robbing and tile in wild_codes:
        return "打出的癞子不能被和"
    if not self_drawn and rules.tile_restrictions:
        facts = declared.TableFacts(wild_codes, seat, dealer, seat_wind, round_wind, tags, revealed)
        if declared.restricted(rules, "win", facts) >> tile & 1:
            return "tile_restrictions 不允许和别人打出的这张牌"
    table = _Table(result, tuple(hand))
    if not holds(option.condition, Query(table, seat, tile, self_drawn, robbing)):
        cond = ACTION_CONDITIONS.get(option.condition)
        label = f"（{cond.zh}）" if cond else ""
        return f"行牌流程的和牌条件 {option.condition}{label} 不允许这样和"
    return ""
