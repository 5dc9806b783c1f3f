"""亮倒 (卡五星, 湖北): a ready player lays the hand down and plays it locked until it wins.

Published 卡五星 rules (襄阳 / 孝感 / 随州; e.g. https://tianhewen.com/article/46068.html, items 2 and 6):
a player who is ready (听牌) may declare 亮倒; after it the hand may not be changed — only a kong that
leaves the wait unchanged is allowed — and the declarer wins and loses double (the money side is the
``liang_dao`` settlement item, :mod:`engine.settlement_items`); at an exhaustive draw the first declarer
pays every other player. The designer reference (卡五星 §3) adds 包赔: whoever feeds the declarer's
winning tile pays for everyone.

In the flow (:mod:`engine.game.flow`) 亮倒 is the self action ``liang_dao`` whose ``tile`` is the tile
discarded with the declaration: legal for each discard that leaves a ready hand (one with at least one
tile that makes a legal win). The rule file's ``liang_dao`` block says what is laid down
(``expose``: ``all`` the whole concealed hand, or ``wait_tiles``: the tiles that make the wait — a
concealed triplet the wait does not need may stay face down) and which kongs a declarer may still make
(``kongs``: ``keep_wait`` or ``none``). A declarer then only draws and discards the drawn tile, wins,
or makes such a kong; it claims nothing else. Everyone sees the exposed tiles and the waits
(:class:`engine.game.view.SeatInfo`).
"""

from __future__ import annotations

from engine import fans, solver
from engine import tiles as T
from engine.capabilities import register
from engine.game import cache
from engine.melds import PUNG as ANKONG_SET, Meld

#: ``liang_dao.expose`` values and ``liang_dao.kongs`` values.
EXPOSE = ("all", "wait_tiles")
KONGS = ("keep_wait", "none")


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


def exposed_tiles(game, hand: list[int], melds: tuple) -> tuple[int, ...]:
    """What a declaration lays down: the whole concealed ``hand`` (``expose: all``), or without every
    concealed triplet the wait does not need (``wait_tiles``: set aside as a set, the rest waits on the
    same tiles)."""
    rest = sorted(hand)
    if game.rules.liang_dao.expose == "all":
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
        kept = aside + (Meld(ANKONG_SET, (t,) * 3),)
        if tuple(solver.waits(counts, wilds, kept, game.win_shapes, game.rules.tile_kinds)) == waits:
            rest, aside = trial, kept
    return tuple(rest)


def kong_keeps_wait(game, seat: int, hand_after: list[int], melds_after: tuple) -> bool:
    """A declarer's kong is allowed (``kongs: keep_wait``) when the hand left waits on the same tiles."""
    if game.rules.liang_dao.kongs != "keep_wait":
        return False
    return ready_waits(game, seat, hand_after, melds_after) == game.players[seat].waits


register("phase.liang_dao", "亮倒", "听牌后亮倒（self_action: liang_dao）：亮出手牌、锁定手牌只能摸打或不改听口的杠，"
         "其他玩家看得到亮出的牌和听口；结算见结算项 liang_dao（翻倍、包赔、荒庄赔付）", "0.3.0", __name__)
