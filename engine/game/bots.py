"""Bots that play a :class:`engine.game.flow.Game`, registered by name.

* ``random`` — the reference's difficulty 1: win whenever possible, kong with
  probability 0.8, otherwise a uniformly random legal discard (or reaction).
* ``greedy`` — the simulation default: win whenever possible; discard the tile
  that leaves the lowest shanten, ties broken by the number of useful tiles
  still unseen (then by the lowest tile code); claim chi / pung / kong when it
  lowers shanten (a kong when it does not raise it). Under ``must_miss_suit``
  (缺一门) it empties the suit it holds fewest of first and never claims it.

Every random choice comes from the bot's own ``random.Random(seed)``.
"""

from __future__ import annotations

import random

from engine import tiles as T
from engine.game import cache
from engine.game.actions import AN_KONG, BU_KONG, CHI, DISCARD, MING_KONG, PASS, PUNG, WIN, Action

BOTS: dict[str, type] = {}


def bot(name: str):
    """Register the decorated bot class under ``name``."""

    def wrap(cls):
        cls.name = name
        BOTS[name] = cls
        return cls

    return wrap


def make_bot(name: str, seed: int):
    """A new bot of the registered kind ``name``; KeyError for an unknown name."""
    return BOTS[name](seed)


@bot("random")
class RandomBot:
    """Win when possible, kong usually, otherwise a random legal action."""

    KONG_PROBABILITY = 0.8

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, game, seat: int, legal: list[Action]) -> Action:
        """Pick one of ``legal`` for ``seat``."""
        for a in legal:
            if a.kind == WIN:
                return a
        kongs = [a for a in legal if a.kind in (AN_KONG, BU_KONG, MING_KONG)]
        if kongs and self.rng.random() < self.KONG_PROBABILITY:
            return self.rng.choice(kongs)
        discards = [a for a in legal if a.kind == DISCARD]
        if discards:
            return self.rng.choice(discards)
        rest = [a for a in legal if a.kind not in (AN_KONG, BU_KONG, MING_KONG)]
        return self.rng.choice(rest or legal)


@bot("greedy")
class GreedyBot:
    """Shanten-minimising bot (see the module docstring)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    # -- helpers -----------------------------------------------------------
    @staticmethod
    def _shanten(game, hand, nmelds: int) -> int:
        counts, wilds = cache.split(hand, game.wild_codes)
        return cache.shanten(counts, wilds, nmelds, game.shapes)

    @staticmethod
    def _void_suit(game, seat: int) -> int | None:
        """The suit to empty under 缺一门: the one held least, among suits without melds."""
        if not game.rules.win_condition.must_miss_suit:
            return None
        p = game.players[seat]
        melded = {T.suit_of(m.tiles[0]) for m in p.melds if T.is_suited(m.tiles[0])}
        counts = {s: 0 for s in T.SUITS if s not in melded}
        if len(melded) >= 2 or not counts:
            return next(iter(counts), None) if len(melded) == 2 else None
        for t in p.hand:
            if T.is_suited(t) and t not in game.wild_codes and T.suit_of(t) in counts:
                counts[T.suit_of(t)] += 1
        return min(counts, key=lambda s: (counts[s], s))

    @staticmethod
    def _unseen(game, seat: int) -> list[int]:
        seen = [0] * 60
        for p in game.players:
            for t in p.discards:
                seen[t] += 1
            for m in p.melds:
                for t in m.tiles:
                    seen[t] += 1
        for t in game.players[seat].hand:
            seen[t] += 1
        return [4 - seen[t] if t < T.COUNT_SIZE else 0 for t in range(T.COUNT_SIZE)]

    def _useful(self, game, hand: list[int], nmelds: int, sh: int, unseen: list[int]) -> int:
        """Unseen copies of tiles that would lower the shanten of ``hand``."""
        counts, wilds = cache.split(hand, game.wild_codes)
        near = set()
        for t in range(T.COUNT_SIZE):
            if counts[t]:
                if T.is_suited(t):
                    r = T.rank_of(t)
                    near.update(t + d for d in (-2, -1, 0, 1, 2) if 1 <= r + d <= 9)
                else:
                    near.add(t)
        if wilds or sh <= 0:
            near = [t for t in T.PLAYABLE if unseen[t] > 0]
        total = 0
        for t in near:
            if unseen[t] <= 0 or t in game.wild_codes:
                continue
            counts[t] += 1
            if cache.shanten(counts, wilds, nmelds, game.shapes) < sh:
                total += unseen[t]
            counts[t] -= 1
        return total

    # -- decisions ---------------------------------------------------------
    def choose(self, game, seat: int, legal: list[Action]) -> Action:
        """Pick one of ``legal`` for ``seat``."""
        for a in legal:
            if a.kind == WIN:
                return a
        if any(a.kind == DISCARD for a in legal):
            return self._self_action(game, seat, legal)
        return self._reaction(game, seat, legal)

    def _self_action(self, game, seat: int, legal: list[Action]) -> Action:
        p = game.players[seat]
        hand = [t for t in p.hand if not T.is_flower(t)]
        nmelds = len(p.melds)
        void = self._void_suit(game, seat)
        kongs = [a for a in legal if a.kind in (AN_KONG, BU_KONG)]
        if kongs:
            now = self._shanten(game, hand, nmelds)
            for a in kongs:
                if void is not None and T.suit_of(a.tile) == void:
                    continue
                if a.kind == AN_KONG:
                    rest = [t for t in hand if t != a.tile]
                    if self._shanten(game, rest, nmelds + 1) <= now:
                        return a
                else:
                    rest = list(hand)
                    rest.remove(a.tile)
                    if self._shanten(game, rest, nmelds) <= now:
                        return a
        discards = [a for a in legal if a.kind == DISCARD]
        if void is not None:
            voided = [a for a in discards if T.is_suited(a.tile) and T.suit_of(a.tile) == void
                      and a.tile not in game.wild_codes]
            if voided:
                discards = voided
        plain = [a for a in discards if a.tile not in game.wild_codes]
        if plain:
            discards = plain
        scored = []
        for a in discards:
            rest = list(hand)
            rest.remove(a.tile)
            scored.append((self._shanten(game, rest, nmelds), a, rest))
        best = min(s for s, _, _ in scored)
        tied = [(a, rest) for s, a, rest in scored if s == best]
        if len(tied) == 1:
            return tied[0][0]
        unseen = self._unseen(game, seat)
        return max(tied, key=lambda x: (self._useful(game, x[1], nmelds, best, unseen), -x[0].tile))[0]

    def _reaction(self, game, seat: int, legal: list[Action]) -> Action:
        p = game.players[seat]
        hand = [t for t in p.hand if not T.is_flower(t)]
        if len(hand) != len(p.hand):  # a flower still awaits replacement: shanten is undefined
            return next(a for a in legal if a.kind == PASS)
        nmelds = len(p.melds)
        void = self._void_suit(game, seat)
        now = self._shanten(game, hand, nmelds)
        best, best_key = None, None
        rank = {MING_KONG: 0, PUNG: 1, CHI: 2}
        for a in legal:
            if a.kind not in rank:
                continue
            if void is not None and T.is_suited(a.tile) and T.suit_of(a.tile) == void:
                continue
            rest = list(hand)
            used = (a.tile,) * (3 if a.kind == MING_KONG else 2) if a.kind != CHI else a.tiles
            for t in used:
                rest.remove(t)
            after = self._shanten(game, rest, nmelds + 1)
            ok = after <= now if a.kind == MING_KONG else after < now
            if ok:
                key = (after, rank[a.kind])
                if best_key is None or key < best_key:
                    best, best_key = a, key
        if best is not None:
            return best
        return next(a for a in legal if a.kind == PASS)
