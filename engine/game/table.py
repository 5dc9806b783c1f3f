"""Game state pieces: the wall, each player's tiles, and wild-tile selection.

Tiles are drawn from the head of the wall; kong and flower replacements come
from its tail. Every tile of the deck is always in exactly one place: the wall,
a hand, a meld, a discard pile, a flower pile, or the set-aside wildcard
indicator (see :meth:`engine.game.flow.Game.all_tiles`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from engine import tiles as T
from engine.melds import Meld
from engine.rules import Rules


class Wall:
    """The undealt tiles in draw order (index 0 is drawn first)."""

    __slots__ = ("tiles", "head", "tail", "reserve")

    def __init__(self, tiles: list[int], reserve: int = 0):
        self.tiles = list(tiles)
        self.head = 0
        self.tail = len(self.tiles)
        #: ``table_events.reserved_tail``: tiles left in the wall that are never drawn (the wall counts as
        #: empty when only they are left); draws and replacements below take any tile still there.
        self.reserve = reserve

    def __len__(self) -> int:
        """The tiles still to be drawn (the reserved ones not counted)."""
        return max(0, self.tail - self.head - self.reserve)

    def draw(self) -> int:
        """Take the next tile from the head."""
        if self.head >= self.tail:
            raise IndexError("wall is empty")
        t = self.tiles[self.head]
        self.head += 1
        return t

    def draw_replacement(self) -> int:
        """Take a replacement tile (after a kong or a flower) from the tail."""
        if self.head >= self.tail:
            raise IndexError("wall is empty")
        self.tail -= 1
        return self.tiles[self.tail]

    def remaining(self) -> list[int]:
        """The tiles still in the wall, in draw order."""
        return self.tiles[self.head:self.tail]


@dataclass
class PlayerState:
    """One seat's tiles and status.

    ``hand`` is the concealed tiles (wild tiles keep their own codes; a flower
    only stays here until its replacement turn comes). ``discards`` is the
    visible discard pile; claimed discards are removed from it.
    """

    seat: int
    hand: list[int] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    won: bool = False
    discarded_once: bool = False
    #: 过水: tiles this seat passed a win on since its last discard.
    fu_blocked: set[int] = field(default_factory=set)
    #: 血流成河: wins so far; a seat that has won plays on with its hand locked.
    win_count: int = 0
    locked: bool = False
    #: 血流成河: the winning tiles taken out of play by this seat's wins.
    won_tiles: list[int] = field(default_factory=list)
    #: a declaration locked the hand (亮倒, 报听 …); the tiles laid face up; the tiles it waits on.
    declared: bool = False
    exposed: list[int] = field(default_factory=list)
    waits: tuple[int, ...] = ()
    #: declarations (:mod:`engine.game.declarations`): name -> chosen value, in the order made; a ready
    #: hand was declared; the locked hand's kongs rule, whether its waits are shown, the hand at the lock.
    declarations: dict[str, int] = field(default_factory=dict)
    ready_declared: bool = False
    lock_kongs: str = "keep_wait"
    waits_public: bool = False
    locked_hand: list[int] = field(default_factory=list)
    #: every tile discarded this hand, claimed ones included; other seats' tiles that completed the hand and
    #: were not won on, since the seat's last discard and since its hand was locked (tuples: a shallow copy of
    #: the state stays apart; kept only when the rules read ``passed``).
    discarded: tuple[int, ...] = ()
    passed: tuple[int, ...] = ()
    passed_locked: tuple[int, ...] = ()

    def tile_count(self) -> int:
        """Concealed tiles (a flower awaiting replacement included) plus three per meld (a kong counts three)."""
        return len(self.hand) + 3 * len(self.melds)


def next_wild(indicator: int) -> int:
    """The tile after ``indicator`` in its cycle (:func:`engine.tiles.next_in_cycle`)."""
    return T.next_in_cycle(indicator)


def wild_from_indicator(indicator: int, count: int, offsets: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The wild tiles a flipped ``indicator`` makes, 正精 first: with ``offsets`` the tile that many steps after
    it (0 = the indicator itself); else 正精 (indicator + 1) and, when ``count`` is 2, 副精 (indicator + 2)."""
    if offsets:
        out = []
        for k in offsets:
            t = indicator
            for _ in range(k):
                t = next_wild(t)
            out.append(t)
        return tuple(out)
    first = next_wild(indicator)
    return (first, next_wild(first)) if count >= 2 else (first,)


def shuffled_deck(rules: Rules, rng: random.Random) -> list[int]:
    """The variant's deck in a random order drawn from ``rng``."""
    deck = rules.deck()
    rng.shuffle(deck)
    return deck


def stacked_wall(rules: Rules, hands: dict[int, list[int]], draws: list[int] = (),
                 tail: list[int] = (), dealer: int = 0, fill: list[int] | None = None) -> list[int]:
    """A prearranged wall for tests: the given hands, then ``draws`` in order.

    The deal takes the dealer's 14 tiles first, then 13 for each following seat in
    turn order, so ``hands`` is laid out in that order; seats not given get tiles
    from the rest of the deck. ``tail`` lists replacement tiles in the order they
    are taken (kongs and flowers draw from the tail). Tiles not placed fill the
    middle of the wall in deck order (or ``fill`` order when given). Raises
    ValueError when the requested tiles are not in the deck.
    """
    pool = Counter(rules.deck())

    def take(tiles):
        for t in tiles:
            if pool[t] <= 0:
                raise ValueError(f"牌库中没有足够的 {T.tile_name(t)}")
            pool[t] -= 1
        return list(tiles)

    placed_hands = {s: take(h) for s, h in hands.items()}
    head_draws = take(draws)
    tail_tiles = take(tail)
    rest = []
    order = list(fill) if fill is not None else sorted(pool.elements())
    for t in order:
        if pool[t] > 0:
            pool[t] -= 1
            rest.append(t)
    rest.extend(pool.elements())
    seats = _deal_order(rules, dealer)
    wall: list[int] = []
    for i, seat in enumerate(seats):
        size = rules.cards_per_player + (rules.dealer_extra if i == 0 else 0)
        hand = placed_hands.get(seat, [])
        if len(hand) > size:
            raise ValueError(f"座位 {seat} 的手牌超过 {size} 张")
        while len(hand) < size:
            hand.append(rest.pop())
        wall.extend(hand)
    wall.extend(head_draws)
    middle = rest
    wall.extend(middle)
    wall.extend(reversed(tail_tiles))
    return wall


def _deal_order(rules: Rules, dealer: int) -> list[int]:
    step = -1 if rules.play.turn_order == "clockwise" else 1
    return [(dealer + step * i) % rules.players for i in range(rules.players)]
