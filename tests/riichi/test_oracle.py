"""riichi.yaml against the ``mahjong`` package's HandCalculator (an oracle nobody here wrote): han, fu, the
yaku with their han, and every payment agree exactly on random winning hands (concealed and open, tsumo
and ron, riichi / ippatsu / haitei / houtei / rinshan / chankan, dora and ura, red fives, every wind, honba).

The 100,000-hand run is ``python benchmarks/bench_riichi.py``; this is the fast guard.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import riichi_hands as H  # noqa: E402

pytest.importorskip("mahjong")


@pytest.fixture(scope="module")
def rules():
    return H.load_rules()


def test_random_hands_agree_with_the_package(rules):
    rng = random.Random(20261202)
    bad, seen = [], set()
    for _ in range(2500):
        case = H.random_case(rng)
        mine, pkg = H.ours(rules, case), H.theirs(case)
        diff = H.compare(case, mine, pkg)
        if diff:
            bad.append(f"{case.describe()}: {diff}")
        if mine is not None and mine.legal:
            seen.update(name for name, _ in mine.fans)
    assert not bad, "\n".join(bad[:10])
    # the generator reaches the common yaku, dora and some yakuman, so agreement is not vacuous
    assert {"立直", "平和", "断幺九", "七对子", "宝牌", "赤宝牌", "里宝牌", "国士无双", "四暗刻"} <= seen


# hands the random generator reaches rarely: each a published example, checked against the package too
RARE = [
    # (tiles 136 via the package's notation, win, melds, flags)
    (dict(man="11123456789999"), dict(man="9"), [], dict(tsumo=True)),  # 纯正九莲宝灯 (9 is the 14th tile)
    (dict(man="11122345678999"), dict(man="2"), [], dict()),  # 纯正九莲 vs 九莲: win 2 counted twice -> 纯正
    (dict(man="11123455678999"), dict(man="6"), [], dict(tsumo=True)),  # 九莲宝灯
    (dict(honors="11122233344455"), dict(honors="5"), [], dict()),  # 大四喜 + 字一色
    (dict(man="111999", pin="11999", sou="111"), dict(pin="9"), [], dict(tsumo=True)),  # 清老头 四暗刻
    (dict(sou="22334466688", honors="666"), dict(sou="8"), [], dict(riichi=True)),  # 绿一色
    (dict(man="234", pin="234", sou="23455", honors="777"), dict(sou="5"), [], dict()),  # 役牌 + 三色 (shanpon)
    (dict(man="123456789", pin="55", sou="123"), dict(man="5"), [], dict(riichi=True, ippatsu=True)),  # 一气通贯
]


@pytest.mark.parametrize("spec", RARE, ids=[str(i) for i in range(len(RARE))])
def test_rare_hands_agree_with_the_package(rules, spec):
    from mahjong.tile import TilesConverter

    tiles_kw, win_kw, melds, flags = spec
    tiles = TilesConverter.string_to_136_array(**tiles_kw)
    win = next(t for t in TilesConverter.string_to_136_array(**win_kw) if t in tiles)
    case = H.Case(tiles=tiles, win=win, melds=melds, **flags)
    mine, pkg = H.ours(rules, case), H.theirs(case)
    assert pkg.error is None
    assert H.compare(case, mine, pkg) == []


def test_a_disagreement_is_reported(rules):
    """The comparison can fail: a wrong han, fu or payment is named."""
    rng = random.Random(5)
    case = next(c for c in iter(lambda: H.random_case(rng), None) if H.theirs(c).error is None)
    mine, pkg = H.ours(rules, case), H.theirs(case)
    import dataclasses

    wrong = dataclasses.replace(mine, fan_total=mine.fan_total + 1, values={**mine.values, "符": 0},
                                pays={k: v + 100 for k, v in mine.pays.items()})
    diff = " ".join(H.compare(case, wrong, pkg))
    assert "han" in diff and "payment" in diff


def test_four_of_a_kind_is_not_two_pairs(rules):
    """七对子 needs seven different pairs: 1111m as two pairs is no win for either scorer."""
    from mahjong.tile import TilesConverter

    tiles = TilesConverter.string_to_136_array(man="1111", pin="2255", sou="336688")
    case = H.Case(tiles=tiles, win=tiles[-1], melds=[], riichi=True)
    mine, pkg = H.ours(rules, case), H.theirs(case)
    assert pkg.error is not None
    assert mine is None or not mine.legal
    assert H.compare(case, mine, pkg) == []
