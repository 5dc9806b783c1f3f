"""Declarations: what a player announces at the table — a ready hand, a stake, a challenge to the dealer.

A rule file's ``declarations`` section lists them (spec §23); each is a :class:`engine.rules.Declaration`:

* **when** — ``at: start``: after the deal (and any exchange, void or opening phase), before the first
  draw, every seat whose ``condition`` holds chooses one of ``choices`` (a stake 0/1/2/3, or 0/1 for a yes or
  no), all seats at once, one declaration after the other. ``at: discard``: on its turn a seat may announce it
  with a discard — with ``ready`` only a discard that leaves a ready hand (one tile at least makes a legal
  win). ``condition`` is an expression of the rules language (state scope) over the seat at that moment:
  ``first_turn`` (nobody has claimed or konged, the seat has not discarded), ``dealer``, ``streak``,
  ``concealed_hand``, ``count(hand, …)``, ``declared(other)`` …
* **what it locks** — ``locks: hand``: from then on the seat only discards the tile it draws, wins, or makes
  a kong ``kongs`` allows (``keep_wait``: one that leaves the same waits; ``concealed``: only a concealed kong
  of the drawn tile that leaves the same waits; ``none``: no kong); it claims nothing.
* **what it shows** — ``exposes``: ``nothing``, ``waits``, ``wait_tiles`` (the tiles that make the wait; a
  concealed triplet the wait does not need stays face down) or ``hand`` (every concealed tile); the waits too
  with anything but ``nothing``. That a seat declared, and what it chose, is always public.
* **what it changes** — each seat's choices are recorded as a mapping name -> value
  (:attr:`engine.game.table.PlayerState.declarations`): fan expressions read them (``declared(报听)``,
  ``declared(报听, discarder)``, ``declared_value(飘)``), settlement receives them per seat
  (``Table.declarations``); a ``stake`` declaration's value is the seat's stake (``Table.stakes``) and the
  seats whose declaration locked the hand, in order, are ``Table.declared`` (the ``liang_dao`` item's).

亮倒 is one instance: a file listing the self action ``liang_dao`` plays the declaration
``{name: 亮倒, at: discard, locks: hand, kongs: liang_dao.kongs, exposes: wait_tiles | hand}`` whose action
keeps the name ``liang_dao`` (:mod:`engine.game.liangdao`). Every other declaration is made with the action
``declare`` carrying the declaration's name (and, at the start, the chosen value in ``tiles``).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable

from engine import fans, lang, memo, solver
from engine import tiles as T
from engine.capabilities import register
from engine.errors import Problem
from engine.game import cache, liangdao, pot
from engine.game.action_conditions import Query, holds
from engine.game.actions import AN_KONG, BU_KONG, DECLARE, DISCARD, LIANG_DAO, MING_KONG, PASS, Action
from engine.melds import ANKONG, KONG, PUNG, Meld
from engine.rules import Declaration, Rules

#: the flow's stage while the seats make their ``at: start`` choices.
STAGE = "declare"
AT = ("start", "discard")
LOCKS = ("none", "hand")
KONGS = ("keep_wait", "concealed", "none")
EXPOSES = ("nothing", "waits", "wait_tiles", "hand")
#: the name of the instance the ``liang_dao`` block describes.
LIANG_DAO_NAME = "亮倒"
#: ``liang_dao.expose`` -> ``exposes``.
_LEGACY_EXPOSE = dict(zip(liangdao.EXPOSE, ("hand", "wait_tiles")))

register("phase.declarations", "声明", "玩家声明（declarations）：开局每家选择（飘、拉庄）或随一张牌声明（报听、天听、地听），"
         "可锁定手牌、向其他玩家亮出听口或手牌；番型用 declared(名) 读取，结算拿到每家的声明", "0.4.0", __name__)


@dataclass(frozen=True)
class Compiled:
    """The declarations of one rule set: each spec with its compiled condition (None: always), and the
    problems found compiling them."""

    specs: tuple[Declaration, ...]
    tests: tuple[Callable | None, ...]
    problems: tuple[Problem, ...]

    def named(self, name: str) -> Declaration | None:
        """The declaration called ``name``, or None."""
        return next((d for d in self.specs if d.name == name), None)

    def test_of(self, spec: Declaration) -> Callable | None:
        """The compiled condition of ``spec`` (None: it always holds)."""
        return self.tests[self.specs.index(spec)]


_CACHE: dict = memo.table("game.declarations")


def compiled(rules: Rules) -> Compiled:
    """Every declaration ``rules`` plays — the file's ``declarations`` and the 亮倒 instance — compiled (cached)."""
    hit = _CACHE.get(rules)
    if hit is None:
        hit = memo.store(_CACHE, rules, _compile(rules), 64)
    return hit


def own_names(rules: Rules) -> frozenset[str]:
    """The names of the file's own declarations (the ``declarations`` section; not the 亮倒 instance)."""
    return frozenset(d.name for d in specs(rules) if d.action == DECLARE)


def specs(rules: Rules) -> tuple[Declaration, ...]:
    """The declarations ``rules`` plays, the file's first and then the 亮倒 instance."""
    return compiled(rules).specs


def _legacy(rules: Rules) -> Declaration | None:
    opt = rules.play.self_action(LIANG_DAO)
    if opt is None:
        return None
    return Declaration(LIANG_DAO_NAME, "discard", ready=True, locks="hand", kongs=rules.liang_dao.kongs,
                       exposes=_LEGACY_EXPOSE.get(rules.liang_dao.expose, rules.liang_dao.expose),
                       action=LIANG_DAO, option_condition=opt.condition)


def _compile(rules: Rules) -> Compiled:
    found: list[Problem] = []
    out: list[Declaration] = []
    tests: list[Callable | None] = []
    seen: set[str] = set()
    legacy = _legacy(rules)
    for i, d in enumerate(rules.declarations):
        where = ("declarations", i)
        if d.name in seen or (legacy is not None and d.name == legacy.name):
            found.append(Problem(where + ("name",), f"声明名 {d.name} 重复",
                                 "每种声明写一次（列出 liang_dao 动作的文件已有 亮倒）"))
            continue
        seen.add(d.name)
        bad = _field_problem(d)
        if bad:
            found.append(Problem(where + (bad[0],), bad[1], bad[2]))
            continue
        test = None
        if d.condition:
            try:
                c = lang.compile_expression(d.condition, lang.BOOL, scope=lang.STATE)
            except lang.ExprError as exc:
                found.append(Problem(where + ("condition",), exc.message, exc.position, exc.hint))
                continue
            if lang.READING in c.scopes:
                found.append(Problem(where + ("condition",), "声明条件不能用拆法相关的名字（还没有和牌）",
                                     "用 first_turn、dealer、streak、concealed_hand、count(hand, …)、declared(名) 等"))
                continue
            test = c.fn
        out.append(d)
        tests.append(test)
    if legacy is not None:
        out.append(legacy)
        tests.append(None)
    names = {d.name for d in out}
    for i, f in enumerate(rules.fans):
        for name in referenced(f.when):
            if name not in names:
                found.append(Problem(("fan_types", i, "when"), f"番型 {f.name} 引用的声明 {name} 没有在 declarations 中声明",
                                     "在 declarations 中加上这项声明，或改正名字"))
    return Compiled(tuple(out), tuple(tests), tuple(found))


def _field_problem(d: Declaration) -> tuple[str, str, str] | None:
    if d.at not in AT:
        return "at", f"不支持 at: {d.at}", "可选：" + " / ".join(AT)
    if d.locks not in LOCKS:
        return "locks", f"不支持 locks: {d.locks}", "可选：" + " / ".join(LOCKS)
    if d.kongs not in KONGS:
        return "kongs", f"不支持 kongs: {d.kongs}", "可选：" + " / ".join(KONGS)
    if d.exposes not in EXPOSES:
        return "exposes", f"不支持 exposes: {d.exposes}", "可选：" + " / ".join(EXPOSES)
    if d.at == "start" and (d.locks != "none" or d.exposes != "nothing"):
        return "locks", "开局的选择（at: start）不锁定也不亮出手牌", "锁定、亮牌用 at: discard 的声明"
    if d.at == "discard" and d.choices:
        return "choices", "随牌的声明（at: discard）没有选项", "开局的选择用 at: start"
    if d.exposes != "nothing" and d.locks != "hand":
        return "exposes", "亮出听口或手牌的声明必须锁定手牌（locks: hand）", "写 locks: hand，或 exposes: nothing"
    if d.deposit and d.at != "discard":
        return "deposit", "只有随牌的声明（at: discard）交供托", "写 at: discard，或去掉 deposit"
    if d.at == "discard" and d.stake:
        return "stake", "飘分只能在开局选择（at: start）", "写 at: start 和 choices"
    return None


_REFERENCE = re.compile(r"declared(?:_value)?\s*\(\s*([^,\s)]+)")


def referenced(text: str) -> list[str]:
    """The declaration names an expression refers to with ``declared(…)`` / ``declared_value(…)``."""
    return _REFERENCE.findall(text or "")


def problems(rules: Rules) -> list[Problem]:
    """What is wrong with the declarations of ``rules`` (each with its field path)."""
    return list(compiled(rules).problems)


# --- what a condition reads ------------------------------------------------------------------

class SeatFacts:
    """What a declaration's condition reads about one seat: a win context without a win (its hand, melds,
    discards, seat, dealer, streak, first turn, its declarations so far) and the hand's tiles."""

    __slots__ = ("ctx", "tiles", "wild_count", "open_melds")

    def __init__(self, game, seat: int):
        p = game.players[seat]
        melds = tuple(p.melds)
        hand = tuple(t for t in p.hand if not T.is_flower(t))
        self.ctx = fans.WinContext(
            hand, melds, hand[-1] if hand else 0, game.wild_codes, seat=seat, dealer=game.dealer,
            flowers=tuple(p.flowers), seat_wind=game.seat_wind(seat), round_wind=game.round_wind,
            first_turn=not game.any_meld and not p.discarded_once, streak=game.streak, honba=game.honba,
            players_in=len(game.active()), indicator=game.indicator, discards=tuple(p.discards),
            ready_declared=p.ready_declared, declarations=table_pairs(game), wall_left=len(game.wall))
        self.tiles = list(hand) + [t for m in melds for t in m.tiles]
        self.wild_count = sum(1 for t in self.tiles if t in game.wild_codes)
        self.open_melds = sum(1 for m in melds if not m.is_concealed)


def allowed(game, spec: Declaration, seat: int) -> bool:
    """``spec``'s condition holds for ``seat`` now (and, for 亮倒, its action option's condition)."""
    if spec.option_condition and not holds(spec.option_condition, Query(game, seat, game.drawn, True)):
        return False
    test = compiled(game.rules).test_of(spec)
    return test is None or bool(test(SeatFacts(game, seat)))


def table_pairs(game) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every seat's declarations as ``((name, value), …)`` in the order made (the win context's form)."""
    return tuple(tuple(p.declarations.items()) for p in game.players)


def win_fields(game, seat: int, self_drawn: bool) -> dict:
    """The :class:`engine.fans.WinContext` fields a win by ``seat`` takes from the declarations."""
    p = game.players[seat]
    return {"ready_declared": p.ready_declared, "declarations": table_pairs(game),
            "discarder": None if self_drawn else game.claim_from}


def stakes(game) -> tuple[int, ...] | None:
    """Each seat's stake: the ``stake`` declarations' values (0 for a seat that chose none); without a stake
    declaration, the stakes the game was given."""
    names = [d.name for d in specs(game.rules) if d.stake]
    if not names:
        return game.stakes
    return tuple(sum(p.declarations.get(n, 0) for n in names) for p in game.players)


# --- at the start ----------------------------------------------------------------------------

def open_start(game) -> bool:
    """Open the next ``at: start`` declaration some seat may make; False when none is left (play begins).

    A ``stake`` declaration is not asked when the game was given ``stakes``: each seat's value is set from them."""
    starts = [d for d in specs(game.rules) if d.at == "start"]
    while game.start_declared < len(starts):
        spec = starts[game.start_declared]
        game.start_declared += 1
        legal = {}
        for s in game.seat_order(game.dealer):
            if spec.stake and game.stakes is not None:
                game.players[s].declarations[spec.name] = int(game.stakes[s])
            elif allowed(game, spec, s):
                legal[s] = [Action(DECLARE, s, None, (v,), spec.name) for v in spec.choices]
        if spec.stake and game.stakes is not None:
            game._event(DECLARE, name=spec.name, values=[p.declarations.get(spec.name) for p in game.players],
                        preset=True)
        if legal:
            game.stage = STAGE
            game._choices = {}
            game._legal = legal
            return True
    return False


def apply_start(game, action: Action) -> bool:
    """Record one seat's start choice; True once every asked seat has chosen (the choices then take effect)."""
    game._choices[action.seat] = action
    if len(game._choices) < len(game._legal):
        return False
    name = action.name
    values: list[int | None] = [None] * game.n
    for s, a in sorted(game._choices.items()):
        game.players[s].declarations[name] = a.tiles[0]
        values[s] = a.tiles[0]
    game._event(DECLARE, name=name, values=values)
    game._choices = {}
    game._legal = {}
    return True


# --- with a discard --------------------------------------------------------------------------

def discard_offers(game, seat: int, discards: list[int]) -> list[Action]:
    """The declarations ``seat`` may make with one of ``discards`` (its legal plain discards) now."""
    p = game.players[seat]
    if p.declared or not len(game.wall):
        return []
    todo = [d for d in specs(game.rules) if d.at == "discard" and d.name not in p.declarations]
    if not todo:
        return []
    ready: list[int] | None = None
    out: list[Action] = []
    for spec in todo:
        if not allowed(game, spec, seat):
            continue
        if spec.ready:
            if ready is None:
                ready = ready_discards(game, seat, discards)
            tiles = ready
        else:
            tiles = discards
        name = "" if spec.action == LIANG_DAO else spec.name
        out += [Action(spec.action, seat, t, (), name) for t in tiles]
    return out


def ready_discards(game, seat: int, discards: list[int]) -> list[int]:
    """The tiles of ``discards`` whose discard leaves ``seat`` a ready hand (none while a flower is held)."""
    p = game.players[seat]
    if any(T.is_flower(t) for t in p.hand):
        return []
    melds = tuple(p.melds)
    counts, wilds = cache.split(p.hand, game.wild_codes)
    if cache.shanten(counts, wilds, len(melds), game.win_shapes) > 0:
        return []  # no discard leaves a ready hand
    out = []
    for t in discards:
        rest = list(p.hand)
        rest.remove(t)
        if ready_waits(game, seat, rest, melds):
            out.append(t)
    return out


def spec_of(rules: Rules, action: Action) -> Declaration:
    """The declaration ``action`` makes (``liang_dao``: the 亮倒 instance)."""
    c = compiled(rules)
    if action.kind == LIANG_DAO:
        return next(d for d in c.specs if d.action == LIANG_DAO)
    spec = c.named(action.name)
    if spec is None:
        raise KeyError(action.name)
    return spec


def declare(game, action: Action) -> None:
    """``action``'s declaration with ``action.tile`` as the discard: recorded, and the hand left locked and
    shown as the declaration says (the flow then discards the tile)."""
    seat, tile = action.seat, action.tile
    spec = spec_of(game.rules, action)
    p = game.players[seat]
    rest = list(p.hand)
    rest.remove(tile)
    melds = tuple(p.melds)
    p.declarations[spec.name] = 1
    p.ready_declared = p.ready_declared or spec.ready or spec.locks == "hand"
    if spec.locks == "hand":
        p.declared = True
        p.lock_kongs = spec.kongs
        p.waits = ready_waits(game, seat, rest, melds)
        p.waits_public = spec.exposes != "nothing"
        p.exposed = list(exposed_tiles(game, rest, melds, spec.exposes))
        p.locked_hand = sorted(rest)
        game.declarations.append(seat)
    if spec.action == LIANG_DAO:
        game._event(LIANG_DAO, seat=seat, tile=tile, exposed=list(p.exposed), waits=list(p.waits),
                    hidden=len(rest) - len(p.exposed))
        return
    shown = {"exposed": list(p.exposed), "waits": list(p.waits)} if p.declared and p.waits_public else {}
    game._event(DECLARE, seat=seat, name=spec.name, tile=tile, locked=spec.locks == "hand", **shown)
    pot.deposit(game, seat, spec.deposit)


# --- a locked hand ---------------------------------------------------------------------------

def locked_self_actions(game, seat: int) -> list[Action]:
    """A locked seat's self actions besides a win: kongs that keep the wait, then the drawn tile's discard."""
    p = game.players[seat]
    acts: list[Action] = []
    drawn = game.drawn
    opts = game._self_opts
    if len(game.wall) and drawn is not None and not T.is_flower(drawn):
        if opts.get(AN_KONG) and p.hand.count(drawn) == 4 and drawn not in game.wild_codes:
            rest = [t for t in p.hand if t != drawn]
            if kong_keeps_wait(game, seat, rest, tuple(p.melds) + (Meld(ANKONG, (drawn,) * 4),)):
                acts.append(Action(AN_KONG, seat, drawn))
        if opts.get(BU_KONG) and p.lock_kongs == "keep_wait" \
                and any(m.kind == PUNG and m.tiles[0] == drawn for m in p.melds):
            acts.append(Action(BU_KONG, seat, drawn))  # the concealed hand is unchanged: the wait is kept
    if drawn is not None and drawn in p.hand:
        acts.append(Action(DISCARD, seat, drawn))
    else:
        acts += [Action(DISCARD, seat, t) for t in sorted(set(p.hand)) if not T.is_flower(t)]
    return acts


def locked_reactions(game, seat: int, tile: int, acts: list[Action]) -> list[Action]:
    """A locked seat's reactions to ``tile`` after ``acts`` (its win, if any): a kong of a concealed triplet
    that keeps the wait, then pass."""
    p = game.players[seat]
    if game._react_opts.get(MING_KONG) and p.lock_kongs == "keep_wait" and p.hand.count(tile) >= 3 and len(game.wall):
        rest = list(p.hand)
        for _ in range(3):
            rest.remove(tile)
        if kong_keeps_wait(game, seat, rest, tuple(p.melds) + (Meld(KONG, (tile,) * 4),)):
            acts.append(Action(MING_KONG, seat, tile))
    acts.append(Action(PASS, seat))
    return acts


def ready_waits(game, seat: int, hand: list[int], melds: tuple) -> tuple[int, ...]:
    """The tiles that make a legal win (self-drawn or on a discard) for ``hand`` + ``melds`` of ``seat``;
    empty when the hand is not ready."""
    counts, wilds = cache.split(hand, game.wild_codes)
    if cache.shanten(counts, wilds, len(melds), game.win_shapes) > 0:
        return ()
    out = []
    for w in solver.waits(counts, wilds, melds, game.win_shapes, game.rules.tile_kinds):
        for self_drawn in (True, False):
            ctx = fans.WinContext(tuple(sorted(hand)) + (w,), melds, w, game.wild_codes, self_drawn=self_drawn,
                                  seat=seat, dealer=game.dealer)
            res = fans.score_win(game.rules, ctx)
            if res is not None and res.legal:
                out.append(w)
                break
    return tuple(out)


def exposed_tiles(game, hand: list[int], melds: tuple, exposes: str) -> tuple[int, ...]:
    """What a declaration lays down: nothing (``nothing``, ``waits``), the whole concealed ``hand``
    (``hand``), or without every concealed triplet the wait does not need (``wait_tiles``: set aside as a
    set, the rest waits on the same tiles)."""
    if exposes in ("nothing", "waits"):
        return ()
    rest = sorted(hand)
    if exposes == "hand":
        return tuple(rest)
    aside = tuple(melds)
    counts, wilds = cache.split(rest, game.wild_codes)
    waits = tuple(solver.waits(counts, wilds, aside, game.win_shapes, game.rules.tile_kinds))
    for t in sorted(set(rest)):
        if rest.count(t) < 3 or t in game.wild_codes:
            continue
        trial = list(rest)
        for _ in range(3):
            trial.remove(t)
        counts, wilds = cache.split(trial, game.wild_codes)
        kept = aside + (Meld(PUNG, (t,) * 3),)
        if tuple(solver.waits(counts, wilds, kept, game.win_shapes, game.rules.tile_kinds)) == waits:
            rest, aside = trial, kept
    return tuple(rest)


def kong_keeps_wait(game, seat: int, hand_after: list[int], melds_after: tuple) -> bool:
    """A locked seat's kong is allowed (``kongs: keep_wait``; ``concealed``: only a concealed kong, the callers'
    business) when the hand left waits on the same tiles."""
    if game.players[seat].lock_kongs not in ("keep_wait", "concealed"):
        return False
    return ready_waits(game, seat, hand_after, melds_after) == game.players[seat].waits


def lock_broken(p) -> str:
    """Why a locked seat's concealed hand is not its hand at the declaration less the kongs it made since
    (three copies of a konged tile each), or "" when it is. Read between the seat's turns."""
    if not p.declared:
        return ""
    extra = Counter(p.hand) - Counter(p.locked_hand)
    if extra:
        return f"锁定后手里多了 {T.format_tiles(sorted(extra.elements()))}"
    konged = {m.tiles[0] for m in p.melds if m.is_kong}
    for t, n in (Counter(p.locked_hand) - Counter(p.hand)).items():
        if n != 3 or t not in konged:
            return f"锁定后手里少了 {n} 张 {T.tile_name(t)}（只能开不改听口的杠）"
    return ""
