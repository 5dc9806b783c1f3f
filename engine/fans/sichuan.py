"""Fans of the 川麻 family: 根 (counted), 金钩钓, and the events 杠上炮, 海底炮 (自摸 is the 国标 one).

The composite fans of the Chengdu table (清对, 龙七对, 清七对, 清龙七对, 将对, 清金钩钓 …)
are not registered here: a rule file declares them with ``composite_of`` (see
:mod:`engine.fans.composite`).
"""

from __future__ import annotations

from engine.fans.hand_facts import HandFacts
from engine.fans.registry import CONDITIONAL, EVENT, FALLBACK, STATE, STRUCTURAL, fan, lookup


def _fours(h: HandFacts) -> int:
    """Tile kinds of which the hand (concealed tiles and melds) holds all four copies."""
    return sum(1 for c in h.counts if c == 4)


def _kongs(h: HandFacts) -> int:
    """Kongs declared (明杠, 加杠, 暗杠)."""
    return sum(1 for m in h.ctx.melds if m.is_kong)


@fan("根", kind=STRUCTURAL, synonyms=("带根",), per="four_of_a_kind", per_also={"kong": _kongs})
def gen(h: HandFacts) -> int:
    """根：计次番，``fan_types[].per`` 声明计次单位时每个单位计一次 ``base_fan``（不写 ``per`` 时有根只计一次）：

    * ``four_of_a_kind``：和牌时手里（暗手加副露）每有一种牌四张齐全算一根，杠（明杠、加杠、暗杠）
      和没有开杠的四张都算（七对里的四张相同也算，所以 龙七对 = 七对 + 根）；
    * ``kong``：只数开出的杠。"""
    return _fours(h)


@fan("金钩钓", kind=STRUCTURAL, synonyms=("金钩胡",))
def jin_gou_diao(h: HandFacts) -> bool:
    """四组面子都已碰或杠出（副露四组），手里只剩一张单钓，和成一对将（标准牌型）。"""
    return h.standard and len(h.ctx.melds) == 4


@fan("杠上炮", kind=EVENT, synonyms=("杠上放炮",))
def gang_shang_pao(h: HandFacts) -> bool:
    """别人开杠、补牌之后打出的那张牌被和（``kong_discard``；点和）。"""
    return h.ctx.kong_discard and not h.ctx.self_drawn


@fan("海底炮", kind=EVENT)
def hai_di_pao(h: HandFacts) -> bool:
    """牌墙最后一张被摸走后，打出的那张牌被和（``last_tile`` 的点和情形）。川麻的 海底捞月 只指自摸最后一张：
    声明两者的文件写 海底炮 ``excludes: [海底捞月]``。"""
    return h.ctx.last_tile and not h.ctx.self_drawn and not h.ctx.robbing_kong


#: kinds that add to a hand type rather than being one (素胡 stays beside them).
_ADDITIONS = (EVENT, STATE, CONDITIONAL)


@fan("素胡", kind=FALLBACK, synonyms=("素番", "基本胡"))
def su_hu(h: HandFacts) -> bool:
    """川麻的 平胡（素番）：没有任何牌型番（结构、特殊牌型、组合番）的和牌。与兜底番 鸡胡 不同，事件、状态、条件番
    和计数番（根）不取代它，而是加在它上面（成都表：平胡 1 + 杠上开花 2 = 3）。加倍计分（``fan_stacking: double``）
    中它就是 ×1 的底，声明为 0 番或不声明都可以。"""
    for name in h.recognized:
        unit = lookup(name)
        if unit is None or not (unit.kind in _ADDITIONS or unit.counted):
            return False
    return True
