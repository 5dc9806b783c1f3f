"""State fans: how the hand was built (what was claimed from others)."""

from __future__ import annotations

from engine.fans.facts import HandFacts
from engine.fans.registry import STATE, fan


@fan("门前清", kind=STATE, guobiao=("门前清", "不求人"))
def men_qian_qing(h: HandFacts) -> bool:
    """No 吃, 碰 or 明杠/加杠 before the win (暗杠 allowed), whether self-drawn or on a discard.

    国标 splits this into 门前清 (on a discard) and 不求人 (self-drawn).
    """
    return h.ctx.open_melds == 0


@fan("全求人", kind=STATE, guobiao=("全求人",))
def quan_qiu_ren(h: HandFacts) -> bool:
    """Four declared open melds (吃, 碰, 明杠; no 暗杠), and the pair completed by another player's discard."""
    ctx = h.ctx
    return not ctx.self_drawn and len(ctx.melds) == 4 and ctx.open_melds == 4
