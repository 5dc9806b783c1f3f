"""Event fans: decided by flags the game flow sets on the win."""

from __future__ import annotations

from engine.fans.facts import HandFacts
from engine.fans.registry import EVENT, fan


@fan("杠上开花", kind=EVENT, synonyms=("杠上花",), guobiao=("杠上开花",))
def gang_shang_kai_hua(h: HandFacts) -> bool:
    """开杠后补摸的牌自摸和牌（``kong_replacement``）。"""
    return h.ctx.kong_replacement and h.ctx.self_drawn


@fan("海底捞月", kind=EVENT, guobiao=("海底捞月",))
def hai_di_lao_yue(h: HandFacts) -> bool:
    """和牌墙最后一张牌（``last_tile``）：自摸最后一张，或和紧接其后打出的那张牌。

    国标把自摸的情形另计 妙手回春（规则文件用 妙手回春 excludes 海底捞月）。"""
    return h.ctx.last_tile


@fan("抢杠胡", kind=EVENT, synonyms=("抢杠和",), guobiao=("抢杠和",))
def qiang_gang_hu(h: HandFacts) -> bool:
    """和别人加杠时补上的那张牌（``robbing_kong``）。"""
    return h.ctx.robbing_kong and not h.ctx.self_drawn


@fan("天胡", kind=EVENT)
def tian_hu(h: HandFacts) -> bool:
    """庄家用起手十四张直接和牌，尚未打出任何牌（``first_turn`` 且 座位 = 庄家）。"""
    ctx = h.ctx
    return ctx.first_turn and ctx.seat == ctx.dealer


@fan("地胡", kind=EVENT)
def di_hu(h: HandFacts) -> bool:
    """闲家在第一巡内、没有任何吃碰杠之前和牌（``first_turn`` 且 座位 ≠ 庄家）：自摸第一张，或和庄家打出的第一张。"""
    ctx = h.ctx
    return ctx.first_turn and ctx.seat != ctx.dealer
