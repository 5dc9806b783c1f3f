"""Event fans: decided by flags the game flow sets on the win."""

from __future__ import annotations

from engine.fans.facts import HandFacts
from engine.fans.registry import EVENT, fan


@fan("杠上开花", kind=EVENT, guobiao=("杠上开花",))
def gang_shang_kai_hua(h: HandFacts) -> bool:
    """Self-drawn win on the replacement tile drawn after a kong (``kong_replacement``)."""
    return h.ctx.kong_replacement and h.ctx.self_drawn


@fan("海底捞月", kind=EVENT, guobiao=("海底捞月", "妙手回春"))
def hai_di_lao_yue(h: HandFacts) -> bool:
    """Win on the last tile of the wall (``last_tile``): drawing it, or on the discard that follows it.

    国标 names the self-drawn case 妙手回春 and the discard case 海底捞月.
    """
    return h.ctx.last_tile


@fan("抢杠胡", kind=EVENT, synonyms=("抢杠和",), guobiao=("抢杠和",))
def qiang_gang_hu(h: HandFacts) -> bool:
    """Win on the tile another player adds to a pung to make a kong (``robbing_kong``)."""
    return h.ctx.robbing_kong and not h.ctx.self_drawn


@fan("天胡", kind=EVENT)
def tian_hu(h: HandFacts) -> bool:
    """The dealer wins with the dealt fourteen tiles, before any discard (``first_turn``, seat = dealer)."""
    ctx = h.ctx
    return ctx.first_turn and ctx.seat == ctx.dealer


@fan("地胡", kind=EVENT)
def di_hu(h: HandFacts) -> bool:
    """A non-dealer wins in the first go-round, before any claim (``first_turn``, seat ≠ dealer):
    on their first draw or on the dealer's first discard."""
    ctx = h.ctx
    return ctx.first_turn and ctx.seat != ctx.dealer
