"""亮倒 (卡五星, 湖北): a ready player lays the hand down and plays it locked until it wins.

Published 卡五星 rules (襄阳 / 孝感 / 随州; e.g. https://tianhewen.com/article/46068.html, items 2 and 6):
a player who is ready (听牌) may declare 亮倒; after it the hand may not be changed — only a kong that
leaves the wait unchanged is allowed — and the declarer wins and loses double (the money side is the
``liang_dao`` settlement item, :mod:`engine.settlement_items`); at an exhaustive draw the first declarer
pays every other player. The designer reference (卡五星 §3) adds 包赔: whoever feeds the declarer's
winning tile pays for everyone.

亮倒 is one instance of the general declarations (:mod:`engine.game.declarations`): a file listing the self
action ``liang_dao`` plays the declaration ``{name: 亮倒, at: discard, ready: true, locks: hand}`` whose
``kongs`` and ``exposes`` come from the rule file's ``liang_dao`` block (``expose``: ``all`` — the whole
concealed hand, ``exposes: hand`` — or ``wait_tiles``: the tiles that make the wait, a concealed triplet the
wait does not need staying face down; ``kongs``: ``keep_wait`` or ``none``). Its action keeps the name
``liang_dao``; its ``tile`` is the tile discarded with the declaration. A declarer then only draws and
discards the drawn tile, wins, or makes such a kong; it claims nothing else. Everyone sees the exposed tiles
and the waits (:class:`engine.game.view.SeatInfo`).
"""

from __future__ import annotations

from engine.capabilities import register

#: ``liang_dao.expose`` values and ``liang_dao.kongs`` values.
EXPOSE = ("all", "wait_tiles")
KONGS = ("keep_wait", "none")

register("phase.liang_dao", "亮倒", "听牌后亮倒（self_action: liang_dao）：亮出手牌、锁定手牌只能摸打或不改听口的杠，"
         "其他玩家看得到亮出的牌和听口；结算见结算项 liang_dao（翻倍、包赔、荒庄赔付）", "0.3.0", __name__)
