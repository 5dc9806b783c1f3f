"""Table events the rule file's ``table_events`` declares: the last-tiles phase and immediate wins.

* **reserved tail** (``reserved_tail: N``): the wall counts as empty while N tiles are left
  (:class:`engine.game.table.Wall` ``reserve``); replacements still come from the tail, so N stays left.
* **last tiles** (``last_tiles: {count: N, forbid: [...]}``): once fewer than N drawable tiles are left
  (the N-th last tile has been drawn), the listed actions — ``chi``, ``pung``, ``kong`` (every kong),
  ``win`` (on a discard) — are not offered, for every tile.
* **immediate wins** (``instant_wins``): at ``after_deal`` / ``after_flowers`` (the opening moments, after
  that moment's reveals) every seat in turn order from the dealer, and at ``flower`` (each flower a seat sets
  aside, during the opening or play) every seat still playing in turn order from that seat, is tested; the
  first seat whose declared condition holds wins at once and the hand ends (``player_wins``). The condition
  is a part-1 expression (scope ``state``) over the seat's tiles: ``held``/``concealed``/``melds``, ``flowers``,
  ``win_tile`` (the tile the win takes: the flipped tile, the flower, else none), ``self_drawn`` (true for
  the seat that set the flower aside, and at the opening moments). ``tile: revealed`` takes the first tile
  flipped at that moment into the hand; ``with_hand: true`` also needs that hand to be a legal win and adds
  what it scores. The win counts ``value`` under its own name, paid as a self-drawn win or, with
  ``paid_as: discard``, by the seat that set the flower aside.

No choice is offered: an immediate win is always taken, so bots never need to know of it.
"""

from __future__ import annotations

from engine import lang, memo, settlement
from engine import tiles as T
from engine.capabilities import register
from engine.fans.hand_facts import WinContext

register("table.reserved_tail", "留牌", "牌墙最后 N 张不摸：剩 N 张时即荒庄（table_events.reserved_tail）", "0.1.0", __name__)
register("table.last_tiles", "最后几张限制", "牌墙最后 N 张时不能吃、碰、杠或点和（table_events.last_tiles）", "0.1.0", __name__)
register("table.instant_wins", "即时和牌", "在声明的时机（发牌后、补花后、补花时）满足条件即和牌并结束本局：抢金、四红中、八仙过海、七抢一（table_events.instant_wins）", "0.1.0", __name__)

#: every tile code: the mask a forbidden action gets in the last-tiles phase
ALL_TILES = (1 << 64) - 1
_COMPILED = memo.table("events.compiled")


def last_tiles_mask(game, action: str) -> int:
    """The tiles ``action`` may not use because the last-tiles phase has begun (0: none)."""
    ev = game.rules.table_events
    if ev.last_tiles and action in ev.last_tiles_forbid and len(game.wall) < ev.last_tiles:
        return ALL_TILES
    return 0


class SeatFacts:
    """What an immediate win's condition reads: the seat's tiles as a win context (no reading)."""

    __slots__ = ("ctx", "tiles", "wild_count", "open_melds")

    def __init__(self, ctx: WinContext):
        self.ctx = ctx
        self.tiles = list(ctx.concealed) + [t for m in ctx.melds for t in m.tiles]
        self.wild_count = ctx.wild_count
        self.open_melds = ctx.open_melds


def compiled_conditions(rules) -> dict:
    """``{index: compiled condition}`` of the file's immediate wins (cached per rule set)."""
    hit = _COMPILED.get(rules)
    if hit is None:
        hit = {i: lang.compile_expression(w.when, lang.BOOL, scope=lang.STATE)
               for i, w in enumerate(rules.table_events.instant_wins) if w.when}
        hit = memo.store(_COMPILED, rules, hit, 64)
    return hit


def condition_problems(rules) -> list:
    """Each immediate win condition that does not compile, as a problem with its field path."""
    from engine.errors import Problem

    out = []
    for i, w in enumerate(rules.table_events.instant_wins):
        if not w.when:
            continue
        try:
            lang.compile_expression(w.when, lang.BOOL, scope=lang.STATE)
        except lang.ExprError as exc:
            out.append(Problem(("table_events", "instant_wins", i, "when"), exc.message, exc.position, exc.hint))
    return out


def _context(game, seat: int, tile: int | None, self_drawn: bool) -> WinContext:
    p = game.players[seat]
    concealed = tuple(t for t in p.hand if not T.is_flower(t)) + (() if tile is None or T.is_flower(tile) else (tile,))
    flowers = tuple(p.flowers) + ((tile,) if tile is not None and T.is_flower(tile) and not self_drawn else ())
    return WinContext(concealed, tuple(p.melds), tile if tile is not None else 0, game.wild_codes,
                      self_drawn=self_drawn, seat=seat, dealer=game.dealer, flowers=flowers,
                      seat_wind=game.seat_wind(seat), round_wind=game.round_wind, streak=game.streak, honba=game.honba,
                      players_in=len(game.active()), indicator=game.indicator, discards=tuple(p.discards),
                      tags=game.tag_items, revealed=game.revealed_items)


def holds(game, index: int, seat: int, tile: int | None, self_drawn: bool) -> bool:
    """Whether the ``index``-th immediate win's condition holds for ``seat`` taking ``tile``."""
    w = game.rules.table_events.instant_wins[index]
    fn = compiled_conditions(game.rules).get(index)
    if fn is not None and not fn.fn(SeatFacts(_context(game, seat, tile, self_drawn))):
        return False
    if w.with_hand:
        return tile is not None and game.win_result(seat, tile, self_drawn=False) is not None
    return True


def at_moment(game, moment: str) -> bool:
    """Test the immediate wins declared for an opening ``moment``; True when one ended the hand."""
    wins = game.rules.table_events.instant_wins
    for i, w in enumerate(wins):
        if w.at != moment:
            continue
        tile = None
        if w.tile == "revealed":
            flipped = game.revealed.get(moment) or ()
            if not flipped:
                continue
            tile = flipped[0]
        for seat in game.seat_order(game.dealer):
            if holds(game, i, seat, tile, True):
                _win(game, i, seat, tile, None, None)
                return True
    return False


def on_flower(game, seat: int, flower: int) -> bool:
    """Test the ``flower`` immediate wins after ``seat`` set ``flower`` aside; True when one ended the hand."""
    for i, w in enumerate(game.rules.table_events.instant_wins):
        if w.at != "flower":
            continue
        for s in game.seat_order(seat):
            if game.players[s].won:
                continue
            tile = flower if w.tile == "flower" and s != seat else None
            if holds(game, i, s, tile, s == seat):
                _win(game, i, s, tile, seat if tile is not None else None,
                     seat if w.paid_as == "discard" and s != seat else None)
                return True
    return False


def _win(game, index: int, seat: int, tile: int | None, owner: int | None, source: int | None) -> None:
    """Record the immediate win of ``seat`` taking ``tile`` (a flower from ``owner``'s pile, else the flipped
    tile), paid by ``source`` (None: as self-drawn), and end the hand."""
    from engine.game.flow import WinInfo

    w = game.rules.table_events.instant_wins[index]
    p = game.players[seat]
    result = game.win_result(seat, tile, self_drawn=False) if w.with_hand else None
    if tile is not None and owner is not None:  # 七抢一: the flower moves to the robber
        game.players[owner].flowers.remove(tile)
        p.flowers.append(tile)
    elif tile is not None:  # the flipped tile joins the hand
        game.set_aside.remove(tile)
        p.hand.append(tile)
    fans = [tuple(f) for f in result.fans] if result is not None else []
    fans.append((w.name, w.value))
    total = (result.total if result is not None else 0) + w.value
    self_drawn = source is None
    active = game.active()
    pay = list(settlement.win_payments(game.rules, seat, total, self_drawn, source, game.dealer, list(active)))
    for s in range(game.n):
        game.payments[s] += pay[s]
    concealed = tuple(t for t in p.hand if not T.is_flower(t))
    win_tile = tile if tile is not None else (concealed[-1] if concealed else 0)
    info = WinInfo(seat, win_tile, self_drawn, source, False, False, False, False, fans,
                   [tuple(d) for d in result.dropped] if result is not None else [], total, pay, concealed,
                   tuple(p.melds), result, tuple(active), instant=w.name)
    game.wins.append(info)
    game._event("win", seat=seat, tile=win_tile, self_drawn=self_drawn, discarder=source, robbing_kong=False,
                fans=info.fans, total=total, payments=pay, fan_total=total, doubled=False, bonuses=[],
                hand=sorted(concealed), melds=[(m.kind, list(m.tiles)) for m in p.melds], instant=w.name)
    game._end("player_wins")


def confirm(game, win) -> str | None:
    """Why a recorded immediate win does not hold (None: it does): its name is declared, a ``with_hand`` win
    is a legal winning hand, and its payments are zero-sum."""
    declared = {w.name: w for w in game.rules.table_events.instant_wins}
    if win.instant not in declared:
        return f"即时和牌 {win.instant} 未在 table_events.instant_wins 中声明"
    if declared[win.instant].with_hand and (win.result is None or not win.result.legal):
        return f"即时和牌 {win.instant} 要求的一手和牌不合规则"
    if sum(win.payments) != 0:
        return f"即时和牌 {win.instant} 的支付不为零和：{win.payments}"
    return None
