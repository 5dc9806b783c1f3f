"""Tiles the table flips at a declared moment and the kinds they tag (the rule file's ``reveal``).

At each moment (``after_deal``, ``after_flowers``, ``after_hand``) every ``reveal`` entry for it flips
``count`` tiles from the tail of the wall; a flipped flower is set aside and the flip repeats, as for
``wildcard_rules.type: random``. Each declared kind tags, for every flipped tile, the tiles that many
steps after it in its cycle (0 = the flipped tile itself; :func:`engine.tiles.next_in_cycle`). A wild
kind's tiles join the game's wild codes; every kind is readable by expressions as ``tagged(名)`` and the
flipped tiles as ``revealed(时机)``; settlement reads :attr:`Game.revealed` (moment -> tile codes).
A flip at ``after_hand`` with an empty wall flips nothing.
"""

from __future__ import annotations

from engine import tiles as T
from engine.capabilities import register

register("table.reveal", "翻牌定牌", "在声明的时机（发牌后、补花后、牌局结束后）从牌尾翻牌，按声明的步数标记牌的种类（翻出的牌本身、下一张……），可当癞子或只用于计分结算", "0.1.0", __name__)


def tagged_tile(tile: int, steps: int) -> int:
    """The tile ``steps`` after ``tile`` in its cycle (0: the tile itself)."""
    for _ in range(steps):
        tile = T.next_in_cycle(tile)
    return tile


def flip(game, moment: str) -> None:
    """Play every ``reveal`` entry declared for ``moment``: flip, tag, make wild, record an event."""
    for entry in game.rules.reveals:
        if entry.at != moment:
            continue
        flipped = []
        for _ in range(entry.count):
            t = _flip_one(game)
            if t is None:
                break
            flipped.append(t)
        game.revealed[moment] = tuple(flipped)
        tags = {}
        for kind in entry.kinds:
            codes = tuple(dict.fromkeys(tagged_tile(t, k) for t in flipped for k in kind.offsets))
            game.tags[kind.name] = codes
            tags[kind.name] = list(codes)
            if kind.wild:
                game.wild_codes = game.wild_codes | frozenset(codes)
        if game.rules.wildcard is None:
            wild = [game.tags[k.name] for r in game.rules.reveals for k in r.kinds if k.wild and k.name in game.tags]
            game.jing = (wild[0] if wild else (), tuple(t for codes in wild[1:] for t in codes))
        if game.indicator is None and flipped:
            game.indicator = flipped[0]
        game.tag_items = tuple((name, codes) for name, codes in game.tags.items())
        game.revealed_items = tuple(game.revealed.items())
        game._event("reveal", at=moment, tiles=list(flipped), tags=tags)


def _flip_one(game) -> int | None:
    """The next non-flower tile from the tail (flowers flipped on the way are set aside), or None."""
    wall = game.wall
    while wall.tail > wall.head:
        t = wall.draw_replacement()
        game.set_aside.append(t)
        if not T.is_flower(t):
            return t
    return None
