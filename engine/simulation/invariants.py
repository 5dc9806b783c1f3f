"""Invariants checked after every action of a simulated game.

Each invariant is a registered unit ``check(game, checker) -> message | None``.
:class:`Checker` runs them all; the first message found ends that game as an
error (the simulation records seed, game index, action index and message and
moves on). Illegal actions are caught before they are applied (see
:func:`engine.simulation.games.play_game`).
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from engine import solver
from engine import tiles as T
from engine.fans.scoring import PSEUDO_FANS
from engine.game import cache
from engine.game.declarations import STAGE as DECLARE_STAGE
from engine.game.prelude import STAGES as PRELUDE_STAGES

INVARIANTS: dict[str, Callable] = {}

#: No game may take more actions than this many per tile of the deck.
ACTIONS_PER_TILE = 6


def invariant(name: str):
    """Register ``check(game, checker) -> str | None`` as invariant ``name``."""

    def wrap(fn):
        INVARIANTS[name] = fn
        return fn

    return wrap


class Checker:
    """Runs every registered invariant against one game, remembering what it already verified."""

    def __init__(self, game):
        self.game = game
        self.deck_sorted = sorted(game.deck)
        self.wins_checked = 0
        self.max_actions = ACTIONS_PER_TILE * len(game.deck)
        #: 亮倒 hands already confirmed to wait on their declared tiles: (seat, hand, melds).
        self.locked_seen: set = set()

    def check(self) -> str | None:
        """The first violated invariant's message, or None."""
        for name, fn in INVARIANTS.items():
            msg = fn(self.game, self)
            if msg:
                return f"{name}: {msg}"
        return None


@invariant("tile_conservation")
def tile_conservation(game, checker: Checker) -> str | None:
    """Wall + hands + melds + discards + flowers + set-aside indicator = the deck, tile for tile."""
    tiles = game.wall.remaining() + list(game.set_aside)
    for p in game.players:
        tiles += p.hand
        tiles += p.discards
        tiles += p.flowers
        tiles += p.won_tiles
        for m in p.melds:
            tiles += m.tiles
    if len(tiles) != len(checker.deck_sorted) or sorted(tiles) != checker.deck_sorted:
        diff = game.all_tiles()
        diff.subtract(game.deck)
        extra = {T.tile_name(t): c for t, c in diff.items() if c}
        return f"牌数不守恒（多出/缺少：{extra}）"
    return None


@invariant("hand_sizes")
def hand_sizes(game, checker: Checker) -> str | None:
    """Every seat holds 13 tiles (melds count 3 each), 14 while it must discard or is adding a kong
    (16 and 17 under ``deal.cards_per_player: 16``)."""
    full = game.rules.win_size
    for p in game.players:
        size = p.tile_count()
        if game.over or p.won:
            ok = size in (full - 1, full)
        elif game.stage in PRELUDE_STAGES or game.stage == DECLARE_STAGE:
            ok = size == (full if p.seat == game.dealer else full - 1)
        elif game.stage == "self" and p.seat == game.turn:
            ok = size == full
        elif game.stage == "rob" and p.seat == game.claim_from:
            ok = size == full
        else:
            ok = size == full - 1
        if not ok:
            return f"座位 {p.seat} 手牌数 {size} 不对（阶段 {game.stage}）"
    return None


@invariant("wins_confirmed")
def wins_confirmed(game, checker: Checker) -> str | None:
    """Each win is a winning shape for the solver, legal under the rules, and its fans respect the table."""
    rules = game.rules
    while checker.wins_checked < len(game.wins):
        w = game.wins[checker.wins_checked]
        checker.wins_checked += 1
        if w.instant:  # an immediate win (table_events.instant_wins) need not be a winning shape
            from engine.game.events import confirm

            msg = confirm(game, w)
            if msg:
                return msg
            if w.result is None:
                continue
        counts, wilds = cache.split(w.concealed, game.wild_codes)
        if len(w.concealed) + 3 * len(w.melds) != rules.win_size:
            return f"座位 {w.seat} 胡牌张数不对"
        if not solver.is_win(counts, wilds, w.melds, game.win_shapes):
            return f"座位 {w.seat} 的胡牌 {T.format_tiles(w.concealed)} 求解器不认"
        if w.result is None or not w.result.legal:
            return f"座位 {w.seat} 的胡牌不合规则"
        names = [n for n, _ in w.fans if not w.instant or n != w.instant]
        declared = rules.fan_names
        for n in names:
            if n not in declared and n not in PSEUDO_FANS:
                return f"番型 {n} 未在 fan_types 中声明"
        for n in names:
            spec = rules.fan(n)
            if spec is None:  # a pseudo fan (自摸加番) has no row and no exclusions
                continue
            for other in spec.excludes:
                if other in names:
                    return f"{n} 排除 {other}，却同时计入"
            for other in spec.conflicts:
                if other in names:
                    return f"{n} 与 {other} 冲突，却同时计入"
        if sum(w.payments) != 0:
            return f"座位 {w.seat} 胡牌的支付不为零和：{w.payments}"
    return None


@invariant("payments_zero_sum")
def payments_zero_sum(game, checker: Checker) -> str | None:
    """Net payments over the game sum to zero — with the table pot, what the pot gained (declarations'
    deposits not yet taken by a winner): ``sum(payments) + pot == pot carried in`` — and every hook's and
    every 起手小胡's sum to zero."""
    if sum(game.payments) + game.pot != game.pot_start:
        if game.pot == game.pot_start:
            return f"支付合计不为零：{game.payments}"
        return f"支付合计加上场上供托的变化不为零：{game.payments}，供托 {game.pot_start} → {game.pot}"
    for o in game.opening_results:
        if sum(o["payments"]) != 0:
            return f"起手小胡 {o['hand']} 的支付不为零和：{o['payments']}"
    for h in game.hook_results:
        if sum(h["payments"]) != 0:
            return f"{h['name']} 的支付不为零和：{h['payments']}"
    return None


@invariant("bounded_length")
def bounded_length(game, checker: Checker) -> str | None:
    """The game ends within a bound proportional to the deck size."""
    if game.actions_applied > checker.max_actions:
        return f"对局超过 {checker.max_actions} 个动作仍未结束"
    return None


@invariant("liang_dao_locked")
def liang_dao_locked(game, checker: Checker) -> str | None:
    """A seat whose declaration locked its hand (亮倒, 报听 …) keeps it: the exposed tiles stay in it, between
    its turns its concealed hand is the hand it declared less the kongs it made since, and it waits on exactly
    the tiles it declared (a kong it made kept the wait)."""
    from engine.game.declarations import lock_broken, ready_waits

    if game.over:
        return None
    for p in game.players:
        if not p.declared or p.won:
            continue
        if Counter(p.exposed) - Counter(p.hand):
            return f"座位 {p.seat} 亮倒后亮出的牌不在手里"
        if p.seat in (game.turn if game.stage == "self" else None, game.claim_from if game.stage == "rob" else None):
            continue
        broken = lock_broken(p)
        if broken:
            return f"座位 {p.seat} {broken}"
        key = (p.seat, tuple(sorted(p.hand)), len(p.melds))
        if key in checker.locked_seen:
            continue
        if ready_waits(game, p.seat, p.hand, tuple(p.melds)) != tuple(p.waits):
            return f"座位 {p.seat} 亮倒后听口变了（亮倒时听 {T.format_tiles(p.waits)}）"
        checker.locked_seen.add(key)
    return None


@invariant("table_events_kept")
def table_events_kept(game, checker: Checker) -> str | None:
    """``table_events``: the reserved tail is never drawn while the hand is played, and in the last-tiles
    phase no forbidden action is offered; ``reveal``: every wild kind's tiles are wild."""
    ev = game.rules.table_events
    if not game.over and ev.reserved_tail and len(game.wall.remaining()) < ev.reserved_tail:
        return f"留牌 {ev.reserved_tail} 张，牌墙却只剩 {len(game.wall.remaining())} 张"
    if ev.last_tiles and len(game.wall) < ev.last_tiles:
        forbidden = {"chi": "chi", "pung": "pung", "kong": "ming_kong", "win": "win"}
        kinds = {forbidden[a] for a in ev.last_tiles_forbid} | ({"an_kong", "bu_kong"} if "kong" in ev.last_tiles_forbid else set())
        for s in game.to_act():
            for a in game.legal_actions(s):
                if a.kind in kinds and not (a.kind == "win" and game.stage == "self"):  # self-drawn wins stay
                    return f"最后 {ev.last_tiles} 张时仍允许座位 {s} {a.kind}"
    for entry in game.rules.reveals:
        for kind in entry.kinds:
            if kind.wild and not set(game.tags.get(kind.name, ())) <= game.wild_codes:
                return f"{kind.name} 的牌不在癞子中"
    return None
