"""State fans: how the hand was built (what was claimed from others)."""

from __future__ import annotations

from engine.fans.facts import HandFacts
from engine.fans.registry import STATE, fan


@fan("门前清", kind=STATE, synonyms=("门清",), guobiao=("门前清",))
def men_qian_qing(h: HandFacts) -> bool:
    """和牌前没有吃、碰、明杠/加杠（暗杠可以），自摸或点和都算。

    国标另有 不求人（门前清且自摸），规则文件用 不求人 excludes 门前清。"""
    return h.open_melds == 0


@fan("全求人", kind=STATE, guobiao=("全求人",))
def quan_qiu_ren(h: HandFacts) -> bool:
    """四组副露都是明的（吃、碰、明杠；没有暗杠），并且和别人打出的牌单钓将。"""
    ctx = h.ctx
    return not ctx.self_drawn and len(ctx.melds) == 4 and h.open_melds == 4
