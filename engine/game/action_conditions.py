"""The condition strings an action option may carry, one registered unit each.

A rule file writes ``{action: pung, condition: has_two_same}``; the flow makes the
action legal only when the action's own requirement holds (two tiles to pung
with, a legal win…) **and** the named condition holds. An empty condition adds
nothing. Each unit receives a :class:`Query` describing who asks about which
tile, and in which window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engine import tiles as T


@dataclass(frozen=True)
class Query:
    """What a condition is asked about.

    ``game`` is the :class:`engine.game.flow.Game`; ``tile`` the tile at stake (the
    drawn tile for a self-drawn win, the kong tile, or the discard); ``self_drawn``
    is True in the self-action window; ``robbing`` is True in the 抢杠 window.
    """

    game: Any
    seat: int
    tile: int | None
    self_drawn: bool
    robbing: bool = False

    def win(self):
        """The legal win's :class:`ScoreResult` for this tile, or None."""
        if self.tile is None:
            return None
        return self.game.win_result(self.seat, self.tile, self_drawn=self.self_drawn, robbing=self.robbing)

    def held(self, tile: int) -> int:
        """How many copies of ``tile`` the seat holds concealed."""
        return self.game.players[self.seat].hand.count(tile)


@dataclass(frozen=True)
class Condition:
    """A registered condition: its name, Chinese meaning, and test."""

    name: str
    zh: str
    test: Callable[[Query], bool]
    doc: str


ACTION_CONDITIONS: dict[str, Condition] = {}


def condition(name: str, zh: str):
    """Register the decorated ``test(query) -> bool`` under ``name``."""

    def wrap(fn: Callable[[Query], bool]) -> Callable[[Query], bool]:
        ACTION_CONDITIONS[name] = Condition(name, zh, fn, (fn.__doc__ or "").strip())
        return fn

    return wrap


def holds(name: str, query: Query) -> bool:
    """True when the condition ``name`` holds (an empty name always holds).

    An unknown name never holds, so an action guarded by it is never legal.
    """
    if not name:
        return True
    cond = ACTION_CONDITIONS.get(name)
    return bool(cond and cond.test(query))


@condition("can_win_tumo", "可以自摸胡")
def can_win_tumo(q: Query) -> bool:
    """In the self-action window, the concealed hand with the drawn tile is a legal win
    (winning shape, every win condition and the fan minimum of the rules). Never
    true when reacting to someone else's tile."""
    return q.self_drawn and q.win() is not None


@condition("can_win_tumo_and_fan_ge_8", "自摸胡且番数≥8")
def can_win_tumo_and_fan_ge_8(q: Query) -> bool:
    """``can_win_tumo`` and the scored total of that win is at least 8 fan."""
    if not q.self_drawn:
        return False
    result = q.win()
    return result is not None and result.total >= 8


@condition("can_win", "可以胡")
def can_win(q: Query) -> bool:
    """The seat has a legal win with the tile at stake: the discard (or the robbed
    kong tile) when reacting, the drawn tile in the self-action window."""
    return q.win() is not None


@condition("can_rob_kong", "只能抢杠胡")
def can_rob_kong(q: Query) -> bool:
    """Only in the 抢杠 window: the seat has a legal win on the tile another seat adds to its pung
    (抢杠胡); never on a discard. A self-draw-only variant that lets a kong be robbed (转转) puts it on
    the ``win`` reaction."""
    return q.robbing and q.win() is not None


@condition("can_win_and_fan_ge_8", "可以胡且番数≥8")
def can_win_and_fan_ge_8(q: Query) -> bool:
    """``can_win`` and the scored total of that win is at least 8 fan."""
    result = q.win()
    return result is not None and result.total >= 8


@condition("has_punged_pair", "有碰过的刻子（可加杠）")
def has_punged_pair(q: Query) -> bool:
    """The seat has an exposed pung of the tile and holds its fourth copy."""
    if q.tile is None:
        return False
    player = q.game.players[q.seat]
    return q.held(q.tile) >= 1 and any(m.kind == "pung" and m.tiles[0] == q.tile for m in player.melds)


@condition("has_two_same", "手中有两张相同的牌")
def has_two_same(q: Query) -> bool:
    """The seat holds at least two concealed copies of the tile."""
    return q.tile is not None and q.held(q.tile) >= 2


@condition("has_three_same", "手中有三张相同的牌")
def has_three_same(q: Query) -> bool:
    """The seat holds at least three concealed copies of the tile."""
    return q.tile is not None and q.held(q.tile) >= 3


@condition("can_chi", "可以吃")
def can_chi(q: Query) -> bool:
    """The tile is suited and the seat holds two tiles that make a sequence with it
    (x-2 x-1, x-1 x+1 or x+1 x+2 of the same suit). Seat order is checked by the flow."""
    t = q.tile
    if t is None or not T.is_suited(t):
        return False
    hand = q.game.players[q.seat].hand
    r = T.rank_of(t)
    pairs = ((-2, -1), (-1, 1), (1, 2))
    return any(1 <= r + a and r + b <= 9 and (t + a) in hand and (t + b) in hand for a, b in pairs)
