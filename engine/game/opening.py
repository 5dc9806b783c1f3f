"""起手小胡 (长沙): hands paid right after the deal, before anyone plays (``type: opening_wins``).

A rule file declares the phase between the deal and play and lists the opening hands it pays::

    - name: opening
      type: opening_wins
      hands:
        - {name: 四喜, points: 1}
        - {name: 板板胡, points: 1}
        - {name: 缺一色, points: 1}
        - {name: 六六顺, points: 1}
      next: play

Each opening hand is one registered unit (:func:`opening_hand`) whose docstring is its definition
(``docs/opening-hands.md`` is generated from it). The flow runs the phase once, automatically,
on the dealt hands (the dealer's 14 tiles, the others' 13; wild tiles count as themselves; flowers
never count): every seat whose hand shows a listed opening hand declares it, once per occurrence
(two 四喜 are two), and is paid at once as for a self-drawn win of ``points`` 番 — each other
player pays ``points`` × occurrences through the same money math as a win
(:func:`engine.settlement.win_payments`: ``self_draw_multiplier``, ``dealer_multiplier``,
``base_points``), so every declaration sums to zero. Play then goes on as usual: an opening hand
is not a win and does not end the hand.
"""

from __future__ import annotations

import inspect
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from engine import settlement
from engine import tiles as T
from engine.defaults import default
from engine.capabilities import register

PHASE_TYPE = "opening_wins"

register("phase.opening_wins", "起手小胡",
         "发牌后、行牌前按声明检查每家的起手牌（四喜、板板胡、缺一色、六六顺），成立即按自摸小胡当场结算，之后照常行牌",
         "0.1.0", __name__)


@dataclass(frozen=True)
class OpeningHand:
    """A registered opening hand: canonical name, synonyms, ``count(hand) -> occurrences`` and its definition."""

    name: str
    count: Callable[[Sequence[int]], int]
    synonyms: tuple[str, ...] = ()
    doc: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        """Canonical name first, then the synonyms."""
        return (self.name, *self.synonyms)


#: canonical name -> unit, in registration order.
OPENING_HANDS: dict[str, OpeningHand] = {}
_BY_NAME: dict[str, OpeningHand] = {}


def opening_hand(name: str, *, synonyms: tuple[str, ...] = ()) -> Callable:
    """Register the decorated ``count(hand) -> int`` (occurrences in the dealt tiles) as an opening hand."""

    def decorate(func):
        doc = inspect.cleandoc(func.__doc__ or "")
        if not doc:
            raise ValueError(f"opening hand {name} needs a docstring stating its definition")
        unit = OpeningHand(name, func, tuple(synonyms), doc)
        for n in unit.names:
            if n in _BY_NAME:
                raise ValueError(f"opening hand name {n!r} registered twice")
            _BY_NAME[n] = unit
        OPENING_HANDS[name] = unit
        return func

    return decorate


def lookup(name: str) -> OpeningHand | None:
    """The opening hand called ``name`` (canonical or synonym), or None."""
    return _BY_NAME.get(name)


def _suited(hand: Sequence[int]) -> list[int]:
    return [t for t in hand if T.is_suited(t)]


@opening_hand("四喜", synonyms=("大四喜", "起手四喜"))
def si_xi(hand: Sequence[int]) -> int:
    """起手手牌中有四张相同的牌；每有一种四张算一次（两种就是两个四喜）。"""
    return sum(1 for c in Counter(hand).values() if c == 4)


@opening_hand("板板胡", synonyms=("板板",))
def ban_ban_hu(hand: Sequence[int]) -> int:
    """起手手牌中没有一张 2、5、8（做不了将）：每张牌都不是 2、5、8 的数牌。"""
    return int(not any(T.is_suited(t) and T.rank_of(t) in (2, 5, 8) for t in hand))


@opening_hand("缺一色", synonyms=("缺一门起手",))
def que_yi_se(hand: Sequence[int]) -> int:
    """起手手牌中万、条、筒三门数牌至少缺一门（只有一门或两门数牌）。"""
    return int(len({T.suit_of(t) for t in _suited(hand)}) < 3)


@opening_hand("六六顺", synonyms=("六六大顺",))
def liu_liu_shun(hand: Sequence[int]) -> int:
    """起手手牌中有两副刻子（两种牌各至少三张；四张相同也算一副刻子）。"""
    return int(sum(1 for c in Counter(hand).values() if c >= 3) >= 2)


@dataclass(frozen=True)
class Declaration:
    """One opening hand a seat shows: how many times, and what everyone paid for it (zero-sum)."""

    seat: int
    hand: str
    count: int
    points: int
    payments: tuple[int, ...]
    tiles: tuple[int, ...]


def declared_hands(phase_options: Mapping) -> list[tuple[str, int]]:
    """``(canonical name, points)`` of each hand a phase lists (names the engine does not know are left out:
    loading the rules reports them, see :func:`phase_problems`)."""
    out = []
    for entry in phase_options.get("hands") or ():
        name = str(entry.get("name", "")) if isinstance(entry, Mapping) else str(entry)
        unit = lookup(name)
        if unit is not None:
            points = entry.get("points") if isinstance(entry, Mapping) else None
            out.append((unit.name, int(default("phases[].hands[].points") if points is None else points)))
    return out


def phase_problems(phase) -> list[tuple[tuple, str]]:
    """``(field path under the phase as steps, Chinese message)`` for each problem of an ``opening_wins`` phase."""
    hands = phase.options.get("hands")
    if not hands:
        return [(("hands",), "起手小胡阶段需要列出 hands")]
    out = []
    for i, entry in enumerate(hands):
        name = str(entry.get("name", "")) if isinstance(entry, Mapping) else str(entry)
        if lookup(name) is None:
            out.append((("hands", i, "name"), f"引擎不认识起手小胡 {name}（可用：{'、'.join(OPENING_HANDS)}）"))
    return out


def declarations(rules, hands: Sequence[Sequence[int]], dealer: int, listed: Sequence[tuple[str, int]]) -> list[Declaration]:
    """Every opening hand shown at the table (seats from the dealer in seat order, hands in declared
    order), each with its payment: a self-drawn win of ``points × count`` paid by every other seat."""
    n = len(hands)
    out = []
    for i in range(n):
        seat = (dealer + i) % n
        tiles = tuple(sorted(t for t in hands[seat] if not T.is_flower(t)))
        for name, points in listed:
            k = OPENING_HANDS[name].count(tiles)
            if k and points:
                pay = settlement.win_payments(rules, seat, points * k, True, None, dealer)
                out.append(Declaration(seat, name, k, points, tuple(pay), tiles))
    return out


def run(game, phase) -> None:
    """Declare and pay every opening hand at ``game``'s table (called by the flow after the deal)."""
    hands = [p.hand for p in game.players]
    for d in declarations(game.rules, hands, game.dealer, declared_hands(phase.options)):
        entry = {"seat": d.seat, "hand": d.hand, "count": d.count, "points": d.points,
                 "payments": list(d.payments), "tiles": list(d.tiles)}
        game.opening_results.append(entry)
        for s in range(game.n):
            game.payments[s] += d.payments[s]
        game._event("opening", **entry)
