"""Games consistent with one seat's observation: the determinizations information-set search plays in.

A strategy decides from a :class:`engine.game.view.SeatView`, which holds no other seat's concealed
tiles and no wall. :class:`Determinizer` turns that view into playable :class:`engine.game.flow.Game`
objects: the table (melds, discards, flowers, 亮倒 tiles, wins, 定缺, the wild tiles) and the seat's own
hand are the view's; every tile the seat cannot see is dealt at random into the other seats' concealed
hands (their sizes are public) and the wall. What the seat knows of hidden tiles is respected: a 亮倒
declarer's laid-down tiles are in its hand, and the three tiles the seat passed in 换三张 are in the
receiver's hand while it may still hold them.

Built only from the view, a determinization cannot depend on the real hidden tiles: two games that
differ only in what the seat cannot see give the same determinizations for the same random source.

The determinized game starts at the view's decision with the view's legal actions for the seat (the
engine answered them from the real game); the other seats of a reaction window get the reactions the
engine computes from their sampled hands. What the view does not carry is approximated, and only the
search model sees the approximation: payments so far are zero (the search scores payments made from
here on), earlier kongs have no payment record (刮风下雨 refunds and transfers of earlier kongs are not
modelled), 过水 marks are unknown and the 跟庄 record of opening discards is rebuilt in seat order.

This is the one module that sets up a game's state directly rather than through
:meth:`Game.apply`; its tests check that each determinization shows the seat exactly the view it came from.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter

from engine import tiles as T
from engine.game import prelude
from engine.game.actions import LIANG_DAO, PASS, WIN, Action
from engine.game.action_conditions import Query, holds
from engine.game.flow import OVER, REACT, ROB, SELF, Game
from engine.game.table import PlayerState, Wall, wild_from_indicator
from engine.game.view import SeatView
from engine.melds import ANKONG

#: The stages a determinization can start at (the prelude's choices are not searched).
SEARCHABLE = (SELF, REACT, ROB)


class Determinizer:
    """Deal the tiles ``view.seat`` cannot see, again and again, into games that match ``view``.

    Raises ValueError for a view at a stage that is not searched (:data:`SEARCHABLE`).
    """

    def __init__(self, view: SeatView):
        if view.stage not in SEARCHABLE:
            raise ValueError(f"stage {view.stage!r} is not searched")
        self.view = view
        self.seat = view.seat
        self.legal = list(view.legal_actions)
        self.skeleton = _skeleton(view)
        self.known, self.free, self.pool = _hidden(view)

    def sample(self, rng: random.Random) -> Game:
        """A new game consistent with the view, its hidden tiles drawn from ``rng``."""
        game = _clone(self.skeleton)
        pool = list(self.pool)
        rng.shuffle(pool)
        # hands rarely hold a flower (it is replaced on the next draw): flowers go to the wall
        plain = [t for t in pool if not T.is_flower(t)]
        flowers = [t for t in pool if T.is_flower(t)]
        for s, size in self.free.items():
            take, plain = plain[:size], plain[size:]
            if len(take) < size:  # a view with fewer unseen tiles than hidden slots: flowers fill in
                more, flowers = flowers[:size - len(take)], flowers[size - len(take):]
                take += more
            game.players[s].hand = list(self.known.get(s, ())) + take
        rest = plain + flowers
        rng.shuffle(rest)
        game.wall = Wall(rest[:self.view.wall_remaining])
        game.last_tile_flag = not len(game.wall)
        _open_decision(game, self.view, self.legal)
        return game


def _clone(game: Game) -> Game:
    """A copy of a skeleton game, cheaper than :meth:`Game.copy`: containers are copied one level deep,
    players, the wall, the random source and kong records fully (nothing else in a game is mutated)."""
    new = copy.copy(game)
    for name, value in vars(game).items():
        if isinstance(value, (list, dict, set)):
            setattr(new, name, copy.copy(value))
    new.players = [dataclasses.replace(p, hand=list(p.hand), melds=list(p.melds), discards=list(p.discards),
                                       flowers=list(p.flowers), fu_blocked=set(p.fu_blocked),
                                       won_tiles=list(p.won_tiles), exposed=list(p.exposed)) for p in game.players]
    new.exchanged = [dict(e) for e in game.exchanged]
    new.kongs = copy.deepcopy(game.kongs)
    new.rng = random.Random()
    new.rng.setstate(game.rng.getstate())
    return new


def unseen_tiles(view: SeatView) -> Counter:
    """Every tile of the deck ``view.seat`` cannot see: in other seats' concealed hands or the wall.

    Tiles that left play without showing (血流成河's winning tiles, flowers flipped with an indicator)
    are counted too; :meth:`Determinizer.sample` puts any excess at the back of the wall."""
    left = Counter(view.rules.deck())
    seen: list[int] = list(view.hand)
    for p in view.players:
        seen += list(p.discards) + list(p.flowers)
        for m in p.melds:
            seen += list(m.tiles)
    if view.indicator is not None:
        seen.append(view.indicator)
    left.subtract(seen)
    return +left


def _hidden(view: SeatView) -> tuple[dict[int, list[int]], dict[int, int], list[int]]:
    """Known concealed tiles per other seat, the number of free (unknown) slots per seat and the pool
    of tiles to deal into them, sorted (shuffled only by :meth:`Determinizer.sample`)."""
    pool = unseen_tiles(view)
    known: dict[int, list[int]] = {}
    free: dict[int, int] = {}
    for p in view.players:
        if p.seat == view.seat:
            continue
        held = []
        if p.declared:
            for t in p.exposed:
                if pool[t] > 0:
                    pool[t] -= 1
                    held.append(t)
        known[p.seat] = held
    given = view.exchange or {}
    to = given.get("to")
    if to is not None and to != view.seat and to in known:
        for t in given.get("gave", ()):
            if pool[t] > 0 and len(known[to]) < view.players[to].hand_size:
                pool[t] -= 1
                known[to].append(t)
    for s, held in known.items():
        free[s] = max(0, view.players[s].hand_size - len(held))
    return known, free, sorted(pool.elements())


def _skeleton(view: SeatView) -> Game:
    """A game with the view's public state and the seat's hand; other hands and the wall still empty."""
    rules = view.rules
    game = Game(rules, 0, dealer=view.dealer, round_wind=view.round_wind)
    game.dealer = view.dealer
    game.turn = view.turn
    game.history, game.events = [], []
    game.payments = [0] * game.n
    game.wins, game.hook_results, game.item_results, game.opening_results = [], [], [], []
    game.kongs, game.kong_discard = [], None
    game.end_reason, game.next_dealer = None, None
    game.actions_applied = 0
    game.wild_codes = frozenset(view.wild_codes)
    game.indicator = view.indicator
    game.set_aside = [] if view.indicator is None else [view.indicator]
    if view.indicator is not None and rules.wildcard is not None:
        wilds = wild_from_indicator(view.indicator, rules.wildcard.random_count, rules.wildcard.offsets)
        game.jing = (wilds[:1], wilds[1:])
    else:
        game.jing = (tuple(sorted(view.wild_codes)), ())
    game.voids = list(view.voids) if view.voids else [None] * game.n
    game.exchanged = [{} for _ in range(game.n)]
    game.exchanged[view.seat] = dict(view.exchange or {})
    players = []
    for info in view.players:
        p = PlayerState(info.seat)
        p.melds = list(info.melds)
        p.discards = list(info.discards)
        p.flowers = list(info.flowers)
        p.won = info.won
        p.win_count = view.win_counts[info.seat] if view.win_counts else int(info.won)
        p.locked = game.blood and p.win_count > 0
        p.declared = info.declared
        p.exposed = list(info.exposed)
        p.waits = tuple(info.waits)
        p.waits_public = bool(info.waits)
        p.declarations = dict(info.declarations)
        p.discarded_once = bool(info.discards) or any(m.kind != ANKONG for m in info.melds)
        if info.seat == view.seat:
            p.hand = list(view.hand)
        players.append(p)
    game.players = players
    game.declarations = [p.seat for p in players if p.declared]
    game.any_meld = any(p.melds for p in players)
    claimed = sum(1 for p in players for m in p.melds if m.from_seat is not None or m.kind != ANKONG)
    game.discard_count = sum(len(p.discards) for p in players) + claimed
    game.opening_discards = [] if game.any_meld else [
        (s, p.discards[0]) for s in game.seat_order(view.dealer) for p in [players[s]] if p.discards][:game.n]
    game.passed_wins = 0
    game.claim_tile, game.claim_from = view.claim_tile, view.claim_from
    game.kong_flag = False
    game.stage = view.stage
    return game


def _open_decision(game: Game, view: SeatView, legal: list[Action]) -> None:
    """Set the decision the view is at: the seat's legal actions are the view's; in a reaction (or
    抢杠) window the other seats get what the engine offers them with their sampled hands."""
    seat = view.seat
    game._win_memo.clear()
    game._choices = {}
    game.stage = view.stage
    if view.stage == SELF:
        me = game.players[seat]
        drawn = next((a.tile for a in legal if a.kind == WIN), None)
        if drawn is None and (me.locked or me.declared):
            discards = [a.tile for a in legal if a.kind != WIN and a.kind != LIANG_DAO]
            drawn = discards[-1] if discards else None
        game.drawn = drawn
        game.claimed_turn = drawn is None and (len(me.hand) + 3 * len(me.melds)) % 3 == 2 \
            and not any(a.kind != "discard" for a in legal)
        game._legal = {seat: list(legal)}
        return
    tile, origin = view.claim_tile, view.claim_from
    opened: dict[int, list[Action]] = {}
    win_opt = game._react_opts.get(WIN)
    for s in game.seat_order(origin)[1:]:
        if game.players[s].won:
            continue
        if s == seat:
            opened[s] = list(legal)
            continue
        if view.stage == REACT:
            acts = game._reactions(s, tile, origin)
        else:
            acts = [Action(PASS, s)]
            if win_opt and game.rob_kong and tile not in game.wild_codes \
                    and game.win_result(s, tile, self_drawn=False, robbing=True) is not None \
                    and holds(win_opt.condition, Query(game, s, tile, False, robbing=True)):
                acts.insert(0, Action(WIN, s, tile))
        if len(acts) > 1:
            opened[s] = acts
    game._legal = opened


def is_searchable(view: SeatView) -> bool:
    """True when a determinization can start at the view's decision (not the prelude, not a finished game)."""
    return view.stage in SEARCHABLE and view.stage != OVER and view.stage not in prelude.STAGES
