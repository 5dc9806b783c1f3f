"""``dslgen hand`` scoring: the JSON mapping, flags, usage errors, zero-sum payments."""

import pytest

from dslgen.errors import UsageError
from dslgen.handscore import render_lines, score_hand
from dslgen.rulefile import load_rules
from engine.tiles import parse_tiles

from fan_helpers import CATALOG, parse_melds

VARIANT_HANDS = {
    "sichuan_xuezhan.yaml": ("111m222m333m999m55m", ""),
    "guangdong_jipinghu.yaml": ("123m456s789p234m55s", ""),
    "guobiao.yaml": ("123m456m789m234m55m", ""),
    "wuhan.yaml": ("123m456m789m234m5m中", ""),
    "changsha.yaml": ("456m789m234s55s", "chi:123m"),
}


def _score(name, hand, melds="", **kw):
    rules = load_rules(CATALOG / name).rules
    tiles = parse_tiles(hand)
    return score_hand(rules, tiles, parse_melds(melds), tiles[-1], **kw)


@pytest.mark.parametrize("name", sorted(VARIANT_HANDS))
@pytest.mark.parametrize("how", [{}, {"from_seat": 2}, {"seat": 3, "dealer": 3}, {"seat": 1, "from_seat": 0}])
def test_every_variant_scores_zero_sum(name, how):
    hand, melds = VARIANT_HANDS[name]
    out = _score(name, hand, melds, **how)
    assert set(out) >= {"fans", "dropped", "total", "legal", "payments"}
    assert out["legal"], out
    assert out["fans"] and all(set(f) == {"name", "fan"} for f in out["fans"])
    assert sum(out["payments"]) == 0 and out["payments"][how.get("seat", 0)] > 0
    assert any(line.startswith("合计：") for line in render_lines(out))


def test_flowers_by_count_never_match_the_seat():
    out = _score("guangdong_jipinghu.yaml", "456s777p234m55s", "chi:123m", flowers="4", seat=1)
    assert {b["name"]: b["points"] for b in out["bonuses"]} == {"花牌 ×4": 4}
    named = _score("guangdong_jipinghu.yaml", "456s777p234m55s", "chi:123m", flowers="夏", seat=1)
    assert {b["name"] for b in named["bonuses"]} == {"花牌 ×1", "本命花 ×1"}


def test_not_a_win_and_not_legal():
    out = _score("sichuan_xuezhan.yaml", "123m456m789m234s56s")
    assert out["reason"] == "不是和牌型" and out["payments"] == [0, 0, 0, 0]
    out = _score("guangdong_jipinghu.yaml", "456s777p234m55s", "chi:123m", from_seat=1)
    assert not out["legal"] and out["reason"] == "鸡胡只能自摸" and out["payments"] == [0, 0, 0, 0]


@pytest.mark.parametrize("kw", [{"seat": 4}, {"from_seat": 0}, {"self_drawn": True, "from_seat": 1},
                                {"flowers": "9"}, {"flowers": "1m"}])
def test_bad_flags_are_usage_errors(kw):
    with pytest.raises(UsageError):
        _score("guobiao.yaml", "123m456m789m234m55m", **kw)
