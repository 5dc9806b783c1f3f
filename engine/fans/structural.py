"""Structural fans: decided by the tiles and the sets of one decomposition.

"All tiles" always means the concealed tiles plus every declared meld, with wild
tiles counted as what they stand for. Flowers are never part of the hand.
"""

from __future__ import annotations

from engine.fans.facts import HandFacts
from engine.fans.registry import STRUCTURAL, fan

_WINDS = (31, 32, 33, 34)
_DRAGONS = (35, 36, 37)


def _ranks_within(h: HandFacts, allowed: frozenset[int]) -> bool:
    """Every tile is suited and its rank is in ``allowed``."""
    return h.honors == 0 and all(t % 10 in allowed for t in h.tiles)


@fan("清一色", kind=STRUCTURAL, guobiao=("清一色",))
def qing_yi_se(h: HandFacts) -> bool:
    """All tiles belong to one suit (万, 条 or 筒); no honors."""
    return h.honors == 0 and len(h.suits) == 1


@fan("混一色", kind=STRUCTURAL, guobiao=("混一色",))
def hun_yi_se(h: HandFacts) -> bool:
    """Tiles of exactly one suit plus at least one honor tile."""
    return h.honors > 0 and len(h.suits) == 1


@fan("字一色", kind=STRUCTURAL, guobiao=("字一色",))
def zi_yi_se(h: HandFacts) -> bool:
    """Every tile is an honor (winds and dragons), in any winning shape."""
    return not h.suits


@fan("对对胡", kind=STRUCTURAL, synonyms=("碰碰胡", "碰碰和"), guobiao=("碰碰和",))
def dui_dui_hu(h: HandFacts) -> bool:
    """Standard shape whose four sets are all pungs or kongs (concealed or declared), plus the pair."""
    return h.standard and len(h.pungs) == 4


@fan("七对", kind=STRUCTURAL, synonyms=("暗七对",), guobiao=("七对",))
def qi_dui(h: HandFacts) -> bool:
    """Seven-pairs shape: fourteen concealed tiles as seven pairs; four of a kind counts as two pairs.

    No declared meld is possible, so every 七对 is concealed (hence the synonym 暗七对).
    """
    return h.shape == "seven_pairs"


@fan("将一色", kind=STRUCTURAL)
def jiang_yi_se(h: HandFacts) -> bool:
    """Every tile is a 2, 5 or 8 of a suit, in any winning shape (长沙's 将将胡 as a fan).

    国标's 全将 requires pungs; PyMahjongGB 1.4.0 does not report 全将 at all, so
    this fan has no oracle counterpart.
    """
    return _ranks_within(h, frozenset((2, 5, 8)))


@fan("带幺九", kind=STRUCTURAL, synonyms=("全带幺",), guobiao=("全带幺",))
def dai_yao_jiu(h: HandFacts) -> bool:
    """Standard shape in which every set and the pair contain a terminal (1 or 9) or an honor."""
    if not h.standard:
        return False
    for g in h.sets:
        if not any(t > 30 or t % 10 in (1, 9) for t in g.tiles):
            return False
    p = h.pair
    return p > 30 or p % 10 in (1, 9)


@fan("混幺九", kind=STRUCTURAL, guobiao=("混幺九",))
def hun_yao_jiu(h: HandFacts) -> bool:
    """Every tile is a terminal or an honor, with at least one of each, in any winning shape
    (pungs + pair, seven pairs). 十三幺 also meets this; rule files exclude it there."""
    return h.honors > 0 and h.honors < len(h.tiles) and all(t > 30 or t % 10 in (1, 9) for t in h.tiles)


@fan("缺一门", kind=STRUCTURAL, guobiao=("缺一门",))
def que_yi_men(h: HandFacts) -> bool:
    """Exactly two of the three suits appear (honors allowed). One suit alone is 清一色/混一色, not this.

    This is the fan; the winning *condition* 缺一门 is ``win_condition.must_miss_suit``.
    """
    return len(h.suits) == 2


@fan("无字", kind=STRUCTURAL, guobiao=("无字",))
def wu_zi(h: HandFacts) -> bool:
    """No honor tile anywhere in the hand."""
    return h.honors == 0


@fan("平胡", kind=STRUCTURAL, synonyms=("平和",), guobiao=("平和",))
def ping_hu(h: HandFacts) -> bool:
    """Four chows and a pair of suited tiles (the 国标 平和); in a 组合龙 hand the knitted
    straight counts as three chows, so 组合龙 + one chow + a suited pair is also 平胡.

    A plain win with pungs is not 平胡; variants that pay a basic win declare 鸡胡.
    """
    if not 0 < h.pair < 30:
        return False
    if h.standard:
        return len(h.chows) == 4
    return h.shape == "knitted_straight" and len(h.chows) == 1 and not h.pungs


@fan("断幺九", kind=STRUCTURAL, guobiao=("断幺",))
def duan_yao_jiu(h: HandFacts) -> bool:
    """Every tile is a suited 2-8: no terminal, no honor."""
    return _ranks_within(h, frozenset(range(2, 9)))


@fan("全大", kind=STRUCTURAL, guobiao=("全大",))
def quan_da(h: HandFacts) -> bool:
    """Every tile is a suited 7, 8 or 9, in any winning shape."""
    return _ranks_within(h, frozenset((7, 8, 9)))


@fan("全中", kind=STRUCTURAL, guobiao=("全中",))
def quan_zhong(h: HandFacts) -> bool:
    """Every tile is a suited 4, 5 or 6, in any winning shape."""
    return _ranks_within(h, frozenset((4, 5, 6)))


@fan("全小", kind=STRUCTURAL, guobiao=("全小",))
def quan_xiao(h: HandFacts) -> bool:
    """Every tile is a suited 1, 2 or 3, in any winning shape."""
    return _ranks_within(h, frozenset((1, 2, 3)))


@fan("全双", kind=STRUCTURAL, guobiao=("全双刻",))
def quan_shuang(h: HandFacts) -> bool:
    """Standard shape in which every tile is an even suited tile (2, 4, 6, 8).

    Chows cannot be all even, so this is four pungs/kongs and a pair (国标 全双刻);
    seven even pairs do not count.
    """
    return h.standard and _ranks_within(h, frozenset((2, 4, 6, 8)))


@fan("大于五", kind=STRUCTURAL, guobiao=("大于五",))
def da_yu_wu(h: HandFacts) -> bool:
    """Every tile is a suited 6, 7, 8 or 9, in any winning shape."""
    return _ranks_within(h, frozenset((6, 7, 8, 9)))


@fan("小于五", kind=STRUCTURAL, guobiao=("小于五",))
def xiao_yu_wu(h: HandFacts) -> bool:
    """Every tile is a suited 1, 2, 3 or 4, in any winning shape."""
    return _ranks_within(h, frozenset((1, 2, 3, 4)))


def _honor_sets(h: HandFacts, honors: tuple[int, ...]) -> int:
    return sum(1 for t in h.pungs if t in honors)


@fan("大四喜", kind=STRUCTURAL, guobiao=("大四喜",))
def da_si_xi(h: HandFacts) -> bool:
    """Standard shape with pungs or kongs of all four winds."""
    return h.standard and _honor_sets(h, _WINDS) == 4


@fan("小四喜", kind=STRUCTURAL, guobiao=("小四喜",))
def xiao_si_xi(h: HandFacts) -> bool:
    """Standard shape with pungs or kongs of three winds and the fourth wind as the pair."""
    return h.standard and _honor_sets(h, _WINDS) == 3 and h.pair in _WINDS


@fan("大三元", kind=STRUCTURAL, guobiao=("大三元",))
def da_san_yuan(h: HandFacts) -> bool:
    """Standard shape with pungs or kongs of all three dragons (中 发 白)."""
    return h.standard and _honor_sets(h, _DRAGONS) == 3


@fan("小三元", kind=STRUCTURAL, guobiao=("小三元",))
def xiao_san_yuan(h: HandFacts) -> bool:
    """Standard shape with pungs or kongs of two dragons and the third dragon as the pair."""
    return h.standard and _honor_sets(h, _DRAGONS) == 2 and h.pair in _DRAGONS


@fan("一色四同顺", kind=STRUCTURAL, guobiao=("一色四同顺",))
def yi_se_si_tong_shun(h: HandFacts) -> bool:
    """Standard shape whose four sets are the same chow (e.g. 234万 four times)."""
    c = h.chows
    return h.standard and len(c) == 4 and c[0] == c[1] == c[2] == c[3]


@fan("五门齐", kind=STRUCTURAL, guobiao=("五门齐",))
def wu_men_qi(h: HandFacts) -> bool:
    """All five families appear: 万, 条, 筒, at least one wind and at least one dragon."""
    return len(h.suits) == 3 and h.winds > 0 and h.dragons > 0
