"""Special shapes: hands that are not (only) four sets and a pair.

Whether a shape may win at all is the solver's business (``shapes_for(rules)``);
these units recognise the shape of the decomposition being scored.
"""

from __future__ import annotations

from engine.fans.facts import HandFacts
from engine.fans.registry import SPECIAL, fan


@fan("十三幺", kind=SPECIAL, guobiao=("十三幺",))
def shi_san_yao(h: HandFacts) -> bool:
    """Thirteen-orphans shape: one each of the 1 and 9 of every suit and the seven honors, plus one duplicate."""
    return h.shape == "thirteen_orphans"


@fan("全不靠", kind=SPECIAL, guobiao=("全不靠", "七星不靠"))
def quan_bu_kao(h: HandFacts) -> bool:
    """Honors-and-knitted shape: fourteen single tiles from a knitted 147/258/369 (one suit each)
    and the seven honors, no pair. Includes 七星不靠 (all seven honors present)."""
    return h.shape == "honors_knitted"


def _same_suit_ranks(h: HandFacts) -> list[int] | None:
    """Ranks of all fourteen tiles when the hand is concealed and of one suit, else None."""
    if h.ctx.melds or h.honors or len(h.suits) != 1 or len(h.tiles) != 14:
        return None
    return sorted(t % 10 for t in h.tiles)


@fan("一色双龙会", kind=SPECIAL, guobiao=("一色双龙会",))
def yi_se_shuang_long_hui(h: HandFacts) -> bool:
    """Concealed hand of one suit that is exactly 123 123 789 789 with a pair of 5s."""
    return _same_suit_ranks(h) == [1, 1, 2, 2, 3, 3, 5, 5, 7, 7, 8, 8, 9, 9]


@fan("连七对", kind=SPECIAL, guobiao=("连七对",))
def lian_qi_dui(h: HandFacts) -> bool:
    """Seven-pairs shape of one suit: two each of seven consecutive ranks (e.g. 22334455667788筒).

    Read as four chows and a pair the same tiles are not 连七对 (they score as such hands).
    """
    ranks = _same_suit_ranks(h)
    if ranks is None or h.shape != "seven_pairs":
        return False
    lo = ranks[0]
    return lo <= 3 and ranks == [r for r in range(lo, lo + 7) for _ in (0, 1)]
