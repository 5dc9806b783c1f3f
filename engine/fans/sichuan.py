"""The 川麻 primitive the expression language cannot write yet: 素胡, a fallback that stays beside
additions (its definition reads which other fans were recognised).

The other 川麻 fans (根, 金钩钓, 杠上炮, 海底炮) are expressions in the standard library; the composite
fans of the Chengdu table (清对, 龙七对 …) are declared by a rule file with ``composite_of``
(:mod:`engine.fans.composite`).
"""

from __future__ import annotations

from engine.fans.hand_facts import HandFacts
from engine.fans.registry import CONDITIONAL, EVENT, STATE, lookup, primitive


#: kinds that add to a hand type rather than being one (素胡 stays beside them).
_ADDITIONS = (EVENT, STATE, CONDITIONAL)


@primitive("素胡")
def su_hu(h: HandFacts) -> bool:
    """川麻的 平胡（素番）：没有任何牌型番（结构、特殊牌型、组合番）的和牌。与兜底番 鸡胡 不同，事件、状态、条件番
    和计数番（根）不取代它，而是加在它上面（成都表：平胡 1 + 杠上开花 2 = 3）。加倍计分（``fan_stacking: double``）
    中它就是 ×1 的底，声明为 0 番或不声明都可以。"""
    for name in h.recognized:
        unit = lookup(name)
        if unit is None or not (unit.kind in _ADDITIONS or unit.counted):
            return False
    return True
