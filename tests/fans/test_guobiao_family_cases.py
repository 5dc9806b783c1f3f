"""国标 worked hands per fan family (``guobiao_fans/<family>.yaml``).

Every fan guobiao.yaml declares has at least two hands, one of them where an exclusion applies
(不重复: the ``exclusion`` names the fan counted and the fan it implies, which is not counted). Each
hand's answer is checked twice: against the rule file's scoring, and against PyMahjongGB's fan list
and total wherever PyMahjongGB accepts the hand.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from dslgen.rulefile import load_rules
from engine.fans import WinContext, lookup, score_win
from engine.tiles import parse_tiles

import gb_hands
from fan_helpers import CATALOG, parse_melds

FAMILIES = Path(__file__).parent / "guobiao_fans"
WINDS = {"东": 0, "南": 1, "西": 2, "北": 3}
FLOWERS = tuple(parse_tiles("春夏秋冬梅兰竹菊"))


def _load() -> list:
    out = []
    for path in sorted(FAMILIES.glob("*.yaml")):
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        assert data["rules"] == "guobiao.yaml"
        out += [pytest.param(case, id=f"{path.stem}:{case['name']}") for case in data["cases"]]
    return out


CASES = _load()


@pytest.fixture(scope="module")
def guobiao():
    return load_rules(CATALOG / "guobiao.yaml").rules


def _hand(case) -> gb_hands.GbHand:
    return gb_hands.GbHand(
        tuple(parse_tiles(case["hand"])), parse_melds(case.get("melds", "")), parse_tiles(case["win"])[0],
        bool(case.get("self_drawn")), bool(case.get("kong_replacement")), bool(case.get("last_tile")),
        bool(case.get("robbing_kong")), "worked")


def _context(case) -> WinContext:
    h = _hand(case)
    return WinContext(
        h.concealed, h.melds, h.win_tile, frozenset(), h.self_drawn, h.kong_replacement, h.last_tile,
        h.robbing_kong, flowers=tuple(parse_tiles(case.get("flowers", ""))),
        seat_wind=WINDS[case["seat_wind"]], round_wind=WINDS[case["round_wind"]],
        fourth_tile=bool(case.get("fourth_tile")),
    )


@pytest.mark.parametrize("case", CASES)
def test_worked_hand(guobiao, case):
    res = score_win(guobiao, _context(case))
    assert res is not None, "应当是和牌型"
    expect = case["expect"]
    assert dict(res.fans) == expect["fans"]
    assert dict(res.dropped) == expect.get("dropped", {})
    assert res.total == expect["total"]
    assert res.legal is expect["legal"]


@pytest.mark.parametrize("case", CASES)
def test_pymahjonggb_gives_the_same_answer(guobiao, case):
    MahjongGB = pytest.importorskip("MahjongGB")
    h = _hand(case)
    tiles = list(h.concealed) + [t for m in h.melds for t in m.tiles]
    assert max(map(tiles.count, tiles)) <= 4, "每种牌最多四张"
    args = list(gb_hands.to_gb(h))
    args[3] = len(parse_tiles(case.get("flowers", "")))
    args[5], args[8], args[9] = bool(case.get("fourth_tile")), WINDS[case["seat_wind"]], WINDS[case["round_wind"]]
    try:
        out = MahjongGB.MahjongFanCalculator(*args, verbose=True)
    except TypeError as exc:  # PyMahjongGB refuses the hand: the rule file's answer stands alone
        pytest.skip(f"PyMahjongGB 不接受此手：{exc}")
    base = {f.name: f.base_fan for f in guobiao.fans}
    ours = Counter({lookup(name).guobiao[0]: points // base[name] for name, points in case["expect"]["fans"].items()})
    assert ours == Counter({name: count for _, count, name, _ in out})
    assert case["expect"]["total"] == sum(points * count for points, count, _, _ in out)


def test_every_declared_fan_has_two_hands_one_with_an_exclusion(guobiao):
    excludes = {f.name: set(f.excludes) for f in guobiao.fans}
    related = {n for n, targets in excludes.items() if targets} | {t for targets in excludes.values() for t in targets}
    by_fan = defaultdict(list)
    for param in CASES:
        case = param.values[0]
        by_fan[case["fan"]].append(case)
        if "exclusion" in case:
            counted = case["expect"]["fans"]
            excluder, excluded = case["exclusion"]["excluder"], case["exclusion"]["excluded"]
            assert excluded in excludes[excluder], case["name"]
            assert case["fan"] in (excluder, excluded), case["name"]
            assert excluder in counted and excluded not in counted, case["name"]
    assert set(by_fan) == set(excludes)
    for name, cases in by_fan.items():
        assert len(cases) >= 2, name
        assert any(name in c["expect"]["fans"] for c in cases), name
        if name in related:
            assert any("exclusion" in c for c in cases), name
