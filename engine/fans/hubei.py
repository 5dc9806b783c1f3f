"""Fans of the 湖北 games: 卡五星 (the 5 won between 4 and 6, four of a kind kept unkonged; its 龙七对
is the composite 七对 + 根, :mod:`engine.fans.composite`) and 武汉's 开口 (开口翻 / 口口翻)."""

from __future__ import annotations

from engine.fans.hand_facts import HandFacts
from engine.fans.registry import STATE, STRUCTURAL, WAIT, fan


@fan("卡五星", kind=WAIT, synonyms=("夹五星",))
def ka_wu_xing(h: HandFacts) -> bool:
    """和牌张是数牌 5，并且这手牌可以读成用同门的 4 和 6 夹着它：暗手中有一副 4-5-6 顺子（卡五星、
    襄阳 / 孝感玩法；例 4条6条 和 5条）。"""
    win = h.ctx.win_tile
    if win >= 30 or win % 10 != 5 or win in h.ctx.wild_codes:
        return False
    low = win - 1
    return any(g.kind == "chow" and not g.exposed and min(g.tiles) == low for g in h.decomposition.groups)


def _four_held(h: HandFacts) -> list[int]:
    """Tiles of which the winning hand holds all four copies without a kong."""
    konged = {m.tiles[0] for m in h.ctx.melds if m.is_kong}
    return [t for t, c in enumerate(h.counts) if c == 4 and t not in konged]


def _punged(h: HandFacts) -> set[int]:
    return {m.tiles[0] for m in h.ctx.melds if m.kind == "pung"}


@fan("明四归一", kind=STRUCTURAL, per="tile")
def ming_si_gui_yi(h: HandFacts) -> int:
    """碰了一种牌（明刻），第四张也在和牌的手里用上了，没有开杠；每种计一次（卡五星）。"""
    punged = _punged(h)
    return sum(1 for t in _four_held(h) if t in punged)


@fan("暗四归一", kind=STRUCTURAL, per="tile")
def an_si_gui_yi(h: HandFacts) -> int:
    """同一种牌四张都在暗手中（没有碰，也没有开杠），和牌时都用上了；每种计一次（卡五星）。"""
    punged = _punged(h)
    return sum(1 for t in _four_held(h) if t not in punged)


@fan("开口", kind=STATE, synonyms=("开口翻",), per="open_meld")
def kai_kou(h: HandFacts) -> int:
    """开口（武汉）：和牌时有副露——吃、碰、明杠或加杠（暗杠不算开口）。计次番：写 ``per: open_meld`` 时每个副露
    计一次 ``base_fan``（口口翻：加倍计分 ``fan_stacking: double`` 中每开一次口翻一倍），不写 ``per`` 时开了口只计
    一次（开口翻）。付款者自己的副露让他多付，是结算项 ``payer_open_melds``。"""
    return h.open_melds
