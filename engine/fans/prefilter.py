"""Skip the fans a reading cannot have before running their tests.

Every fan unit carries its *need* (:attr:`engine.fans.registry.FanUnit.need`), derived from its compiled
definition by :mod:`engine.lang.needs`: what must hold of a few cheap features of a reading (its shape,
which tile kinds it holds, its sets, the win's flags) for the fan's test to be true. A
:class:`Prefilter` lays the features its fans' needs mention out as bits — one bit per value a need names
and one for every other value — and turns each need into the bits a reading must *not* have. A reading's
bits are computed once (the win's own features once per hand); a fan whose bits meet its reading's is
skipped, and every other fan is tested as before, so the fans recognised are exactly the same.

Relations (which of a set of tile kinds lie in a tile set) are read per source: the bits of every relation
of one source depend only on that source's kinds, so they are computed once per distinct value.
"""

from __future__ import annotations

from engine.lang import needs as N

#: distinct kinds values kept per source before its cache is emptied
_CACHE_LIMIT = 4096


class Prefilter:
    """The bit layout of the features the given needs mention, and each need's skip mask (:attr:`masks`)."""

    def __init__(self, needs: list):
        values: dict = {}
        for need in needs:
            for feature, (_, vals) in (need or {}).items():
                values.setdefault(feature, set()).update(vals)
        self._bits: dict = {}
        hand, reading = [], []
        families: dict[str, list] = {}
        bit = 0
        for feature, vals in values.items():
            by_value = {}
            for v in sorted(vals, key=repr):
                by_value[v] = 1 << bit
                bit += 1
            other = 1 << bit
            bit += 1
            self._bits[feature] = (by_value, other)
            if feature.source:
                families.setdefault(feature.source, []).append(
                    (feature.mask, ~feature.mask, tuple(by_value.get(v, other) for v in range(4))))
            else:
                (hand if feature.per_hand else reading).append((feature.read, by_value, other))
        self._hand = tuple(hand)
        self._reading = tuple(reading)
        #: per source: (its reader, its relations as (mask, complement, bits by value), bits by kinds value)
        self._families = tuple((N.SOURCES[s], tuple(rels), {}) for s, rels in families.items())
        #: per need: the feature bits under which the need fails (0: never skipped)
        self.masks = tuple(self._mask(need or {}) for need in needs)
        self._last: list = [None, 0]  # (win context, its per-hand bits)

    def _mask(self, need: dict) -> int:
        skip = 0
        for feature, (inside, vals) in need.items():
            by_value, other = self._bits[feature]
            every = other
            named = 0
            for v, b in by_value.items():
                every |= b
                if v in vals:
                    named |= b
            allowed = named if inside else every & ~named
            skip |= every & ~allowed
        return skip

    def bits(self, facts) -> int:
        """The feature bits of one reading (a :class:`~engine.fans.hand_facts.HandFacts`)."""
        last = self._last
        if last[0] is facts.ctx:
            out = last[1]
        else:
            out = 0
            for read, by_value, other in self._hand:
                out |= by_value.get(read(facts), other)
            last[0], last[1] = facts.ctx, out
        for read, by_value, other in self._reading:
            out |= by_value.get(read(facts), other)
        for get, rels, cache in self._families:
            kinds = get(facts)
            b = cache.get(kinds)
            if b is None:
                b = 0
                for mask, outside, by_value in rels:  # needs.relation_value, inline
                    b |= by_value[(1 if kinds & mask else 0) | (2 if kinds & outside else 0)]
                if len(cache) >= _CACHE_LIMIT:
                    cache.clear()
                cache[kinds] = b
            out |= b
        return out
