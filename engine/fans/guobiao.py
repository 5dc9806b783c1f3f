"""国标 (中国麻将竞赛规则) fans the other families do not cover: sets combined, kongs, concealed
pungs, winds, waits, tile families, special shapes and the win's circumstances.

Fans made of several sets read :attr:`HandFacts.set_fans`, where :mod:`engine.fans.gbsets`
applies 不得相同 and 套算一次. 不重复 (a fan implied by a bigger one is not counted) is the rule
file's ``excludes``. A fan declared with ``per`` in the rule file counts once per occurrence
(幺九刻 ×2); without it, once.
"""

from __future__ import annotations

from engine.fans.hand_facts import HandFacts
from engine.fans.registry import EVENT, FALLBACK, SPECIAL, STATE, STRUCTURAL, WAIT, fan

_WINDS = (31, 32, 33, 34)
_GREEN = frozenset((12, 13, 14, 16, 18, 36))
_REVERSIBLE = frozenset((12, 14, 15, 16, 18, 19, 21, 22, 23, 24, 25, 28, 29, 37))
_STANDARD_LIKE = ("standard", "double_dragon")
_FIVES = frozenset((5, 15, 25))


def _sets(h: HandFacts, name: str) -> int:
    return h.set_fans.get(name, 0) if h.shape in ("standard", "double_dragon", "knitted_straight") else 0


# -- chows ------------------------------------------------------------------------------------------


@fan("一般高", kind=STRUCTURAL, guobiao=("一般高",), per="chow_pair", reads="set_fans")
def yi_ban_gao(h: HandFacts) -> int:
    """两副同花色、同点数的顺子（如 234万 234万）。按对计：不得相同原则下一副顺子不能与第三副再组成一般高，
    套算一次原则下四副顺子最多组成三对（见 ``engine.fans.gbsets``）。"""
    return _sets(h, "一般高")


@fan("喜相逢", kind=STRUCTURAL, guobiao=("喜相逢",), per="chow_pair", reads="set_fans")
def xi_xiang_feng(h: HandFacts) -> int:
    """两种花色、点数相同的两副顺子（如 345万 345条），按对计。"""
    return _sets(h, "喜相逢")


@fan("连六", kind=STRUCTURAL, guobiao=("连六",), per="chow_pair", reads="set_fans")
def lian_liu(h: HandFacts) -> int:
    """同一花色六张相连的两副顺子（如 123条 456条），按对计。"""
    return _sets(h, "连六")


@fan("老少副", kind=STRUCTURAL, guobiao=("老少副",), per="chow_pair", reads="set_fans")
def lao_shao_fu(h: HandFacts) -> int:
    """同一花色的 123 与 789 两副顺子，按对计。"""
    return _sets(h, "老少副")


@fan("清龙", kind=STRUCTURAL, synonyms=("一条龙",), guobiao=("清龙",), reads="set_fans")
def qing_long(h: HandFacts) -> bool:
    """同一花色 123、456、789 三副顺子（一条龙）。第四副顺子可与其中一副再计一次两顺番（套算一次）。"""
    return _sets(h, "清龙") > 0


@fan("花龙", kind=STRUCTURAL, guobiao=("花龙",), reads="set_fans")
def hua_long(h: HandFacts) -> bool:
    """三种花色各一副顺子，分别是 123、456、789（如 123万 456条 789筒）。"""
    return _sets(h, "花龙") > 0


@fan("三色三同顺", kind=STRUCTURAL, guobiao=("三色三同顺",), reads="set_fans")
def san_se_san_tong_shun(h: HandFacts) -> bool:
    """三种花色点数相同的三副顺子。"""
    return _sets(h, "三色三同顺") > 0


@fan("三色三步高", kind=STRUCTURAL, guobiao=("三色三步高",), reads="set_fans")
def san_se_san_bu_gao(h: HandFacts) -> bool:
    """三种花色的三副顺子，起点依次递增一位（如 234万 345条 456筒）。"""
    return _sets(h, "三色三步高") > 0


@fan("一色三同顺", kind=STRUCTURAL, guobiao=("一色三同顺",), reads="set_fans", prefer_on_tie=True)
def yi_se_san_tong_shun(h: HandFacts) -> bool:
    """同一花色三副相同的顺子。"""
    return _sets(h, "一色三同顺") > 0


@fan("一色三步高", kind=STRUCTURAL, guobiao=("一色三步高",), reads="set_fans")
def yi_se_san_bu_gao(h: HandFacts) -> bool:
    """同一花色三副顺子，起点依次递增一位或依次递增两位（如 123 234 345 或 135 起点的 123 345 567）。"""
    return _sets(h, "一色三步高") > 0


@fan("一色四步高", kind=STRUCTURAL, guobiao=("一色四步高",), reads="set_fans")
def yi_se_si_bu_gao(h: HandFacts) -> bool:
    """同一花色四副顺子，起点依次递增一位或依次递增两位。"""
    return _sets(h, "一色四步高") > 0


@fan("三色双龙会", kind=STRUCTURAL, guobiao=("三色双龙会",))
def san_se_shuang_long_hui(h: HandFacts) -> bool:
    """两种花色各有 123 与 789 两副顺子（老少副），第三种花色的 5 作将。"""
    p = h.pair
    if not (h.shape in _STANDARD_LIKE and len(h.chows) == 4 and 0 < p < 30 and p % 10 == 5):
        return False
    others = [s for s in range(3) if s != p // 10]
    return sorted(h.chows) == sorted(s * 10 + r for s in others for r in (1, 7))


# -- pungs and kongs -------------------------------------------------------------------------------


@fan("幺九刻", kind=STRUCTURAL, guobiao=("幺九刻",), per="pung")
def yao_jiu_ke(h: HandFacts) -> int:
    """数牌 1、9 或风牌的刻子（杠），每副计一次。计作圈风刻、门风刻或三风刻的风刻不再计幺九刻；箭牌刻子计箭刻。
    九莲宝灯 已含一副幺九刻（1112345678999 的两端），少计一副。"""
    n = _sets(h, "幺九刻")
    if n and jiu_lian_bao_deng(h):
        n -= 1
    return n


@fan("箭刻", kind=STRUCTURAL, guobiao=("箭刻",), per="pung", reads="set_fans")
def jian_ke(h: HandFacts) -> int:
    """中、发、白的刻子（杠），每副计一次。"""
    return _sets(h, "箭刻")


@fan("双箭刻", kind=STRUCTURAL, guobiao=("双箭刻",), reads="set_fans")
def shuang_jian_ke(h: HandFacts) -> bool:
    """两副箭牌刻子（杠）。"""
    return _sets(h, "双箭刻") > 0


@fan("圈风刻", kind=STRUCTURAL, guobiao=("圈风刻",), reads="set_fans")
def quan_feng_ke(h: HandFacts) -> bool:
    """与圈风（``WinContext.round_wind``）相同的风牌刻子（杠）。"""
    return _sets(h, "圈风刻") > 0


@fan("门风刻", kind=STRUCTURAL, guobiao=("门风刻",), reads="set_fans")
def men_feng_ke(h: HandFacts) -> bool:
    """与本家门风（``WinContext.own_wind``）相同的风牌刻子（杠）。"""
    return _sets(h, "门风刻") > 0


@fan("三风刻", kind=STRUCTURAL, guobiao=("三风刻",), reads="set_fans")
def san_feng_ke(h: HandFacts) -> bool:
    """三副风牌刻子（杠）；第四种风作将时是小四喜。"""
    return _sets(h, "三风刻") > 0


@fan("双同刻", kind=STRUCTURAL, guobiao=("双同刻",), per="pung_pair", reads="set_fans")
def shuang_tong_ke(h: HandFacts) -> int:
    """两种花色点数相同的两副刻子（杠），按对计。"""
    return _sets(h, "双同刻")


@fan("三同刻", kind=STRUCTURAL, guobiao=("三同刻",), reads="set_fans", prefer_on_tie=True)
def san_tong_ke(h: HandFacts) -> bool:
    """三种花色点数相同的三副刻子（杠）。"""
    return _sets(h, "三同刻") > 0


@fan("三色三节高", kind=STRUCTURAL, guobiao=("三色三节高",), reads="set_fans")
def san_se_san_jie_gao(h: HandFacts) -> bool:
    """三种花色的三副刻子，点数依次递增一位。"""
    return _sets(h, "三色三节高") > 0


@fan("一色三节高", kind=STRUCTURAL, guobiao=("一色三节高",), reads="set_fans")
def yi_se_san_jie_gao(h: HandFacts) -> bool:
    """同一花色点数依次递增一位的三副刻子。"""
    return _sets(h, "一色三节高") > 0


@fan("一色四节高", kind=STRUCTURAL, guobiao=("一色四节高",), reads="set_fans")
def yi_se_si_jie_gao(h: HandFacts) -> bool:
    """同一花色点数依次递增一位的四副刻子。"""
    return _sets(h, "一色四节高") > 0


@fan("双暗刻", kind=STRUCTURAL, guobiao=("双暗刻",), reads="set_fans")
def shuang_an_ke(h: HandFacts) -> bool:
    """两副暗刻（手中自成的刻子与暗杠）。点和时和牌张只能凑成刻子的那副算明刻。"""
    return _sets(h, "双暗刻") > 0


@fan("三暗刻", kind=STRUCTURAL, guobiao=("三暗刻",), reads="set_fans")
def san_an_ke(h: HandFacts) -> bool:
    """三副暗刻（含暗杠）。"""
    return _sets(h, "三暗刻") > 0


@fan("四暗刻", kind=STRUCTURAL, guobiao=("四暗刻",), reads="set_fans")
def si_an_ke(h: HandFacts) -> bool:
    """四副暗刻（含暗杠）。四暗刻已含门前清，自摸时只加计 自摸。"""
    return _sets(h, "四暗刻") > 0


@fan("明杠", kind=STRUCTURAL, guobiao=("明杠",), reads="set_fans")
def ming_gang(h: HandFacts) -> bool:
    """恰有一个杠，是明杠（直杠或加杠）。"""
    return _sets(h, "明杠") > 0


@fan("暗杠", kind=STRUCTURAL, guobiao=("暗杠",), reads="set_fans")
def an_gang(h: HandFacts) -> bool:
    """恰有一个杠，是暗杠。"""
    return _sets(h, "暗杠") > 0


@fan("双明杠", kind=STRUCTURAL, guobiao=("双明杠",), reads="set_fans")
def shuang_ming_gang(h: HandFacts) -> bool:
    """恰有两个杠，都是明杠。"""
    return _sets(h, "双明杠") > 0


@fan("明暗杠", kind=STRUCTURAL, guobiao=("明暗杠",), reads="set_fans")
def ming_an_gang(h: HandFacts) -> bool:
    """恰有两个杠，一明一暗。"""
    return _sets(h, "明暗杠") > 0


@fan("双暗杠", kind=STRUCTURAL, guobiao=("双暗杠",), reads="set_fans")
def shuang_an_gang(h: HandFacts) -> bool:
    """恰有两个杠，都是暗杠。"""
    return _sets(h, "双暗杠") > 0


@fan("三杠", kind=STRUCTURAL, guobiao=("三杠",), reads="set_fans")
def san_gang(h: HandFacts) -> bool:
    """三个杠（明暗不限）。"""
    return _sets(h, "三杠") > 0


@fan("四杠", kind=STRUCTURAL, guobiao=("四杠",), reads="set_fans")
def si_gang(h: HandFacts) -> bool:
    """四个杠（明暗不限）。"""
    return _sets(h, "四杠") > 0


# -- tiles -------------------------------------------------------------------------------------------


@fan("四归一", kind=STRUCTURAL, guobiao=("四归一",), per="tile")
def si_gui_yi(h: HandFacts) -> int:
    """同一种牌四张都在和牌的手中（暗手与副露），但没有开杠；每种计一次。"""
    n = h.counts.count(4)
    if n:
        n -= sum(1 for m in h.ctx.melds if m.is_kong)
    return max(n, 0)


@fan("全带五", kind=STRUCTURAL, guobiao=("全带五",))
def quan_dai_wu(h: HandFacts) -> bool:
    """标准和牌型，每副面子和将牌都含数牌 5。"""
    if h.shape not in _STANDARD_LIKE or not 0 < h.pair < 30 or h.pair % 10 != 5:
        return False
    for g in h.sets:
        if _FIVES.isdisjoint(g.tiles):
            return False
    return True


@fan("推不倒", kind=STRUCTURAL, guobiao=("推不倒",))
def tui_bu_dao(h: HandFacts) -> bool:
    """所有牌都是图案上下对称的牌：1234589筒、245689条、白板。"""
    return _REVERSIBLE.issuperset(h.tiles)


@fan("绿一色", kind=STRUCTURAL, guobiao=("绿一色",))
def lv_yi_se(h: HandFacts) -> bool:
    """所有牌都是 23468条 与 发。"""
    return _GREEN.issuperset(h.tiles)


@fan("清幺九", kind=STRUCTURAL, guobiao=("清幺九",))
def qing_yao_jiu(h: HandFacts) -> bool:
    """所有牌都是数牌的 1 和 9（没有字牌）。"""
    return h.honors == 0 and not h.ranks & ~0b1000000010


# -- special shapes ----------------------------------------------------------------------------------


@fan("九莲宝灯", kind=SPECIAL, guobiao=("九莲宝灯",))
def jiu_lian_bao_deng(h: HandFacts) -> bool:
    """门前清，同一花色和牌前为 1112345678999，和该花色任意一张。"""
    ctx = h.ctx
    if ctx.melds or h.honors or len(h.suits) != 1 or len(h.tiles) != 14:
        return False
    suit = next(iter(h.suits)) * 10
    c = h.counts
    before = [c[suit + r] - (1 if suit + r == ctx.win_tile else 0) for r in range(1, 10)]
    return before == [3, 1, 1, 1, 1, 1, 1, 1, 3]


@fan("七星不靠", kind=SPECIAL, guobiao=("七星不靠",))
def qi_xing_bu_kao(h: HandFacts) -> bool:
    """全不靠中七种字牌齐全，另有组合龙中的七张数牌。"""
    return h.shape == "honors_knitted" and h.honors == 7


@fan("组合龙", kind=SPECIAL, guobiao=("组合龙",))
def zu_he_long(h: HandFacts) -> bool:
    """三种花色的 147、258、369 九张牌组成的组合龙：组合龙加一副面子一对将，或九张俱全的全不靠。"""
    if h.shape == "knitted_straight":
        return True
    return h.shape == "honors_knitted" and h.honors == 5


# -- how the hand was won ----------------------------------------------------------------------------


@fan("不求人", kind=STATE, guobiao=("不求人",))
def bu_qiu_ren(h: HandFacts) -> bool:
    """四面子一将（含组合龙）的和牌，没有吃、碰、明杠（暗杠可以），并且自摸。

    不求人 = 门前清 + 自摸：已不计门前清的四暗刻、九莲宝灯 自摸时只计 自摸；七对等特殊牌型自摸计 自摸。"""
    if not h.ctx.self_drawn or h.open_melds:
        return False
    if h.shape not in ("standard", "double_dragon", "knitted_straight"):
        return False
    return not (_sets(h, "四暗刻") or jiu_lian_bao_deng(h))


@fan("自摸", kind=STATE, guobiao=("自摸",))
def zi_mo(h: HandFacts) -> bool:
    """自己摸到和牌张。（川麻自摸加番的玩法也声明这一番；自摸加底写在 ``scoring.doubling.self_draw``。）"""
    return h.ctx.self_drawn


@fan("和绝张", kind=EVENT, guobiao=("和绝张",))
def he_jue_zhang(h: HandFacts) -> bool:
    """和牌张是这种牌的最后一张：另外三张已经亮明（弃牌、副露，``WinContext.fourth_tile``）。
    副露中已有三张和牌张时一定是绝张；手中已有同样的牌时不是。"""
    ctx = h.ctx
    win = ctx.win_tile
    if ctx.melds and sum([m.tiles.count(win) for m in ctx.melds]) == 3:
        return True
    return ctx.fourth_tile and ctx.concealed.count(win) == 1


@fan("妙手回春", kind=EVENT, guobiao=("妙手回春",))
def miao_shou_hui_chun(h: HandFacts) -> bool:
    """自摸牌墙上的最后一张牌和牌（``last_tile`` 且自摸）。"""
    return h.ctx.last_tile and h.ctx.self_drawn


@fan("花牌", kind=EVENT, guobiao=("花牌",), per="flower", toward_min_fan=False)
def hua_pai(h: HandFacts) -> int:
    """每张花牌（开局与行牌中补出的春夏秋冬梅兰竹菊）计一次；通常声明 ``toward_min_fan: false``，不计入起和番。"""
    return len(h.ctx.flowers)


# -- waits -------------------------------------------------------------------------------------------


@fan("边张", kind=WAIT, guobiao=("独听・边张",), reads="set_fans")
def bian_zhang(h: HandFacts) -> bool:
    """只听一张牌（独听），且和牌张在顺子的边上：12 和 3、89 和 7。三种听法同时成立时只计一种（边张、坎张、单钓将依次）。"""
    return _sets(h, "边张") > 0


@fan("坎张", kind=WAIT, synonyms=("嵌张",), guobiao=("独听・嵌张",), reads="set_fans")
def kan_zhang(h: HandFacts) -> bool:
    """只听一张牌，且和牌张在顺子中间（如 46 和 5）。"""
    return _sets(h, "坎张") > 0


@fan("单钓将", kind=WAIT, guobiao=("独听・单钓",), reads="set_fans")
def dan_diao_jiang(h: HandFacts) -> bool:
    """只听一张牌，且和牌张与手中一张单牌成将。"""
    return _sets(h, "单钓将") > 0


# -- nothing else ------------------------------------------------------------------------------------


@fan("无番和", kind=FALLBACK, guobiao=("无番和",))
def wu_fan_he(h: HandFacts) -> bool:
    """和牌后除花牌外数不出任何番（规则文件声明的其他番都没有识别到）。"""
    return not h.recognized or h.recognized <= _FLOWER_NAMES


_FLOWER_NAMES = frozenset(("花牌",))
