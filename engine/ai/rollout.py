"""The rollout policy of the search: ``greedy``'s choices where they are cheap, a faster discard where not.

``greedy`` breaks ties between equally near discards by counting the unseen tiles each one keeps
useful, which costs most of a rollout's time. :class:`RolloutBot` keeps its shanten-minimising
discard but breaks ties by how isolated a tile is (fewest neighbours within two ranks first, honours
before suited tiles, then the higher tile), empties a declared void suit first and keeps wild tiles;
reactions, kongs, the prelude, 亮倒 and the plan play of a high minimum fan (国标) are ``greedy``'s.
"""

from __future__ import annotations

from engine import tiles as T
from engine.game import cache
from engine.game.actions import AN_KONG, BU_KONG, DISCARD, LIANG_DAO, PRELUDE_ACTIONS, WIN, Action
from engine.simulation import plans as P
from engine.simulation.bots import GreedyBot


def _isolation(counts: list[int], tile: int) -> tuple:
    """Sort key: copies of the tile beyond itself plus suited neighbours within two ranks (fewest first),
    honours before suited tiles, then the higher tile."""
    if not T.is_suited(tile):
        return (counts[tile] - 1, 0, -tile)
    rank = T.rank_of(tile)
    near = sum(counts[tile + d] for d in (-2, -1, 1, 2) if 1 <= rank + d <= 9)
    return (counts[tile] - 1 + near, 1, -tile)


class RolloutBot(GreedyBot):
    """Greedy with a cheap discard tie-break (see the module docstring); ``memo`` shares the ready-hand
    cache of one seat between rollouts (its key holds the hand, the melds and the flowers)."""

    def __init__(self, seed: int, memo: dict | None = None):
        super().__init__(seed)
        if memo is not None:
            self.winning_memo = memo

    def choose(self, view, seat: int, legal: list[Action]) -> Action:
        """Pick one of ``legal`` for ``seat``."""
        if not legal or legal[0].kind in PRELUDE_ACTIONS or view.players[seat].declared:
            return super().choose(view, seat, legal)
        for a in legal:
            if a.kind == WIN:
                return a
        if not any(a.kind == DISCARD for a in legal) or any(a.kind in (LIANG_DAO, AN_KONG, BU_KONG) for a in legal) \
                or P.uses_plans(view.rules, view.shapes):
            return super().choose(view, seat, legal)
        p = view.players[seat]
        hand = [t for t in p.hand if not T.is_flower(t)]
        discards = [a for a in legal if a.kind == DISCARD]
        if any(a.tile not in view.wild_codes for a in discards):
            discards = [a for a in discards if a.tile not in view.wild_codes]
        void = view.voids[seat] if view.voids else None
        if void is not None:
            voided = [a for a in discards if T.is_suited(a.tile) and T.suit_of(a.tile) == void]
            if voided:
                discards = voided
        if len(discards) == 1:
            return discards[0]
        if any(a.tile in view.wild_codes for a in discards):  # only wild tiles left to discard
            return super().choose(view, seat, legal)
        counts, wilds = cache.split(hand, view.wild_codes)
        tiles = [a.tile for a in discards]
        scored = cache.shanten_each(counts, wilds, len(p.melds), view.shapes, tiles, -1)
        best = min(scored)
        tied = [a for s, a in zip(scored, discards) if s == best]
        return min(tied, key=lambda a: _isolation(counts, a.tile))
