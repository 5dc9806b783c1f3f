"""Bots that play a :class:`engine.game.flow.Game`, registered by name.

A bot's ``choose(view, seat, legal)`` receives the acting seat's
:class:`engine.game.view.SeatView` (its own hand and what the table shows), never
the game itself, so it cannot read another player's concealed tiles or the wall.

* ``random`` — the reference's difficulty 1: win whenever possible, kong with
  probability 0.8, otherwise a uniformly random legal discard (or reaction).
* ``greedy`` — the simulation default: win whenever possible; discard the tile
  that leaves the lowest shanten, ties broken by the number of useful tiles
  still unseen (then by the lowest tile code); claim chi / pung / kong when it
  lowers shanten (a kong when it does not raise it). Among ready (听牌) discards
  it prefers the one leaving the most unseen tiles that make a *legal* win (fan
  minimum and win conditions included); a chi or pung that makes the hand ready
  must leave such tiles. Under ``must_miss_suit`` (缺一门) it empties the suit it
  holds fewest of first and never claims it.
* Under a minimum of 8 fan or more (国标) ``greedy`` plays towards *plans*
  (:mod:`engine.simulation.plans`): hand families whose declared fans alone reach the
  minimum (清一色, 混一色 with 门前清, 混一色碰碰和, 全中, 大于五, 小于五, 七对,
  全不靠, 十三幺, 清龙, 花龙, 三色三同顺, 三色三步高 with 门前清). It discards to minimise the
  lowest plan distance over the plans its melds still allow (only plans at most one step behind
  the nearest are weighed) (a ready hand counts only with unseen legally winning
  tiles; ties go to the most unseen tiles that bring a best plan nearer, a tile
  an open plan could also claim counting twice); it claims a chi or pung that
  keeps an open plan and brings it nearer, even when that leaves the hand up to
  ``CLAIM_SLACK`` steps further from its best concealed plan, and a kong that
  keeps a plan no further; it declares a kong only when a plan stays no further. With
  no plan left it minimises plain shanten, preferring legally winning waits.
* 亮倒 (``liang_dao``, :mod:`engine.game.liangdao`): ``greedy`` declares with the discard it chose when
  the ready hand left waits on at least ``LIANG_DAO_MIN_LIVE`` unseen tiles that win legally; while
  another seat has declared it discards a tile that seat does not wait on whenever it holds one, and
  counts the declarers' exposed tiles as seen.
* Declarations (报听, 飘 …, :mod:`engine.simulation.declaring`): start choices from the bot's seed; a
  declaration offered with the chosen discard by the same rule as 亮倒 (``random``: half of the time).

Every random choice comes from the bot's own ``random.Random(seed)``.
"""

from __future__ import annotations

import random

from engine import memo
from engine import tiles as T
from engine.game import cache
from engine.simulation import declaring
from engine.simulation import plans as P
from engine.melds import ANKONG as ANKONG_MELD, CHOW, KONG as KONG_MELD, PUNG as PUNG_MELD, Meld
from engine.game.actions import (AN_KONG, BU_KONG, CHI, DECLARE, DISCARD, LIANG_DAO, MING_KONG, PASS,
                                 PRELUDE_ACTIONS, PUNG, WIN, Action)

BOTS: dict[str, type] = {}
#: Without a plan that reaches it, a minimum fan from this value up makes a greedy bot claim only to get ready.
HIGH_MINIMUM = 8
#: For each tile, the tiles that can form a pair or a partial sequence with it.
_NEAR = {t: tuple(t + d for d in (-2, -1, 0, 1, 2) if 1 <= T.rank_of(t) + d <= 9) if T.is_suited(t) else (t,)
         for t in range(60)}


def _without(hand: list[int], tile: int) -> list[int]:
    rest = list(hand)
    rest.remove(tile)
    return rest

#: Memo of the useful tile kinds of a hand (see :meth:`GreedyBot._useful`).
_USEFUL: dict = memo.table("game.bots.useful")


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


def prelude_choice(view, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """A sensible 换三张 / 定缺 / direction choice.

    换三张: three tiles of the shortest suit holding at least three, the three whose removal
    leaves the lowest shanten (then the lowest tiles). 定缺: the suit held least (ties: the
    suit with fewer pairs and runs, then the lowest suit). Direction: a random one.
    """
    kind = legal[0].kind
    hand = [t for t in view.hand if not T.is_flower(t)]
    counts = {s: sum(1 for t in hand if T.is_suited(t) and T.suit_of(t) == s) for s in T.SUITS}
    if kind == "declare_void":
        return min(legal, key=lambda a: (counts[a.tiles[0]], a.tiles[0]))
    if kind != "exchange_three":
        return rng.choice(legal)
    suit = min({T.suit_of(a.tiles[0]) for a in legal}, key=lambda s: (counts[s], s))
    options = [a for a in legal if T.suit_of(a.tiles[0]) == suit]
    nmelds = 1 + len(view.players[seat].melds)

    def after(a: Action):
        rest = list(hand)
        for t in a.tiles:
            rest.remove(t)
        c, w = cache.split(rest, view.wild_codes)
        return cache.shanten(c, w, nmelds, view.shapes), a.tiles

    return min(options, key=after)


@bot("random")
class RandomBot:
    """Win when possible, kong usually, otherwise a random legal action."""

    KONG_PROBABILITY = 0.8

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, view, seat: int, legal: list[Action]) -> Action:
        """Pick one of ``legal`` for ``seat``."""
        if declaring.is_start_choice(legal):
            return declaring.start_choice(legal, self.rng)
        for a in legal:
            if a.kind == WIN:
                return a
        kongs = [a for a in legal if a.kind in (AN_KONG, BU_KONG, MING_KONG)]
        if kongs and self.rng.random() < self.KONG_PROBABILITY:
            return self.rng.choice(kongs)
        discards = [a for a in legal if a.kind == DISCARD]
        if discards:
            return declaring.random_declaration(legal, self.rng.choice(discards), self.rng)
        rest = [a for a in legal if a.kind not in (AN_KONG, BU_KONG, MING_KONG)]
        return self.rng.choice(rest or legal)


@bot("greedy")
class GreedyBot:
    """Shanten-minimising bot (see the module docstring)."""

    #: Under plans, a claim that brings an open plan nearer may leave the hand up to this
    #: much further from its best (concealed) plan: claimed tiles come three times as
    #: often as drawn ones. 2 measured best for 国标 (draws 23% with 0, 15% with 2, 17% with 3).
    CLAIM_SLACK = 2

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.plan: frozenset[int] | None = None
        #: this seat's ready hands -> their legally winning tile kinds (one game, one seat)
        self.winning_memo: dict = {}

    # -- helpers -----------------------------------------------------------
    @staticmethod
    def _shanten(view, hand, nmelds: int, shapes=None) -> int:
        counts, wilds = cache.split(hand, view.wild_codes)
        return cache.shanten(counts, wilds, nmelds, shapes or view.shapes)

    def _off_suits(self, view, seat: int) -> frozenset[int]:
        """Suits the bot empties first and never claims; chosen at its first decision and kept.

        Under 缺一门 (``must_miss_suit``): the suit held least (定缺). Under a minimum
        of 8 fan or more: every suit but the one held most (a 混一色/清一色 plan).
        Melds override the plan: a melded suit is never emptied.
        """
        p = view.players[seat]
        if view.voids and view.voids[seat] is not None:  # 定缺: the declared void suit
            return frozenset({view.voids[seat]})
        melded = {T.suit_of(m.tiles[0]) for m in p.melds if T.is_suited(m.tiles[0])}
        if self.plan is None or view.rules.win_min_fan >= 8:
            counts = {s: 0 for s in T.SUITS}
            for t in p.hand:
                if T.is_suited(t) and t not in view.wild_codes:
                    counts[T.suit_of(t)] += 1
            if view.rules.win_min_fan >= 8:
                if not p.melds and view.shapes.seven_pairs and (len(p.hand) + 3 * len(p.melds)) % 3 == 2:
                    c, w = cache.split([t for t in p.hand if not T.is_flower(t)], view.wild_codes)
                    if sum(c) + w == 14:
                        by = cache.shanten_by_shape(c, w, 0, view.shapes)
                        if by.get("seven_pairs", 99) <= by.get("standard", 99):
                            return frozenset()  # 七对 alone reaches the minimum
                main = max(T.SUITS, key=lambda s: (counts[s], -s))
                self.plan = frozenset(s for s in T.SUITS if s != main)
            elif view.rules.win_condition.must_miss_suit:
                self.plan = frozenset({min(T.SUITS, key=lambda s: (counts[s], s))})
            else:
                self.plan = frozenset()
        if self.plan & melded:
            return frozenset()
        return self.plan

    @staticmethod
    def _unseen(view, seat: int) -> list[int]:
        seen = [0] * 60
        for p in view.players:
            for t in p.discards:
                seen[t] += 1
            for m in p.melds:
                for t in m.tiles:
                    seen[t] += 1
            if p.seat != seat:
                for t in p.exposed:  # 亮倒: tiles laid face up
                    seen[t] += 1
        for t in view.players[seat].hand:
            seen[t] += 1
        return [4 - seen[t] if t < T.COUNT_SIZE else 0 for t in range(T.COUNT_SIZE)]

    def _useful(self, view, hand: list[int], nmelds: int, sh: int, unseen: list[int], off: frozenset[int],
                shapes) -> int:
        """Unseen copies of tiles that would lower the shanten of ``hand``.

        Not counted: a tile the hand holds three of (at most one copy is left) and,
        tiles of the suits being emptied."""
        counts, wilds = cache.split(hand, view.wild_codes)
        key = (bytes(counts), wilds, nmelds, shapes, off, view.wild_codes)
        kinds = _USEFUL.get(key)
        if kinds is None:
            if wilds or sh <= 0:
                near = T.PLAYABLE
            else:
                near = set()
                for t in hand:
                    near.update(_NEAR[t])
            wild = view.wild_codes
            tried = [t for t in near if counts[t] < 3 and t not in wild and T.suit_of(t) not in off]
            kinds = [t for t, v in zip(tried, cache.shanten_adding(counts, wilds, nmelds, shapes, tried)) if v < sh]
            memo.store(_USEFUL, key, kinds, 200_000)
        return sum(unseen[t] for t in kinds if unseen[t] > 0)

    # -- decisions ---------------------------------------------------------
    def choose(self, view, seat: int, legal: list[Action]) -> Action:
        """Pick one of ``legal`` for ``seat``."""
        if legal and legal[0].kind in PRELUDE_ACTIONS:
            return prelude_choice(view, seat, legal, self.rng)
        if declaring.is_start_choice(legal):
            return declaring.start_choice(legal, self.rng)
        for a in legal:
            if a.kind == WIN:
                return a
        if view.players[seat].declared:  # 亮倒: the hand is locked; a kong offered keeps the wait
            return next((a for a in legal if a.kind in (AN_KONG, BU_KONG, MING_KONG)), legal[-1])
        if any(a.kind == DISCARD for a in legal):
            if any(a.kind in (LIANG_DAO, DECLARE) for a in legal):
                plain = [a for a in legal if a.kind not in (LIANG_DAO, DECLARE)]
                choice = self._self_action(view, seat, plain)
                made = self._liang_dao(view, seat, legal, choice)
                return made if made != choice else self._declaration(view, seat, legal, choice)
            return self._self_action(view, seat, legal)
        return self._reaction(view, seat, legal)

    #: 亮倒 only with at least this many unseen tiles that win legally.
    LIANG_DAO_MIN_LIVE = 3

    def _liang_dao(self, view, seat: int, legal: list[Action], choice: Action) -> Action:
        """Declare 亮倒 with the chosen discard when the hand left waits on enough live winning tiles."""
        if choice.kind != DISCARD:
            return choice
        declare = Action(LIANG_DAO, seat, choice.tile)
        if declare not in legal:
            return choice
        hand = _without([t for t in view.hand if not T.is_flower(t)], choice.tile)
        live = self._winning(view, seat, hand, self._unseen(view, seat))
        return declare if live >= self.LIANG_DAO_MIN_LIVE and self._declines() is False else choice

    def _declaration(self, view, seat: int, legal: list[Action], choice: Action) -> Action:
        """A declaration offered with the chosen discard (:func:`declaring.greedy_declaration`), else ``choice``."""
        if not declaring.offered_with(legal, choice):
            return choice

        def live() -> int:
            hand = _without([t for t in view.hand if not T.is_flower(t)], choice.tile)
            return self._winning(view, seat, hand, self._unseen(view, seat))

        return declaring.greedy_declaration(view, legal, choice, live, self.LIANG_DAO_MIN_LIVE, self._declines)

    def _declines(self) -> bool:
        """Whether this bot passes up a good 亮倒 (``greedy`` never does; ``mix`` sometimes)."""
        return False

    @staticmethod
    def _safe_from_declarers(view, seat: int, discards: list[Action]) -> list[Action]:
        """The discards no declared (亮倒) opponent waits on; all of them when none is safe."""
        waits = {w for p in view.players if p.seat != seat and p.declared and not p.won for w in p.waits}
        if not waits:
            return discards
        return [a for a in discards if a.tile not in waits] or discards

    def _self_action(self, view, seat: int, legal: list[Action]) -> Action:
        if P.uses_plans(view.rules, view.shapes):
            return self._plan_self_action(view, seat, legal)
        p = view.players[seat]
        hand = [t for t in p.hand if not T.is_flower(t)]
        nmelds = len(p.melds)
        off = self._off_suits(view, seat)
        kongs = [a for a in legal if a.kind in (AN_KONG, BU_KONG)]
        if kongs:
            now = self._shanten(view, hand, nmelds)
            for a in kongs:
                if T.suit_of(a.tile) in off:
                    continue
                if a.kind == AN_KONG:
                    rest = [t for t in hand if t != a.tile]
                    if self._shanten(view, rest, nmelds + 1) <= now:
                        return a
                else:
                    rest = list(hand)
                    rest.remove(a.tile)
                    if self._shanten(view, rest, nmelds) <= now:
                        return a
        discards = self._safe_from_declarers(view, seat, [a for a in legal if a.kind == DISCARD])
        narrowed = False
        if off:
            voided = [a for a in discards if T.suit_of(a.tile) in off and a.tile not in view.wild_codes]
            if voided:
                discards, narrowed = voided, True
        plain = [a for a in discards if a.tile not in view.wild_codes]
        if plain:
            discards = plain
        counts, wilds = cache.split(hand, view.wild_codes)
        # Narrowing the shapes is exact only when every discard is a candidate.
        shapes = view.shapes if narrowed else cache.focused(counts, wilds, nmelds, view.shapes)
        if not any(a.tile in view.wild_codes for a in discards):
            tiles = [a.tile for a in discards]
            scored = list(zip(cache.shanten_each(counts, wilds, nmelds, shapes, tiles, -1), discards))
        else:
            scored = []
            for a in discards:
                d = a.tile
                if d in view.wild_codes:
                    sh = cache.shanten(counts, wilds - 1, nmelds, shapes)
                else:
                    counts[d] -= 1
                    sh = cache.shanten(counts, wilds, nmelds, shapes)
                    counts[d] += 1
                scored.append((sh, a))
        best = min(s for s, _ in scored)
        tied = [a for s, a in scored if s == best]
        if len(tied) == 1:
            return tied[0]
        tied = [(a, _without(hand, a.tile)) for a in tied]
        unseen = self._unseen(view, seat)
        if best == 0:
            return max(tied, key=lambda x: (self._winning(view, seat, x[1], unseen), -x[0].tile))[0]
        return max(tied, key=lambda x: (self._useful(view, x[1], nmelds, best, unseen, off, shapes), -x[0].tile))[0]

    def _ready_after_claim(self, view, seat: int, rest: list[int], claim: Action) -> bool:
        """After the claim, some discard leaves a hand with at least one unseen legally winning tile."""
        p = view.players[seat]
        tiles = claim.tiles + (claim.tile,) if claim.kind == CHI else (claim.tile,) * 3
        meld = Meld(CHOW if claim.kind == CHI else PUNG_MELD, tuple(sorted(tiles)), claim.tile, view.claim_from)
        unseen = self._unseen(view, seat)
        melds = tuple(p.melds) + (meld,)
        for d in sorted(set(rest)):
            after = list(rest)
            after.remove(d)
            if self._shanten(view, after, len(melds)) == 0 and self._winning(view, seat, after, unseen, melds):
                return True
        return False

    def _winning(self, view, seat: int, hand: list[int], unseen: list[int], melds: tuple | None = None) -> int:
        """Unseen copies of the tiles that would make ``hand`` (with ``melds``, default the seat's) a legal win."""
        from engine import fans, solver  # noqa: PLC0415

        p = view.players[seat]
        counts, wilds = cache.split(hand, view.wild_codes)
        melds = tuple(p.melds) if melds is None else melds
        flowers = tuple(p.flowers)
        key = (bytes(counts), wilds, melds, flowers)
        kinds = self.winning_memo.get(key)
        if kinds is None:
            kinds = []
            for w in solver.waits(counts, wilds, melds, view.shapes):
                if w >= T.COUNT_SIZE:
                    continue
                for self_drawn in (False, True):
                    ctx = fans.WinContext(tuple(sorted(hand)) + (w,), melds, w, view.wild_codes,
                                          self_drawn=self_drawn, seat=seat, dealer=view.dealer, flowers=flowers)
                    res = fans.score_win(view.rules, ctx)
                    if res is not None and res.legal:
                        kinds.append(w)
                        break
            self.winning_memo[key] = kinds
        return sum(unseen[w] for w in kinds if unseen[w] > 0)

    def _reaction(self, view, seat: int, legal: list[Action]) -> Action:
        p = view.players[seat]
        hand = [t for t in p.hand if not T.is_flower(t)]
        if len(hand) != len(p.hand):  # a flower still awaits replacement: shanten is undefined
            return next(a for a in legal if a.kind == PASS)
        if P.uses_plans(view.rules, view.shapes):
            return self._plan_reaction(view, seat, hand, legal)
        nmelds = len(p.melds)
        off = self._off_suits(view, seat)
        now = self._shanten(view, hand, nmelds)
        high_minimum = view.rules.win_min_fan >= HIGH_MINIMUM
        best, best_key = None, None
        rank = {MING_KONG: 0, PUNG: 1, CHI: 2}
        for a in legal:
            if a.kind not in rank:
                continue
            if T.suit_of(a.tile) in off:
                continue
            rest = list(hand)
            used = (a.tile,) * (3 if a.kind == MING_KONG else 2) if a.kind != CHI else a.tiles
            for t in used:
                rest.remove(t)
            after = self._shanten(view, rest, nmelds + 1)
            ok = after <= now if a.kind == MING_KONG else after < now
            if ok and high_minimum:
                ok = after == 0 and a.kind != MING_KONG
            if ok and after == 0 and a.kind != MING_KONG:
                ok = self._ready_after_claim(view, seat, rest, a)
            if ok:
                key = (after, rank[a.kind])
                if best_key is None or key < best_key:
                    best, best_key = a, key
        if best is not None:
            return best
        return next(a for a in legal if a.kind == PASS)

    # -- plan mode (a high minimum fan) --------------------------------------
    @staticmethod
    def _plan_distances(view, counts: list[int], wilds: int, active: tuple) -> tuple[int, ...]:
        """:func:`plans.distance` of the hand to each of the ``active`` plans (memoised)."""
        key = (bytes(counts), wilds, active)
        hit = _PLAN_DIST.get(key)
        if hit is None:
            hit = memo.store(_PLAN_DIST, key, P.distances(active, counts, wilds, view.shapes.pair_258), 400_000)
        return hit

    def _plan_distance(self, view, counts: list[int], wilds: int, active: tuple) -> int:
        """Lowest plan distance of the hand over the ``active`` plans."""
        return min(self._plan_distances(view, counts, wilds, active))

    def _discard_order(self, view, counts: list[int], wilds: int, active: tuple, now: tuple | None = None):
        """``active`` arranged for :func:`_least_after_discard`: (plans always measured, (distance now, plan)
        of the plans whose distance a discard cannot lower, nearest first).

        With 3k+2 tiles a discard never lowers a STANDARD or CORE plan's distance (the kept tiles can only
        drop, the groups stay; tests/game/test_plan_probe.py checks it), so once the least distance found
        is no more than such a plan's distance now, that plan and every further one cannot lower it."""
        if (sum(counts) + wilds) % 3 != 2:
            return tuple(active), ()
        if now is None:
            now = self._plan_distances(view, counts, wilds, active)
        free = tuple(plan for plan in active if plan.shape not in _BOUNDED)
        bounded = sorted(((d, plan) for plan, d in zip(active, now) if plan.shape in _BOUNDED),
                         key=lambda x: x[0])
        return free, tuple(bounded)

    def _plan_useful(self, view, counts: list[int], wilds: int, active: tuple, dist: int, unseen: list[int]) -> int:
        """Unseen copies of the tiles that would lower the plan distance of the hand.

        Drawing one tile lowers a plan's distance by at most one, so only the plans
        at the lowest distance, and only the tiles they may hold, are tried. Which tiles
        help, and how much, depends on the hand alone: it is memoised per hand state."""
        key = (bytes(counts), wilds, active, dist, view.wild_codes, view.shapes.pair_258)
        gains = _USEFUL.get(key)
        if gains is None:
            gains = memo.store(_USEFUL, key, self._plan_gains(view, counts, wilds, active, dist), 200_000)
        total = 0
        for t, gain in gains:
            if unseen[t] > 0:
                total += unseen[t] * gain
        return total

    def _plan_gains(self, view, counts: list[int], wilds: int, active: tuple, dist: int) -> tuple:
        """(tile, weight) of the tiles whose draw lowers the plan distance of the hand below ``dist``: weight 2
        when an open plan comes nearer (it may also claim the tile from a discard: about twice as fast), 1
        when only a concealed one does."""
        best = tuple(plan for plan, d in zip(active, self._plan_distances(view, counts, wilds, active)) if d == dist)
        kinds: set[int] = set()
        held = [t for t in T.PLAYABLE if counts[t]]
        for plan in best:
            if plan.shape == P.SEVEN_PAIRS:
                kinds.update(held)
            elif plan.shape == P.CORE:  # the fixed chows' tiles, and tiles near held ones for the free set
                kinds.update(t for chow in plan.core for t in chow)
                kinds.update(n for t in held for n in _NEAR[t])
            elif plan.tiles is None:
                kinds.update(T.PLAYABLE)
            else:  # a tile far from every held tile of the plan rarely helps: skip it
                kinds.update(n for t in held if t in plan.tiles for n in _NEAR[t] if n in plan.tiles)
        # The hand has 3k+1 tiles (after a discard): a drawn tile a STANDARD or PUNGS plan cannot hold
        # leaves that plan's distance exactly as it is (same kept tiles, same groups, one more tile and
        # one more "full" step), so only the plans that may hold it are measured. Open plans are tried
        # first: one of them coming nearer decides both questions (nearer, and claimable).
        grows = (sum(counts) + wilds) % 3 == 1
        open_best = [plan for plan in best if not plan.concealed]
        closed_best = [plan for plan in best if plan.concealed]
        tiers = ((2, open_best), (1, closed_best))  # weight of the first tier whose plan comes nearer
        changed = P.Probe(counts, wilds, view.shapes.pair_258).changed
        gains = []
        for t in sorted(kinds):
            if counts[t] >= 4 or t in view.wild_codes:
                continue
            gain = 0
            for weight, plans in tiers:
                for plan in plans:
                    if grows and plan.mask and not plan.mask[t]:
                        continue
                    if changed(plan, t, 1) < dist:
                        gain = weight
                        break
                if gain:
                    break
            if gain:
                gains.append((t, gain))
        return tuple(gains)

    def _plan_self_action(self, view, seat: int, legal: list[Action]) -> Action:
        """Discard towards the nearest plan that reaches the minimum; a ready hand with legal wins first."""
        p = view.players[seat]
        hand = [t for t in p.hand if not T.is_flower(t)]
        nmelds = len(p.melds)
        active = P.open_plans(P.plans_for(view.rules, view.shapes), tuple(p.melds))
        if not active:
            return self._plain_self_action(view, seat, legal)
        counts, wilds = cache.split(hand, view.wild_codes)
        now = self._plan_distance(view, counts, wilds, active)
        for a in legal:
            if a.kind not in (AN_KONG, BU_KONG):
                continue
            rest = [t for t in hand if t != a.tile] if a.kind == AN_KONG else _without(hand, a.tile)
            kind = ANKONG_MELD if a.kind == AN_KONG else KONG_MELD
            after_active = P.open_plans(active, tuple(p.melds) + (Meld(kind, (a.tile,) * 4),))
            if not after_active:
                continue
            c, w = cache.split(rest, view.wild_codes)
            if self._plan_distance(view, c, w, after_active) <= now:
                return a
        discards = [a for a in legal if a.kind == DISCARD]
        plain = [a for a in discards if a.tile not in view.wild_codes]
        if plain:
            discards = plain
        unseen = self._unseen(view, seat)
        # a discard leaves every plan at least as far as it is now: a plan two or more steps behind the
        # nearest one cannot decide the discard
        kept = [(plan, d) for plan, d in zip(active, self._plan_distances(view, counts, wilds, active))
                if d <= now + 1]
        active = tuple(plan for plan, _ in kept)
        scored = []
        changed = P.Probe(counts, wilds, view.shapes.pair_258).changed
        order = self._discard_order(view, counts, wilds, active, tuple(d for _, d in kept))
        for a in discards:
            d = a.tile
            if d in view.wild_codes:
                w = wilds - 1
                dist = self._plan_distance(view, counts, w, active)
            else:
                dist = _least_after_discard(changed, d, order)
                counts[d] -= 1
                w = wilds
            wins = 0
            if dist <= 1:
                after = _without(hand, d)
                if dist == 0 or cache.shanten(counts, w, nmelds, view.shapes) == 0:
                    wins = self._winning(view, seat, after, unseen)
                if wins:
                    dist = 0
                elif dist == 0:
                    dist = 1
            if d not in view.wild_codes:
                counts[d] += 1
            scored.append((dist, -wins, a))
        best = min(x[0] for x in scored)
        tied = [x for x in scored if x[0] == best]
        if best == 0:
            return min(tied, key=lambda x: (x[1], -x[2].tile))[2]
        if len(tied) == 1:
            return tied[0][2]
        keyed = []
        for _, _, a in tied:
            d = a.tile
            if d in view.wild_codes:
                useful = self._plan_useful(view, counts, wilds - 1, active, best, unseen)
            else:
                counts[d] -= 1
                useful = self._plan_useful(view, counts, wilds, active, best, unseen)
                counts[d] += 1
            keyed.append(((-useful, -d), a))
        return min(keyed, key=lambda x: x[0])[1]

    def _plain_self_action(self, view, seat: int, legal: list[Action]) -> Action:
        """The shanten-minimising discard without plans (no plan is left reachable)."""
        p = view.players[seat]
        hand = [t for t in p.hand if not T.is_flower(t)]
        counts, wilds = cache.split(hand, view.wild_codes)
        nmelds = len(p.melds)
        discards = [a for a in legal if a.kind == DISCARD]
        plain = [a for a in discards if a.tile not in view.wild_codes] or discards
        unseen = self._unseen(view, seat)
        scored = []
        for a in plain:
            after = _without(hand, a.tile)
            c, w = cache.split(after, view.wild_codes)
            sh = cache.shanten(c, w, nmelds, view.shapes)
            wins = self._winning(view, seat, after, unseen) if sh == 0 else 0
            scored.append(((sh if not wins else -1, -wins, -a.tile), a))
        return min(scored, key=lambda x: x[0])[1]

    def _plan_reaction(self, view, seat: int, hand: list[int], legal: list[Action]) -> Action:
        """Claim only when the claim keeps a plan and brings it nearer (a kong: no further)."""
        p = view.players[seat]
        active = P.open_plans(P.plans_for(view.rules, view.shapes), tuple(p.melds))
        passing = next(a for a in legal if a.kind == PASS)
        if not active:
            return passing
        counts, wilds = cache.split(hand, view.wild_codes)
        now = self._plan_distance(view, counts, wilds, active)
        opened = tuple(plan for plan in active if not plan.concealed)
        now_open = self._plan_distance(view, counts, wilds, opened) if opened else 99
        best, best_key = None, None
        rank = {MING_KONG: 0, PUNG: 1, CHI: 2}
        for a in legal:
            if a.kind not in rank:
                continue
            used = (a.tile,) * (3 if a.kind == MING_KONG else 2) if a.kind != CHI else a.tiles
            tiles = tuple(sorted(used + (a.tile,)))
            kind = KONG_MELD if a.kind == MING_KONG else (CHOW if a.kind == CHI else PUNG_MELD)
            after_active = P.open_plans(active, tuple(p.melds) + (Meld(kind, tiles),))
            if not after_active:
                continue
            rest = list(hand)
            for t in used:
                rest.remove(t)
            c, w = cache.split(rest, view.wild_codes)
            if a.kind == MING_KONG:
                after = self._plan_distance(view, c, w, after_active)
                if after > now:
                    continue
            else:
                after = 99
                changed = P.Probe(c, w, view.shapes.pair_258).changed
                order = self._discard_order(view, c, w, after_active)
                for d in set(rest):
                    if d in view.wild_codes:
                        continue
                    after = min(after, _least_after_discard(changed, d, order))
                if after >= now_open or after > now + self.CLAIM_SLACK:
                    continue
                if after == 0 and not self._ready_after_claim(view, seat, rest, a):
                    continue
            key = (after, rank[a.kind])
            if best_key is None or key < best_key:
                best, best_key = a, key
        return best if best is not None else passing


#: Plan shapes whose distance a discard from a 3k+2-tile hand never lowers (see :meth:`GreedyBot._discard_order`).
_BOUNDED = (P.STANDARD, P.CORE)


def _least_after_discard(changed, d: int, order) -> int:
    """Least plan distance of the hand after discarding ``d`` (``changed``: a :class:`plans.Probe`'s), over
    the plans of ``order`` (see :meth:`GreedyBot._discard_order`), skipping those that cannot lower it."""
    free, bounded = order
    least = 1000
    for plan in free:
        v = changed(plan, d, -1)
        if v < least:
            least = v
    for now, plan in bounded:
        if now >= least:
            break
        v = changed(plan, d, -1)
        if v < least:
            least = v
    return least


#: Memo of the tiles that bring a hand's best plans nearer (see :meth:`GreedyBot._plan_useful`).
_USEFUL: dict = memo.table("game.bots.plan_useful")
#: Memo of the lowest plan distance of a hand (see :meth:`GreedyBot._plan_distance`).
_PLAN_DIST: dict = memo.table("game.bots.plan_dist")


@bot("mix")
class MixBot(GreedyBot):
    """``greedy`` with one habit per seat, drawn from the bot's seed, so simulation reaches the
    rules a perfect player avoids (过水, 查花猪, 退税, the big fans):

    * ``plain`` (40%): plays exactly like ``greedy``;
    * ``pass_win`` (20%): passes a win on a discard half of the time (过水);
    * ``keep_void`` (15%): never discards the last tile of its void suit (定缺), so it cannot win
      and is 花猪 at an exhaustive draw;
    * ``flush`` (15%): plays for 清一色 — empties every suit but its longest and never claims them;
    * ``pungs`` (10%): plays for 对对胡 — claims every 碰 it may.

    Whatever the habit, a ``mix`` seat passes up a good 亮倒 with probability ``LIANG_DAO_DECLINE``
    (drawn only when 亮倒 is offered, so games without it play exactly as before).
    """

    LIANG_DAO_DECLINE = 0.3

    HABITS = (("plain", 0.40), ("pass_win", 0.20), ("keep_void", 0.15), ("flush", 0.15), ("pungs", 0.10))

    def __init__(self, seed: int):
        super().__init__(seed)
        r, acc = self.rng.random(), 0.0
        self.habit = self.HABITS[-1][0]
        for name, share in self.HABITS:
            acc += share
            if r < acc:
                self.habit = name
                break
        self.flush_off: frozenset[int] | None = None

    def _declines(self) -> bool:
        return self.rng.random() < self.LIANG_DAO_DECLINE

    def _off_suits(self, view, seat: int) -> frozenset[int]:
        off = super()._off_suits(view, seat)
        if self.habit != "flush":
            return off
        p = view.players[seat]
        if self.flush_off is None:
            counts = {s: sum(1 for t in p.hand if T.is_suited(t) and T.suit_of(t) == s) for s in T.SUITS}
            keep = max((s for s in T.SUITS if s not in off), key=lambda s: (counts[s], -s), default=None)
            self.flush_off = frozenset(s for s in T.SUITS if s != keep)
        melded = {T.suit_of(m.tiles[0]) for m in p.melds if T.is_suited(m.tiles[0])}
        return off if self.flush_off & melded else self.flush_off | off

    def choose(self, view, seat: int, legal: list[Action]) -> Action:
        """Pick one of ``legal`` for ``seat`` (greedy, bent by this seat's habit)."""
        if legal and legal[0].kind in PRELUDE_ACTIONS:
            return prelude_choice(view, seat, legal, self.rng)
        is_turn = any(a.kind == DISCARD for a in legal)
        if self.habit == "pass_win" and not is_turn and any(a.kind == WIN for a in legal) and self.rng.random() < 0.5:
            return next(a for a in legal if a.kind == PASS)
        if self.habit == "keep_void" and is_turn and view.voids and view.voids[seat] is not None:
            void = view.voids[seat]
            held = [t for t in view.hand if T.is_suited(t) and T.suit_of(t) == void]
            if len(held) == 1:
                kept = [a for a in legal if not (a.kind == DISCARD and a.tile == held[0])]
                if any(a.kind == DISCARD for a in kept):
                    legal = kept
        if self.habit == "pungs" and not is_turn and not any(a.kind == WIN for a in legal):
            off = self._off_suits(view, seat)
            pung = next((a for a in legal if a.kind == PUNG and T.suit_of(a.tile) not in off), None)
            if pung is not None:
                return pung
        return super().choose(view, seat, legal)
