"""Structural fans: decided by the tiles and the sets of one decomposition.

"All tiles" always means the concealed tiles plus every declared meld, with wild
tiles counted as what they stand for. Flowers are never part of the hand.
"""

from __future__ import annotations

from engine.fans.hand_facts import HandFacts
from engine.fans.registry import STRUCTURAL, fan

_WINDS = (31, 32, 33, 34)
_DRAGONS = (35, 36, 37)


def _ranks_within(h: HandFacts, allowed: int) -> bool:
    """Every tile is suited and its rank is in ``allowed`` (a rank bit mask, see :func:`_mask`)."""
    return h.honors == 0 and not h.ranks & ~allowed


def _mask(*ranks: int) -> int:
    """Bit mask of suited ranks (bit r for rank r), as ``HandFacts.ranks``."""
    return sum(1 << r for r in ranks)


_TERMINALS = _mask(1, 9)
_R258 = _mask(2, 5, 8)
_SIMPLES = _mask(*range(2, 9))
_R789 = _mask(7, 8, 9)
_R456 = _mask(4, 5, 6)
_R123 = _mask(1, 2, 3)
_EVEN = _mask(2, 4, 6, 8)
_R6789 = _mask(6, 7, 8, 9)
_R1234 = _mask(1, 2, 3, 4)
#: tile codes that are a terminal (1, 9) or an honor
_YAOJIU = frozenset(t for t in range(100) if t > 30 or t % 10 in (1, 9))


@fan("清一色", kind=STRUCTURAL, synonyms=("清一门",), guobiao=("清一色",))
def qing_yi_se(h: HandFacts) -> bool:
    """所有牌（暗手加副露，癞子按所代表的牌计）都是同一门数牌（万、条或筒），没有字牌。"""
    return h.honors == 0 and len(h.suits) == 1


@fan("混一色", kind=STRUCTURAL, synonyms=("混一门", "凑一色"), guobiao=("混一色",))
def hun_yi_se(h: HandFacts) -> bool:
    """数牌只有一门，且至少有一张字牌。"""
    return h.honors > 0 and len(h.suits) == 1


@fan("字一色", kind=STRUCTURAL, guobiao=("字一色",))
def zi_yi_se(h: HandFacts) -> bool:
    """所有牌都是字牌（风牌、箭牌），任何和牌型均可。"""
    return not h.suits


@fan("对对胡", kind=STRUCTURAL, synonyms=("碰碰胡", "碰碰和", "对对和", "大对子"), guobiao=("碰碰和",))
def dui_dui_hu(h: HandFacts) -> bool:
    """标准和牌型（四组面子加一对将；16 张玩法五组面子加一对将），每组面子都是刻子或杠（暗的、碰的、杠的都算）。"""
    return h.standard and len(h.pungs) == len(h.sets)


@fan("七对", kind=STRUCTURAL, synonyms=("暗七对", "七小对", "小七对", "七对子"), guobiao=("七对",))
def qi_dui(h: HandFacts) -> bool:
    """七对牌型：十四张暗手组成七个对子；四张相同的牌算两对。

    七对不可能有副露，所以一定是暗的（同义名 暗七对）。"""
    return h.shape == "seven_pairs"


@fan("将一色", kind=STRUCTURAL, synonyms=("将将胡", "全将"))
def jiang_yi_se(h: HandFacts) -> bool:
    """所有牌都是数牌的 2、5、8，任何和牌型均可。

    写作 将将胡（长沙）时还打开 将将胡 牌型（``meldsolver.all_258``）：十四张（含副露）全是 2/5/8
    就能和，不要求组成面子和将；同一手牌能读成标准牌型时另有 碰碰胡 等照常计。

    国标的 全将 还要求刻子；PyMahjongGB 1.4.0 不报告 全将，所以本番没有对照。"""
    return _ranks_within(h, _R258)


@fan("带幺九", kind=STRUCTURAL, synonyms=("全带幺",), guobiao=("全带幺",))
def dai_yao_jiu(h: HandFacts) -> bool:
    """标准和牌型，每组面子和将牌都含幺九牌（数牌 1、9）或字牌。"""
    if not h.standard:
        return False
    for g in h.sets:
        if _YAOJIU.isdisjoint(g.tiles):
            return False
    p = h.pair
    return p > 30 or p % 10 in (1, 9)


@fan("混幺九", kind=STRUCTURAL, guobiao=("混幺九",))
def hun_yao_jiu(h: HandFacts) -> bool:
    """所有牌都是幺九牌或字牌，两种都至少一张；刻子加将、七对等牌型均可。十三幺也满足此条件，规则文件用 excludes 排除。

    广东、香港的规则页常把本番简写作“幺九”（与清一色同为 6 番）；“幺九”不是同义名（川麻说的“幺九”是带幺九），
    离线起草按描述有没有字牌决定它指哪个番型。"""
    return h.honors > 0 and h.honors < len(h.tiles) and not h.ranks & ~_TERMINALS


@fan("缺一门", kind=STRUCTURAL, guobiao=("缺一门",))
def que_yi_men(h: HandFacts) -> bool:
    """万、条、筒三门中恰好出现两门（字牌不限）。只有一门是 清一色/混一色，不算本番。

    这是番型；“缺一门”作为和牌条件是 ``win_condition.must_miss_suit``。"""
    return len(h.suits) == 2


@fan("无字", kind=STRUCTURAL, guobiao=("无字",))
def wu_zi(h: HandFacts) -> bool:
    """整手牌没有字牌。"""
    return h.honors == 0


@fan("平胡", kind=STRUCTURAL, synonyms=("平和",), guobiao=("平和",))
def ping_hu(h: HandFacts) -> bool:
    """四副顺子加一对数牌将（国标 平和；16 张玩法五副顺子）；组合龙手牌中组合龙算三副顺子，所以 组合龙 + 一副顺子 + 数牌将 也是平胡。

    带刻子的普通和牌不是平胡；要给基本和牌计番的玩法声明兜底番 鸡胡。"""
    if not 0 < h.pair < 30:
        return False
    if h.standard:
        return len(h.chows) == len(h.sets)
    return h.shape == "knitted_straight" and len(h.chows) == 1 and not h.pungs


@fan("断幺九", kind=STRUCTURAL, synonyms=("断幺", "断一九"), guobiao=("断幺",))
def duan_yao_jiu(h: HandFacts) -> bool:
    """所有牌都是数牌 2-8：没有幺九牌，没有字牌。"""
    return _ranks_within(h, _SIMPLES)


@fan("全大", kind=STRUCTURAL, guobiao=("全大",))
def quan_da(h: HandFacts) -> bool:
    """所有牌都是数牌 7、8、9，任何和牌型均可。"""
    return _ranks_within(h, _R789)


@fan("全中", kind=STRUCTURAL, guobiao=("全中",))
def quan_zhong(h: HandFacts) -> bool:
    """所有牌都是数牌 4、5、6，任何和牌型均可。"""
    return _ranks_within(h, _R456)


@fan("全小", kind=STRUCTURAL, guobiao=("全小",))
def quan_xiao(h: HandFacts) -> bool:
    """所有牌都是数牌 1、2、3，任何和牌型均可。"""
    return _ranks_within(h, _R123)


@fan("全双", kind=STRUCTURAL, synonyms=("全双刻",), guobiao=("全双刻",))
def quan_shuang(h: HandFacts) -> bool:
    """标准和牌型，所有牌都是偶数数牌（2、4、6、8）。

    顺子不可能全是偶数，所以就是四组刻子/杠加将（国标 全双刻）；七个偶数对子不算。"""
    return h.standard and _ranks_within(h, _EVEN)


@fan("大于五", kind=STRUCTURAL, guobiao=("大于五",))
def da_yu_wu(h: HandFacts) -> bool:
    """所有牌都是数牌 6、7、8、9，任何和牌型均可。"""
    return _ranks_within(h, _R6789)


@fan("小于五", kind=STRUCTURAL, guobiao=("小于五",))
def xiao_yu_wu(h: HandFacts) -> bool:
    """所有牌都是数牌 1、2、3、4，任何和牌型均可。"""
    return _ranks_within(h, _R1234)


def _honor_sets(h: HandFacts, honors: tuple[int, ...]) -> int:
    return sum(1 for t in h.pungs if t in honors)


@fan("大四喜", kind=STRUCTURAL, guobiao=("大四喜",))
def da_si_xi(h: HandFacts) -> bool:
    """标准和牌型，东南西北四种风牌都是刻子或杠。"""
    return h.standard and h.winds >= 12 and _honor_sets(h, _WINDS) == 4


@fan("小四喜", kind=STRUCTURAL, guobiao=("小四喜",))
def xiao_si_xi(h: HandFacts) -> bool:
    """标准和牌型，三种风牌是刻子或杠，第四种风牌作将。"""
    return h.standard and h.winds >= 11 and _honor_sets(h, _WINDS) == 3 and h.pair in _WINDS


@fan("大三元", kind=STRUCTURAL, guobiao=("大三元",))
def da_san_yuan(h: HandFacts) -> bool:
    """标准和牌型，中、发、白三种箭牌都是刻子或杠。"""
    return h.standard and h.dragons >= 9 and _honor_sets(h, _DRAGONS) == 3


@fan("小三元", kind=STRUCTURAL, guobiao=("小三元",))
def xiao_san_yuan(h: HandFacts) -> bool:
    """标准和牌型，两种箭牌是刻子或杠，第三种箭牌作将。"""
    return h.standard and h.dragons >= 8 and _honor_sets(h, _DRAGONS) == 2 and h.pair in _DRAGONS


@fan("一色四同顺", kind=STRUCTURAL, guobiao=("一色四同顺",))
def yi_se_si_tong_shun(h: HandFacts) -> bool:
    """标准和牌型，四组面子是同一副顺子（例如四副 234万）。"""
    c = h.chows
    return h.standard and len(c) == 4 and c[0] == c[1] == c[2] == c[3]


@fan("五门齐", kind=STRUCTURAL, guobiao=("五门齐",))
def wu_men_qi(h: HandFacts) -> bool:
    """五门齐全：万、条、筒都有，且至少一张风牌、一张箭牌。"""
    return len(h.suits) == 3 and h.winds > 0 and h.dragons > 0
